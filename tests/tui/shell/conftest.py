"""Shell tests: where the app keeps its settings under the test's own home
(``spit_home``, from ``tests/conftest.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def settings_file(spit_home: Path) -> Path:
    """Where the app reads and writes its settings under the test's home."""
    from spit.settings.model import settings_path

    return settings_path()
