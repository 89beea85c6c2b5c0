"""Random simulation in the style of OpenSpiel's ``random_sim_test``.

A thousand complete games from random seeds, with a random player taking a random
legal action at each step and the engine's ``Dealer`` dealing every new round. At
every step the legal actions must be sorted and free of duplicates; on a sample of
steps (the expensive checks run every Nth step) every legal action must be accepted,
every other action of the full action space rejected with the state unchanged, and the
state must survive a JSON round trip with the same hash. Every game must end within a
bound.
"""

from __future__ import annotations

import json
import random

import pytest

from spit.engine import (
    Applied,
    Dealer,
    Phase,
    Rejected,
    State,
    Variant,
    action_key,
    apply,
    can_act,
    from_json,
    legal_actions,
    new_game,
    state_hash,
    to_json,
)

from .positions import ACTION_SPACE, actor, all_cards, next_round

pytestmark = pytest.mark.slow  # a thousand whole games

GAMES = 1000
"""Some 400 000 steps checked. The rules' own tests and the state machine
(``test_state_machine.py``) aim at the rare positions; this is the broad sweep."""
CHUNKS = 8
"""The games run in chunks so that ``pytest -n`` can spread them over cores."""

ACCEPT_EVERY = 5
"""Every Nth step: apply every legal action of both players and check it is accepted."""
REJECT_EVERY = 7
"""Every Nth step: apply every other action of the action space and check it is rejected."""
JSON_EVERY = 23
"""Every Nth step: JSON round trip and hash."""

MAX_ACTIONS_PER_ROUND = 73
"""Within a round every card is played or spat at most once (52 at most), each move
turns up one of at most 20 face-down cards (D04), and one slap ends it."""
MAX_ROUNDS = 500


def check_step(state: State, step: int) -> None:
    legal = (legal_actions(state, 0), legal_actions(state, 1))
    for p in (0, 1):
        keys = [action_key(a) for a in legal[p]]
        assert keys == sorted(keys), legal[p]
        assert len(set(keys)) == len(keys), legal[p]
        if state.phase is Phase.PLAYING:
            assert can_act(state, p) == bool(legal[p])
    assert legal[0] or legal[1], f"nobody can act in {state.phase}"

    if step % ACCEPT_EVERY == 0:
        for p in (0, 1):
            for action in legal[p]:
                assert type(apply(state, p, action)) is Applied, (p, action)
    if step % REJECT_EVERY == 0:
        before = tuple(state)
        for p in (0, 1):
            for action in ACTION_SPACE:
                if action not in legal[p]:
                    outcome = apply(state, p, action)
                    assert type(outcome) is Rejected, (p, action, outcome)
        assert tuple(state) == before
    if step % JSON_EVERY == 0:
        data = to_json(state)
        back = from_json(json.loads(json.dumps(data)))
        assert back == state
        assert state_hash(back) == state_hash(state)
        assert sorted(all_cards(state)) == list(range(52))


def play_random_game(seed: int, variant: Variant) -> tuple[State, int]:
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = new_game(dealer.first_deal(), variant)
    steps = in_round = 0
    while state.phase is not Phase.GAME_OVER:
        assert state.round <= MAX_ROUNDS, f"seed {seed}: no end after {MAX_ROUNDS} rounds"
        if state.phase is Phase.ROUND_OVER:
            check_step_round_over(state)
            state = next_round(state, dealer)
            in_round = 0
            continue
        check_step(state, steps)
        player, legal = actor(state, rng.getrandbits(1))
        outcome = apply(state, player, legal[rng.randrange(len(legal))])
        assert type(outcome) is Applied
        state = outcome.state
        steps += 1
        in_round += 1
        assert in_round <= MAX_ACTIONS_PER_ROUND, f"seed {seed}: round {state.round} too long"
    return state, steps


def check_step_round_over(state: State) -> None:
    for p in (0, 1):
        assert legal_actions(state, p) == []
        for action in ACTION_SPACE:
            assert type(apply(state, p, action)) is Rejected
    assert sorted(all_cards(state)) == list(range(52))
    assert state.collected[0] and state.collected[1]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    ended = 0
    for g in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        seed = 1_000_003 * g + 17
        variant = Variant.POINTS if g % 4 == 3 else Variant.STANDARD
        final, steps = play_random_game(seed, variant)
        assert final.phase is Phase.GAME_OVER
        assert final.winner in (0, 1)
        assert steps > 0
        for p in (0, 1):
            assert legal_actions(final, p) == []
            for action in ACTION_SPACE:
                assert type(apply(final, p, action)) is Rejected
        if variant is Variant.STANDARD:
            assert final.collected[final.winner] == ()
        else:
            a, b = final.scores
            assert max(a, b) >= final.target or not all(final.collected)
            if a != b:
                assert final.winner == (0 if a < b else 1)  # R20: lowest total wins
            else:
                assert final.collected[final.winner] == ()  # D12
        back = from_json(json.loads(json.dumps(to_json(final))))
        assert state_hash(back) == state_hash(final)
        ended += 1
    assert ended == per_chunk
