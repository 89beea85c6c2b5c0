"""The head-to-head line under a two-player game's result: "Ann leads Bob 3-2".

A widget of its own, so that the result overlay needs one line to show it: it works
out the line from the statistics in a thread (the game is recorded first, if the game
screen's own recording has not got there yet) and stays hidden for any other game, or
when the statistics cannot be had. Names come from the replay: shown as text.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from spit.core.safe_text import safe_text


class HeadToHead(Static):
    DEFAULT_CSS = """
    HeadToHead {
        display: none;
        text-style: bold;
    }
    """

    def __init__(self, replay: Path) -> None:
        super().__init__("", markup=False, id="head-to-head")
        self._replay = replay

    def on_mount(self) -> None:
        self.run_worker(self._find, name="head to head", thread=True, exit_on_error=False)

    def _find(self) -> None:
        from spit.stats import head_to_head_line

        line = head_to_head_line(self._replay)
        if line is not None:
            self.app.call_from_thread(self._show, safe_text(line))

    def _show(self, line: str) -> None:
        self.update(line)
        self.display = True
