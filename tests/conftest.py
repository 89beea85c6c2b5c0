"""Every test runs with its own SPIT_TUI_HOME, so nothing ever reads or writes the real
user's settings, saved games or statistics."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def spit_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_TUI_HOME", str(home))
    return home
