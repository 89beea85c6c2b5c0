"""Where everything goes on the Spades table, for any terminal size.

From the top: the header; a band with the bot's seat on the left (its face-down hand
and a few facts), the centre (the stock while drawing, the trick while playing) and
the score sheet on the right; the latest messages; what the player is asked and the
keys that answer it; the player's hand with a key under each card; a footer.

The largest card size whose rows fit is used and the spare rows go above the band and
above the hand. A hand of 13 cards fans out, each card overlapping the next but always
showing its rank and suit, so 80 columns are enough.
"""

from __future__ import annotations

from spit.tui.board.canvas import Canvas
from spit.tui.cards import SIZES, CardPainter, CardSize
from spit.tui.spades.view import HandCard, Slot, SpadesTable

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
    for size in SIZES:
        band = size.width + 2 + SEAT_TEXT + 2 * size.width + SLOT_GAP + SCORES_WIDTH + 6
        if rows_needed(size) <= height and band <= width:
            return size
    return SIZES[-1]


def draw_table(table: SpadesTable, width: int, height: int, painter: CardPainter) -> Canvas:
    """The table as ``table`` describes it, on a ``width`` x ``height`` canvas."""
    canvas = Canvas(width, height)
    if not fits(width, height):
        _too_small(canvas)
        return canvas
    card = card_size(width, height)
    spare = height - rows_needed(card)
    band_y = 2 + spare // 2
    notes_y = band_y + card.height + 3
    prompt_y = notes_y + 3
    hand_y = prompt_y + 3 + (spare - spare // 2)
    _header(canvas, table)
    _seat(canvas, table, card, band_y, painter)
    _centre(canvas, table, card, band_y, painter)
    _scores(canvas, table, card, band_y)
    for i, note in enumerate(table.notes[:2]):  # the newest below, brighter
        canvas.centred(0, width, notes_y + 1 - i, note, "hot" if i == 0 else "dim")
    canvas.centred(0, width, prompt_y, table.prompt[0], "title")
    canvas.centred(0, width, prompt_y + 1, table.prompt[1], "key")
    canvas.centred(0, width, prompt_y + 2, table.error, "bad")
    _hand(canvas, table.hand, card, hand_y, painter)
    canvas.text(1, height - 1, table.footer[: width - 2], "dim")
    return canvas


def _too_small(canvas: Canvas) -> None:
    lines = [
        f"Make the window at least {MIN_WIDTH}×{MIN_HEIGHT}",
        f"(it is {canvas.width}×{canvas.height} now).",
    ]
    top = max(0, (canvas.height - len(lines)) // 2)
    for i, text in enumerate(lines):
        canvas.centred(0, canvas.width, top + i, text, "title" if i == 0 else "")


def _header(canvas: Canvas, table: SpadesTable) -> None:
    hint_x = canvas.width - 1 - len(table.keys_hint)
    canvas.text(1, 0, table.title[: hint_x - 3], "title")
    canvas.text(hint_x, 0, table.keys_hint, "dim")


def _seat(canvas: Canvas, table: SpadesTable, card: CardSize, y: int, painter: CardPainter) -> None:
    """The bot: its name, its face-down cards with their count, a few facts."""
    canvas.text(1, y, table.names[1][: card.width + SEAT_TEXT], "name")
    count = table.opponent_cards
    canvas.picture(1, y + 1, painter.back(card, count) if count else painter.space(card))
    for i, line in enumerate(table.opponent_lines):
        canvas.text(card.width + 3, y + 2 + i, line[:SEAT_TEXT], "dim")


def _centre(
    canvas: Canvas, table: SpadesTable, card: CardSize, y: int, painter: CardPainter
) -> None:
    """The caption, then two places for cards: the stock and the drawn card, or the
    bot's and the player's card of the trick."""
    left = card.width + 3 + SEAT_TEXT
    right = canvas.width - SCORES_WIDTH - 2
    canvas.centred(left, right - left, y, table.caption, "title")
    pair = 2 * card.width + SLOT_GAP
    x = left + (right - left - pair) // 2
    for slot in table.slots:
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


def _scores(canvas: Canvas, table: SpadesTable, card: CardSize, y: int) -> None:
    """The score sheet, and as many past hands as there is room for below it."""
    x = canvas.width - SCORES_WIDTH - 1
    you, bot = (name[:6] for name in table.columns)
    canvas.text(x, y, f"{'':8}{you:>7}{bot:>7}", "name")
    rows = list(table.scores)
    room = card.height + 2 - 1 - len(rows)
    history = table.history[-room:] if room > 0 else ()
    for i, row in enumerate((*rows, *history)):
        role = "" if i < len(rows) else "dim"
        canvas.text(x, y + 1 + i, f"{row.label:<8}{row.you:>7}{row.bot:>7}", role)


def _hand(
    canvas: Canvas, hand: tuple[HandCard, ...], card: CardSize, y: int, painter: CardPainter
) -> None:
    """The player's cards fanned left to right, each with its key below; chosen cards
    are raised a row, the card under the cursor is outlined."""
    if not hand:
        return
    step = card.width + 1
    if len(hand) > 1:
        step = max(MIN_STEP, min(step, (canvas.width - 2 - card.width) // (len(hand) - 1)))
    x = (canvas.width - step * (len(hand) - 1) - card.width) // 2
    for item in hand:
        border = "aim" if item.cursor else ("hot" if item.raised else "edge")
        canvas.picture(x, y + (0 if item.raised else 1), painter.face(item.card, card, border))
        key_role = "aim" if item.cursor else ("key" if item.usable else "dim")
        label = f"[{item.key}]" if item.cursor else f" {item.key} "
        canvas.text(x + 1, y + card.height + 1, label, key_role)
        x += step
