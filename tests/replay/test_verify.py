"""Strict verification: every kind of inconsistency is found, at the right line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spit.core.replay.reading import UnreadableReplay
from spit.core.replay.verification import Verification
from spit.engine import ENGINE_VERSION
from spit.games.spit.replay import parse_replay, verify

GOLDEN = Path(__file__).parent / "golden"
Lines = list[dict[str, Any]]


def game(name: str = "standard_finished") -> Lines:
    text = (GOLDEN / f"{name}.spit.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.endswith("}")]


def encode(lines: Lines) -> bytes:
    return "".join(json.dumps(line) + "\n" for line in lines).encode()


def check(lines: Lines) -> Verification:
    return verify(parse_replay(encode(lines)))


def where(lines: Lines, kind: str, nth: int = 0) -> int:
    """Index of the ``nth`` line of type ``kind`` (its line number is index + 1)."""
    return [i for i, line in enumerate(lines) if line.get("type") == kind][nth]


def assert_invalid_at(lines: Lines, index: int, *words: str) -> Verification:
    result = check(lines)
    assert not result.valid
    assert result.line == index + 1, result.error
    assert result.error is not None
    for word in words:
        assert word in result.error
    assert (result.finished, result.winner, result.final_hash) == (False, None, None)
    return result


def test_the_untouched_file_is_valid() -> None:
    assert check(game()).valid


def test_an_input_recorded_as_accepted_but_illegal_is_caught() -> None:
    lines = game()
    i = next(i for i, x in enumerate(lines) if x.get("accepted") is False and "play" in x["action"])
    lines[i]["accepted"] = True
    assert_invalid_at(lines, i, "recorded as accepted", "not legal")


def test_an_input_recorded_as_refused_but_legal_is_caught() -> None:
    lines = game()
    i = next(i for i, x in enumerate(lines) if x.get("accepted") is True)
    lines[i]["accepted"] = False
    assert_invalid_at(lines, i, "recorded as refused", "legal")


def test_an_input_changed_to_another_action_shows_up_at_the_next_checkpoint() -> None:
    lines = game()
    i = [i for i, x in enumerate(lines) if x.get("accepted")][40]
    lines[i]["player"] = "p2" if lines[i]["player"] == "p1" else "p1"
    lines[i].pop("accepted")  # unchecked: the state hash must catch the change
    later = next(j for j in range(i, len(lines)) if lines[j]["type"] in ("checkpoint", "end"))
    result = check(lines)
    assert not result.valid and result.line is not None and i < result.line <= later + 1


def test_a_wrong_checkpoint_hash_is_caught() -> None:
    lines = game()
    i = where(lines, "checkpoint", 1)
    lines[i]["hash"] = "0" * 32
    assert_invalid_at(lines, i, "state hash")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("winner", "p1", ("winner", "p2")),
        ("rounds", 4, ("rounds",)),
        ("scores", [1, 0], ("scores",)),
        ("hash", "f" * 32, ("state hash",)),
        ("t", 10**9, ("time",)),
    ],
)
def test_a_wrong_closing_line_is_caught(field: str, value: Any, words: tuple[str, ...]) -> None:
    lines = game()
    lines[-1][field] = value
    assert_invalid_at(lines, len(lines) - 1, *words)


def test_a_closing_line_before_the_game_is_over_is_caught() -> None:
    lines = game()
    end = lines.pop()
    cut = where(lines, "deal", 1)
    end["t"] = lines[cut - 1]["t"]
    lines = [*lines[:cut], end]
    assert_invalid_at(lines, cut, "recorded as over", "but it is not")


def test_a_deal_at_the_wrong_time_is_caught() -> None:
    lines = game()
    i = where(lines, "deal", 1)
    lines[i]["t"] += 1
    assert_invalid_at(lines, i, "round 2 was due at")
    lines[i]["t"] -= 2
    assert_invalid_at(lines, i, "round 2 is not due")


def test_a_missing_deal_is_caught_where_it_was_due() -> None:
    lines = game()
    i = where(lines, "deal", 2)
    due = lines[i]["t"]
    del lines[i]
    result = check(lines)
    assert not result.valid and result.line is not None
    assert lines[result.line - 1]["t"] >= due
    assert "round 3 was due" in (result.error or "")


def test_a_deal_written_after_a_later_input_is_caught() -> None:
    lines = game()
    i = where(lines, "deal", 1)
    j = next(j for j in range(i + 1, len(lines)) if lines[j]["type"] == "input")
    deal = lines.pop(i)
    lines.insert(j, deal)  # now after that input
    lines[j]["t"] = lines[j - 1]["t"]  # keep time in order
    assert_invalid_at(lines, i, "its deal comes later")


def test_a_deal_that_does_not_hold_the_gathered_cards_is_caught() -> None:
    lines = game()
    i = where(lines, "deal", 1)
    p1, p2 = lines[i]["p1"].split(), lines[i]["p2"].split()
    p1[0], p2[0] = p2[0], p1[0]  # still the whole deck, but not what each gathered
    lines[i]["p1"], lines[i]["p2"] = " ".join(p1), " ".join(p2)
    assert_invalid_at(lines, i, "round 2 cannot be dealt")


def test_an_input_after_the_end_of_the_game_is_caught() -> None:
    lines = game()
    end = lines.pop()
    lines.append({"type": "input", "t": end["t"] + 5, "player": "p1", "action": "slap 0"})
    assert_invalid_at(lines, len(lines) - 1, "after the end of the game")


def test_a_line_after_the_closing_line_is_caught() -> None:
    lines = game()
    lines.append({"type": "checkpoint", "t": lines[-1]["t"], "hash": lines[-1]["hash"]})
    assert_invalid_at(lines, len(lines) - 1, "after the end")


def test_time_going_backwards_is_caught() -> None:
    lines = game()
    i = where(lines, "input", 10)
    lines[i]["t"] = lines[i - 1]["t"] - 1
    assert_invalid_at(lines, i, "backwards")


def test_the_first_problem_wins_whether_malformed_or_inconsistent() -> None:
    lines = game()
    late, early = where(lines, "input", 30), where(lines, "checkpoint", 0)
    lines[late]["player"] = "p3"
    lines[early]["hash"] = "0" * 32
    assert check(lines).line == min(late, early) + 1


def test_a_malformed_line_is_reported_even_if_the_rest_re_simulates() -> None:
    lines = game()
    i = where(lines, "input", 20)
    lines[i]["action"] = "jump"
    assert_invalid_at(lines, i, "bad action")


@pytest.mark.parametrize("keep", [1, 2, 3, 25, 80])
def test_a_file_cut_after_any_complete_line_is_valid_and_unfinished(keep: int) -> None:
    result = check(game()[:keep])
    assert (result.valid, result.finished, result.winner) == (True, False, None)
    assert result.final_hash is not None or keep == 1


def test_a_header_alone_is_an_empty_unfinished_game() -> None:
    result = check(game()[:1])
    assert result.to_json() == {
        "valid": True,
        "finished": False,
        "rounds": 0,
        "winner": None,
        "inputs": 0,
        "duration_ms": 0,
        "final_hash": None,
        "seal": "unsealed",
    }


@pytest.mark.parametrize("cut", [1, 10, 33])
def test_a_cut_last_line_is_the_interruption_not_an_error(cut: int) -> None:
    data = encode(game()[:60])
    last_start = data.rstrip(b"\n").rfind(b"\n") + 1
    replay = parse_replay(data[: last_start + cut])
    assert replay.truncated and replay.problems == ()
    assert len(replay.records) == 58
    result = verify(replay)
    assert (result.valid, result.finished) == (True, False)


def test_a_game_cut_just_before_its_closing_line_still_shows_how_it_ended() -> None:
    data = encode(game())
    result = verify(parse_replay(data[: data.rstrip(b"\n").rfind(b"\n") + 5]))
    assert (result.valid, result.finished, result.winner) == (True, True, 1)


def test_a_cut_inside_a_multibyte_character_is_the_interruption_too() -> None:
    lines = game()
    lines[-1]["note"] = "fini ✓"
    data = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()
    replay = parse_replay(data[: data.rindex("✓".encode()) + 1])
    assert replay.truncated and verify(replay).valid


def test_a_newer_minor_version_is_read_and_its_unknown_lines_skipped() -> None:
    lines = game()
    lines[0]["version"] = "1.7"
    lines[0]["new_field"] = {"anything": [1, 2]}
    lines.insert(3, {"type": "chat", "t": 0, "text": "gl hf"})
    assert check(lines).valid


def test_an_unknown_line_type_in_this_version_is_a_problem() -> None:
    lines = game()
    lines.insert(3, {"type": "chat", "t": 0, "text": "gl hf"})
    assert_invalid_at(lines, 3, "unknown line type")


def test_an_unknown_major_version_is_refused_naming_its_writer() -> None:
    lines = game()
    lines[0]["version"] = "2.0"
    lines[0]["writer"] = "spit-tui 9.1.0"
    with pytest.raises(UnreadableReplay, match=r"format 2\.0 by spit-tui 9\.1\.0.*1\.x"):
        parse_replay(encode(lines))


def test_a_mismatch_in_a_file_from_another_engine_version_says_so() -> None:
    lines = game()
    lines[0]["engine"] = "0.9"
    lines[where(lines, "checkpoint")]["hash"] = "0" * 32
    error = check(lines).error or ""
    assert f"recorded with engine 0.9; this is engine {ENGINE_VERSION}" in error


def test_inputs_without_an_accepted_flag_are_not_checked() -> None:
    lines = game()
    for line in lines:
        line.pop("accepted", None)
    assert check(lines).valid
