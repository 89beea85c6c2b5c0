"""Stateful property test: Hypothesis drives games of Spades and checks invariants.

The machine starts a game from a random seed and mixes steps: a random legal action,
an arbitrary action (legal or not: an illegal one must be rejected with the state
untouched), a burst of random legal actions (to reach the play, the scoring and later
hands quickly), a JSON round trip, and the next hand. After every step it checks
``strategies.check_invariants``: the 52 cards are conserved across stock, hands,
discard pile, the current trick and the tricks won; legal plays are exactly those that
follow suit (and lead spades only when allowed); spades are broken exactly when a spade
has been played; totals are the sums of the hands' scores; a view does not change when
the cards hidden from it are shuffled.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from spit.core.dealer import Dealer
from spit.games.spades.engine import (
    Action,
    Applied,
    DeclareBlindNil,
    DeclineBlindNil,
    Phase,
    State,
    apply,
    dumps,
    from_json,
    legal_actions,
    loads,
    new_game,
    next_hand,
    shuffled_hand,
    state_hash,
    to_json,
    to_move,
)

from .strategies import actions, check_invariants, exchanges_near

pytestmark = pytest.mark.slow  # a hundred generated runs

ACTIVE = (Phase.BLIND, Phase.DRAW, Phase.EXCHANGE, Phase.BID, Phase.PLAY)


class SpadesMachine(RuleBasedStateMachine):
    state: State
    dealer: Dealer

    @initialize(
        seed=st.integers(0, 2**64 - 1),
        goal=st.sampled_from((50, 200, 500)),
        first=st.sampled_from((0, 1)),
    )
    def start(self, seed: int, goal: int, first: int) -> None:
        self.dealer = Dealer(seed)
        self.state = new_game(*shuffled_hand(self.dealer), target=goal, first=first)

    def _do(self, player: int, action: Action) -> bool:
        before = self.state
        legal = action in legal_actions(before, player)
        outcome = apply(before, player, action)
        assert isinstance(outcome, Applied) == legal, (player, action, outcome)
        if isinstance(outcome, Applied):
            self.state = outcome.state
        else:
            assert tuple(before) == tuple(self.state)
        return legal

    @precondition(lambda self: self.state.phase in ACTIVE)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        player = to_move(self.state)
        assert player is not None
        action = data.draw(st.sampled_from(legal_actions(self.state, player)), label="action")
        assert self._do(player, action)

    @rule(player=st.sampled_from((0, 1)), action=actions)
    def any_action(self, player: int, action: Action) -> None:
        self._do(player, action)

    @precondition(lambda self: self.state.phase is Phase.EXCHANGE)
    @rule(data=st.data())
    def exchange_attempt(self, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from((0, 1)), label="player")
        self._do(player, data.draw(st.sampled_from(exchanges_near(self.state, player))))

    @precondition(lambda self: self.state.phase in ACTIVE)
    @rule(seed=st.integers(0, 2**32), steps=st.integers(1, 80), blind=st.floats(0, 0.5))
    def burst(self, seed: int, steps: int, blind: float) -> None:
        """Random legal play; ``blind`` is how often a player bids blind nil."""
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.phase not in ACTIVE:
                return
            player = to_move(self.state)
            assert player is not None
            action: Action
            if self.state.phase is Phase.BLIND:
                action = DeclareBlindNil() if rng.random() < blind else DeclineBlindNil()
            else:
                action = rng.choice(legal_actions(self.state, player))
            assert self._do(player, action)
            check_invariants(self.state)

    @precondition(lambda self: self.state.phase is Phase.HAND_OVER)
    @rule()
    def deal_next_hand(self) -> None:
        self.state = next_hand(self.state, *shuffled_hand(self.dealer)).state
        assert self.state.phase is Phase.BLIND

    @precondition(lambda self: self.state.phase is Phase.GAME_OVER)
    @rule(seed=st.integers(0, 2**64 - 1))
    def new(self, seed: int) -> None:
        a, b = self.state.scores
        assert max(a, b) >= self.state.target and a != b
        assert self.state.winner == (0 if a > b else 1)
        self.start(seed, self.state.target, 0)

    @rule()
    def json_round_trip(self) -> None:
        back = from_json(to_json(self.state))
        assert back == self.state and state_hash(back) == state_hash(self.state)
        assert loads(dumps(self.state)) == self.state

    @invariant()
    def invariants(self) -> None:
        check_invariants(self.state)


SpadesMachine.TestCase.settings = settings(
    max_examples=100,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_spades_state_machine = SpadesMachine.TestCase
