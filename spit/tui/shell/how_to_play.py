"""How to play: the keys, drawn as a keyboard, the rules in short, and the practice
round (p) for learning by playing."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from spit.games.spit.rules_text import RULES_SUMMARY
from spit.tui.shared.navigation import StartPractice
from spit.tui.shared.screen_base import ShellScreen
from spit.tui.shell.keyboard import KeyboardMap


class HowToPlay(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back", id="help.back"),
        Binding("k", "show_tab('keys')", "Keys", id="help.keys"),
        Binding("r", "show_tab('rules')", "Rules", id="help.rules"),
        Binding("p", "practice", "Practice round", id="help.practice"),
    ]

    def compose_content(self) -> ComposeResult:
        settings = self.services.settings
        with TabbedContent(id="help-tabs"):
            with TabPane("Keys", id="keys"), VerticalScroll():
                yield KeyboardMap(
                    settings.keymap_preset,
                    settings.key_overrides,
                    ascii_only=settings.card_style == "ascii",
                )
            with TabPane("Rules", id="rules"), VerticalScroll():
                yield Markdown(RULES_SUMMARY, id="rules-text")
        yield Footer()

    def action_practice(self) -> None:
        """A short game with hints against a very slow bot (``spit.tui.spit.practice``)."""
        self.post_message(StartPractice())

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    @on(TabbedContent.TabActivated)
    def _focus_page(self, event: TabbedContent.TabActivated) -> None:
        """So that the arrow and page keys scroll the page just chosen."""
        event.pane.query_one(VerticalScroll).focus()
