"""The Spades table in one widget: the Spit board's painting, Spades' drawing.

``spit.tui.shared.board_widget.Board`` already turns a drawing's roles into theme styles and
repaints only the lines that changed; this board only swaps what is drawn. Spades is
turn-based, so the table changes only when someone acts, and nothing runs in between.

The board shows any immutable table value with the function that draws it: the play
screen's ``Table`` by default, the replay viewer's table with its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from spit.tui.shared.board_widget import Board
from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.draw import draw_table
from spit.tui.spades.view import Table

T = TypeVar("T")

Drawer = Callable[[T, int, int, CardPainter], Canvas]
"""Draws a table on a canvas of the given width and height."""


class TableBoard(Board, Generic[T]):
    """A board that draws tables of type ``T`` with ``drawer``."""

    def __init__(self, painter: CardPainter, drawer: Drawer[T], *, id: str | None = None) -> None:
        super().__init__(painter, id=id)
        self._drawer = drawer
        self._table: T | None = None

    @property
    def table(self) -> T | None:
        return self._table

    def show_table(self, table: T) -> None:
        """Draw ``table``; nothing happens when it is what is already shown."""
        if table != self._table:
            self._table = table
            self._redraw()

    def draw(self, width: int, height: int) -> Canvas | None:
        if self._table is None:
            return None
        return self._drawer(self._table, width, height, self.painter)


class SpadesBoard(TableBoard[Table]):
    """The play screen's table."""

    def __init__(self, painter: CardPainter, *, id: str | None = None) -> None:
        super().__init__(painter, draw_table, id=id)
