"""Summaries from the first and last lines only, and the file operations' refusals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from spit.saved_games import (
    TAIL_LIMIT,
    SavedGame,
    SavedGameError,
    export,
    export_target,
    game_time,
    rename,
    replay_files,
    summarize,
)

from .library import GOLDEN


def summary(path: Path) -> SavedGame:
    return summarize(path, path.stat())


def with_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(lines), encoding="utf-8")
    return path


def golden_lines(name: str) -> list[str]:
    return (GOLDEN / name).read_text(encoding="utf-8").splitlines(keepends=True)


def test_a_game_cut_off_mid_line_is_unfinished_at_its_last_whole_line(tmp_path: Path) -> None:
    lines = golden_lines("standard_finished.spit.jsonl")[:-1]
    path = with_lines(tmp_path / "cut.spit.jsonl", [*lines, '{"type": "inp'])
    game = summary(path)
    assert (game.result, game.finished, game.rounds) == ("unfinished", False, 3)
    assert game.length_ms == json.loads(lines[-1])["t"]


def test_a_damaged_closing_line_does_not_count_as_the_end(tmp_path: Path) -> None:
    lines = golden_lines("standard_finished.spit.jsonl")
    damaged = lines[-1].replace('"winner": "p2"', '"winner": "p9"')
    game = summary(with_lines(tmp_path / "bad-end.spit.jsonl", [*lines[:-1], damaged]))
    assert not game.finished
    assert game.rounds == 3


def test_only_the_tail_is_read_for_the_round(tmp_path: Path) -> None:
    lines = [line for line in golden_lines("unfinished.spit.jsonl") if line.endswith("\n")]
    inputs = [line for line in lines if '"type": "input"' in line]
    padding = inputs[-1] * (TAIL_LIMIT // len(inputs[-1]) + 1)  # one round, very long
    game = summary(with_lines(tmp_path / "long.spit.jsonl", [*lines, padding]))
    assert game.rounds is None
    assert game.rounds_text == "—"
    assert game.length_ms == json.loads(inputs[-1])["t"]


def test_a_header_alone_is_an_unfinished_game_of_no_length(tmp_path: Path) -> None:
    header = golden_lines("standard_finished.spit.jsonl")[0]
    game = summary(with_lines(tmp_path / "header.spit.jsonl", [header]))
    assert (game.result, game.length_text, game.rounds_text) == ("unfinished", "—", "—")
    assert game.date_text == "2026-01-02 15:04"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("", "the file is empty"),
        ('{"format": "spit-replay", "version": "9.0"}\n', "replay format 9.0"),
        ('{"format": "spit-replay", "version": "1.0", "game": "chess"}\n', "does not know"),
        ('{"format": "spit-replay", "version": "1.0", "target": -1}\n', "bad header"),
        ('{"x": "' + "y" * 20_000 + '"}\n', "longer than"),
    ],
)
def test_files_without_a_usable_header_say_why(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "bad.spit.jsonl"
    path.write_text(content, encoding="utf-8")
    game = summary(path)
    assert game.game is None
    assert game.result == "unreadable"
    assert game.problem is not None and problem in game.problem


def test_a_file_that_vanished_is_unreadable_not_an_error(tmp_path: Path) -> None:
    path = tmp_path / "gone.spit.jsonl"
    path.write_text("{}\n")
    info = path.stat()
    path.unlink()
    assert summarize(path, info).problem == "cannot read it: No such file or directory"


def test_modes_and_results_for_each_kind_of_game(library: list[Path]) -> None:
    games = [summary(path) for path in library]
    assert [g.mode for g in games] == [
        "Two players",
        "vs hard bot",
        "vs easy bot",
        "vs normal bot",
        "Spades",
        "Bots: test vs test",
        "Bots: test vs test",
    ]


def test_only_replay_files_are_listed(tmp_path: Path) -> None:
    for name in ("a.spit.jsonl", "b.spades.jsonl", "notes.txt", "c.jsonl"):
        (tmp_path / name).write_text("")
    (tmp_path / "folder.spit.jsonl").mkdir()
    assert sorted(p.name for p, _ in replay_files(tmp_path)) == ["a.spit.jsonl", "b.spades.jsonl"]
    assert replay_files(tmp_path / "missing") == []


def test_game_time() -> None:
    assert [game_time(ms) for ms in (0, 59_999, 60_000, 3_725_000)] == [
        "0:00",
        "0:59",
        "1:00",
        "1:02:05",
    ]


def test_rename_refuses_what_it_cannot_do(library: list[Path]) -> None:
    game = summary(library[0])
    with pytest.raises(SavedGameError, match="cannot hold :"):
        rename(game, "a:b")
    library[0].unlink()
    with pytest.raises(SavedGameError, match="Could not rename"):
        rename(game, "elsewhere")


def test_rename_to_the_same_name_changes_nothing(library: list[Path]) -> None:
    game = summary(library[0])
    assert rename(game, game.stem) == game
    assert library[0].exists()


def test_a_half_written_export_is_removed(
    library: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class FullDisk:
        def __init__(self, path: Path) -> None:
            self.file = open(path, "xb")  # noqa: SIM115

        def write(self, data: bytes) -> int:
            self.file.write(data[:10])
            raise OSError(28, "No space left on device")

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

    target = tmp_path / "copy.spit.jsonl"
    real_open = Path.open

    def open_(self: Path, mode: str = "r", **kwargs: object) -> object:
        return FullDisk(self) if mode == "xb" else real_open(self, mode, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", open_)
    with pytest.raises(SavedGameError, match="No space left on device"):
        export(summary(library[0]), str(target))
    assert not target.exists()


def test_an_export_place_that_cannot_be_looked_at_says_why(
    library: list[Path], tmp_path: Path
) -> None:
    game = summary(library[0])
    too_long = str(tmp_path / ("x" * 300))  # stat() fails: "File name too long"
    with pytest.raises(SavedGameError, match="File name too long"):
        export_target(game, too_long)
    with pytest.raises(SavedGameError, match="File name too long"):
        export(game, too_long)


def test_a_rename_in_a_folder_that_cannot_be_looked_at_says_why(
    library: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = summary(library[0])

    def refused(self: Path, *args: object, **kwargs: object) -> os.stat_result:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "stat", refused)
    monkeypatch.setattr(Path, "lstat", refused)
    with pytest.raises(SavedGameError, match=r"Cannot use new\.spit\.jsonl: Permission denied"):
        rename(game, "new")
