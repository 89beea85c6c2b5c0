"""The Spades table in one widget: the Spit board's painting, Spades' drawing.

``spit.tui.board.widget.Board`` already turns a drawing's roles into theme styles and
repaints only the lines that changed; this board only swaps what is drawn. Spades is
turn-based, so the table changes only when someone acts, and nothing runs in between.
"""

from __future__ import annotations

from spit.tui.board.canvas import Canvas
from spit.tui.board.widget import Board
from spit.tui.cards import CardPainter
from spit.tui.spades.draw import draw_table
from spit.tui.spades.view import SpadesTable


class SpadesBoard(Board):
    def __init__(self, painter: CardPainter, *, id: str | None = None) -> None:
        super().__init__(painter, id=id)
        self._table: SpadesTable | None = None

    @property
    def table(self) -> SpadesTable | None:
        return self._table

    def show_table(self, table: SpadesTable) -> None:
        """Draw ``table``; nothing happens when it is what is already shown."""
        if table != self._table:
            self._table = table
            self._redraw()

    def draw(self, width: int, height: int) -> Canvas | None:
        if self._table is None:
            return None
        return draw_table(self._table, width, height, self.painter)
