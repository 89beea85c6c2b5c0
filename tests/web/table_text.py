"""What a Spit table in the browser shows, read from its text: each player's five
stockpile tops with the keys drawn beside them, and the two spit piles' tops. Enough
for a test to find a card that plays and the key that plays it, as a player would,
since the deal of a game started from the menu is random.

A table drawn with the Unicode card style (the default), one player's block as::

    ◀ left pile  ┆     ┆ Y     │3♥   │ U ...
    ▶ right pile ┆     ┆ H     │  ♥  │ J ...
    ⇥ free space ┆     ┆ N     │   3♥│ M ...

and the spit piles between the players' blocks::

    ╭─────╮    ╭─────╮          ╭─────╮      ╭─────╮
    │░░░░░│    │9♣   │          │6♥   │      │░░░░░│
    ...
    ╰─────╯    ╰─────╯          ╰─────╯      ╰─────╯
    P1 spit    1 card           1 card       P2 spit
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spit.core.cards import RANK_SYMBOLS, SUIT_GLYPHS, Card
from spit.engine import ADJACENT

_CELL = re.compile(r"│([^│]{5})│")
_CELLS = re.compile(r"[│┆]([^│┆]{5})[│┆] \S")
_KEYS = re.compile(r"[│┆][^│┆]{5}[│┆] (\S)")
_CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
_UNDER = re.compile(r"\+(\d+)")


def card_of(cell: str) -> Card | None:
    """The card whose corner is drawn in ``cell`` (``"Q♣   "``), None for a card face
    down or an empty place."""
    found = _CARD.match(cell.strip())
    if found is None:
        return None
    rank = "T" if found[1] == "10" else found[1]
    return RANK_SYMBOLS.index(rank) * 4 + SUIT_GLYPHS.index(found[2])


@dataclass(frozen=True)
class Play:
    """A card to play (onto a spit pile) or to move (into a player's empty place)."""

    card: Card
    key: str
    """The key as drawn (capital letters for letter keys)."""
    pile: int | None
    """0 the left spit pile, 1 the right one; None a move into an empty place."""
    column: int
    """The stockpile it is the top of, or moves into (0-4, left to right)."""
    block: int
    """Which player's row of stockpiles (0 the upper one)."""

    @property
    def typed(self) -> str:
        """What to type: letter keys are drawn in capitals and typed in lower case."""
        return self.key.lower()

    def done(self, screen: str) -> bool:
        """Whether ``screen`` shows the card where this play puts it."""
        if self.pile is not None:
            return piles(screen)[self.pile] == self.card
        rows = stockpiles(screen)
        return len(rows) > self.block and rows[self.block][self.column][0] == self.card


Column = tuple[Card | None, tuple[str, str, str], int]
"""A stockpile's top card (None: face down or empty), its keys (left pile, right
pile, free space) and how many face-down cards lie under it (drawn ``+N`` below it)."""


def piles(screen: str) -> tuple[Card | None, Card | None]:
    """The tops of the left and the right spit pile: the row of cards above the line
    naming each player's spit card ("P1 spit", "You spit"), whose corners are drawn
    four lines higher (each player's spit card, then the two piles)."""
    lines = screen.splitlines()
    for row, line in enumerate(lines):
        if row >= 4 and " spit" in line and "╰" in lines[row - 1]:
            cells = _CELL.findall(lines[row - 4])
            if len(cells) == 4:
                return card_of(cells[1]), card_of(cells[2])
    return None, None


def stockpiles(screen: str) -> list[list[Column]]:
    """Each player's five stockpiles, the upper player's first. An empty place is drawn
    with a dashed side (``┆``), so the pattern finds its keys but no card; the count of
    face-down cards is on the line below the card's bottom edge, within its width."""
    lines = screen.splitlines()
    rows = []
    for row, line in enumerate(lines[:-2]):
        if "◀ left pile" not in line:
            continue
        keys = [_KEYS.findall(lines[row + step]) for step in range(3)]
        counts = lines[row + 4] if row + 4 < len(lines) else ""
        rows.append(
            [
                (card_of(cell[1]), (left, right, move), _under(counts, cell))
                for cell, left, right, move in zip(_CELLS.finditer(line), *keys, strict=False)
            ]
        )
    return rows


def _under(counts: str, cell: re.Match[str]) -> int:
    """The ``+N`` drawn in ``counts`` below the card ``cell`` matched (``_CELLS``: its
    left edge, its face, its right edge)."""
    found = _UNDER.search(counts[cell.start() : cell.end(1) + 1])
    return int(found[1]) if found else 0


def plays(screen: str) -> list[Play]:
    """Every card a player can play now, and then every move into an empty place, with
    its key, as the table shows them. Only a card with face-down cards under it moves
    (rule decision D04: moving a lone card would only swap two empty places)."""
    tops = piles(screen)
    found = []
    moves = []
    for block, columns in enumerate(stockpiles(screen)):
        empty = [index for index, (card, _, _) in enumerate(columns) if card is None]
        for column, (card, keys, under) in enumerate(columns):
            if card is None:
                continue
            for pile, top in enumerate(tops):
                if top is not None and ADJACENT[card][top]:
                    found.append(Play(card, keys[pile], pile, column, block))
            if empty and under:
                moves.append(Play(card, keys[2], None, empty[0], block))
    return found + moves
