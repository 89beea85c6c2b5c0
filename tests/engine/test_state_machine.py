"""Stateful property test: Hypothesis drives games and checks invariants at every state.

The machine deals a game from a random seed, then mixes four kinds of steps: a random
legal action, an arbitrary action from the whole action space (legal or not), a burst
of random legal actions (to reach later rounds quickly), and a commutation check of
two players' actions on different piles. Between rounds it deals with ``Dealer``.

Invariants, checked after every step and inside every burst:

- each of the 52 cards is present exactly once across all zones (R01);
- every spit pile is a chain of adjacent ranks: each card that was *played* onto a pile
  is adjacent to the card under it (R02, R07); only spat cards (R05, R13) may break it;
- every player has exactly five stockpile spaces (R12);
- ``observe`` shows only face-up cards and counts: the view equals the view of the
  same table with every face-down card and the spit cards' order scrambled.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from spit.engine import (
    ADJACENT,
    DECK,
    Action,
    Applied,
    CardSpat,
    Dealer,
    Phase,
    Play,
    Rejected,
    RoundDealt,
    Slap,
    Spit,
    State,
    Variant,
    apply,
    deal_round,
    legal_actions,
    new_game,
    observe,
)

from .positions import ACTION_SPACE, all_cards, scrambled

pytestmark = pytest.mark.slow  # a hundred generated runs, thousands of steps

ACTIVE = (Phase.SPIT, Phase.PLAYING, Phase.SLAP)


def piles_touched(action: Action, player: int, state: State) -> set[int]:
    """The spit piles an action puts a card on."""
    if isinstance(action, Play):
        return {action.pile}
    if isinstance(action, Spit):
        return {player if len(state.piles) == 2 else 0}
    if isinstance(action, Slap):
        return {0, 1}
    return set()


class SpitMachine(RuleBasedStateMachine):
    state: State
    dealer: Dealer
    spat: set[int]

    @initialize(seed=st.integers(0, 2**64 - 1), points=st.booleans())
    def start(self, seed: int, points: bool) -> None:
        self.dealer = Dealer(seed)
        variant = Variant.POINTS if points else Variant.STANDARD
        self.state = new_game(self.dealer.first_deal(), variant)
        self.spat = set()

    # --- steps ------------------------------------------------------------------------

    def _do(self, player: int, action: Action) -> Applied | Rejected:
        outcome = apply(self.state, player, action)
        if isinstance(outcome, Applied):
            for event in outcome.events:
                if isinstance(event, CardSpat):
                    self.spat.add(event.card)
            self.state = outcome.state
        return outcome

    def _deal(self) -> None:
        collected = self.state.collected
        orders = (self.dealer.shuffle(collected[0]), self.dealer.shuffle(collected[1]))
        dealt = deal_round(self.state, orders)
        assert isinstance(dealt.events[0], RoundDealt)
        self.state = dealt.state
        self.spat = set()

    @precondition(lambda self: self.state.phase in ACTIVE)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        players = [p for p in (0, 1) if legal_actions(self.state, p)]
        assert players, f"nobody can act in phase {self.state.phase}"
        player = data.draw(st.sampled_from(players), label="player")
        action = data.draw(st.sampled_from(legal_actions(self.state, player)), label="action")
        assert isinstance(self._do(player, action), Applied)

    @rule(player=st.sampled_from((0, 1)), action=st.sampled_from(ACTION_SPACE))
    def any_action(self, player: int, action: Action) -> None:
        before = self.state
        legal = action in legal_actions(before, player)
        outcome = self._do(player, action)
        assert isinstance(outcome, Applied) == legal
        if not legal:
            assert self.state is before and tuple(self.state) == tuple(before)

    @precondition(lambda self: self.state.phase in ACTIVE)
    @rule(seed=st.integers(0, 2**32), steps=st.integers(1, 120))
    def burst(self, seed: int, steps: int) -> None:
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.phase is Phase.ROUND_OVER:
                self._deal()
            elif self.state.phase is Phase.GAME_OVER:
                return
            player = rng.randrange(2)
            actions = legal_actions(self.state, player)
            if not actions:
                player = 1 - player
                actions = legal_actions(self.state, player)
            assert isinstance(self._do(player, rng.choice(actions)), Applied)
            self.table_invariants()

    @precondition(lambda self: self.state.phase is Phase.ROUND_OVER)
    @rule()
    def deal(self) -> None:
        self._deal()

    @precondition(lambda self: self.state.phase is Phase.GAME_OVER)
    @rule(seed=st.integers(0, 2**64 - 1), points=st.booleans())
    def next_game(self, seed: int, points: bool) -> None:
        assert self.state.winner in (0, 1)
        for p in (0, 1):
            assert legal_actions(self.state, p) == []
        self.start(seed, points)

    @precondition(lambda self: self.state.phase in (Phase.PLAYING, Phase.SPIT))
    @rule(data=st.data())
    def commute(self, data: st.DataObject) -> None:
        """Two players' actions on different piles give the same table in either order."""
        state = self.state
        pairs = [
            (a, b)
            for a in legal_actions(state, 0)
            for b in legal_actions(state, 1)
            if not piles_touched(a, 0, state) & piles_touched(b, 1, state)
        ]
        if not pairs:
            return
        a, b = data.draw(st.sampled_from(pairs), label="pair")
        sa, sb = apply(state, 0, a), apply(state, 1, b)
        assert isinstance(sa, Applied) and isinstance(sb, Applied)
        if state.phase is Phase.SPIT:
            # Both spits, one each: the order never matters.
            sab, sba = apply(sa.state, 1, b), apply(sb.state, 0, a)
            assert isinstance(sab, Applied) and isinstance(sba, Applied)
            assert sab.state == sba.state
            return
        if sa.state.phase is not Phase.PLAYING or sb.state.phase is not Phase.PLAYING:
            return  # one of them ended the round or stalled play: the other comes too late
        sab, sba = apply(sa.state, 1, b), apply(sb.state, 0, a)
        # Neither action can take the other's legality away ...
        assert isinstance(sab, Applied) and isinstance(sba, Applied)
        # ... and the table is the same either way.
        assert sab.state == sba.state

    # --- invariants ----------------------------------------------------------------------

    @invariant()
    def table_invariants(self) -> None:
        state = self.state
        # R01: every card exactly once.
        assert sorted(all_cards(state)) == list(DECK)
        # R12: five stockpile spaces each, never more.
        for p in (0, 1):
            assert len(state.stocks[p]) == 5
        # R02/R07: played cards are adjacent to the card beneath them.
        for pile in state.piles:
            for below, card in itertools.pairwise(pile):
                assert card in self.spat or ADJACENT[card][below], (pile, card)
            if pile:
                assert pile[0] in self.spat
        # Observation hides face-down cards and the order of spit cards.
        rng = random.Random(len(self.spat))
        other = scrambled(state, rng)
        faces = {pile[-1] for row in state.stocks for pile in row if pile}
        faces.update(pile[-1] for pile in state.piles if pile)
        for p in (0, 1):
            view = observe(state, p)
            assert observe(other, p) == view
            shown = {s.face_up for s in (*view.own, *view.opponent) if s.face_up is not None}
            shown.update(view.pile_tops)
            assert shown <= faces
            assert [s.face_down for s in view.own] == [
                max(len(pile) - 1, 0) for pile in state.stocks[p]
            ]
            assert view.own_spit_cards == len(state.hands[p])
            assert view.opponent_spit_cards == len(state.hands[1 - p])


SpitMachine.TestCase.settings = settings(
    max_examples=100,  # each up to 50 steps, a burst of up to 120 actions among them
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_spit_state_machine = SpitMachine.TestCase
