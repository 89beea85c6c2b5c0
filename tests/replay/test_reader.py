"""The reader on hostile or damaged input: one clear problem or refusal, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import spit.core.replay.reading as reader
from spit.core.replay.reading import UnreadableReplay
from spit.games.spit.replay import Deal, Input, load_replay, parse_replay, verify

HEADER = b'{"format": "spit-replay", "version": "1.0"}\n'
GOLDEN = Path(__file__).parent / "golden"
HAND = (GOLDEN / "hand_written.spit.jsonl").read_bytes()
DEAL = HAND.splitlines(keepends=True)[1]


def first_problem(data: bytes) -> str:
    replay = parse_replay(data)
    assert replay.problems, "expected a problem"
    return str(replay.problems[0])


def test_the_minimal_hand_written_file_reads_with_every_default() -> None:
    replay = parse_replay(HEADER + DEAL)
    assert replay.problems == ()
    header = replay.header
    assert (header.variant.value, header.target, header.seed) == ("standard", 100, None)
    assert [p.kind for p in header.players] == ["human", "human"]
    (deal,) = replay.records
    assert isinstance(deal, Deal) and (deal.t, deal.round, len(deal.deal[0])) == (0, 1, 1)


BAD_LINES = [
    (b"[1, 2]", "must be a JSON object"),
    (b'"input"', "must be a JSON object"),
    (b'{"type": "input", "t": 1' + b"0" * 30 + b', "player": "p1", "action": "spit"}', "digits"),
    (b'{"type": "input", "t": NaN, "player": "p1", "action": "spit"}', "NaN is not allowed"),
    (b'{"type": "input", "t": -Infinity, "player": "p1", "action": "spit"}', "not allowed"),
    (b'{"type": "input", "t": 1e999, "player": "p1", "action": "spit"}', "out of range"),
    (b'{"type": "input", "t": 10.5, "player": "p1", "action": "spit"}', "'t': Expected `int"),
    (b'{"type": "input", "t": true, "player": "p1", "action": "spit"}', "'t': Expected `int"),
    (b'{"type": "input", "t": -1, "player": "p1", "action": "spit"}', "'t': Expected `int` >= 0"),
    (b'{"type": "input", "t": 1, "player": 0, "action": "spit"}', "'player': Expected `str`"),
    (b'{"type": "input", "t": 1, "player": "p1", "action": "play 9 9"}', "bad action"),
    (b'{"type": "input", "t": 1, "player": "p1", "action": ["spit"]}', "'action'"),
    (
        b'{"type": "input", "t": 1, "player": "p1", "action": "spit", "accepted": 1}',
        "'accepted': Expected `bool",
    ),
    (b'{"type": "checkpoint", "t": 1, "hash": "ABC"}', "'hash': Expected `str` matching"),
    (
        b'{"type": "end", "t": 1, "winner": "p1", "rounds": 1, "scores": [0], "hash": "0"}',
        "'scores': Expected `array` of length 2",
    ),
    (b'{"t": 1}', "unknown line type None"),
    (b"[" * 8000 + b"]" * 8000, "nested too deeply"),
    (b'{"type": "input", "t": 1,', "not valid JSON"),
    (b'{"type": "input"}\xff\xfe', "not valid UTF-8"),
    (b" " * (reader.MAX_LINE_BYTES + 1), "longer than"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES, ids=[m for _, m in BAD_LINES])
def test_a_bad_line_is_a_problem_with_its_line_number(line: bytes, message: str) -> None:
    problem = first_problem(HEADER + DEAL + line + b"\n")
    assert problem.startswith("line 3: ")
    assert message in problem


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ('"p1": "3C", "p2": "3C"', "exactly once"),
        ('"p1": "", "p2": "3C"', "at least one card"),
        ('"p1": "3C 1X", "p2": ""', "'1X' is not a card"),
        ('"p1": "3C", "p2": "' + "AS" * 100 + '"', "is not a card"),
        ('"p1": 3, "p2": ""', "string of cards"),
    ],
)
def test_a_bad_deal_is_a_problem(deal: str, message: str) -> None:
    line = ('{"type": "deal", "round": 1, ' + deal + "}\n").encode()
    assert message in first_problem(HEADER + line)


def test_a_file_must_start_with_the_first_deal() -> None:
    assert "must deal round 1" in first_problem(HEADER + HAND.splitlines(keepends=True)[2])
    second = DEAL.replace(b'"round": 1', b'"round": 2, "t": 0')
    assert "expected the deal of round 1, not of 2" in first_problem(HEADER + second)
    late = DEAL.replace(b'"round": 1', b'"round": 1, "t": 5')
    assert "round 1 is dealt at t=0" in first_problem(HEADER + late)


def test_blank_lines_crlf_and_a_byte_order_mark_are_tolerated() -> None:
    crlf = b"\xef\xbb\xbf\n" + HAND.replace(b"\n", b"\r\n\r\n")
    replay = parse_replay(crlf)
    assert replay.problems == ()
    assert verify(replay).to_json() == verify(parse_replay(HAND)).to_json()


def test_unknown_keys_are_ignored() -> None:
    line = b'{"type": "input", "t": 1, "player": "p1", "action": "spit", "x": [1e5, {"y": null}]}'
    replay = parse_replay(HEADER + DEAL + line + b"\n")
    assert replay.problems == () and isinstance(replay.records[-1], Input)


def test_reading_stops_after_too_many_problems() -> None:
    data = HEADER + DEAL + b"oops\n" * (reader.MAX_PROBLEMS + 50)
    assert len(parse_replay(data).problems) == reader.MAX_PROBLEMS


def test_lines_beyond_the_limit_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_LINES", 4)
    replay = parse_replay(HAND)
    assert [str(p) for p in replay.problems] == ["line 5: more than 4 lines; the rest is not read"]
    assert len(replay.records) == 3
    assert parse_replay(b"".join(HAND.splitlines(keepends=True)[:4]) + b"\n\n").problems == ()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"\n \n", "empty"),
        (b"hello\n", "line 1: not valid JSON"),
        (b"[]\n", "no header"),
        (b'{"type": "deal"}\n', "not a spit-tui replay"),
        (b'{"format": "spit-replay"}\n', "'version' must be"),
        (b'{"format": "spit-replay", "version": "1"}\n', "'version' must be"),
        (b'{"format": "spit-replay", "version": "3.1"}\n', "format 3.1;"),
        (b'{"format": "spit-replay", "version": "1.0", "variant": "speed"}\n', "variant"),
        (b'{"format": "spit-replay", "version": "1.0", "target": 0}\n', "'target'"),
        (
            b'{"format": "spit-replay", "version": "1.0", "timing": {"slap_window_ms": -1}}\n',
            "slap",
        ),
        (b'{"format": "spit-replay", "version": "1.0", "timing": []}\n', "timing"),
        (
            b'{"format": "spit-replay", "version": "1.0", "players": [{}]}\n',
            "'players': Expected `array` of length 2",
        ),
        (b'{"format": "spit-replay", "version": "1.0", "seed": -5}\n', "'seed'"),
        (b'{"format": "spit-replay", "version": "1.0", "writer": "\\u001b[2J"}\n', "printable"),
        (b'{"format": "spit-replay", "version": "1.0", "writer": "\\ud800"}\n', "printable"),
        (b'{"format": "spit-replay", "version": "1.0"', "not valid JSON"),
    ],
)
def test_a_file_without_a_usable_header_is_unreadable(data: bytes, message: str) -> None:
    with pytest.raises(UnreadableReplay, match=message.replace("[", r"\[").replace("(", r"\(")):
        parse_replay(data)


@pytest.mark.parametrize(
    "player",
    [
        {"kind": "robot", "name": "R2"},
        {"kind": "human", "name": ""},
        {"kind": "human", "name": "x" * 65},
        {"kind": "human", "name": "Ann\n"},
        {"kind": "bot", "name": "B", "seed": 2**64},
        {"kind": "bot", "name": "B", "level": 3},
        {"name": "B"},
    ],
)
def test_a_header_with_a_bad_player_is_unreadable(player: dict[str, object]) -> None:
    header = {"format": "spit-replay", "version": "1.0", "players": [player, player]}
    with pytest.raises(UnreadableReplay, match="bad header"):
        parse_replay(json.dumps(header).encode() + b"\n")


def test_missing_files_directories_and_oversized_files_are_unreadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(UnreadableReplay, match="No such file"):
        load_replay(tmp_path / "nope.spit.jsonl")
    with pytest.raises(UnreadableReplay, match="directory"):
        load_replay(tmp_path)
    with pytest.raises(UnreadableReplay, match="cannot read"):
        load_replay("bad\0name")
    big = tmp_path / "big.spit.jsonl"
    big.write_bytes(HAND)
    monkeypatch.setattr(reader, "MAX_FILE_BYTES", len(HAND) - 1)
    with pytest.raises(UnreadableReplay, match="larger than"):
        load_replay(big)


def test_special_files_are_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    mkfifo = pytest.importorskip("os").mkfifo
    mkfifo(fifo)
    with pytest.raises(UnreadableReplay, match="not a regular file"):
        load_replay(fifo)  # opening it would block forever
