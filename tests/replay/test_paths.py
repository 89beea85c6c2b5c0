"""Where files go: the platform's directories, or everything under SPIT_TUI_HOME."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from spit import paths


def test_spit_tui_home_holds_data_and_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPIT_TUI_HOME", str(tmp_path))
    assert paths.data_dir() == tmp_path / "data"
    assert paths.config_dir() == tmp_path / "config"
    assert paths.replays_dir() == tmp_path / "data" / "replays"
    assert not (tmp_path / "data").exists()  # nothing is created just by asking


def test_without_it_the_platform_directories_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPIT_TUI_HOME", raising=False)
    assert paths.data_dir() == Path(platformdirs.user_data_dir("spit-tui", appauthor=False))
    assert paths.config_dir() == Path(platformdirs.user_config_dir("spit-tui", appauthor=False))
    assert paths.replays_dir().parent == paths.data_dir()


def test_an_empty_spit_tui_home_counts_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIT_TUI_HOME", "")
    assert "spit-tui" in str(paths.data_dir())
