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
