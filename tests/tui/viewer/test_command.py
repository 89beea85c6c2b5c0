"""``spit-tui replay [FILE]`` without ``--check``: the viewer, or a one-line reason
and status 2 when there is nothing to open."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from spit.cli import main
from spit.paths import replays_dir
from spit.settings.file import SettingsWriter
from spit.settings.model import Settings, settings_path
from spit.tui.spit.viewer import SpitViewerScreen
from tests.tui.start_screens import catch_start_screens
from tests.tui.viewer.driver import FINISHED, UNFINISHED, broken


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[SpitViewerScreen]:
    """The viewer screens the command starts the app on (the app is not run)."""
    return catch_start_screens(monkeypatch, SpitViewerScreen)


def test_without_saved_games_it_says_so_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, out) == (2, "")
    assert err.startswith("spit-tui replay: there are no saved games in ")
    assert "spit-tui play" in err and "Traceback" not in err


def test_a_missing_or_unreadable_file_exits_2_before_the_app_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], opened: list[SpitViewerScreen]
) -> None:
    code, out, err = run(capsys, str(tmp_path / "missing.spit.jsonl"))
    assert (code, out) == (2, "")
    missing = tmp_path / "missing.spit.jsonl"
    assert err == f"spit-tui replay: {missing}: cannot read it: No such file or directory\n"
    not_a_replay = tmp_path / "notes.txt"
    not_a_replay.write_text("hello\n")
    code, _, err = run(capsys, str(not_a_replay))
    assert code == 2 and "line 1: not valid JSON" in err
    assert opened == []


def test_without_a_file_the_latest_saved_game_opens(
    capsys: pytest.CaptureFixture[str], opened: list[SpitViewerScreen]
) -> None:
    saved = replays_dir()
    saved.mkdir(parents=True)
    older, newer = saved / "b-older.spit.jsonl", saved / "a-newer.spit.jsonl"
    shutil.copy(FINISHED, older)
    shutil.copy(UNFINISHED, newer)
    spades = saved / "c.spades.jsonl"
    spades.write_text("{}\n")
    os.utime(older, (1_000_000, 1_000_000))
    os.utime(spades, (1_000_000, 1_000_000))
    assert run(capsys) == (0, "", "")
    assert [s.path for s in opened] == [newer]


def test_a_file_or_a_bare_saved_name_opens(
    capsys: pytest.CaptureFixture[str], opened: list[SpitViewerScreen]
) -> None:
    assert run(capsys, str(FINISHED))[0] == 0
    saved = replays_dir()
    saved.mkdir(parents=True)
    shutil.copy(FINISHED, saved / "game.spit.jsonl")
    assert run(capsys, "game.spit.jsonl")[0] == 0
    assert [s.path for s in opened] == [FINISHED, saved / "game.spit.jsonl"]
    assert all(s.problem is None for s in opened)


def test_an_inconsistent_file_opens_on_its_problem_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], opened: list[SpitViewerScreen]
) -> None:
    assert run(capsys, str(broken(tmp_path)))[0] == 1
    assert opened[0].problem is not None and opened[0].problem.line is not None


def test_the_latest_game_is_looked_for_where_the_settings_save_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], opened: list[SpitViewerScreen]
) -> None:
    SettingsWriter(settings_path()).write(Settings(), Settings(replay_dir=tmp_path / "games"))
    code, _, err = run(capsys)
    assert code == 2 and str(tmp_path / "games") in err
    (tmp_path / "games").mkdir()
    shutil.copy(FINISHED, tmp_path / "games" / "mine.spit.jsonl")
    assert run(capsys)[0] == 0
    assert [s.path for s in opened] == [tmp_path / "games" / "mine.spit.jsonl"]


def test_a_broken_link_among_the_saved_games_does_not_hide_them(
    capsys: pytest.CaptureFixture[str], opened: list[SpitViewerScreen]
) -> None:
    saved = replays_dir()
    saved.mkdir(parents=True)
    shutil.copy(FINISHED, saved / "game.spit.jsonl")
    (saved / "zz-gone.spit.jsonl").symlink_to(saved / "deleted.spit.jsonl")
    assert run(capsys) == (0, "", "")
    assert [s.path for s in opened] == [saved / "game.spit.jsonl"]
