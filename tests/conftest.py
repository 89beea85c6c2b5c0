"""Every test runs with its own SPIT_TUI_HOME, so nothing ever reads or writes the real
user's settings, saved games or statistics; and with the program's games registered,
as its entry point registers them (``spit.composition``). ``extra_game`` registers one
more for a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spit import composition
from spit.games.descriptor import GameDescriptor
from spit.tui.shared.front_ends import FrontEnds

composition.install()


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
