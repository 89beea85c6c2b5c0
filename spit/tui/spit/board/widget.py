"""Spit's table in one widget: the shared board's painting, Spit's drawing.

``show(view)`` redraws only when the view changed, and then only the parts of the
table whose values changed (``TableDrawing``, which draws on the same canvas each
time); ``spit.tui.shared.board_widget.Board`` repaints only the rows that changed.
"""

from __future__ import annotations

from spit.tui.shared.board_widget import Board
from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.draw import TableDrawing
from spit.tui.spit.board.view import TableView


class SpitBoard(Board):
    """The live game's table (the replay viewer's is ``ReplayBoard``)."""

    def __init__(self, painter: CardPainter, *, id: str | None = None) -> None:
        super().__init__(painter, id=id)
        self._view: TableView | None = None
        self._drawing = TableDrawing(painter)

    @property
    def view(self) -> TableView | None:
        return self._view

    def show(self, view: TableView) -> None:
        """Draw ``view``; a no-op when it is what is already shown."""
        if view != self._view:
            self._view = view
            self._redraw()

    def draw(self, width: int, height: int) -> Canvas | None:
        if self._view is None:
            return None
        return self._drawing.draw(self._view, width, height)
