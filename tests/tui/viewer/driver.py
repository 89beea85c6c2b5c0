"""The viewer on its own, as ``spit-tui replay FILE`` shows it: the app started on it,
over Textual's empty default screen, in a fixed theme and the default settings, on a
FakeClock that moves only when told to."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import ClassVar

from spit.core.clock import FakeClock
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.spit.viewer import SpitViewerScreen
from tests.replay.goldens import GOLDEN, broken_copy

FINISHED = GOLDEN / "standard_finished.spit.jsonl"
"""3 rounds, 135 inputs (35 refused), 59.2 s; the second round has a slap."""
UNFINISHED = GOLDEN / "unfinished.spit.jsonl"
HAND_WRITTEN = GOLDEN / "hand_written.spit.jsonl"
"""5 inputs; player 1's 3♣ at 3300 ms is too slow, by 100 ms."""


class ViewerApp(SpitApp):
    CSS_PATH: ClassVar = [Path(inspect.getfile(SpitApp)).parent / n for n in SpitApp.CSS_PATH]
    """The app's own style sheets (a relative path would be looked for beside this file)."""
    TITLE = "ViewerApp"
    """The title the snapshots were taken with."""
    SCREEN: type[SpitViewerScreen] = SpitViewerScreen
    """The viewer it opens (the Spades viewer's tests change it)."""

    def __init__(self, path: Path, clock: FakeClock | None = None, **options: object) -> None:
        clock = clock or FakeClock()
        self.viewer = self.SCREEN(path, clock, **options)  # type: ignore[arg-type]
        super().__init__(Settings(theme="textual-dark"), clock=clock, start_screen=self.viewer)


def broken(directory: Path) -> Path:
    """The finished golden game with one refused input claimed as accepted."""
    return broken_copy(FINISHED.name, directory)
