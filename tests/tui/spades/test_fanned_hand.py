"""The fanned hand shows every card's whole corner, a 10's two digits and its suit
included, at every card size, width and hand length (issue 11 saw a 10 as ``1``)."""

from __future__ import annotations

import itertools

import pytest

from spit.games.spades.keys import HAND_KEYS
from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import SIZES, CardPainter
from spit.tui.spades.draw import draw_hand
from spit.tui.spades.view import HandCard

TENS = tuple(8 * 4 + suit for suit in range(4))
"""The four 10s (rank 8 counts from the 2)."""


@pytest.mark.parametrize("style", ["unicode", "ascii"])
@pytest.mark.parametrize("count", [4, 7, 12, 13])
def test_every_corner_shows_in_full(style: str, count: int) -> None:
    painter = CardPainter(style)
    cards = (*TENS, *range(count - 4))  # the 10s first: each one overlapped by the next
    hand = tuple(HandCard(card, HAND_KEYS[i]) for i, card in enumerate(cards))
    for size in SIZES:
        for width in range(80, 241, 7):
            canvas = Canvas(width, size.height + 3)
            draw_hand(canvas, hand, size, 0, painter)
            rank_row, suit_row = ("".join(canvas._chars[y]) for y in (2, 3))
            for ten in TENS:
                if size.height <= 5:  # "10♣" in one corner
                    assert painter.name(ten) in rank_row, (size, width)
                else:  # "10" over "♣"
                    assert rank_row.count("10") == 4, (size, width)
                    assert painter.suit_text(ten) in suit_row, (size, width)


@pytest.mark.parametrize("style", ["unicode", "ascii"])
@pytest.mark.parametrize("count", [2, 7, 12, 13])
def test_a_cut_bottom_corner_never_reads_as_another_rank(style: str, count: int) -> None:
    """Where the next card covers a card's bottom-right corner in part (a 10 of width 9
    cut to ``1`` at 80 columns), what is left of it is wiped: the bottom row of each
    covered card shows its whole corner or nothing of it."""
    painter = CardPainter(style)
    cards = (*TENS, *range(count - 4)) if count >= 4 else TENS[:count]
    hand = tuple(HandCard(card, HAND_KEYS[i]) for i, card in enumerate(cards))
    for size in SIZES:
        for width in range(80, 241, 3):
            canvas = Canvas(width, size.height + 3)
            draw_hand(canvas, hand, size, 0, painter)
            row = "".join(canvas._chars[size.height - 1])  # one row down: not raised
            edges = [x for x in range(width) if row[x] in "|│┃" and x + 1 < width]
            shown = [row[a + 1 : b].strip() for a, b in itertools.pairwise(edges)]
            corners = {painter.corner_text(c, size) for c in cards}
            assert all(s in corners or s == "" for s in shown), (size, width, shown)
