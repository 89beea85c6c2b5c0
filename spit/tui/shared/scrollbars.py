"""Scroll bars for the ASCII card style.

Textual draws the ends of a scroll bar's thumb with eighth-block characters, which no
CSS can change; its documented way to draw them otherwise is a renderer class set on
``ScrollBar.renderer``, which is process-wide. The app sets it from its card style
(``use_card_style``) and puts Textual's back when it ends, so a test's app never
inherits another's.
"""

from __future__ import annotations

from typing import ClassVar

from textual.scrollbar import ScrollBar, ScrollBarRender


class AsciiScrollBarRender(ScrollBarRender):
    """The thumb in whole cells only: blank cells in the thumb's colour."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def use_card_style(ascii_only: bool) -> None:
    """Draw every scroll bar from now on for the ASCII card style, or Textual's way."""
    ScrollBar.renderer = AsciiScrollBarRender if ascii_only else ScrollBarRender
