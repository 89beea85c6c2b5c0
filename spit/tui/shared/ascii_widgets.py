"""Textual's drop-down and check box, and a line of hints, whose glyphs follow the card style.

``Select`` draws its arrows and ``Checkbox`` its button with characters outside ASCII
(``▼``, ``▐X▌``) that no CSS can change; in the ASCII style these draw ``v`` and
``[X]`` / ``[ ]`` instead (an empty box where Textual dims the ``X``: a terminal with
few colours shows no dimming). In the Unicode style they are Textual's own, glyph for
glyph. They follow the app's ``-ascii`` class, and its ``card_style_signal`` when the
style is changed while they are shown (on the Settings screen itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import widgets
from textual.content import Content
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._select import SelectType

from spit.tui.shared.cards import CardPainter
from spit.tui.shared.styles import ASCII_CLASS


class _FollowsCardStyle(Widget):
    """``ascii_only`` is the app's card style, from mounting on. A last base, as Textual
    takes CSS and component classes from the first (and calls each
    class's mount handler, so subclasses need not call this one)."""

    ascii_only: var[bool] = var(False, init=False)

    def on_mount(self) -> None:
        self.ascii_only = self.app.has_class(ASCII_CLASS)
        signal = getattr(self.app, "card_style_signal", None)  # ``Services``'
        if signal is not None:  # on the app of a test, perhaps not spit-tui's
            signal.subscribe(self, self._follow)

    def _follow(self, ascii_only: bool) -> None:
        self.ascii_only = ascii_only


class Select(widgets.Select[SelectType], _FollowsCardStyle):
    """A drop-down whose arrows are ``v`` and ``^`` in the ASCII style."""

    ARROWS: ClassVar = {"down-arrow": ("v", "▼"), "up-arrow": ("^", "▲")}
    """Each arrow's class, in the ASCII style and Textual's (``SelectCurrent.compose``)."""

    def _watch_ascii_only(self, ascii_only: bool) -> None:
        for name, (ascii_glyph, unicode_glyph) in self.ARROWS.items():
            self.query_one(f".{name}", Static).update(ascii_glyph if ascii_only else unicode_glyph)


class Checkbox(widgets.Checkbox, _FollowsCardStyle):
    """A check box drawn ``[X]`` (ticked) or ``[ ]`` in the ASCII style."""

    def _watch_ascii_only(self) -> None:
        self.refresh(layout=True)

    @property
    def _button(self) -> Content:
        if not self.ascii_only:
            return super()._button
        bracket = self.get_visual_style("toggle--label")
        inner = self.get_visual_style("toggle--button")
        return Content.assemble(("[", bracket), ("X" if self.value else " ", inner), ("]", bracket))


class Separated(Static, _FollowsCardStyle):
    """A line of parts, such as key hints, between the card style's dots (``CardPainter.dot``)."""

    def __init__(self, parts: Sequence[str], **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)
        self.parts = tuple(parts)
        self._watch_ascii_only(False)

    def _watch_ascii_only(self, ascii_only: bool) -> None:
        self.update(CardPainter.for_ascii(ascii_only).dot.join(self.parts))

    def show_parts(self, parts: Sequence[str]) -> None:
        """Other parts, between the same dots."""
        self.parts = tuple(parts)
        self._watch_ascii_only(self.ascii_only)
