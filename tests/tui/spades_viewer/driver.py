"""The Spades viewer on its own, as ``spit-tui replay FILE`` shows it for a Spades
file: the Spit viewer's test app (``tests.tui.viewer.driver``) opening the Spades
viewer instead, on a FakeClock that moves only when told to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from spit.games.spades.timeline import Timeline
from spit.tui.spades.viewer import SpadesViewerScreen
from tests.replay.goldens import GOLDEN, broken_copy
from tests.tui.viewer.driver import ViewerApp

FINISHED = GOLDEN / "spades_finished.spades.jsonl"
"""North (hard) against South (easy): 8 hands, 449 inputs, North wins 523 to 377.
North bids blind nil in hand 1 and tries one illegal card in hand 2 (input 63)."""
UNFINISHED = GOLDEN / "spades_unfinished.spades.jsonl"
"""90 inputs into hand 2, then a line cut short."""
HAND_WRITTEN = GOLDEN / "spades_hand_written.spades.jsonl"
"""5 inputs into the draw, without names or times; the third is refused."""


class SpadesViewerApp(ViewerApp):
    SCREEN = SpadesViewerScreen  # type: ignore[assignment]
    viewer: SpadesViewerScreen  # type: ignore[assignment]


def parts(pilot: Pilot[Any]) -> tuple[SpadesViewerApp, SpadesViewerScreen, Timeline]:
    """The app, its viewer and the replay it shows."""
    app = pilot.app
    assert isinstance(app, SpadesViewerApp) and app.viewer.timeline is not None
    return app, app.viewer, app.viewer.timeline


def broken(directory: Path) -> Path:
    """The finished golden game with its refused input claimed as accepted."""
    return broken_copy(FINISHED.name, directory)


def text(viewer: SpadesViewerScreen) -> str:
    """What the board shows, as plain text."""
    return viewer.board.text()
