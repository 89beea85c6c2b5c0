"""A closing line that says "draw" (format 1.5: ``"winner": null``): written and read
back by every game's records, checked against the game like any other winner, and
listed as a draw; the files of every older version read as before (``test_golden``)."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest

from spit.commands.replay import report
from spit.core.replay.fields import FORMAT_VERSION, FormatError
from spit.games.replays import load_any_replay, verify_any
from spit.games.spades.replay import FORMAT as SPADES
from spit.games.spit.replay import FORMAT as SPIT
from spit.games.spit.replay import read_end
from spit.replay.format import Lines
from spit.replay.records import End
from spit.saved_games import summarize

from .goldens import GOLDEN

HASH = "0123456789abcdef0123456789abcdef"


def test_the_format_version_is_1_5() -> None:
    assert FORMAT_VERSION == (1, 5)


@pytest.mark.parametrize(
    ("record", "lines"),
    [
        (End(1000, None, 3, (0, 0), HASH), SPIT.lines),
        (End(None, None, 4, (250, 250), HASH), SPADES.lines),
    ],
    ids=["spit", "spades"],
)
def test_a_drawn_end_is_written_as_null_and_read_back(record: End, lines: Lines[Any, Any]) -> None:
    line = lines.json(record)
    assert line["winner"] is None and json.dumps(line).count('"winner": null') == 1
    back = lines.read(json.loads(json.dumps(line)))
    assert back == record and isinstance(back, End) and back.winner is None


def test_a_won_end_is_written_as_before() -> None:
    assert json.loads(json.dumps(SPIT.lines.json(End(1000, 1, 3, (0, 0), HASH)))) == {
        "type": "end",
        "t": 1000,
        "winner": "p2",
        "rounds": 3,
        "scores": [0, 0],
        "hash": HASH,
    }


@pytest.mark.parametrize("winner", ["nobody", 0, "", False])
def test_a_winner_that_is_no_seat_and_not_null_is_refused(winner: object) -> None:
    line = {**SPIT.lines.json(End(1000, 0, 3, (0, 0), HASH)), "winner": winner}
    with pytest.raises(FormatError, match="'winner'"):
        read_end(line)


def test_a_missing_winner_is_still_refused() -> None:
    line = SPIT.lines.json(End(1000, 0, 3, (0, 0), HASH))
    del line["winner"]
    with pytest.raises(FormatError, match="'winner'"):
        read_end(line)


def drawn_copy(name: str, directory: Path) -> Path:
    """The golden file ``name`` with its closing line claiming a draw."""
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines(keepends=True)
    end = json.loads(lines[-1])
    assert end["type"] == "end"
    lines[-1] = json.dumps({**end, "winner": None}) + "\n"
    path = directory / f"drawn.{name.split('.', 1)[1]}"
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "winner"),
    [("standard_finished.spit.jsonl", "p2"), ("spades_finished.spades.jsonl", "p1")],
)
def test_a_draw_claimed_where_the_game_was_won_fails_verification(
    tmp_path: Path, name: str, winner: str
) -> None:
    """Neither game can draw: a file claiming one reads, and does not verify."""
    replay = load_any_replay(drawn_copy(name, tmp_path))
    assert replay.problems == ()
    result = verify_any(replay)
    assert not result.valid
    assert result.error is not None
    assert f"the winner at the end is {winner}, not nobody (a draw) as recorded" in result.error


def test_the_replays_list_says_draw_for_a_drawn_game(tmp_path: Path) -> None:
    path = drawn_copy("standard_finished.spit.jsonl", tmp_path)
    game = summarize(path, os.stat(path))
    assert (game.result, game.finished) == ("Draw", True)
    won = summarize(GOLDEN / "standard_finished.spit.jsonl", os.stat(path))
    assert won.finished and won.result != "Draw"
    unfinished = GOLDEN / "unfinished.spit.jsonl"
    left = summarize(unfinished, os.stat(unfinished))
    assert (left.result, left.finished) == ("unfinished", False)


def test_replay_check_names_a_draw_as_such() -> None:
    """A game that ended drawn (none of ours can yet, so its verification is made up)
    reads "nobody (a draw)" in the report, with ``winner`` null and ``finished`` true
    in the JSON."""
    path = GOLDEN / "standard_finished.spit.jsonl"
    replay = load_any_replay(path)
    drawn = dataclasses.replace(verify_any(replay), winner=None)
    assert drawn.finished and drawn.valid
    assert "  winner    nobody (a draw)" in report(path, replay, drawn).splitlines()
    assert (drawn.to_json()["winner"], drawn.to_json()["finished"]) == (None, True)
