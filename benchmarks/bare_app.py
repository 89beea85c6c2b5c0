"""The yardstick for the TUI benchmarks: a bare Textual app that only updates one label
on a key press. Whatever it costs is Textual's and the terminal's share; spit-tui is
measured against it in the same run.

    python benchmarks/bare_app.py
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.events import Key
from textual.widgets import Label


class BareApp(App[None]):
    """Shows "presses: N"; any key but escape counts, escape quits."""

    def compose(self) -> ComposeResult:
        yield Label("presses: 0", id="count")

    def on_mount(self) -> None:
        self.presses = 0
        self.count = self.query_one("#count", Label)

    def on_key(self, event: Key) -> None:
        if event.key == "escape":
            self.exit()
            return
        self.presses += 1
        self.count.update(f"presses: {self.presses}")


if __name__ == "__main__":
    BareApp().run()
