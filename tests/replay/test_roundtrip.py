"""Record a game, read it back, re-simulate it: the same game must come out."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.engine import State, Variant, state_hash
from spit.engine.timers import StagePhase, Timing
from spit.games.spit.game import Session
from spit.games.spit.replay import (
    CHECKPOINT_EVERY,
    load_replay,
    replay_session,
    resimulation,
    verify,
)

from .games import StatesAfterInputs, record_game, recorded_match

SEEDS = range(12)


def assert_same_game(path: Path, match: Session) -> None:
    result = verify(load_replay(path))
    over = match.stage.phase is StagePhase.GAME_OVER
    assert (result.valid, result.error, result.line) == (True, None, None)
    assert result.finished == over
    assert result.winner == (match.state.winner if over else None)
    assert result.rounds == match.state.round
    assert result.inputs == match.input_count
    if over:
        assert result.final_hash == state_hash(match.state)
        assert result.duration_ms == match.time


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_recorded_game_verifies_to_the_same_result(
    tmp_path: Path, seed: int, variant: Variant
) -> None:
    path, match = record_game(tmp_path, seed, variant)
    assert match.stage.phase is StagePhase.GAME_OVER
    assert_same_game(path, match)


def test_a_game_with_other_timing_and_target_verifies(tmp_path: Path) -> None:
    timing = Timing(
        start_countdown_ms=1000,
        stall_countdown_ms=300,
        slap_window_ms=450,
        round_pause_ms=200,
        too_slow_ms=100,
    )
    path, match = record_game(tmp_path, 5, Variant.POINTS, timing=timing, target=40)
    assert match.stage.phase is StagePhase.GAME_OVER
    assert_same_game(path, match)
    assert load_replay(path).header.timing == timing


def test_replay_match_rebuilds_the_table_after_any_input(tmp_path: Path) -> None:
    states = StatesAfterInputs()
    path, match = record_game(tmp_path, 3, extra=states)
    replay = load_replay(path)
    for n in (1, 2, 50, CHECKPOINT_EVERY, len(states.states) - 1, len(states.states)):
        assert replay_session(replay, inputs=n).state == states.states[n - 1]
    assert replay_session(replay).state == match.state


def test_stepping_line_by_line_passes_through_every_recorded_state(tmp_path: Path) -> None:
    states = StatesAfterInputs()
    path, _ = record_game(tmp_path, 6, Variant.POINTS, extra=states)
    sim = resimulation(load_replay(path))
    seen: list[State] = []
    while sim.step() is not None:
        if sim.inputs > len(seen):
            seen.append(sim.state)
    assert seen == states.states


def test_the_writer_checkpoints_every_round_end_and_every_hundred_inputs(tmp_path: Path) -> None:
    path, match = record_game(tmp_path, 2)
    replay = load_replay(path)
    kinds = [type(r).__name__ for r in replay.records]
    inputs = [i for i, kind in enumerate(kinds) if kind == "Input"]
    for n in range(CHECKPOINT_EVERY, len(inputs) + 1, CHECKPOINT_EVERY):
        assert kinds[inputs[n - 1] + 1] == "Checkpoint"
    deals = [i for i, kind in enumerate(kinds) if kind == "Deal"]
    for start, end in itertools.pairwise(deals):
        assert "Checkpoint" in kinds[start:end]  # the end of the round between them
    assert kinds[-1] == "End"
    assert replay.closing is not None and replay.closing.rounds == match.state.round == len(deals)


def test_a_game_between_real_bots_round_trips(tmp_path: Path) -> None:
    bots = pytest.importorskip("spit.games.spit.bots")
    for seed, (left, right) in enumerate((("normal", "hard"), ("beginner", "expert"))):
        players = (
            PlayerInfo("bot", left.title(), level=left, seed=seed),
            PlayerInfo("bot", right.title(), level=right, seed=seed + 100),
        )
        agents = [bots.make_bot(left, 0, seed), bots.make_bot(right, 1, seed + 100)]
        writer, match = recorded_match(tmp_path, seed, players=players, agents=agents)
        match.run_to_end(limit_ms=3_600_000)
        writer.close()
        assert_same_game(writer.path, match)
