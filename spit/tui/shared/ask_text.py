"""A one-line question (a new name, where to write a copy), checked before it closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static

from spit.core.safe_text import safe_lines, safe_text
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.screen_base import ShellModal


class AskText(ShellModal[str | None]):
    """Asks ``question``, starting from ``value``; the result is the text typed, or
    ``None`` if the player backed out. ``problem`` says why a text will not do: the
    dialog then shows why and stays open, so the player can fix what they typed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="ask.cancel"),
    ]

    def __init__(
        self,
        question: str,
        value: str,
        *,
        hint: str = "",
        problem: Callable[[str], str | None] | None = None,
        select_all: bool = True,
        secret: bool = False,
    ) -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.hint = hint
        self.problem = problem
        self.select_all = select_all
        self.secret = secret
        """Typed as dots (a password)."""

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(safe_text(self.question), classes="dialog-title", markup=False)
            yield Input(
                self.value, select_on_focus=self.select_all, password=self.secret, id="ask-input"
            )
            yield Static(id="ask-problem", markup=False)
            hints = [self.hint] if self.hint else []
            yield Separated([*hints, "enter: OK", "escape: cancel"], classes="dialog-hint")

    def on_mount(self) -> None:
        self._show_problem("")
        field = self.query_one(Input)
        if not self.select_all:
            field.cursor_position = len(field.value)

    @on(Input.Submitted, "#ask-input")
    def _submitted(self, event: Input.Submitted) -> None:
        problem = self.problem(event.value) if self.problem else None
        if problem is None:
            self.dismiss(event.value)
        else:
            self._show_problem(problem)

    @on(Input.Changed, "#ask-input")
    def _changed(self) -> None:
        self._show_problem("")

    def _show_problem(self, text: str) -> None:
        shown = self.query_one("#ask-problem", Static)
        shown.update(safe_lines(text))
        shown.display = bool(text)
