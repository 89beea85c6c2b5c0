"""Every test runs with its own SPIT_TUI_HOME, so nothing ever reads or writes the real
user's settings, saved games or statistics; and with the program's games registered,
as its entry point registers them (``spit.composition``). ``extra_game`` registers one
more for a test.

Also how the suite is spread and chosen (``docs/testing.md``): ``-n auto`` starts two
workers a core, xdist's controller compiles the package and the tests once before they
start, every end-to-end test is a slow one too, the cycle collector runs less often in
a test process than in the program (``pytest_collection_finish``), compiled modules
are kept even where the environment says not to, and Pilot waits less after each key
(``_quicker_pilot``)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spit import composition
from spit.games.descriptor import GameDescriptor
from spit.tui.shared.front_ends import FrontEnds

composition.install()


def _quicker_pilot() -> None:
    """Textual's Pilot waits after each key until the app looks idle: it sleeps 20 ms,
    and again while the app used more than a twentieth of that in CPU. A screen draws
    at most 60 times a second (a 16.7 ms timer), and the 20 ms window is what lets a
    pending draw, and what runs after it (``call_after_refresh``), happen inside the
    wait. Tests press thousands of keys, so these sleeps were most of the suite's wall
    time. Here a screen may draw every 5 ms and the window is 10 ms: still twice the
    draw timer (Textual's own margin is 1.2 times), with the same idle share."""
    import textual._wait
    import textual.screen

    for module, name in ((textual._wait, "SLEEP_GRANULARITY"), (textual.screen, "UPDATE_PERIOD")):
        if not hasattr(module, name):  # a Textual release that waits differently
            raise RuntimeError(f"tests/conftest.py: {module.__name__}.{name} is gone")
    textual.screen.UPDATE_PERIOD = 0.005
    textual._wait.SLEEP_GRANULARITY = 0.010
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


_quicker_pilot()

if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
    # This machine's environment sets it, so every test process and every program a
    # test starts compiled the package and the tests from source again; compiled
    # modules go to ``__pycache__`` (ignored by git) as Python's default has them.
    sys.dont_write_bytecode = False


@pytest.fixture(autouse=True)
def spit_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "spit-home"
    monkeypatch.setenv("SPIT_TUI_HOME", str(home))
    return home


@pytest.fixture
def extra_game() -> Iterator[Callable[[GameDescriptor, FrontEnds], None]]:
    """Register one more game (after the program's), for this test only."""

    def add(game: GameDescriptor, screens: FrontEnds) -> None:
        composition.install(extra=((game, screens),))

    yield add
    composition.install()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers for each core this process may run on. Most tests wait
    more than they compute (Textual's Pilot waits for the app to go idle after each
    key, servers answer on loopback, tmux and Chromium draw), so a core has room for
    a second worker while the first waits."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)


def pytest_sessionstart(session: pytest.Session) -> None:
    """In xdist's controller, before it starts the workers (its own hook runs last):
    compile the package and the tests once for all of them (``tests/compile_once.py``)."""
    config = session.config
    workers = config.getoption("numprocesses", None)
    if hasattr(config, "workerinput") or not workers:
        return
    from tests.compile_once import compile_once

    root = config.rootpath
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    compile_once(config, [root / "spit", root / "tests"], min(workers, cores or 1))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the suite is collected, move everything alive (the modules, Textual, the
    collected tests) out of the cycle collector's sight (``gc.freeze``) and let it run
    less often: otherwise a test process spends about a fifth of a Pilot test's CPU
    walking that same heap again and again. Garbage is still collected, only later.
    The program's own settings are not changed (``tests/test_collector_settings.py``):
    only this process's."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


@pytest.hookimpl(tryfirst=True)  # before ``-m`` chooses by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """An end-to-end test (a real terminal or a real browser) is slow by nature: it is
    left out of the everyday ``pytest -m "not slow"`` with the other long ones."""
    for item in items:
        if item.get_closest_marker("e2e") is not None:
            item.add_marker(pytest.mark.slow)
