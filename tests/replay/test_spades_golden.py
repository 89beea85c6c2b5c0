"""Golden Spades replays: files written by earlier versions must keep verifying, with
the same result, as the code evolves. A failure here means the Spades rules or the
format changed under existing saved games: bump ``SPADES_ENGINE_VERSION`` or the format
version deliberately rather than editing these (``python -m tests.replay.spades_games``
writes the generated ones)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spit.replay import SpadesResimulation, load_any_replay, load_spades_replay, verify_any
from spit.replay.spades_records import SpadesEnd, SpadesInput

GOLDEN = Path(__file__).parent / "golden"

EXPECTED: dict[str, dict[str, Any]] = {
    "spades_finished": {
        "valid": True,
        "finished": True,
        "rounds": 8,
        "winner": "p1",
        "inputs": 449,
        "duration_ms": 113750,
        "final_hash": "98d082e6950b1c5ac0c974ce96e4619a",
    },
    "spades_unfinished": {
        "valid": True,
        "finished": False,
        "rounds": 2,
        "winner": None,
        "inputs": 90,
        "duration_ms": 22750,
        "final_hash": "1dc9896ee1aa772430f5cdca46c9f47d",
    },
    "spades_hand_written": {
        "valid": True,
        "finished": False,
        "rounds": 1,
        "winner": None,
        "inputs": 5,
        "duration_ms": 0,
        "final_hash": "534627578aae58dae4b4b4d48e65c0c2",
    },
}


def test_every_spades_golden_file_has_an_expectation() -> None:
    names = [p.name.removesuffix(".spades.jsonl") for p in GOLDEN.glob("*.spades.jsonl")]
    assert sorted(names) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_spades_replay_verifies_with_the_recorded_result(name: str) -> None:
    replay = load_any_replay(GOLDEN / f"{name}.spades.jsonl")
    assert replay.problems == ()
    assert verify_any(replay).to_json() == EXPECTED[name]


def test_the_finished_game_has_a_blind_nil_exchange_a_refused_card_and_hand_checkpoints() -> None:
    replay = load_spades_replay(GOLDEN / "spades_finished.spades.jsonl")
    actions = [str(i.action) for i in replay.inputs]
    assert "blind" in actions and any(a.startswith("exchange ") for a in actions)
    assert [i.accepted for i in replay.inputs].count(False) == 1
    assert len(replay.hands) == 8 and len(replay.checkpoints) == 7  # every hand end but the last
    closing = replay.closing
    assert isinstance(closing, SpadesEnd) and (closing.winner, closing.hands) == (0, 8)
    assert closing.scores == (523, 377)


def test_the_unfinished_golden_file_ends_in_an_interrupted_line() -> None:
    replay = load_spades_replay(GOLDEN / "spades_unfinished.spades.jsonl")
    assert replay.truncated and replay.closing is None


def test_stepping_through_a_golden_file_visits_every_line_once() -> None:
    replay = load_spades_replay(GOLDEN / "spades_finished.spades.jsonl")
    sim = SpadesResimulation(replay)
    seen = []
    while (record := sim.step()) is not None:
        seen.append(record)
    assert seen == list(replay.records)
    assert sim.inputs == len([r for r in seen if isinstance(r, SpadesInput)])
