"""``stall_spits``: a run of stalls worked out at once is the same table as spit by spit.

The match takes a run of stalls in one step when nobody sees its events (a replay being
checked), so a file of nothing but stalls costs no state per spit. Every table that
way must be exactly the one ``apply`` gives, one spit at a time: same cards, same
phase, same hash. Checked on the stalls of random games (both piles, one pile, stalls
that end in a playable card, in a free space, or without spit cards), and on hand-made
ones: aces and kings face up (the ring of ranks), a space to move into.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.engine import (
    DECK,
    Applied,
    Dealer,
    Phase,
    Spit,
    State,
    apply,
    legal_actions,
    new_game,
    parse_card,
    stall_spits,
    state_hash,
)

from .positions import next_round


def one_step(state: State) -> State:
    """One step of a stall as the match takes it: each player due to spit, in seat order."""
    for player in (0, 1):
        if state.must_spit[player]:
            outcome = apply(state, player, Spit())
            assert isinstance(outcome, Applied)
            state = outcome.state
    return state


def stepwise(state: State, limit: int) -> tuple[State, int]:
    """What ``stall_spits`` promises, the slow way."""
    steps = 0
    while steps < limit:
        after = one_step(state)
        if after.phase is not Phase.SPIT:
            break
        state, steps = after, steps + 1
    return state, steps


def assert_same_as_stepwise(state: State) -> int:
    longest = 0
    for limit in (0, 1, 2, 5, 52):
        fast, steps = stall_spits(state, limit)
        slow, expected = stepwise(state, limit)
        assert steps == expected
        assert fast == slow
        assert state_hash(fast) == state_hash(slow)
        longest = max(longest, steps)
    return longest


def stalls_of_a_random_game(seed: int) -> list[State]:
    """Every stalled table of a game played by random legal actions."""
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = new_game(dealer.first_deal())
    stalls = []
    for _ in range(3000):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state, dealer)
            continue
        if state.phase is Phase.SPIT and all(state.piles):
            stalls.append(state)
        if state.phase is Phase.SPIT:
            state = one_step(state)
            continue
        player = rng.getrandbits(1)
        legal = [a for a in legal_actions(state, player) if not isinstance(a, Spit)]
        if not legal:
            player, legal = 1 - player, legal_actions(state, 1 - player)
        outcome = apply(state, player, legal[rng.randrange(len(legal))])
        assert isinstance(outcome, Applied)
        state = outcome.state
    return stalls


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_stalls_of_random_games_are_the_same_at_once(seed: int) -> None:
    for state in stalls_of_a_random_game(seed):
        assert_same_as_stepwise(state)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def stalled(orders: tuple[list[int], list[int]]) -> State:
    """The table after the round's first spit, which must be a stall."""
    state = one_step(new_game(orders))
    assert state.phase is Phase.SPIT, "the deal must stall at once"
    return state


def hostile() -> State:
    """Player 1: one card; player 2: twos and threes face up, every five to king to
    spit (the deal of ``benchmarks/replay_hostile.py``)."""
    rest = [c for c in DECK if c not in cards("2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S AC AD AH AS")]
    p2 = cards("2D 3H 3S 4C 4D 2H 4H 4S AC 2S AD AH 3C AS 3D") + rest
    return stalled((cards("2C"), p2))


def test_a_one_pile_run_of_stalls_ends_when_the_spit_cards_run_out() -> None:
    state = hostile()
    assert assert_same_as_stepwise(state) == 34  # 36 spit cards: the first and last by apply
    fast, _ = stall_spits(state, 52)
    assert one_step(fast).phase is Phase.ROUND_OVER


def test_an_ace_face_up_fits_a_king_and_a_two_on_the_ring_of_ranks() -> None:
    # Player 2's face-up cards are aces and kings: a spat two or queen ends the run.
    p1 = cards("5C")
    face = {0: "AC", 5: "AD", 9: "AH", 12: "KC", 14: "KD"}
    hidden = cards("KH KS AS 5D 5H 5S 6C 6D 6H 6S")
    spit = cards("7C 7D 7H 7S 8C 8D 8H 8S 9C 2C 9D")
    p2 = [parse_card(face[i]) if i in face else hidden.pop(0) for i in range(15)] + spit
    p2 += [c for c in DECK if c not in p1 + p2]
    state = stalled((p1, p2))
    assert assert_same_as_stepwise(state) == 8  # 7C..9C spat, then the 2C fits an ace


def test_a_free_space_with_a_card_to_move_is_never_a_stall_run() -> None:
    state = hostile()
    moving = state._replace(stocks=(state.stocks[0], ((), *state.stocks[1][1:])))
    assert stall_spits(moving, 52) == (moving, 0)
