"""Drawing the table part by part gives exactly what drawing it whole gives.

``TableDrawing`` keeps its canvas and draws again only the parts whose values changed
(``spit.tui.spit.board.draw``); these tests walk it through random sequences of views, some
changing one thing and some many, and compare every frame with a fresh ``draw_table``.
"""

from __future__ import annotations

import random

import pytest

from spit.engine import StockView
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.draw import TableDrawing, draw_table
from spit.tui.spit.board.view import Centre, Pile, Side, TableView

CENTRES = (
    Centre(),
    Centre("", "SPIT!"),
    Centre("Round 2: get ready", "3"),
    Centre("Slap the smaller pile!", "SLAP!", "◀ 4 cards     9 cards ▶\n2 s to slap", "alert"),
    Centre(
        "Round 1 over", "", "Nobody slapped: own piles taken\nCards: P1 12 · P2 9\nNext round in 3"
    ),
    Centre("Paused", "PAUSED", "⌫ to play on"),
    Centre("Game over", "A VERY LONG BANNER THAT DOES NOT FIT"),
)
KEYS = (("q", "a", "z"), ("w", "s", "x"), ("Tab", "d", "c"), ("r", "f", "v"), ("t", "g", "b"))


def _side(rng: random.Random, name: str, keys: bool) -> Side:
    stocks = tuple(
        StockView(None, 0) if rng.random() < 0.2 else StockView(rng.randrange(52), rng.randrange(5))
        for _ in range(5)
    )
    return Side(
        name=name,
        short=name[:2],
        stocks=stocks,
        spit_cards=rng.choice((0, 1, 7, 15)),
        keys=KEYS if keys else None,
        status=rng.choice(("", "● can play", "○ no play", "slap!")),
        status_role=rng.choice(("dim", "good", "alert")),
        score=f"{rng.randrange(30)} cards",
        message=rng.choice(("", "too slow!", "not playable")),
        flash_stock=rng.choice((None, 0, 3)),
        cursor_stock=rng.choice((None, None, 1, 4)),
    )


def _view(rng: random.Random) -> TableView:
    piles = rng.choice(
        ((), (Pile(rng.randrange(52), rng.randrange(1, 30)),), (Pile(3, 1), Pile(None, 0)))
    )
    return TableView(
        header=f"Round {rng.randrange(1, 9)} · standard game",
        keys_hint="⌫ pause  ? help  Esc quit",
        sides=(_side(rng, "Player 1", True), _side(rng, "Player 2", rng.random() < 0.5)),
        piles=piles,
        centre=rng.choice(CENTRES),
        footer=rng.choice(("", f"Player 1 played {rng.randrange(10)}♥ on the left pile")),
        highlight_pile=rng.choice((None, 0, 1)),
        target_pile=rng.choice((None, 0, 1)),
    )


def _nudge(rng: random.Random, view: TableView) -> TableView:
    """``view`` with one or two things changed, as a key press changes it."""
    other = _view(rng)
    fields = ("sides", "piles", "centre", "footer", "highlight_pile", "target_pile", "header")
    changes = {name: getattr(other, name) for name in rng.sample(fields, rng.choice((1, 2)))}
    if "sides" in changes and rng.random() < 0.7:  # often just one player's row
        mine = rng.randrange(2)
        sides = list(view.sides)
        sides[mine] = other.sides[mine]
        changes["sides"] = (sides[0], sides[1])
    return TableView(**{**{n: getattr(view, n) for n in view.__slots__}, **changes})


@pytest.mark.slow
@pytest.mark.parametrize(
    ("width", "height", "compact", "style"),
    [
        (80, 24, False, "unicode"),
        (95, 31, False, "ascii"),
        (130, 44, False, "unicode"),
        (80, 20, True, "unicode"),
        (79, 24, False, "unicode"),
    ],
)
def test_drawing_part_by_part_matches_drawing_afresh(
    width: int, height: int, compact: bool, style: str
) -> None:
    rng = random.Random(f"{width}x{height}{compact}{style}")
    painter = CardPainter(style)
    drawing = TableDrawing(painter, compact=compact)
    view = _view(rng)
    for step in range(300):
        view = _view(rng) if step % 25 == 0 else _nudge(rng, view)
        kept = drawing.draw(view, width, height)
        fresh = draw_table(view, width, height, painter, compact=compact)
        assert kept.rows() == fresh.rows(), f"step {step}"


def test_only_the_rows_that_changed_are_reported() -> None:
    rng = random.Random(7)
    drawing = TableDrawing(CardPainter())
    view = _view(rng)
    canvas = drawing.draw(view, 80, 24)
    assert canvas.take_changes() == list(range(24))
    before = canvas.rows()
    footer = "Player 2 played K♠ on the right pile"
    changed = drawing.draw(
        TableView(**{**{n: getattr(view, n) for n in view.__slots__}, "footer": footer}), 80, 24
    )
    assert changed is canvas
    after = canvas.rows()
    assert canvas.take_changes() == [y for y in range(24) if before[y] != after[y]] == [23]
    assert drawing.draw(view, 80, 24).take_changes() == [23]
    assert canvas.take_changes() == []


@pytest.mark.parametrize(
    ("width", "height"), [(80, 24), (100, 30), (120, 40), (160, 50), (200, 60), (300, 80)]
)
@pytest.mark.parametrize("compact", [False, True])
def test_a_big_window_is_filled_with_nothing_overlapping(
    width: int, height: int, compact: bool
) -> None:
    from spit.tui.spit.board.draw import _groups, _layout

    geo = _layout(width, height, compact)
    assert geo is not None
    assert geo.width <= width and geo.height <= height
    if width >= 120:  # bigger cards, and the table takes most of the window
        assert geo.card.width > 11 and geo.width >= 0.8 * width and geo.height >= 0.8 * height
    rng = random.Random(f"{width}x{height}")
    for _ in range(20):
        view = _view(rng)
        parts = [p for _, make in _groups(view, geo, width, height, CardPainter()) for p in make()]
        boxes = [p.box for p in parts if p.box[2] and p.box[3]]
        for x, y, w, h in boxes:
            assert x >= 0 and x + w <= width and y >= 0 and y + h <= height
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = (
                    a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                    or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
                )  # fmt: skip
                assert apart or geo.gap == 0, (a, b)
        text = draw_table(view, width, height, CardPainter(), compact=compact).plain()
        assert "Player 1" in text and "Player 2" in text


def test_cards_grow_in_steps_with_the_window() -> None:
    from spit.tui.spit.board.draw import _layout

    widths = []
    for width, height in [(80, 24), (100, 30), (120, 40), (160, 50), (200, 60), (300, 80)]:
        geo = _layout(width, height, False)
        assert geo is not None
        widths.append(geo.card.width)
    assert widths == sorted(widths) and len(set(widths)) == len(widths)
