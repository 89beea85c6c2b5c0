"""A yes/no question before doing something that cannot be undone."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from spit.core.safe_text import safe_text
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.screen_base import ShellModal


class Confirm(ShellModal[bool]):
    """Asks ``question``; the result is True for yes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "dismiss(True)", "Yes", id="confirm.yes"),
        Binding("n,escape,q", "dismiss(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(safe_text(self.question), classes="dialog-title", markup=False)
            yield Separated(["y: yes", "n, q or escape: no"], classes="dialog-hint")
