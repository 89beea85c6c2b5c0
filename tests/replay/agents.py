"""A tiny deterministic player for recording test games.

It wakes every few hundred milliseconds (its own seeded generator decides how many),
plays a random legal card if it can, else moves a card or slaps, and now and then
presses a wrong key (a random action, legal or not, or a spit, which the match refuses)
so that the recorded games hold refused inputs as well as accepted ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spit.engine import Action, Move, Play, Slap, Spit, State, legal_actions
from spit.game import TimedEvent


class RandomAgent:
    def __init__(
        self,
        player: int,
        seed: int,
        *,
        pace: tuple[int, int] = (120, 500),
        slips: float = 0.08,
    ) -> None:
        self.player = player
        self._rng = random.Random(seed * 2 + player)
        self._pace = pace
        self._slips = slips
        self._wake = self._rng.randint(*pace)

    def next_wakeup(self) -> int | None:
        return self._wake

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent]) -> None:
        pass

    def wake(self, t: int, state: State) -> Action | None:
        rng = self._rng
        self._wake = t + rng.randint(*self._pace)
        if rng.random() < self._slips:
            slips: list[Action] = [
                Play(rng.randrange(5), rng.randrange(2)),
                Move(rng.randrange(5)),
                Spit(),
                Slap(rng.randrange(2)),
            ]
            return rng.choice(slips)
        actions = [a for a in legal_actions(state, self.player) if not isinstance(a, Spit)]
        plays = [a for a in actions if isinstance(a, Play)]
        return rng.choice(plays or actions) if actions else None
