"""``spit-tui replay NAME``: a saved game found by the name the browser gave it.

The rename dialog says ".spit.jsonl is added", so the name typed there is what a player
gives: the replays folder of the settings is searched for the name exactly, then
with each game's suffix. A name that matches nothing is a one-line message naming
the games that come close (exit 2).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from spit.cli import main
from spit.settings.file import SettingsWriter
from spit.settings.model import Settings, settings_path
from tests.replay.goldens import GOLDEN

SPIT = GOLDEN / "standard_finished.spit.jsonl"
SPADES = GOLDEN / "spades_finished.spades.jsonl"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The replays folder of the settings, holding three games; the current folder is
    elsewhere (and empty)."""
    games = tmp_path / "my games"
    games.mkdir()
    shutil.copy(SPIT, games / "first full game.spit.jsonl")
    shutil.copy(SPIT, games / "second game.spit.jsonl")
    shutil.copy(SPADES, games / "first full game.spades.jsonl")
    shutil.copy(SPADES, games / "spades night.spades.jsonl")
    SettingsWriter(settings_path()).write(Settings(), Settings(replay_dir=games))
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    return games


def check(capsys: pytest.CaptureFixture[str], name: str) -> tuple[int, str, str]:
    code = main(["replay", name, "--check"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("first full game", "first full game.spit.jsonl"),
        ("first full game.spit.jsonl", "first full game.spit.jsonl"),
        ("first full game.spades.jsonl", "first full game.spades.jsonl"),
        ("second game", "second game.spit.jsonl"),
        ("spades night", "spades night.spades.jsonl"),
    ],
)
def test_a_saved_game_is_found_by_its_name(
    name: str, found: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = check(capsys, name)
    assert (code, err) == (0, "")
    assert out.startswith(f"{found}: consistent, finished")


def test_a_file_in_the_current_folder_comes_first(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(SPADES, Path("second game"))
    code, out, _ = check(capsys, "second game")
    assert code == 0 and out.startswith("second game: consistent")


@pytest.mark.parametrize(
    ("name", "near"),
    [
        ("first ful game", "did you mean 'first full game'?"),
        ("Second", "did you mean 'second game'?"),
        ("spades", "did you mean 'spades night'?"),
        ("zzzz", "spit-tui replays lists them"),
    ],
)
def test_a_name_that_matches_nothing_names_the_near_ones(
    name: str, near: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = check(capsys, name)
    assert (code, out) == (2, "")
    assert err.startswith(f"spit-tui replay: no file or saved game named '{name}'")
    assert str(folder) in err and near in err and err.count("\n") == 1


def test_the_viewer_opens_a_game_by_its_name_too(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from spit.tui.spit.viewer import SpitViewerScreen
    from tests.tui.start_screens import catch_start_screens

    opened = catch_start_screens(monkeypatch, SpitViewerScreen)
    assert main(["replay", "first full game"]) == 0
    assert [s.path for s in opened] == [folder / "first full game.spit.jsonl"]
    assert main(["replay", "no such game"]) == 2
    assert "no file or saved game named 'no such game'" in capsys.readouterr().err
