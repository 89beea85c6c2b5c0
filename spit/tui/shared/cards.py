"""Cards drawn with characters: faces, backs with a count, and empty spaces.

A picture is a tuple of lines, each a tuple of ``(text, role)`` runs exactly ``width``
cells wide; pictures are immutable, so a painter draws each one once and reuses it.
Roles are names, not colours (``"face ink-red"``, ``"back count"``): the
board turns each name into a style from its theme, so cards follow dark and light
themes and this module needs no Textual.

Faces follow usolitaire: a rounded box with the rank and suit in opposite corners.
The ASCII style draws ``+-+`` boxes and suit letters, for terminals without Unicode.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from msgspec import Struct

from spit.core.cards import Card, is_red, rank, suit
from spit.settings.model import CardStyle

Run = tuple[str, str]
Line = tuple[Run, ...]
Picture = tuple[Line, ...]


class CardSize(NamedTuple):
    """A card's width and height in cells. A named tuple: pictures are looked up by it
    at every key press, and a tuple hashes much faster than a dataclass."""

    width: int
    height: int


MEDIUM: Final = CardSize(7, 5)
LARGE: Final = CardSize(9, 7)
HUGE: Final = CardSize(11, 9)
SIZES: Final = (HUGE, LARGE, MEDIUM)
"""Largest first: the board takes the first one the terminal has room for."""
TABLE_SIZES: Final = (
    CardSize(29, 21),
    CardSize(25, 18),
    CardSize(21, 15),
    CardSize(17, 12),
    CardSize(15, 11),
    CardSize(13, 10),
    *SIZES,
)
"""The Spit table's sizes, largest first: in steps up to cards that fill a 300x80
window, each about as tall as a card is for its width (cells are twice as high as
they are wide). The Spades table, with thirteen cards in a hand, keeps to ``SIZES``."""

_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS_UNICODE: Final = "♣♦♥♠"
_SUITS_ASCII: Final = "CDHS"
_FOUR_COLOURS: Final = ("ink-green", "ink-blue", "ink-red", "ink-black")


class _Box(Struct, frozen=True):
    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    horizontal: str
    vertical: str
    back: str
    space_h: str
    space_v: str


_UNICODE_BOX: Final = _Box("╭", "╮", "╰", "╯", "─", "│", "░", "┄", "┆")
_ASCII_BOX: Final = _Box("+", "+", "+", "+", "-", "|", "#", ".", ":")


class CardPainter:
    """Draws cards in one style (Unicode or ASCII), two or four colours."""

    def __init__(self, style: CardStyle = CardStyle.UNICODE, four_colour: bool = False) -> None:
        self.ascii = style == CardStyle.ASCII
        self.four_colour = four_colour
        self._box = _ASCII_BOX if self.ascii else _UNICODE_BOX
        self._suits = _SUITS_ASCII if self.ascii else _SUITS_UNICODE
        self.dot = " - " if self.ascii else " · "
        """Between the parts of a line of text: the ASCII style is for terminals without
        Unicode, so everything drawn in it keeps to ASCII, not only the cards."""
        self.times = "x" if self.ascii else "×"
        """Between a width and a height ("80×24"), or after a speed ("2×")."""
        self._pictures: dict[tuple[object, ...], Picture] = {}

    @classmethod
    def for_ascii(cls, ascii_only: bool) -> CardPainter:
        """A two-colour painter in the style ``ascii_only`` says, for text rather than cards."""
        return cls(CardStyle.ASCII if ascii_only else CardStyle.UNICODE)

    def rank_text(self, card: Card) -> str:
        return _RANKS[rank(card)]

    def suit_text(self, card: Card) -> str:
        return self._suits[suit(card)]

    def name(self, card: Card) -> str:
        """Short name for messages: ``"10♥"``."""
        return self.rank_text(card) + self.suit_text(card)

    def ink(self, card: Card) -> str:
        """The role that colours ``card``'s rank and suit."""
        if self.four_colour:
            return _FOUR_COLOURS[suit(card)]
        return "ink-red" if is_red(card) else "ink-black"

    def face(self, card: Card, size: CardSize, border: str = "edge") -> Picture:
        """``card`` face up; ``border`` is the role of its outline (a highlight, say)."""
        key = ("face", card, size, border)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._pictures[key] = self._face(card, size, border)
        return picture

    def corner_text(self, card: Card, size: CardSize) -> str:
        """What a face's bottom-right corner reads: the rank, with the suit beside it
        on a small card (the suit has a row of its own on bigger ones)."""
        rank = self.rank_text(card)
        return rank + self.suit_text(card) if size.height <= 5 else rank

    def _face(self, card: Card, size: CardSize, border: str) -> Picture:
        inner = size.width - 2
        ink = f"face {self.ink(card)}"
        blank = " " * inner
        r, s = self.rank_text(card), self.suit_text(card)
        if size.height <= 5:
            corner = self.corner_text(card, size)
            body = [
                [(corner, ink), (blank[len(corner) :], "face")],
                [*_centred(s, inner, ink)],
                [(blank[len(corner) :], "face"), (corner, ink)],
            ]
        else:
            middle = size.height - 2
            body = [[(blank, "face")] for _ in range(middle)]
            body[0] = [(r, ink), (blank[len(r) :], "face")]
            body[1] = [(s, ink), (blank[1:], "face")]
            body[middle // 2] = _centred(s, inner, ink)
            body[-2] = [(blank[1:], "face"), (s, ink)]
            body[-1] = [(blank[len(r) :], "face"), (r, ink)]
        return self._framed(body, size, border)

    def back(self, size: CardSize, count: int | None = None, border: str = "edge") -> Picture:
        """A face-down card, with ``count`` written across it if given."""
        key = ("back", size, count, border)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._pictures[key] = self._back(size, count, border)
        return picture

    def _back(self, size: CardSize, count: int | None, border: str) -> Picture:
        inner = size.width - 2
        pattern = self._box.back * inner
        body: list[list[Run]] = [[(pattern, "back")] for _ in range(size.height - 2)]
        if count is not None:
            text = str(count)[:inner]
            left = (inner - len(text) + 1) // 2
            mid = (size.height - 2) // 2
            body[mid] = [
                (pattern[:left], "back"),
                (text, "back count"),
                (pattern[left + len(text) :], "back"),
            ]
        return self._framed(body, size, border)

    def space(self, size: CardSize) -> Picture:
        """An empty place where a card could be: a dotted outline."""
        key = ("space", size)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._pictures[key] = self._space(size)
        return picture

    def _space(self, size: CardSize) -> Picture:
        role = "space"
        b = self._box
        inner = size.width - 2
        top = b.top_left + b.space_h * inner + b.top_right
        bottom = b.bottom_left + b.space_h * inner + b.bottom_right
        side = ((b.space_v, role), (" " * inner, ""), (b.space_v, role))
        return (((top, role),), *(side for _ in range(size.height - 2)), ((bottom, role),))

    def _framed(self, body: list[list[Run]], size: CardSize, edge: str) -> Picture:
        b = self._box
        inner = size.width - 2
        top = ((b.top_left + b.horizontal * inner + b.top_right, edge),)
        bottom = ((b.bottom_left + b.horizontal * inner + b.bottom_right, edge),)
        sides = (((b.vertical, edge), *line, (b.vertical, edge)) for line in body)
        return (top, *sides, bottom)


def _centred(text: str, width: int, role: str) -> list[Run]:
    left = (width - len(text)) // 2
    return [(" " * left, "face"), (text, role), (" " * (width - left - len(text)), "face")]
