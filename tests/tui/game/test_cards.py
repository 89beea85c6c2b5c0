"""Cards and the table drawn as text, without an app."""

from __future__ import annotations

import pytest

from spit.engine import DECK, StockView
from spit.tui.shared.cards import HUGE, MEDIUM, SIZES, CardPainter, CardSize, Picture
from spit.tui.spit.board.draw import MIN_HEIGHT, MIN_WIDTH, draw_table, fits, geometry
from spit.tui.spit.board.view import Centre, Pile, Side, TableView
from spit.tui.spit.game_config import GameConfig


def _check(picture: Picture, size: CardSize) -> str:
    assert len(picture) == size.height
    lines = ["".join(text for text, _ in line) for line in picture]
    assert all(len(line) == size.width for line in lines)
    return "\n".join(lines)


@pytest.mark.parametrize("style", ["unicode", "ascii"])
@pytest.mark.parametrize("size", SIZES)
def test_every_picture_fills_its_box(style: str, size: CardSize) -> None:
    painter = CardPainter(style)
    drawn = [_check(painter.face(card, size), size) for card in DECK]
    drawn += [_check(painter.back(size, n), size) for n in (None, 0, 9, 37)]
    drawn.append(_check(painter.space(size), size))
    if style == "ascii":
        assert all(text.isascii() for text in drawn)


def test_faces_show_rank_and_suit_in_opposite_corners() -> None:
    ten_of_hearts = 8 * 4 + 2
    lines = _check(CardPainter().face(ten_of_hearts, MEDIUM), MEDIUM).splitlines()
    assert lines == ["╭─────╮", "│10♥  │", "│  ♥  │", "│  10♥│", "╰─────╯"]
    ascii_lines = _check(CardPainter("ascii").face(ten_of_hearts, MEDIUM), MEDIUM).splitlines()
    assert ascii_lines[1] == "|10H  |"


def test_colours() -> None:
    two, four = CardPainter(), CardPainter(four_colour=True)
    clubs, diamonds, hearts, spades = range(4)
    assert [two.ink(c) for c in (clubs, diamonds, hearts, spades)] == [
        "ink-black",
        "ink-red",
        "ink-red",
        "ink-black",
    ]
    assert len({four.ink(c) for c in (clubs, diamonds, hearts, spades)}) == 4


def test_card_style_is_checked() -> None:
    with pytest.raises(ValueError, match="card_style"):
        GameConfig(card_style="emoji")


def _view() -> TableView:
    stocks = tuple(StockView(card, n) for n, card in enumerate((0, 13, 26, None, 51)))
    side = Side("Player 1", "P1", stocks, 11, keys=tuple(("Q", "A", "Z") for _ in range(5)))
    return TableView(
        header="Round 1",
        keys_hint="Backspace pause",
        sides=(side, Side("Player 2", "P2", stocks, 0)),
        piles=(Pile(5, 3), Pile(None, 0)),
        centre=Centre("Slap!", "SLAP!", "detail"),
    )


@pytest.mark.parametrize(("width", "height"), [(80, 24), (95, 31), (120, 40), (200, 60)])
def test_the_table_fits_any_big_enough_terminal(width: int, height: int) -> None:
    rows = draw_table(_view(), width, height, CardPainter()).rows()
    assert len(rows) == height
    assert all(sum(len(text) for text, _ in row) == width for row in rows)
    text = "\n".join("".join(t for t, _ in row) for row in rows)
    assert "Player 1" in text and "Player 2" in text and "┏━╸ ╻   ┏━┓" in text


def test_sizes_and_the_minimum() -> None:
    assert (MIN_WIDTH, MIN_HEIGHT) == (80, 24)
    assert fits(80, 24) and not fits(79, 24) and not fits(80, 23)
    assert geometry(HUGE).width <= 120 and geometry(HUGE).height <= 40
    rows = draw_table(_view(), 79, 30, CardPainter()).rows()
    assert "Make the window at least 80×24" in "".join(t for row in rows for t, _ in row)
