"""A dialog listing a screen's keys (``?``), closed by any key: the network screens',
the level pickers' and the network menu's."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from spit.tui.shared.screen_base import ShellModal


class KeysHelp(ShellModal[None]):
    """``title``, then each ``(key, what it does)`` on its line, then ``note`` (what
    the screen shows, if it needs saying). Any key closes it, so nobody has to know
    which."""

    def __init__(
        self, title: str, keys: Sequence[tuple[str, str]], note: str | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.keys = tuple(keys)
        self.note = note

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            width = max(len(key) for key, _ in self.keys) + 2
            lines = "\n".join(f"{key:<{width}}{what}" for key, what in self.keys)
            yield Static(Text(lines), id="keys-help")
            if self.note is not None:
                yield Static(self.note, id="keys-note", markup=False)
            yield Static("Press any key to go back", classes="dialog-hint")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)
