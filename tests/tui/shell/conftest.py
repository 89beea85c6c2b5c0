"""Every shell test runs with its own SPIT_TUI_HOME, so nothing touches the real home.

Pilot tests are ``async def``; without an async plugin installed, the hook below runs
each one in a fresh event loop.
"""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**arguments))
    return True


@pytest.fixture(autouse=True)
def spit_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_TUI_HOME", str(home))
    return home


@pytest.fixture
def settings_file(spit_home: Path) -> Path:
    """Where the app reads and writes its settings under the test's home."""
    from spit.tui.settings import settings_path

    return settings_path()
