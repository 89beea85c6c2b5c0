"""A Spades bot at a session's table (``spit.play.session.Agent``).

A Spades bot is a policy (``Player``): asked for one action, it chooses from its own
view and the legal actions. ``BotAgent`` seats one: when it becomes the bot's turn it
waits its ``BotPace`` (0 in the simulator; long enough for a person to follow on a
screen), then answers with what the policy chooses. The pace is the bot's, not the
rules': Spades has no clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from msgspec import Struct

from spit.core.seats import Seat
from spit.games.spades.engine import (
    Action,
    Phase,
    PlayerView,
    State,
    legal_actions,
    observe,
    to_move,
)

_DRAW_PHASES: Final = (Phase.BLIND, Phase.DRAW)


class Player(Protocol):
    """A computer player: one action from its own view and the legal actions."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


class BotPace(Struct, frozen=True):
    """How long a bot waits before it acts, in game ms: ``move_ms`` for a bid or a card,
    ``draw_ms`` before the draw and in it, where its choice shows nothing."""

    move_ms: int = 0
    draw_ms: int = 0


class BotAgent:
    """``bot`` playing ``player``'s seat at ``pace``."""

    def __init__(self, player: Seat, bot: Player, pace: BotPace | None = None) -> None:
        self.player = player
        self.bot = bot
        self.pace = pace or BotPace()
        self._wake: int | None = None
        self._seen: State | None = None

    def next_wakeup(self) -> int | None:
        return self._wake

    def on_events(self, t: int, state: State, events: Sequence[object]) -> None:
        """After a change, time the bot's move if it is its turn."""
        if state is self._seen:
            return  # a refused input changed nothing
        self._seen = state
        if to_move(state) != self.player:
            self._wake = None
            return
        pace = self.pace
        self._wake = t + (pace.draw_ms if state.phase in _DRAW_PHASES else pace.move_ms)

    def wake(self, t: int, state: State) -> Action | None:
        self._wake = None
        if to_move(state) != self.player:
            return None
        return self.bot.choose(observe(state, self.player), legal_actions(state, self.player))
