"""Any bytes at all, read as a replay of either game, give one of three outcomes —
valid, invalid at a line, unreadable — never an exception; every prefix of a recording
is a valid (unfinished) game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.core.replay.reading import UnreadableReplay
from spit.games.replays import parse_any_replay, verify_any

GOLDEN = Path(__file__).parent / "golden"
RECORDINGS = (
    "standard_finished.spit.jsonl",
    "spades_unfinished.spades.jsonl",
    "sealed_unfinished.spit.jsonl",
)
"""A recording of each game (the unfinished ones end in a torn line), and a sealed one."""
HAND_WRITTEN = ("hand_written.spit.jsonl", "spades_hand_written.spades.jsonl")
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(
        [
            *("p1", "p2", "0" * 32, "1.9", "2.0"),  # players, a hash, versions
            *("deal", "play 0 0", "slap 1"),  # Spit
            *("spades", "hand", "bid 4", "play AS", "exchange 2C", "keep", "blind"),  # Spades
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def golden(name: str) -> bytes:
    return (GOLDEN / name).read_bytes()


def header_end(data: bytes) -> int:
    """Where the header line ends, its newline included."""
    return data.index(b"\n") + 1


def outcome(data: bytes) -> int:
    """0, 1 or 2 as ``spit-tui replay --check`` would exit (1 also for an edited file);
    anything else raises."""
    try:
        replay = parse_any_replay(data)
    except UnreadableReplay as err:
        assert str(err)
        return 2
    result = verify_any(replay)
    if result.edit is not None:
        assert 1 <= result.edit.line <= data.count(b"\n") + 1
    if result.valid:
        assert result.error is None and result.line is None
        return 0 if result.trusted else 1
    assert result.error and result.line is not None and result.line >= 1
    assert result.line <= data.count(b"\n") + 1
    return 1


def lines_of(data: bytes) -> list[Any]:
    """The complete lines, parsed (a torn last line is left out)."""
    return [json.loads(line) for line in data.splitlines() if line.endswith(b"}")]


def encode(lines: list[Any]) -> bytes:
    return "".join(json.dumps(x, allow_nan=True) + "\n" for x in lines).encode()


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    assert outcome(data) in (0, 1, 2)


@pytest.mark.parametrize("name", RECORDINGS)
@FUZZ
@given(data=st.binary(max_size=400))
def test_random_bytes_after_a_valid_header(name: str, data: bytes) -> None:
    recording = golden(name)
    assert outcome(recording[: header_end(recording)] + data) in (0, 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", RECORDINGS)
@FUZZ
@given(data=st.data())
def test_every_prefix_of_a_recording_is_a_valid_game(name: str, data: st.DataObject) -> None:
    recording = golden(name)
    cut = data.draw(st.integers(min_value=0, max_value=len(recording)))
    assert outcome(recording[:cut]) == (0 if cut >= header_end(recording) - 1 else 2)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "step"), zip(HAND_WRITTEN, (1, 3), strict=True))
def test_every_prefix_of_the_hand_written_file_is_a_valid_game(name: str, step: int) -> None:
    hand = golden(name)
    for cut in range(0, len(hand) + 1, step):
        assert outcome(hand[:cut]) == (0 if cut >= header_end(hand) - 1 else 2), cut


@pytest.mark.slow
@pytest.mark.parametrize("name", RECORDINGS)
@FUZZ
@given(data=st.data(), value=json_values)
def test_a_field_replaced_by_any_json_value(name: str, data: st.DataObject, value: Any) -> None:
    lines = lines_of(golden(name))
    i = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    key = data.draw(st.sampled_from([*sorted(lines[i]), "new"]))
    lines[i][key] = value
    assert outcome(encode(lines)) in (0, 1, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name", [RECORDINGS[0], HAND_WRITTEN[1]])
@FUZZ
@given(data=st.data(), value=json_values)
def test_a_whole_line_replaced_by_any_json_value(
    name: str, data: st.DataObject, value: Any
) -> None:
    lines = lines_of(golden(name))
    lines[data.draw(st.integers(min_value=0, max_value=len(lines) - 1))] = value
    assert outcome(encode(lines)) in (0, 1, 2)


@pytest.mark.parametrize("name", HAND_WRITTEN)
@FUZZ
@given(data=st.data(), digits=st.integers(min_value=21, max_value=12_000))
def test_huge_numbers_anywhere(name: str, data: st.DataObject, digits: int) -> None:
    """Longer than any number the format holds: a problem even in an ignored field."""
    lines = lines_of(golden(name))
    i = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    key = data.draw(st.sampled_from(sorted(lines[i])))
    lines[i][key] = "HUGE"
    raw = encode(lines).replace(b'"HUGE"', b"-" * data.draw(st.booleans()) + b"7" * digits)
    assert outcome(raw) in (1, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name", RECORDINGS)
@FUZZ
@given(data=st.data())
def test_byte_flips_deletions_and_shuffled_lines(name: str, data: st.DataObject) -> None:
    raw = bytearray(golden(name))
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        position = data.draw(st.integers(min_value=0, max_value=len(raw) - 1))
        kind = data.draw(st.sampled_from(["flip", "delete", "insert"]))
        if kind == "flip":
            raw[position] ^= data.draw(st.integers(min_value=1, max_value=255))
        elif kind == "delete":
            del raw[position : position + data.draw(st.integers(min_value=1, max_value=80))]
        else:
            raw[position:position] = data.draw(st.sampled_from([b"\n", b"{", b"]", b"\xff", b"\\"]))
    lines = bytes(raw).split(b"\n")
    if data.draw(st.booleans()) and len(lines) > 2:
        a = data.draw(st.integers(min_value=1, max_value=len(lines) - 1))
        b = data.draw(st.integers(min_value=1, max_value=len(lines) - 1))
        lines[a], lines[b] = lines[b], lines[a]
    assert outcome(b"\n".join(lines)) in (0, 1, 2)


@FUZZ
@given(st.sampled_from([None, "spit", "spades", "hearts", 7, ["spades"]]), st.binary(max_size=200))
def test_any_game_name_with_any_body(game: object, body: bytes) -> None:
    header: dict[str, object] = {"format": "spit-replay", "version": "1.0"}
    if game is not None:
        header["game"] = game
    assert outcome(json.dumps(header).encode() + b"\n" + body) in (0, 1, 2)
