"""The daily deal: one game of Spit a UTC day, the same for everyone.

Two friends on different machines compare their games of the day only if both play
exactly the same game: the same cards, the same variant, the same bot at the same
level drawing from the same seed. So everything is derived from the date alone, by
SHA-256 of ``"spit-tui daily YYYY-MM-DD"`` (never Python's ``hash``, which changes
from one process to the next): the same on every machine and Python version, and
unrelated from one day to the next. ``tests/games/test_daily.py`` pins two days'
values, so that a change to the derivation, which would set friends on different
versions different deals, fails a test.

The bot is always ``DAILY_LEVEL`` ("normal", the everyday adult player): one level
for everyone, so that a day's times compare, and a fair fight for most players. The
variant is standard on most days and the points game on one day in seven (on
average, as the digest falls), for a change.

The date is the UTC date, so that the day turns at the same moment for everyone
(``spit.core.dates.utc_today``); a past day's deal may be played (as practice: only a
game of the day, played on the day, counts), a day still to come may not
(``spit.core.dates.playable_day``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from typing import Final

from spit.core.replay.challenge import Challenge
from spit.engine import Variant
from spit.games.spit.identity import BotLevel

DAILY_LEVEL: Final = BotLevel.NORMAL
"""The bot every daily deal is played against."""

POINTS_ONE_DAY_IN: Final = 7
"""On about one day in this many, the day's game is the points variant."""


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """Everything that makes a day's game the same for everyone."""

    day: date
    deal_seed: int
    """The seed of the cards (``spit.games.spit.game.new_session``)."""
    bot_seed: int
    """The seed of the bot's own chance (its reactions, its slips)."""
    variant: Variant
    level: BotLevel = DAILY_LEVEL

    @property
    def challenge(self) -> Challenge:
        """What the replay's header records: the date, never the deal."""
        return Challenge.daily(self.day)


def daily_deal(day: date) -> DailyDeal:
    """The deal of ``day``: the first 63 bits of the digest seed the cards, the next 63
    the bot, a byte after them chooses the variant."""
    digest = hashlib.sha256(f"spit-tui daily {day.isoformat()}".encode("ascii")).digest()
    deal_seed = int.from_bytes(digest[0:8], "big") >> 1
    bot_seed = int.from_bytes(digest[8:16], "big") >> 1
    points = digest[16] % POINTS_ONE_DAY_IN == 0
    return DailyDeal(day, deal_seed, bot_seed, Variant.POINTS if points else Variant.STANDARD)


def share_line(day: date, won: bool, active_ms: int, rounds: int, streak: int | None) -> str:
    """The line a player pastes to friends: the date, win or loss, the time and the
    rounds, and the streak; nothing of the cards, so it spoils nobody's game, e.g.
    ``spit-tui daily 2026-12-02: won in 3:41, 4 rounds (streak 5)``."""
    seconds = max(0, active_ms) // 1000
    outcome = "won" if won else "lost"
    plural = "round" if rounds == 1 else "rounds"
    line = f"spit-tui daily {day.isoformat()}: {outcome} in {seconds // 60}:{seconds % 60:02d}"
    line += f", {rounds} {plural}"
    return line if not streak else f"{line} (streak {streak})"
