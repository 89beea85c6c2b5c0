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

The table is made of parts (a stockpile with its count and keys, a player's info, a
spit pile, the centre text...), each drawn from a few values inside a box it never
leaves. A ``TableDrawing`` keeps its canvas and last parts, so that a new view draws
again only the boxes of the parts whose values changed: a played card costs a few
small boxes instead of the whole table. In each such box, every part that reaches into
it is drawn again in table order, clipped to the box, so the result is exactly what
drawing the whole table afresh gives (``draw_table``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from msgspec import Struct

from spit.tui.shared.bigtext import big_text, big_width
from spit.tui.shared.canvas import Box, Canvas
from spit.tui.shared.cards import MEDIUM, TABLE_SIZES, CardPainter, CardSize, Picture
from spit.tui.spit.board.view import Centre, Pile, Side, TableView

LEGEND_WIDTH = 12
"""The narrowest the legend and the info column get (see ``Geometry.margin``)."""
KEY_GAP = 1
"""Columns between a card and its keys."""
COLUMN_GAP = 2
"""Columns between a stockpile's keys and the next card."""


class Geometry(Struct, frozen=True):
    """Where the parts of a table with ``card``-sized cards go, and the room it needs."""

    card: CardSize
    gap: int = 1
    """Blank rows between the header, each row of cards and the footer."""
    spread: int = 0
    """Columns added between the stockpiles, to use the room of a wide window."""

    @property
    def margin(self) -> int:
        """Width of the legend and of the players' info: wider than a card (spit cards go there)."""
        return max(LEGEND_WIDTH, self.card.width + 2)

    @property
    def pitch(self) -> int:
        return self.card.width + KEY_GAP + 1 + COLUMN_GAP + self.spread

    @property
    def stocks_x(self) -> int:
        return self.margin + 1

    @property
    def info_x(self) -> int:
        return self.stocks_x + 5 * self.pitch - COLUMN_GAP - self.spread + 2

    @property
    def width(self) -> int:
        return self.info_x + self.margin

    @property
    def height(self) -> int:
        """A header, three rows of cards each with a line of labels, a footer."""
        return 3 * (self.card.height + 1) + 2 + 4 * self.gap


def geometry(card: CardSize, gap: int = 1) -> Geometry:
    """The table with ``card``-sized cards and ``gap`` blank rows between parts, packed tight."""
    return Geometry(card, gap)


MIN_WIDTH = geometry(MEDIUM).width
MIN_HEIGHT = geometry(MEDIUM).height
COMPACT_MIN_HEIGHT = geometry(MEDIUM, gap=0).height


def fits(width: int, height: int, *, compact: bool = False) -> bool:
    return width >= MIN_WIDTH and height >= (COMPACT_MIN_HEIGHT if compact else MIN_HEIGHT)


def _layout(width: int, height: int, compact: bool) -> Geometry | None:
    """The largest cards that fit, with blank rows if at all possible, and then as many
    more blank rows (up to one for every six rows of a card) and columns between the
    stockpiles (up to half a card) as the window has room for, so that a big window
    is filled rather than holding a small table in its middle."""
    for blank_rows in (True, False) if compact else (True,):
        for card in TABLE_SIZES:
            gaps = range(max(1, card.height // 6), 0, -1) if blank_rows else (0,)
            for gap in gaps:
                geo = Geometry(card, gap)
                if geo.width <= width and geo.height <= height:
                    spread = min((width - geo.width) // 6, card.width // 2)
                    return Geometry(card, gap, spread)
    return None


class _Part(NamedTuple):
    """One part of the table: ``paint(canvas, *args)`` writes only inside ``box``."""

    box: Box
    paint: Callable[..., None]
    args: tuple[Any, ...]


class TableDrawing:
    """The table on a canvas that is kept from one view to the next (see the module
    docstring); ``compact`` as for ``draw_table``.

    The parts come in four groups (the header and footer, each player's row, the
    middle), each made from a few fields of the view: a group whose fields did not
    change keeps its parts without making them again."""

    def __init__(self, painter: CardPainter, *, compact: bool = False) -> None:
        self.painter = painter
        self.compact = compact
        self._canvas: Canvas | None = None
        self._layout: tuple[int, int, Geometry | None] = (0, 0, None)
        self._groups: list[tuple[object, list[_Part]]] = []
        """Per group, in drawing order: the fields it was made from, and its parts."""
        self._reach: dict[Box, list[int]] = {}
        """Box -> the parts (by place) that reach into it, while no part's box changes."""

    def draw(self, view: TableView, width: int, height: int) -> Canvas:
        """The canvas, showing ``view``. Its ``take_changes`` tells which rows changed
        (all of them when the canvas is new)."""
        if self._layout[:2] != (width, height):
            self._layout = (width, height, _layout(width, height, self.compact))
        geo = self._layout[2]
        canvas = self._canvas
        if geo is None:
            canvas = self._canvas = Canvas(width, height)
            self._groups = []
            _too_small(canvas, self.painter.times)
            return canvas
        old = self._groups
        if canvas is None or (canvas.width, canvas.height) != (width, height):
            old = []
        groups, damage = [], []
        for i, (key, make) in enumerate(_groups(view, geo, width, height, self.painter)):
            if old and old[i][0] == key:
                groups.append(old[i])
                continue
            parts = make()
            groups.append((key, parts))
            if old:
                before = old[i][1]
                if len(before) != len(parts):  # a view with fewer stockpiles: start afresh
                    old = []
                    continue
                for a, b in zip(before, parts, strict=True):
                    if a != b:
                        if a.box != b.box:
                            self._reach.clear()
                        damage.append(_union(a.box, b.box))
        self._groups = groups
        every = [part for _, parts in groups for part in parts]
        if not old:
            self._reach.clear()
            canvas = self._canvas = Canvas(width, height)
            for part in every:
                part.paint(canvas, *part.args)
        else:
            assert canvas is not None
            for box in damage:
                reach = self._reach.get(box)
                if reach is None:
                    reach = self._reach[box] = _reaching(box, every)
                _repaint(canvas, box, [every[i] for i in reach])
        return canvas


def draw_table(
    view: TableView, width: int, height: int, painter: CardPainter, *, compact: bool = False
) -> Canvas:
    """``view``'s table on a new canvas; ``compact`` leaves out blank rows that do not fit."""
    return TableDrawing(painter, compact=compact).draw(view, width, height)


def _reaching(box: Box, parts: list[_Part]) -> list[int]:
    """The places (in drawing order) of the parts whose boxes meet ``box``."""
    x, y, width, height = box
    return [
        i
        for i, (px, py, pw, ph) in enumerate(part.box for part in parts)
        if px < x + width and x < px + pw and py < y + height and y < py + ph
    ]


def _repaint(canvas: Canvas, box: Box, parts: list[_Part]) -> None:
    """Clear ``box`` and draw ``parts`` (those that reach into it) again, in order and
    clipped to it."""
    canvas.clip(box)
    canvas.clear()
    for part in parts:
        part.paint(canvas, *part.args)
    canvas.clip(None)


def _union(a: Box, b: Box) -> Box:
    if a == b:
        return a
    x, y = min(a[0], b[0]), min(a[1], b[1])
    return x, y, max(a[0] + a[2], b[0] + b[2]) - x, max(a[1] + a[3], b[1] + b[3]) - y


def _too_small(canvas: Canvas, times: str) -> None:
    lines = [
        f"Make the window at least {MIN_WIDTH}{times}{MIN_HEIGHT}",
        f"(it is {canvas.width}{times}{canvas.height} now).",
        "The game is paused until then.",
    ]
    top = max(0, (canvas.height - len(lines)) // 2)
    for i, text in enumerate(lines):
        canvas.centred(0, canvas.width, top + i, text, "title" if i == 0 else "")


# -- the parts, in the order they are drawn ---------------------------------------


def _groups(
    view: TableView, geo: Geometry, width: int, height: int, painter: CardPainter
) -> tuple[tuple[object, Callable[[], list[_Part]]], ...]:
    """The groups of parts, in drawing order: what each is made from, and how."""
    ox = (width - geo.width) // 2
    top = 1 + (height - geo.height) // 2 + geo.gap
    step = geo.card.height + 1 + geo.gap
    player1, player2 = view.sides
    middle = (
        (player1.spit_cards, player1.short, player2.spit_cards, player2.short),
        view.piles,
        view.highlight_pile,
        view.target_pile,
        view.centre,
    )
    hidden = view.hidden
    return (
        ((view.header, view.keys_hint, view.footer), lambda: _chrome(view, width, height)),
        ((player2, hidden), lambda: _row(geo, ox, top, player2, hidden, painter)),
        ((middle, hidden), lambda: _middle(geo, ox, top + step, view, painter)),
        ((player1, hidden), lambda: _row(geo, ox, top + 2 * step, player1, hidden, painter)),
    )


def _chrome(view: TableView, width: int, height: int) -> list[_Part]:
    return [
        _Part((0, 0, width, 1), _header, (view.header, view.keys_hint)),
        _Part((0, height - 1, width, 1), _footer, (view.footer,)),
    ]


def _header(canvas: Canvas, header: str, hint: str) -> None:
    hint_x = canvas.width - 1 - len(hint)
    canvas.text(1, 0, header[: hint_x - 3], "title")
    canvas.text(hint_x, 0, hint, "dim")


def _footer(canvas: Canvas, footer: str) -> None:
    canvas.text(1, canvas.height - 1, footer[: canvas.width - 2], "dim")


_LEGENDS = {
    False: ("◀ left pile", "▶ right pile", "⇥ free space"),
    True: ("< left pile", "> right pile", "v free space"),
}
"""By ``ascii``: the legend beside a row of stockpiles played from the keyboard."""


def _row(
    geo: Geometry, ox: int, y: int, side: Side, hidden: bool, painter: CardPainter
) -> list[_Part]:
    """One player's five stockpiles with their keys, counts, legend and info;
    ``hidden``: the cards face down."""
    card, pitch = geo.card, geo.pitch
    legend = _LEGENDS[painter.ascii] if side.keys is not None else ()
    key_widths = _widths(side.keys) if side.keys is not None else (0,) * len(side.stocks)
    parts = [_Part((ox, y + 1, _widest(legend), 3), _lines, (ox, y + 1, legend, "dim"))]
    for i, stock in enumerate(side.stocks):
        x = ox + geo.stocks_x + i * pitch
        if stock.face_up is None:
            picture = painter.space(card)
        elif hidden:
            picture = painter.back(card)
        else:
            border = "edge"
            if i == side.flash_stock:
                border = "bad"
            elif i == side.cursor_stock:
                border = "aim"
            picture = painter.face(stock.face_up, card, border)
        count, role = f"+{stock.face_down}" if stock.face_down else "", "dim"
        if i == side.cursor_stock:
            count, role = f"{'^' if painter.ascii else '▲'} {count}".strip(), "aim"
        keys = side.keys[i] if side.keys is not None else ()
        width = card.width + KEY_GAP + key_widths[i] if keys else card.width
        box = (x, y, width, card.height + 1)
        parts.append(_Part(box, _stock, (x, y, card, picture, count, role, keys)))
    info = ox + geo.info_x
    texts = (side.name, side.status, side.score, side.message)
    roles = ("name", side.status_role, "", side.message_role)
    parts.append(_Part((info, y, geo.margin, 4), _info, (info, y, geo.margin, texts, roles)))
    return parts


def _widest(texts: tuple[str, ...]) -> int:
    return max(map(len, texts), default=0)


@lru_cache(maxsize=8)
def _widths(keys: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    """Per stockpile, the width of its widest key label (a side's keys never change)."""
    return tuple(map(_widest, keys))


def _lines(canvas: Canvas, x: int, y: int, texts: tuple[str, ...], role: str) -> None:
    canvas.lines(x, y, texts, role)


def _stock(
    canvas: Canvas,
    x: int,
    y: int,
    card: CardSize,
    picture: Picture,
    count: str,
    role: str,
    keys: tuple[str, ...],
) -> None:
    canvas.picture(x, y, picture)
    canvas.centred(x, card.width, y + card.height, count, role)
    canvas.lines(x + card.width + KEY_GAP, y + 1, keys, "key")


def _info(
    canvas: Canvas, x: int, y: int, width: int, texts: tuple[str, ...], roles: tuple[str, ...]
) -> None:
    for dy, (text, role) in enumerate(zip(texts, roles, strict=True)):
        canvas.text(x, y + dy, text[:width], role)


def _middle(geo: Geometry, ox: int, y: int, view: TableView, painter: CardPainter) -> list[_Part]:
    """The spit piles, each player's spit cards beside their pile, and the centre text."""
    card = geo.card
    parts = []
    left_x = ox + geo.stocks_x
    right_x = left_x + 4 * geo.pitch
    for side, x, width in (
        (view.sides[0], ox, geo.margin),
        (view.sides[1], ox + geo.info_x, geo.margin),
    ):
        # Cards are never wider than the legend or the info column.
        picture = painter.back(card, side.spit_cards) if side.spit_cards else painter.space(card)
        label = f"{side.short} spit"
        parts.append(
            _Part((x, y, width, card.height + 1), _spit_cards, (x, width, y, card, picture, label))
        )
    for i, x in enumerate((left_x, right_x)):
        pile = view.piles[i] if i < len(view.piles) else None
        hot, aimed = i == view.highlight_pile, i == view.target_pile
        box = (x - 1, y - 1, card.width + 2, card.height + 2)
        args = (x, y, card, pile, hot, aimed, view.hidden, painter)
        parts.append(_Part(box, _pile, args))
    centre_x = left_x + card.width + 1
    centre_w = right_x - 1 - centre_x
    big_y = y + (card.height - 3) // 2
    detail = tuple(view.centre.detail.splitlines())
    detail_y = big_y + 3 if view.centre.big else big_y
    bottom = max(big_y + 2 if view.centre.big else big_y - 1, detail_y + len(detail) - 1)
    box = (centre_x, big_y - 1, centre_w, bottom - big_y + 2)
    parts.append(
        _Part(box, _centre, (centre_x, centre_w, big_y, view.centre, detail, painter.ascii))
    )
    return parts


def _spit_cards(
    canvas: Canvas, x: int, width: int, y: int, card: CardSize, picture: Picture, label: str
) -> None:
    canvas.picture(x + (width - card.width) // 2, y, picture)
    canvas.centred(x, width, y + card.height, label, "dim")


def _pile(
    canvas: Canvas,
    x: int,
    y: int,
    card: CardSize,
    pile: Pile | None,
    hot: bool,
    aimed: bool,
    hidden: bool,
    painter: CardPainter,
) -> None:
    if pile is None:
        return
    if pile.top is None:
        canvas.picture(x, y, painter.space(card))
    elif hidden:
        canvas.picture(x, y, painter.back(card))
    else:
        canvas.picture(x, y, painter.face(pile.top, card, "hot" if hot else "edge"))
    size = "1 card" if pile.size == 1 else f"{pile.size} cards"
    canvas.centred(x - 1, card.width + 2, y + card.height, size, "dim")
    if aimed:
        canvas.centred(x, card.width, y - 1, "v" if painter.ascii else "▼", "aim")


def _centre(
    canvas: Canvas,
    x: int,
    width: int,
    big_y: int,
    centre: Centre,
    detail: tuple[str, ...],
    ascii_only: bool,
) -> None:
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
    for i, line in enumerate(detail):
        canvas.centred(x, width, detail_y + i, line, "")
