"""Where everything goes on the table, for any terminal size.

Player 2's row is at the top and player 1's at the bottom, the spit piles between
them (the left one is player 1's, the right one player 2's), each player's spit cards
beside their own pile. Each stockpile's keys stand in a column to its right, one per
keyboard row: top row plays onto the left pile, home row onto the right pile, bottom
row moves (the legend at the left says so). Names, whether a player can play and
short messages go in the right margin of their row.

The largest card size that fits is used; the table is centred in what is left, with
the header on the first line and the footer on the last. A ``compact`` table (for the
replay viewer, which needs rows for its timeline) leaves out the blank rows between the
header, the three rows of cards and the footer when there is no room for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from spit.tui.board.bigtext import big_text, big_width
from spit.tui.board.canvas import Canvas
from spit.tui.board.view import Side, TableView
from spit.tui.cards import MEDIUM, SIZES, CardPainter, CardSize

LEGEND_WIDTH = 12
INFO_WIDTH = 12
KEY_GAP = 1
"""Columns between a card and its keys."""
COLUMN_GAP = 2
"""Columns between a stockpile's keys and the next card."""


@dataclass(frozen=True, slots=True)
class Geometry:
    card: CardSize
    width: int
    height: int
    gap: int = 1
    """Blank rows between the header, each row of cards and the footer."""

    @property
    def pitch(self) -> int:
        return self.card.width + KEY_GAP + 1 + COLUMN_GAP

    @property
    def stocks_x(self) -> int:
        return LEGEND_WIDTH + 1

    @property
    def info_x(self) -> int:
        return self.stocks_x + 5 * self.pitch - COLUMN_GAP + 2


def geometry(card: CardSize, gap: int = 1) -> Geometry:
    """The room a table with ``card``-sized cards and ``gap`` blank rows between its
    parts needs: a header, three rows of cards each with a line of labels, a footer."""
    pitch = card.width + KEY_GAP + 1 + COLUMN_GAP
    width = LEGEND_WIDTH + 1 + 5 * pitch - COLUMN_GAP + 2 + INFO_WIDTH
    return Geometry(card, width, 3 * (card.height + 1) + 2 + 4 * gap, gap)


MIN_WIDTH = geometry(MEDIUM).width
MIN_HEIGHT = geometry(MEDIUM).height
COMPACT_MIN_HEIGHT = geometry(MEDIUM, gap=0).height


def fits(width: int, height: int, *, compact: bool = False) -> bool:
    return width >= MIN_WIDTH and height >= (COMPACT_MIN_HEIGHT if compact else MIN_HEIGHT)


def _layout(width: int, height: int, compact: bool) -> Geometry | None:
    """The largest cards that fit, with blank rows if at all possible."""
    candidates = [geometry(size) for size in SIZES]
    if compact:
        candidates += [geometry(size, gap=0) for size in SIZES]
    return next((g for g in candidates if g.width <= width and g.height <= height), None)


def draw_table(
    view: TableView, width: int, height: int, painter: CardPainter, *, compact: bool = False
) -> Canvas:
    """The table as ``view`` describes it, on a ``width`` x ``height`` canvas."""
    canvas = Canvas(width, height)
    geo = _layout(width, height, compact)
    if geo is None:
        _too_small(canvas)
        return canvas
    _header(canvas, view)
    ox = (width - geo.width) // 2
    top = 1 + (height - geo.height) // 2 + geo.gap
    step = geo.card.height + 1 + geo.gap
    _row(canvas, geo, ox, top, view.sides[1], painter)
    _middle(canvas, geo, ox, top + step, view, painter)
    _row(canvas, geo, ox, top + 2 * step, view.sides[0], painter)
    return canvas


def _too_small(canvas: Canvas) -> None:
    lines = [
        f"Make the window at least {MIN_WIDTH}×{MIN_HEIGHT}",
        f"(it is {canvas.width}×{canvas.height} now).",
        "The game is paused until then.",
    ]
    top = max(0, (canvas.height - len(lines)) // 2)
    for i, text in enumerate(lines):
        canvas.centred(0, canvas.width, top + i, text, "title" if i == 0 else "")


def _header(canvas: Canvas, view: TableView) -> None:
    hint_x = canvas.width - 1 - len(view.keys_hint)
    canvas.text(1, 0, view.header[: hint_x - 3], "title")
    canvas.text(hint_x, 0, view.keys_hint, "dim")
    canvas.text(1, canvas.height - 1, view.footer[: canvas.width - 2], "dim")


def _row(canvas: Canvas, geo: Geometry, ox: int, y: int, side: Side, painter: CardPainter) -> None:
    """One player's five stockpiles with their keys, counts, legend and info."""
    card = geo.card
    if side.keys is not None:
        arrows = ("<", ">", "v") if painter.ascii else ("◀", "▶", "⇥")
        legend = (f"{arrows[0]} left pile", f"{arrows[1]} right pile", f"{arrows[2]} free space")
        canvas.lines(ox, y + 1, legend, "dim")
    for i, stock in enumerate(side.stocks):
        x = ox + geo.stocks_x + i * geo.pitch
        if stock.face_up is None:
            canvas.picture(x, y, painter.space(card))
        else:
            border = "edge"
            if i == side.flash_stock:
                border = "bad"
            elif i == side.cursor_stock:
                border = "aim"
            canvas.picture(x, y, painter.face(stock.face_up, card, border))
        count = f"+{stock.face_down}" if stock.face_down else ""
        if i == side.cursor_stock:
            count = f"{'^' if painter.ascii else '▲'} {count}".strip()
            canvas.centred(x, card.width, y + card.height, count, "aim")
        else:
            canvas.centred(x, card.width, y + card.height, count, "dim")
        if side.keys is not None:
            canvas.lines(x + card.width + KEY_GAP, y + 1, side.keys[i], "key")
    info = ox + geo.info_x
    canvas.text(info, y, side.name[:INFO_WIDTH], "name")
    canvas.text(info, y + 1, side.status[:INFO_WIDTH], side.status_role)
    canvas.text(info, y + 2, side.score[:INFO_WIDTH], "")
    canvas.text(info, y + 3, side.message[:INFO_WIDTH], side.message_role)


def _middle(
    canvas: Canvas, geo: Geometry, ox: int, y: int, view: TableView, painter: CardPainter
) -> None:
    """The spit piles, each player's spit cards beside their pile, and the centre text."""
    card = geo.card
    left_x = ox + geo.stocks_x
    right_x = left_x + 4 * geo.pitch
    label_y = y + card.height
    for side, x, width in (
        (view.sides[0], ox, LEGEND_WIDTH),
        (view.sides[1], ox + geo.info_x, INFO_WIDTH),
    ):
        cx = x + (width - card.width) // 2
        if side.spit_cards:
            canvas.picture(cx, y, painter.back(card, side.spit_cards))
        else:
            canvas.picture(cx, y, painter.space(card))
        canvas.centred(x, width, label_y, f"{side.short} spit", "dim")
    for i, pile in enumerate(view.piles):
        x = left_x if i == 0 else right_x
        if pile.top is None:
            canvas.picture(x, y, painter.space(card))
        else:
            border = "hot" if i == view.highlight_pile else "edge"
            canvas.picture(x, y, painter.face(pile.top, card, border))
        size = "1 card" if pile.size == 1 else f"{pile.size} cards"
        canvas.centred(x - 1, card.width + 2, label_y, size, "dim")
        if i == view.target_pile:
            marker = "v" if painter.ascii else "▼"
            canvas.centred(x, card.width, y - 1, marker, "aim")
    centre_x = left_x + card.width + 1
    centre_w = right_x - 1 - centre_x
    _centre(canvas, centre_x, centre_w, y, card.height, view, painter.ascii)


def _centre(
    canvas: Canvas, x: int, width: int, y: int, height: int, view: TableView, ascii_only: bool
) -> None:
    centre = view.centre
    big_y = y + (height - 3) // 2
    canvas.centred(x, width, big_y - 1, centre.caption, "title")
    if centre.big:
        if big_width(centre.big) <= width:
            canvas.lines(
                x + (width - big_width(centre.big)) // 2,
                big_y,
                big_text(centre.big, ascii_only),
                centre.role,
            )
        else:
            canvas.centred(x, width, big_y + 1, centre.big, centre.role)
    detail_y = big_y + 3 if centre.big else big_y
    for i, line in enumerate(centre.detail.splitlines()):
        canvas.centred(x, width, detail_y + i, line, "")
