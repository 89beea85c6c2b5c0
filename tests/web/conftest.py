"""The browser tests' fixtures: Chromium, the ``spit-tui web`` server, and the folder
the screenshots are kept in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.browser import Browser, WebServer, browser, web_server


@pytest.fixture
def chromium() -> Iterator[Browser]:
    with browser() as chrome:
        yield chrome


@pytest.fixture
def web(spit_home: Path) -> Iterator[WebServer]:
    with web_server(spit_home) as server:
        yield server


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test's screenshots go: the test's pytest tmp folder, kept by pytest for
    the last three runs (``/tmp/pytest-of-USER/pytest-current/<test>0/screenshots``)."""
    return tmp_path / "screenshots"
