"""What the board shows, as plain immutable values.

The game screen decides what to say (whose card flashed, what the countdown reads);
the board only decides where to draw it. Keeping the two apart means the board can be
drawn, and tested, from a value, with no match and no app.
"""

from __future__ import annotations

from msgspec import Struct

from spit.engine import Card, StockView


class Side(Struct, frozen=True):
    """One player's row of stockpiles and everything written beside it."""

    name: str
    short: str
    """A few letters for tight places ("P1", "You", "Bot")."""
    stocks: tuple[StockView, ...]
    """Five stockpiles, left to right (empty ones have ``face_up`` ``None``)."""
    spit_cards: int
    keys: tuple[tuple[str, str, str], ...] | None = None
    """Per stockpile: the labels of its left-pile, right-pile and move keys; ``None`` for
    a side played by the computer."""
    status: str = ""
    """A short line under the name, e.g. whether the player can play."""
    status_role: str = "dim"
    score: str = ""
    message: str = ""
    """A short-lived note for this player ("too slow!")."""
    message_role: str = "bad"
    flash_stock: int | None = None
    """A stockpile whose key was just refused: drawn with a warning outline."""
    cursor_stock: int | None = None
    """The stockpile the arrow keys have selected."""


class Centre(Struct, frozen=True):
    """The space between the two spit piles: a caption, large text and a detail line."""

    caption: str = ""
    big: str = ""
    detail: str = ""
    role: str = "big"


class Pile(Struct, frozen=True):
    top: Card | None
    size: int


class TableView(Struct, frozen=True):
    header: str
    keys_hint: str
    """The pause/help/quit keys, shown at the top right."""
    sides: tuple[Side, Side]
    """Indexed by player: player 1 (index 0) is drawn at the bottom, player 2 at the top."""
    piles: tuple[Pile, ...]
    """The spit piles: two, one (a one-pile round) or none (between rounds)."""
    centre: Centre
    footer: str = ""
    highlight_pile: int | None = None
    """The pile a card just landed on."""
    target_pile: int | None = None
    """The pile the arrow keys aim at."""
    hidden: bool = False
    """Every card face down: the game is paused, and nobody may plan meanwhile."""
