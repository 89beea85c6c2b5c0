"""Strict verification of Spades replays: every claim a line makes is checked, and the
first one that does not hold is reported with its line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spit.core.replay.fields import FORMAT_VERSION
from spit.core.replay.verification import Verification
from spit.games.spades.engine import ENGINE_VERSION
from spit.games.spades.replay import parse_spades_replay, verify_spades

GOLDEN = Path(__file__).parent / "golden"
GAME = (GOLDEN / "spades_finished.spades.jsonl").read_bytes()
HAND = (GOLDEN / "spades_hand_written.spades.jsonl").read_bytes()


def lines_of(data: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in data.splitlines()]


def encode(lines: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(line) + "\n" for line in lines).encode()


def check(lines: list[dict[str, Any]]) -> Verification:
    return verify_spades(parse_spades_replay(encode(lines)))


def where(lines: list[dict[str, Any]], kind: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if line.get("type") == kind][nth]


def assert_invalid_at(lines: list[dict[str, Any]], index: int, message: str) -> None:
    result = check(lines)
    assert not result.valid and not result.finished
    assert result.line == index + 1, result.error
    assert message in (result.error or ""), result.error


def test_the_untouched_files_are_valid() -> None:
    assert check(lines_of(GAME)).valid and check(lines_of(HAND)).valid


def test_an_accepted_flag_that_does_not_hold() -> None:
    lines = lines_of(GAME)
    i = next(i for i, line in enumerate(lines) if line.get("accepted") is False)
    lines[i]["accepted"] = True
    assert_invalid_at(lines, i, "was recorded as accepted, but it is not legal here")


def test_a_legal_action_recorded_as_refused() -> None:
    lines = lines_of(HAND)
    lines[2]["accepted"] = False
    assert_invalid_at(lines, 2, "'decline' was recorded as refused, but it is legal here")


def test_a_bid_the_engine_refuses() -> None:
    lines = lines_of(GAME)
    i = next(i for i, line in enumerate(lines) if str(line.get("action")).startswith("bid "))
    lines[i]["action"] = "bid 14"
    assert_invalid_at(lines, i, "a bid is a number of tricks from 0 (nil) to 13")


def test_a_checkpoint_with_another_hash() -> None:
    lines = lines_of(GAME)
    i = where(lines, "checkpoint", 2)
    lines[i]["hash"] = "0" * 32
    assert_invalid_at(lines, i, "not the one recorded")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("winner", "p2", "the winner at the end is p1, not p2"),
        ("hands", 9, "the number of hands at the end is 8, not 9"),
        ("scores", [523, 376], "the scores at the end"),
        ("hash", "f" * 32, "not the one recorded"),
    ],
)
def test_a_closing_line_that_does_not_hold(key: str, value: object, message: str) -> None:
    lines = lines_of(GAME)
    lines[-1][key] = value
    assert_invalid_at(lines, len(lines) - 1, message)


def test_a_game_recorded_as_over_too_early() -> None:
    lines = lines_of(GAME)
    end = lines.pop()
    lines.insert(where(lines, "checkpoint"), end)
    assert_invalid_at(lines, where(lines, "end"), "recorded as over, but it is not")


def test_a_missing_hand_line() -> None:
    lines = lines_of(GAME)
    i = where(lines, "hand", 1)
    del lines[i]
    assert_invalid_at(lines, i, "hand 1 is over: the cards of hand 2 must come before")


def test_a_hand_line_in_the_middle_of_a_hand() -> None:
    lines = lines_of(GAME)
    hand2 = lines.pop(where(lines, "hand", 1))
    lines.insert(10, hand2)
    assert_invalid_at(lines, 10, "hand 2 cannot start: hand 1 is still being played")


def test_hands_out_of_order_are_a_problem_on_their_line() -> None:
    lines = lines_of(GAME)
    i = where(lines, "hand", 2)
    lines[i]["hand"] = 4
    assert_invalid_at(lines, i, "expected the cards of hand 3, not of hand 4")


def test_the_first_line_must_start_hand_1() -> None:
    lines = lines_of(HAND)
    lines.insert(1, lines.pop(2))
    assert_invalid_at(lines, 1, "the first line after the header must give the cards of hand 1")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("stock", "AS AS", "must hold each of the 52 cards once"),
        ("exchange", 5, "a string of cards"),
        ("stock", "2C 2D ZZ", "is not a card"),
        ("hand", 0, "'hand': Expected `int` >= 1"),
        ("t", -1, "'t': Expected `int` >= 0"),
    ],
)
def test_a_malformed_hand_line(key: str, value: object, message: str) -> None:
    lines = lines_of(HAND)
    lines[1][key] = value
    assert_invalid_at(lines, 1, message)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"action": "play 3 0"}, "bad action"),
        ({"action": "exchange 2C 3C 4C 5C"}, "bad action"),
        ({"action": "x" * 30}, "'action' must be an action"),
        ({"player": "p3"}, "'player': Invalid enum value 'p3'"),
        ({"accepted": "yes"}, "'accepted': Expected `bool"),
    ],
)
def test_a_malformed_input(changes: dict[str, object], message: str) -> None:
    lines = lines_of(HAND)
    lines[3].update(changes)
    assert_invalid_at(lines, 3, message)


def test_times_may_be_left_out_but_never_go_backwards() -> None:
    lines = lines_of(GAME)
    for line in lines[5:40]:
        line.pop("t", None)
    assert check(lines).valid
    i = where(lines, "input", 60)
    lines[i]["t"] = 1
    assert_invalid_at(lines, i, "time goes backwards")


def test_a_line_after_the_end() -> None:
    lines = lines_of(GAME)
    lines.append({"type": "checkpoint", "hash": "0" * 32})
    assert_invalid_at(lines, len(lines) - 1, "a line after the end of the game")


def test_an_unknown_line_type_is_a_problem_unless_the_file_is_newer() -> None:
    lines = lines_of(HAND)
    lines.insert(3, {"type": "chat", "text": "gl hf"})
    assert_invalid_at(lines, 3, "unknown line type 'chat'")
    lines[0]["version"] = f"1.{FORMAT_VERSION[1] + 1}"  # a newer minor version
    assert check(lines).valid


def test_a_mismatch_in_a_file_from_another_engine_says_so() -> None:
    lines = lines_of(GAME)
    lines[0]["engine"] = "0.9"
    lines[where(lines, "checkpoint")]["hash"] = "0" * 32
    error = check(lines).error or ""
    assert f"recorded with Spades engine 0.9; this is Spades engine {ENGINE_VERSION}" in error


def test_a_header_alone_is_a_valid_game_of_no_hands() -> None:
    result = check(lines_of(HAND)[:1])
    assert (result.valid, result.finished, result.rounds, result.final_hash) == (
        True,
        False,
        0,
        None,
    )


def test_an_invalid_file_reports_how_far_it_got() -> None:
    lines = lines_of(GAME)
    i = where(lines, "hand", 3)
    lines[i + 5]["accepted"] = not lines[i + 5]["accepted"]
    result = check(lines)
    assert (result.rounds, result.line) == (4, i + 6)
    assert result.inputs == sum(1 for line in lines[: i + 6] if line.get("type") == "input")
