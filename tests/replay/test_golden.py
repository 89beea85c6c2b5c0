"""Golden replays: files written by earlier versions must keep verifying, with the same
result, as the code evolves (the way OpenSpiel keeps its playthroughs). A failure here
means the rules, the match timing or the format changed under existing saved games:
bump ``ENGINE_VERSION`` or the format version deliberately rather than editing these."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spit.replay import Resimulation, load_replay, verify

GOLDEN = Path(__file__).parent / "golden"

EXPECTED: dict[str, dict[str, Any]] = {
    "standard_finished": {
        "valid": True,
        "finished": True,
        "rounds": 3,
        "winner": "p2",
        "inputs": 135,
        "duration_ms": 59168,
        "final_hash": "1caaa98a291d50707b719a9e3873ead6",
    },
    "points_finished": {
        "valid": True,
        "finished": True,
        "rounds": 7,
        "winner": "p1",
        "inputs": 310,
        "duration_ms": 143076,
        "final_hash": "dc684daf80974dc5ef99beb45a744c21",
    },
    "unfinished": {
        "valid": True,
        "finished": False,
        "rounds": 3,
        "winner": None,
        "inputs": 93,
        "duration_ms": 39933,
        "final_hash": "790d7576c7401993a250170516a9457c",
    },
    "hand_written": {
        "valid": True,
        "finished": True,
        "rounds": 1,
        "winner": "p1",
        "inputs": 5,
        "duration_ms": 3900,
        "final_hash": "fb83880d3d1b92192ddc4f47760704a9",
    },
}


def test_every_golden_file_has_an_expectation() -> None:
    names = [p.name.removesuffix(".spit.jsonl") for p in GOLDEN.glob("*.spit.jsonl")]
    assert sorted(names) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_replay_verifies_with_the_recorded_result(name: str) -> None:
    replay = load_replay(GOLDEN / f"{name}.spit.jsonl")
    assert replay.problems == ()
    assert verify(replay).to_json() == EXPECTED[name]


def test_the_unfinished_golden_file_ends_in_an_interrupted_line() -> None:
    replay = load_replay(GOLDEN / "unfinished.spit.jsonl")
    assert replay.truncated
    assert replay.closing is None


def test_golden_finished_files_carry_checkpoints_and_a_closing_line() -> None:
    replay = load_replay(GOLDEN / "points_finished.spit.jsonl")
    closing = replay.closing
    assert closing is not None
    assert (closing.winner, closing.rounds) == (0, 7)
    assert len(replay.checkpoints) >= 6 + 3  # six round ends, every 100 inputs
    assert replay.header.players[0].name == "Lefty"


def test_stepping_through_a_golden_file_visits_every_line_once() -> None:
    replay = load_replay(GOLDEN / "standard_finished.spit.jsonl")
    sim = Resimulation(replay)
    seen = [replay.records[0]]
    while (record := sim.step()) is not None:
        seen.append(record)
    assert seen == list(replay.records)
    assert sim.inputs == len(replay.inputs)
