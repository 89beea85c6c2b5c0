"""``spit-tui play``: its options become the game's config."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spit.cli import main
from spit.engine import Variant
from spit.tui.app import SpitApp
from spit.tui.spit.game_config import GameConfig


def _config(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> GameConfig:
    started: list[GameConfig] = []

    def run(self: SpitApp, *args: Any, **kwargs: Any) -> None:
        assert self.start_game is not None
        started.append(self.start_game)

    monkeypatch.setattr(SpitApp, "run", run)
    assert main(["play", *argv]) == 0
    return started[0]


def test_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    argv = ["--bot", "hard", "--variant", "points", "--seed", "5", "--replay-dir", str(tmp_path)]
    config = _config(monkeypatch, argv)
    assert config.bot_level == "hard"
    assert config.variant is Variant.POINTS
    assert config.seed == 5
    assert config.replay_dir == tmp_path
    assert config.record


def test_defaults_come_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    config = _config(monkeypatch, ["--no-record"])
    assert config == GameConfig(record=False)


def test_an_unknown_bot_level_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bot", "grandmaster"]) == 2
    assert "unknown bot level 'grandmaster'" in capsys.readouterr().err


def test_two_players_can_give_their_names(monkeypatch: pytest.MonkeyPatch) -> None:
    config = _config(monkeypatch, ["--names", " Ann , Bob", "--no-record"])
    assert config.names == ("Ann", "Bob") and config.bot_level is None


@pytest.mark.parametrize(
    ("names", "says"),
    [
        ("Ann", "two names"),
        ("Ann,Bob,Cy", "two names"),
        ("Ann,", "1 to 16 printable"),
        ("Ann,\x1b[2J", "1 to 16 printable"),
        ("Ann," + "x" * 17, "1 to 16 printable"),
        ("Ann,ann", "different names"),
    ],
)
def test_bad_names_exit_2(names: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["play", "--names", names])
    error = capsys.readouterr().err
    assert ended.value.code == 2 and says in error and "\x1b" not in error


def test_names_are_for_two_players_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bot", "easy", "--names", "Ann,Bob"]) == 2
    assert "two players on one keyboard" in capsys.readouterr().err
