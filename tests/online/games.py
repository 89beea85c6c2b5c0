"""Results for the tests, as a server would make them."""

from __future__ import annotations

import itertools
from datetime import datetime

from spit.online.results import DailyScore, GameResult, Reason, Seated

_keys = itertools.count()


def result(
    when: datetime,
    *seated: str,
    winners: tuple[int, ...] = (0,),
    reason: Reason = Reason.CARDS,
    game: str = "spit",
    variant: str = "classic",
    daily: DailyScore | None = None,
    rated: bool = True,
) -> GameResult:
    """A game of ``seated`` (account ids, or ``bot:LEVEL``) in seat order."""
    seats = tuple(
        Seated(seat=i, bot=who[4:]) if who.startswith("bot:") else Seated(seat=i, account_id=who)
        for i, who in enumerate(seated)
    )
    return GameResult(
        game_key=f"game-{next(_keys)}-{when.isoformat()}",
        game=game,
        variant=variant,
        seats=seats,
        winners=winners,
        reason=reason,
        finished=when,
        replay="replays/x.spit",
        final_hash="0" * 16,
        rated=rated,
        daily=daily,
    )
