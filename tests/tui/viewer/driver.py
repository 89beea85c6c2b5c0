"""The viewer on its own, as ``spit-tui replay FILE`` shows it: over Textual's empty
default screen, in a fixed theme, on a FakeClock that moves only when told to."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from spit.match import FakeClock
from spit.tui.viewer import ReplayViewerScreen

GOLDEN = Path(__file__).parent.parent.parent / "replay" / "golden"
FINISHED = GOLDEN / "standard_finished.spit.jsonl"
"""3 rounds, 135 inputs (35 refused), 59.2 s; the second round has a slap."""
UNFINISHED = GOLDEN / "unfinished.spit.jsonl"
HAND_WRITTEN = GOLDEN / "hand_written.spit.jsonl"
"""5 inputs; player 1's 3♣ at 3300 ms is too slow, by 100 ms."""


class ViewerApp(App[None]):
    def __init__(self, path: Path, clock: FakeClock | None = None, **options: object) -> None:
        super().__init__()
        self.clock = clock or FakeClock()
        self.viewer = ReplayViewerScreen(path, self.clock, **options)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(self.viewer)


def broken(directory: Path) -> Path:
    """The finished golden game with one refused input claimed as accepted."""
    lines = FINISHED.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, line in enumerate(lines) if '"accepted": false' in line)
    lines[i] = lines[i].replace('"accepted": false', '"accepted": true')
    path = directory / "broken.spit.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path
