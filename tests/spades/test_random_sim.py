"""Random simulation in the style of OpenSpiel's ``random_sim_test``.

Hundreds of games from random seeds with random legal actions (blind nil only now and
then, so that most hands are played out normally), each for a few hands or to its end
with a low target. At every step the invariants hold (``strategies.check_invariants``);
on a sample of steps every legal action is accepted, every other action from a wide
action space is rejected with the state unchanged, and the state survives a JSON round
trip with the same hash.
"""

from __future__ import annotations

import json
import random

import pytest

from spit.core.dealer import Dealer
from spit.games.spades.engine import (
    Action,
    Applied,
    DeclareBlindNil,
    DeclineBlindNil,
    Phase,
    Rejected,
    State,
    apply,
    from_json,
    legal_actions,
    new_game,
    next_hand,
    shuffled_hand,
    state_hash,
    to_json,
    to_move,
)

from .strategies import SIMPLE_ACTIONS, check_invariants, exchanges_near

pytestmark = pytest.mark.slow  # hundreds of whole games

GAMES = 240
CHUNKS = 4
HANDS = 4
"""Hands per game at most: the rules set no limit on a game (SD12)."""
TARGETS = (60, 150, 500)
BLIND = 0.15
INVARIANTS_EVERY = 3
ACCEPT_EVERY = 11
REJECT_EVERY = 7
JSON_EVERY = 5


def check_step(state: State, step: int) -> None:
    if step % INVARIANTS_EVERY == 0:
        check_invariants(state)
    mover = to_move(state)
    assert mover is not None
    legal = legal_actions(state, mover)
    assert legal, f"the player to move has no action in {state.phase}"
    if step % ACCEPT_EVERY == 0:
        for action in legal:
            assert type(apply(state, mover, action)) is Applied, action
    if step % REJECT_EVERY == 0:
        before = tuple(state)
        for p in (0, 1):
            mine = legal if p == mover else []
            for action in (*SIMPLE_ACTIONS, *exchanges_near(state, p)):
                if action not in mine:
                    assert type(apply(state, p, action)) is Rejected, (p, action)
        assert tuple(state) == before
    if step % JSON_EVERY == 0:
        back = from_json(json.loads(json.dumps(to_json(state))))
        assert back == state and state_hash(back) == state_hash(state)


def play_random_game(seed: int) -> tuple[State, int]:
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = new_game(*shuffled_hand(dealer), target=TARGETS[seed % 3], first=seed % 2)
    steps = 0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.HAND_OVER:
            if state.hand == HANDS:
                break
            state = next_hand(state, *shuffled_hand(dealer)).state
            continue
        check_step(state, steps)
        player = to_move(state)
        assert player is not None
        action: Action
        if state.phase is Phase.BLIND:
            action = DeclareBlindNil() if rng.random() < BLIND else DeclineBlindNil()
        else:
            action = rng.choice(legal_actions(state, player))
        outcome = apply(state, player, action)
        assert type(outcome) is Applied, (action, outcome)
        state = outcome.state
        steps += 1
    return state, steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    over = 0
    for g in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        final, steps = play_random_game(1_000_003 * g + 29)
        check_invariants(final)
        assert len(final.history) == final.hand
        # A hand is 2 blind-nil choices, 26 draws, up to 2 exchanges and 2 bids, 26 cards.
        assert steps <= final.hand * (2 + 26 + 2 + 26)
        for p in (0, 1):
            assert legal_actions(final, p) == []
        if final.phase is Phase.GAME_OVER:
            over += 1
            a, b = final.scores
            assert max(a, b) >= final.target and final.winner == (0 if a > b else 1)
        back = from_json(to_json(final))
        assert state_hash(back) == state_hash(final)
    assert over > 0, "some games should reach the low targets"
