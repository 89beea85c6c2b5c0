"""Every browser and statistics test has its own home: ``HOME`` (where exports go by
default, and what the screens write as ``~``) and ``SPIT_TUI_HOME`` under it.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "player"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("SPIT_TUI_HOME", str(home / ".spit-tui"))
    return home


@pytest.fixture
def replays(home: Path) -> Path:
    """The replays folder of the test's home (not made yet)."""
    from spit.paths import replays_dir

    return replays_dir()


@pytest.fixture(scope="session")
def library_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from .library import make_library

    directory = tmp_path_factory.mktemp("library")
    make_library(directory)
    return directory


@pytest.fixture
def library(library_source: Path, replays: Path) -> list[Path]:
    """The games of ``library.py`` in the test's replays folder, newest first."""
    from .library import copy_library

    return copy_library(library_source, replays)
