"""The integrity digest: files the program writes read as sealed, hand-written ones as
unsealed, and an edit of any kind as edited, at its line (``spit.replay.seal``)."""

from __future__ import annotations

import pytest

from spit.engine import Variant
from spit.replay import Seal, UnreadableReplay, load_any_replay, parse_any_replay, verify_any

from .games import record_game
from .goldens import EXPECTED, GOLDEN
from .spades_games import record_spades_game


@pytest.fixture(scope="module")
def spit_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path, _ = record_game(tmp_path_factory.mktemp("spit"), 3, Variant.POINTS)
    return path.read_bytes()


@pytest.fixture(scope="module")
def spades_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path, _, _ = record_spades_game(tmp_path_factory.mktemp("spades"), 5)
    return path.read_bytes()


def seal_of(data: bytes) -> tuple[Seal, int | None]:
    replay = parse_any_replay(data)
    return replay.seal, None if replay.edit is None else replay.edit.line


def test_written_files_of_either_game_are_sealed(spit_file: bytes, spades_file: bytes) -> None:
    for data in (spit_file, spades_file):
        replay = parse_any_replay(data)
        assert (replay.seal, replay.edit, replay.problems) == (Seal.SEALED, None, ())
        assert verify_any(replay).to_json()["seal"] == "sealed"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_files_from_before_the_digest_are_unsealed(name: str) -> None:
    assert load_any_replay(GOLDEN / name).seal is Seal.UNSEALED


def test_an_edited_time_is_named_by_its_line(spit_file: bytes) -> None:
    lines = spit_file.splitlines(keepends=True)
    lines[4] = lines[4].replace(b'"t": ', b'"t": 1', 1)
    assert seal_of(b"".join(lines)) == (Seal.EDITED, 5)


@pytest.mark.parametrize(
    "line",
    [
        b'{"type": "input", "t": 1, "t": 2, "player": "p1", "action": "spit"}',
        b'{"type": "input", "t": 1, "player": "p1", "player": "p2", "action": "spit"}',
        b'{"type": "input", "t": 1, "player": "p1", "action": "spit", "note": {"a": 1, "a": 2}}',
    ],
)
def test_a_key_twice_in_one_object_is_a_problem_of_its_line(line: bytes) -> None:
    data = (GOLDEN / "hand_written.spit.jsonl").read_bytes().splitlines(keepends=True)
    data.insert(2, line + b"\n")
    problems = parse_any_replay(b"".join(data)).problems
    assert [(p.line, "comes twice" in p.message) for p in problems][:1] == [(3, True)]


def test_a_header_with_a_key_twice_is_unreadable() -> None:
    header = b'{"format": "spit-replay", "version": "1.0", "seed": 1, "seed": 2}\n'
    with pytest.raises(UnreadableReplay, match="line 1: the key 'seed' comes twice"):
        parse_any_replay(header)
