"""Where spit-tui keeps its files: the platform's usual places, or one test home.

The directories follow each platform's convention (via ``platformdirs``, app name
``spit-tui``). Setting ``SPIT_TUI_HOME`` puts everything under that one directory
instead (``$SPIT_TUI_HOME/data``, ``$SPIT_TUI_HOME/config``), so tests and portable
installs never touch the user's real files. Nothing here creates a directory: the
code that writes a file creates its directory when it first needs it.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "spit-tui"
HOME_ENV = "SPIT_TUI_HOME"


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def data_dir() -> Path:
    """Saved games and other files the user would not edit by hand."""
    home = _home()
    if home is not None:
        return home / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Settings."""
    home = _home()
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def replays_dir() -> Path:
    """The default place for saved games (one ``.spit.jsonl`` file per game)."""
    return data_dir() / "replays"
