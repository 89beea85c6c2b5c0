"""The integrity digest: files the program writes read as sealed, hand-written ones as
unsealed, and an edit of any kind as edited, at its line (``spit.core.replay.seal``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from spit.cli import main
from spit.core.replay.reading import UnreadableReplay
from spit.core.replay.seal import Seal
from spit.engine import Variant
from spit.games.replays import parse_any_replay, verify_any

from .edits import edits, first_changed_line
from .games import record_game
from .goldens import GOLDEN
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


@pytest.mark.slow
def test_written_files_of_either_game_are_sealed(spit_file: bytes, spades_file: bytes) -> None:
    for data in (spit_file, spades_file):
        replay = parse_any_replay(data)
        assert (replay.seal, replay.edit, replay.problems) == (Seal.SEALED, None, ())
        assert verify_any(replay).to_json()["seal"] == "sealed"


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


def through_line(data: bytes, line: int) -> bytes:
    """The first ``line`` lines of ``data``. The seal of a line depends only on the
    lines up to it (a file cut after any line reads as an unfinished game, sealed), so a
    prefix that runs one line past an edit must name it as the whole file does, at a
    fraction of the cost of reading the whole file for each of a thousand edits."""
    cut = -1
    for _ in range(line):
        cut = data.find(b"\n", cut + 1)
        if cut < 0:
            return data
    return data[: cut + 1]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("sealed_finished.spit.jsonl", None),
        ("sealed_spades_finished.spades.jsonl", 60),  # its first hand and its last lines
    ],
)
def test_every_edit_of_every_line_is_reported_at_its_line(name: str, lines: int | None) -> None:
    data = (GOLDEN / name).read_bytes()
    total = data.count(b"\n")
    corpus = [e for e in edits(data) if lines is None or not lines < e.line < total - 3]
    assert len(corpus) > 5 * (lines or total)
    missed = []
    for edit in corpus:
        assert edit.data != data, edit.what
        found = seal_of(through_line(edit.data, edit.line + 1))
        if found != (Seal.EDITED, edit.line):
            missed.append((edit.what, edit.line, found))
    assert missed == []


def records_of(data: bytes) -> tuple[object, ...]:
    return parse_any_replay(data).records  # records compare without their line numbers


SEALED = (GOLDEN / "sealed_finished.spit.jsonl").read_bytes()
EDIT_BYTES = [b"0", b"7", b'"', b",", b" ", b"}", b"{", b"\n", b"\r", b"a", b"\xff", b"\x00"]


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_byte_edit_is_named_at_its_line_or_changes_nothing(data: st.DataObject) -> None:
    """Bytes changed, inserted or deleted anywhere: the file is unreadable, or edited at
    the first line that differs, or (a line end, a blank line, a torn last line: what
    the reader skips) reads as the same game or the start of it, still sealed."""
    raw = bytearray(SEALED)
    position = data.draw(st.integers(min_value=0, max_value=len(raw) - 1))
    kind = data.draw(st.sampled_from(["change", "insert", "delete"]))
    if kind == "change":
        raw[position : position + 1] = data.draw(st.sampled_from(EDIT_BYTES))
    elif kind == "insert":
        raw[position:position] = b"".join(
            data.draw(st.lists(st.sampled_from(EDIT_BYTES), min_size=1, max_size=3))
        )
    else:
        del raw[position : position + data.draw(st.integers(min_value=1, max_value=200))]
    edited = bytes(raw)
    assume(edited != SEALED)
    try:
        replay = parse_any_replay(edited)
    except UnreadableReplay:
        return
    if replay.seal is Seal.EDITED:
        assert replay.edit is not None and replay.edit.line == first_changed_line(SEALED, edited)
        return
    assert replay.seal is Seal.SEALED
    original = records_of(SEALED)
    assert replay.records == original[: len(replay.records)]
    assert replay.truncated or len(replay.records) == len(original) or not edited.endswith(b"\n")


def test_a_line_inserted_after_a_carriage_return_is_the_edit_not_the_line_before() -> None:
    """``\\r\\n0`` put after a line's digest: that line now ends in ``\\r\\n``, which the
    reader takes as its line end, so the line is as written; the edit is the new line
    (a case Hypothesis found)."""
    end = SEALED.index(b"\n", len(SEALED) // 2)
    edited = SEALED[:end] + b"\r\n0" + SEALED[end:]
    replay = parse_any_replay(edited)
    line = SEALED[:end].count(b"\n") + 2
    assert replay.seal is Seal.EDITED and replay.edit is not None
    assert replay.edit.line == line == first_changed_line(SEALED, edited)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sealed_unfinished.spit.jsonl", "sealed_finished.spit.jsonl"])
def test_a_file_cut_anywhere_is_sealed_up_to_its_last_complete_line(name: str) -> None:
    data = (GOLDEN / name).read_bytes()
    ends = [i + 1 for i in range(len(data)) if data[i : i + 1] == b"\n"]
    cuts = {e + d for e in ends for d in (-2, -1, 0, 9)} - {len(data) + 9}
    for cut in sorted(c for c in cuts if c >= ends[0] - 1):  # the header is whole
        replay = parse_any_replay(data[:cut])
        assert (replay.seal, replay.edit) == (Seal.SEALED, None), cut
        result = verify_any(replay)
        assert result.trusted and result.to_json()["seal"] == "sealed", cut


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.replace(b"\n", b"\r\n"),  # line ends
        lambda d: b"\xef\xbb\xbf" + d,  # a byte-order mark
        lambda d: d.replace(b"\n", b"\n\n", 5),  # blank lines
        lambda d: d.removesuffix(b"\n"),  # no newline at the end
    ],
    ids=["crlf", "bom", "blank lines", "no final newline"],
)
def test_what_the_reader_skips_is_not_covered(change: Callable[[bytes], bytes]) -> None:
    """Line ends, a byte-order mark and blank lines carry nothing of the game: a file
    that went through an editor or a tool that changes them is still the same game."""
    replay = parse_any_replay(change(SEALED))
    assert (replay.seal, replay.records) == (Seal.SEALED, records_of(SEALED))


def strip_digest(line: bytes) -> bytes:
    return re.sub(rb', "chain": "[0-9a-f]+"\}', b"}", line)


def test_removing_digests_is_an_edit_unless_every_one_goes() -> None:
    lines = SEALED.splitlines(keepends=True)
    assert seal_of(b"".join([strip_digest(lines[0]), *lines[1:]])) == (Seal.EDITED, 1)
    assert seal_of(b"".join([*lines[:7], strip_digest(lines[7]), *lines[8:]])) == (Seal.EDITED, 8)
    assert seal_of(b"".join(strip_digest(line) for line in lines)) == (Seal.UNSEALED, None)


def test_a_digest_in_a_file_without_one_in_its_header_is_an_edit() -> None:
    lines = (GOLDEN / "hand_written.spit.jsonl").read_bytes().splitlines(keepends=True)
    lines[3] = lines[3].replace(b"}\n", b', "chain": "0123abcd"}\n')
    replay = parse_any_replay(b"".join(lines))
    assert (replay.seal, replay.edit and replay.edit.line) == (Seal.EDITED, 1)
    assert replay.edit is not None and "but line 4 has one" in replay.edit.message


def test_a_digest_of_the_wrong_length_is_an_edit() -> None:
    lines = SEALED.splitlines(keepends=True)
    end = lines[-1]
    short = re.sub(rb'"chain": "([0-9a-f]{8})[0-9a-f]{24}"', rb'"chain": "\1"', end)
    assert short != end
    assert seal_of(b"".join([*lines[:-1], short])) == (Seal.EDITED, len(lines))


@pytest.mark.parametrize("line", [1, 2, 40, 143])
def test_the_command_exits_1_for_an_edited_file_and_names_the_line(
    line: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit = next(e for e in edits(SEALED) if e.line == line)
    path = tmp_path / "edited.spit.jsonl"
    path.write_bytes(edit.data)
    assert main(["replay", str(path), "--check"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("edited.spit.jsonl: EDITED after it was written; ")
    assert f"  seal      EDITED: line {line} " in out
    assert main(["replay", str(path), "--check", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["seal"], report["seal_line"]) == ("edited", line)
    assert report["seal_error"].startswith(f"line {line} ")


@pytest.mark.parametrize(
    ("name", "seal"),
    [
        ("sealed_finished.spit.jsonl", "sealed (every line is as spit-tui wrote it)"),
        ("sealed_spades_finished.spades.jsonl", "sealed (every line is as spit-tui wrote it)"),
        ("hand_written.spit.jsonl", "unsealed (no integrity digest: written by hand, or before"),
    ],
)
def test_the_command_says_whether_a_consistent_file_is_sealed(
    name: str, seal: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(GOLDEN / name), "--check"]) == 0
    assert f"\n  seal      {seal}" in capsys.readouterr().out
