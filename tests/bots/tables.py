"""Tables to test bots on: states reached by random legal play from seeded deals."""

from __future__ import annotations

import random
from collections.abc import Iterator

from spit.engine import Applied, Dealer, Phase, Spit, State, apply, legal_actions, new_game


def started(seed: int) -> State:
    """The first round of ``Dealer(seed)``'s game, both players having spat."""
    state = new_game(Dealer(seed).first_deal())
    for player in (0, 1):
        outcome = apply(state, player, Spit())
        assert isinstance(outcome, Applied)
        state = outcome.state
    assert state.phase is Phase.PLAYING
    return state


def playing_tables(seed: int, count: int) -> Iterator[State]:
    """``count`` tables in the playing phase, from random play in successive deals."""
    rng = random.Random(seed)
    deal = seed
    while count:
        state = started(deal)
        deal += 1
        while state.phase is Phase.PLAYING and count:
            yield state
            count -= 1
            mover = rng.randrange(2)
            if not legal_actions(state, mover):
                mover = 1 - mover
            actions = legal_actions(state, mover)
            if not actions:
                break
            outcome = apply(state, mover, rng.choice(actions))
            assert isinstance(outcome, Applied)
            state = outcome.state
