"""Where everything goes on the Spades table, for any terminal size.

From the top: the header; a band with the bot's seat on the left (its face-down hand
and a few facts), the centre (the stock while drawing, the trick while playing) and
the score sheet on the right; the latest messages; what the player is asked and the
keys that answer it; the player's hand with a key under each card; a footer.

The largest card size whose rows fit is used and the spare rows go above the band and
above the hand. A hand of 13 cards fans out, each card overlapping the next but always
showing its rank and suit, so 80 columns are enough.

The header, the centre, the score sheet and the fanned hand are drawn by public
functions, which the replay viewer (``spit.tui.spades.viewer``) lays out its own way.
"""

from __future__ import annotations

from collections.abc import Callable

from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import SIZES, CardPainter, CardSize
from spit.tui.spades.view import HandCard, ScoreRow, Slot, Table

MIN_WIDTH = 80
MIN_HEIGHT = 24
SCORES_WIDTH = 22
"""The score sheet: a label column and one column per player."""
SEAT_TEXT = 12
"""Columns of text beside the bot's face-down hand."""
SLOT_GAP = 4
MIN_STEP = 5
"""Columns of each card shown in a fanned hand: the edge, rank, suit and a space."""


def fits(width: int, height: int) -> bool:
    return width >= MIN_WIDTH and height >= MIN_HEIGHT


def rows_needed(card: CardSize) -> int:
    """Header, band (caption, cards, labels), notes, prompt, error, hand, footer, gaps."""
    return 2 * card.height + 14


def card_size(width: int, height: int) -> CardSize:
    """The largest cards the terminal has room for."""

    def room(size: CardSize) -> bool:
        band = size.width + 2 + SEAT_TEXT + 2 * size.width + SLOT_GAP + SCORES_WIDTH + 6
        return rows_needed(size) <= height and band <= width

    return largest_card(room)


def largest_card(room: Callable[[CardSize], bool]) -> CardSize:
    """The largest card size there is ``room`` for (the smallest if there is none)."""
    return next((size for size in SIZES if room(size)), SIZES[-1])


def draw_table(table: Table, width: int, height: int, painter: CardPainter) -> Canvas:
    """The table as ``table`` describes it, on a ``width`` x ``height`` canvas."""
    canvas, room = blank_canvas(width, height, painter.times)
    if not room:
        return canvas
    card = card_size(width, height)
    spare = height - rows_needed(card)
    band_y = 2 + spare // 2
    notes_y = band_y + card.height + 3
    prompt_y = notes_y + 3
    hand_y = prompt_y + 3 + (spare - spare // 2)
    draw_header(canvas, table.title, table.keys_hint)
    _seat(canvas, table, card, band_y, painter)
    left = card.width + 3 + SEAT_TEXT
    draw_centre(canvas, table.caption, table.slots, left, card, band_y, painter)
    draw_scores(canvas, table.columns, table.scores, table.history, band_y, card.height + 2)
    for i, note in enumerate(table.notes[:2]):  # the newest below, brighter
        canvas.centred(0, width, notes_y + 1 - i, note, "hot" if i == 0 else "dim")
    canvas.centred(0, width, prompt_y, table.prompt[0], "title")
    canvas.centred(0, width, prompt_y + 1, table.prompt[1], "key")
    canvas.centred(0, width, prompt_y + 2, table.error, "bad")
    draw_hand(canvas, table.hand, card, hand_y, painter)
    canvas.text(1, height - 1, table.footer[: width - 2], "dim")
    return canvas


def blank_canvas(width: int, height: int, times: str) -> tuple[Canvas, bool]:
    """A canvas to draw a table on, and whether there is room for one; if there is
    not, the canvas says how large the window must be (``times``: the card style's
    ``CardPainter.times``)."""
    canvas = Canvas(width, height)
    if fits(width, height):
        return canvas, True
    too_small(canvas, times)
    return canvas, False


def too_small(canvas: Canvas, times: str) -> None:
    """Instead of the table: how large the window must be."""
    lines = [
        f"Make the window at least {MIN_WIDTH}{times}{MIN_HEIGHT}",
        f"(it is {canvas.width}{times}{canvas.height} now).",
    ]
    top = max(0, (canvas.height - len(lines)) // 2)
    for i, text in enumerate(lines):
        canvas.centred(0, canvas.width, top + i, text, "title" if i == 0 else "")


def draw_header(canvas: Canvas, title: str, keys_hint: str) -> None:
    """The top line: the title, cut short if need be so the keys hint always shows."""
    hint_x = canvas.width - 1 - len(keys_hint)
    canvas.text(1, 0, title[: hint_x - 3], "title")
    canvas.text(hint_x, 0, keys_hint, "dim")


def _seat(canvas: Canvas, table: Table, card: CardSize, y: int, painter: CardPainter) -> None:
    """The bot: its name, its face-down cards with their count, a few facts."""
    canvas.text(1, y, table.names[1][: card.width + SEAT_TEXT], "name")
    count = table.opponent_cards
    canvas.picture(1, y + 1, painter.back(card, count) if count else painter.space(card))
    for i, line in enumerate(table.opponent_lines):
        canvas.text(card.width + 3, y + 2 + i, line[:SEAT_TEXT], "dim")


def draw_centre(
    canvas: Canvas,
    caption: str,
    slots: tuple[Slot, Slot],
    left: int,
    card: CardSize,
    y: int,
    painter: CardPainter,
) -> None:
    """The caption, then two places for cards between column ``left`` and the score
    sheet: the stock and the drawn card, or the two cards of the trick."""
    right = canvas.width - SCORES_WIDTH - 2
    canvas.centred(left, right - left, y, caption, "title")
    pair = 2 * card.width + SLOT_GAP
    x = left + (right - left - pair) // 2
    for slot in slots:
        _slot(canvas, slot, x, y + 1, card, painter)
        x += card.width + SLOT_GAP


def _slot(canvas: Canvas, slot: Slot, x: int, y: int, card: CardSize, painter: CardPainter) -> None:
    if slot.card is not None:
        canvas.picture(x, y, painter.face(slot.card, card, "hot" if slot.hot else "edge"))
    elif slot.back:
        canvas.picture(x, y, painter.back(card, slot.back))
    else:
        canvas.picture(x, y, painter.space(card))
    canvas.centred(x - 2, card.width + 4, y + card.height, slot.label, "hot" if slot.hot else "dim")


def draw_scores(
    canvas: Canvas,
    columns: tuple[str, str],
    scores: tuple[ScoreRow, ...],
    history: tuple[ScoreRow, ...],
    y: int,
    height: int,
) -> None:
    """The score sheet at the right edge, and as many past hands as there is room for
    below it in ``height`` rows."""
    x = canvas.width - SCORES_WIDTH - 1
    first, second = (name[:6] for name in columns)
    canvas.text(x, y, f"{'':8}{first:>7}{second:>7}", "name")
    room = height - 1 - len(scores)
    past = history[-room:] if room > 0 else ()
    for i, row in enumerate((*scores, *past)):
        role = "" if i < len(scores) else "dim"
        canvas.text(x, y + 1 + i, f"{row.label:<8}{row.you:>7}{row.bot:>7}", role)


def _wipe_cut_corner(
    canvas: Canvas, x: int, top: int, step: int, card: CardSize, corner: str
) -> None:
    """The next card covers this one from ``x + step`` on: if that cuts the bottom-right
    corner (``corner``), what is left of it is wiped, so that a 10 cut to ``1`` (or
    ``10♠`` to ``1``) never reads as a rank; the top-left corner names the card."""
    start = card.width - 1 - len(corner)
    if start < step < card.width - 1:
        canvas.text(x + start, top + card.height - 2, " " * (step - start), "face")


def draw_hand(
    canvas: Canvas,
    hand: tuple[HandCard, ...],
    card: CardSize,
    y: int,
    painter: CardPainter,
    *,
    keys: bool = True,
) -> None:
    """Cards fanned left to right. For the player at the keyboard (``keys``) chosen
    cards are raised a row, the card under the cursor is outlined and each card has its
    key below; without keys (a replay) nothing is raised, so the cards start at ``y``."""
    if not hand:
        return
    step = card.width + 1
    if len(hand) > 1:
        step = max(MIN_STEP, min(step, (canvas.width - 2 - card.width) // (len(hand) - 1)))
    x = (canvas.width - step * (len(hand) - 1) - card.width) // 2
    lower = 1 if keys else 0
    for i, item in enumerate(hand):
        border = "aim" if item.cursor else ("hot" if item.raised else "edge")
        top = y + (0 if item.raised else lower)
        canvas.picture(x, top, painter.face(item.card, card, border))
        if i < len(hand) - 1:
            _wipe_cut_corner(canvas, x, top, step, card, painter.corner_text(item.card, card))
        if keys:
            key_role = "aim" if item.cursor else ("key" if item.usable else "dim")
            label = f"[{item.key}]" if item.cursor else f" {item.key} "
            canvas.text(x + 1, y + card.height + 1, label, key_role)
        x += step
