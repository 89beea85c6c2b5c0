from __future__ import annotations

from pathlib import Path

import pytest

from spit.paths import HOME_ENV


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data directory: nothing touches the user's files."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"
