"""One game of Spades against the bot, without the screen: the engine state, each
hand's shuffle, the bot and the replay.

Every action, the player's or the bot's, goes through ``submit``, so what is played is
exactly what is recorded; the events it returns are redacted for the player at the
keyboard (``spit.games.spades.engine.redact``), so the screen cannot show the bot's hidden cards by
mistake. No Textual here: the screen decides when things happen, this decides what.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from spit.engine import Dealer
from spit.games.spades.bots import SpadesBot, make_bot
from spit.games.spades.engine import (
    Action,
    Applied,
    Event,
    HandOrders,
    Phase,
    PlayCard,
    PlayerView,
    Reason,
    Rejected,
    State,
    apply,
    legal_actions,
    new_game,
    next_hand,
    observe,
    redact,
    shuffled_hand,
    to_move,
)
from spit.games.spades.replay.writer import SpadesReplayWriter

HUMAN = 0
BOT = 1
TARGET = 500
"""Points that win (S02)."""


def _since(start: float) -> Callable[[], int]:
    return lambda: int((time.monotonic() - start) * 1000)


class SpadesGame:
    """You (player 0) against a bot of ``level`` (player 1), dealt from ``seed``.

    You draw first in hand 1 (SD01); the roles swap every hand. ``writer`` records the
    game as it goes (``None``: not recorded).
    """

    def __init__(
        self,
        level: str,
        seed: int,
        writer: SpadesReplayWriter | None = None,
        *,
        target: int = TARGET,
    ) -> None:
        self.level = level
        self.seed = seed
        self.writer = writer
        self.played = False
        """Whether a card was played: a game without one leaves no replay."""
        self.bot: SpadesBot = make_bot(level, BOT, seed)
        self._dealer = Dealer(seed)
        self._now = _since(time.monotonic())
        orders = shuffled_hand(self._dealer)
        self.state: State = new_game(*orders, target=target, first=HUMAN)
        self._record_hand(orders)

    @property
    def view(self) -> PlayerView:
        """The game as the player at the keyboard may see it."""
        return observe(self.state, HUMAN)

    @property
    def to_move(self) -> int | None:
        return to_move(self.state)

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    def legal(self) -> list[Action]:
        """What the player at the keyboard may do now."""
        return legal_actions(self.state, HUMAN)

    def submit(self, player: int, action: Action) -> tuple[Event, ...] | Rejected[Reason]:
        """Apply ``action`` for ``player`` and record it, accepted or not."""
        outcome = apply(self.state, player, action)
        if isinstance(outcome, Applied):
            self.state = outcome.state
            self.played = self.played or isinstance(action, PlayCard)
        if self.writer is not None:
            accepted = isinstance(outcome, Applied)
            self.writer.on_input(self._now(), player, action, accepted, self.state)
        if isinstance(outcome, Rejected):
            return outcome
        return tuple(redact(event, HUMAN) for event in outcome.events)

    def bot_turn(self) -> tuple[Event, ...]:
        """The bot chooses from its view and plays; what happened."""
        action = self.bot.choose(observe(self.state, BOT), legal_actions(self.state, BOT))
        events = self.submit(BOT, action)
        if isinstance(events, Rejected):  # the bot chooses from the legal actions
            raise AssertionError(f"the bot chose an illegal action {action}: {events.message}")
        return events

    def next_hand(self) -> tuple[Event, ...]:
        """Shuffle and start the next hand; only once the hand is scored and the game
        goes on."""
        orders = shuffled_hand(self._dealer)
        applied = next_hand(self.state, *orders)
        self.state = applied.state
        self._record_hand(orders)
        return applied.events

    def close(self) -> None:
        """Stop recording: the file keeps what was played, and goes if no card was
        (``spit.core.replay.unplayed``)."""
        if self.writer is not None:
            from spit.core.replay.unplayed import close_recording

            close_recording(self.writer, self.played)

    def _record_hand(self, orders: HandOrders) -> None:
        if self.writer is not None:
            self.writer.on_hand(self._now(), self.state.hand, orders)
