"""The story series: cards held by each player over the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.stats import StoryPoint, UnusableReplay, game_story

from .games import hand_game, play


def test_the_hand_checked_game(tmp_path: Path) -> None:
    story = game_story(hand_game(tmp_path))
    assert story.points == (
        StoryPoint(0, (1, 51)),  # as dealt
        StoryPoint(3000, (1, 50)),  # the spit
        StoryPoint(3200, (1, 49)),
        StoryPoint(3500, (1, 48)),
        StoryPoint(3900, (0, 52)),  # out; the other player gathers the pile
    )
    assert (story.round_starts, story.finished, story.winner) == ((0,), True, 0)
    assert story.duration_ms == 3900
    assert story.players[0].name == "Ann"


@pytest.mark.parametrize("seed", [4, 5])
def test_a_random_game(tmp_path: Path, seed: int) -> None:
    story = game_story(play(tmp_path, seed))
    first, last = story.points[0], story.points[-1]
    assert first == StoryPoint(0, (26, 26))
    assert story.finished and story.winner is not None
    assert last.t == story.duration_ms
    assert last.cards[story.winner] == 0 and last.cards[1 - story.winner] == 52
    times = [p.t for p in story.points]
    assert times == sorted(set(times))
    assert all(a.cards != b.cards for a, b in zip(story.points, story.points[1:], strict=False))
    assert all(sum(p.cards) <= 52 for p in story.points)
    assert story.round_starts[0] == 0 and len(story.round_starts) > 1
    assert list(story.round_starts) == sorted(story.round_starts)


def test_an_unfinished_game_runs_to_its_last_line(tmp_path: Path) -> None:
    story = game_story(play(tmp_path, 6, limit_ms=20_000))
    assert not story.finished and story.winner is None
    assert story.points[-1].t == story.duration_ms <= 20_000


def test_an_unusable_file_says_why(tmp_path: Path) -> None:
    path = hand_game(tmp_path)
    lines = path.read_text().splitlines()
    record = json.loads(lines[3])
    record["accepted"] = False  # the 3H on 4D was legal
    lines[3] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(UnusableReplay, match="invalid: line 4"):
        game_story(path)
    with pytest.raises(UnusableReplay, match="unreadable"):
        game_story(tmp_path / "missing.spit.jsonl")


def test_a_deal_due_before_its_line_that_does_not_fit_says_why(tmp_path: Path) -> None:
    path = play(tmp_path, 7)
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"round": 2' in line)
    deal = json.loads(lines[index])
    deal["t"] += 1  # due a millisecond before its line, and the hands swapped
    deal["p1"], deal["p2"] = deal["p2"], deal["p1"]
    lines[index] = json.dumps(deal)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(UnusableReplay, match=f"invalid: line {index + 1}: .*cannot be dealt"):
        game_story(path)
