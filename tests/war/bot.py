"""War's bot: there is nothing to choose, so it only takes its time, seeded."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from spit.core.seats import Seat
from spit.game import TimedEvent

from .engine import FLIP, Flip, State

LEVELS: Final = ("steady",)


class WarBot:
    """Flips its card a moment (its seeded ``pace``, in ms) after its turn comes."""

    def __init__(self, player: Seat, seed: int, pace: tuple[int, int] = (150, 600)) -> None:
        self.player = player
        self._rng = random.Random(seed)
        self._pace = pace
        self._wake: int | None = None

    def next_wakeup(self) -> int | None:
        return self._wake

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent[object]]) -> None:
        if state.to_move != self.player:
            self._wake = None
        elif self._wake is None:
            self._wake = t + self._rng.randint(*self._pace)

    def wake(self, t: int, state: State) -> Flip | None:
        self._wake = None
        return FLIP if state.to_move == self.player else None
