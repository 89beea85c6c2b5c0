"""The complete state of a Spit game, as one immutable value.

The state is a ``NamedTuple`` of tuples: immutable so that ``apply`` can never corrupt
the state a rejection leaves behind and a bot's snapshot can never change under it.
The rules make the next state with ``_replace``, naming the fields that change.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, TypeAlias

from spit.core.cards import Pile

Stockpiles: TypeAlias = tuple[Pile, Pile, Pile, Pile, Pile]
"""A player's five stockpile spaces; ``()`` is an empty space. In every non-empty
stockpile the top card is face up and all others face down (turning up is automatic,
D06, and cards only ever move into empty spaces, D04), so no face-up flags are needed."""

PLAYERS = (0, 1)
"""Player 1 is index 0 (left half of the keyboard), player 2 index 1."""


class Phase(StrEnum):
    """Where the round stands; it decides which actions are legal."""

    SPIT = "spit"
    """Waiting for the players in ``must_spit`` to turn up a spit card (R05, R13)."""
    PLAYING = "playing"
    """Cards are being played (R07, R09)."""
    SLAP = "slap"
    """A two-pile round has ended; the first slap decides who takes which pile (R15)."""
    ROUND_OVER = "round_over"
    """Cards are gathered in ``collected``; the next deal needs card orders (R16)."""
    GAME_OVER = "game_over"
    """``winner`` holds the winner."""


class Variant(StrEnum):
    """How the game is won."""

    STANDARD = "standard"
    """Get rid of every card (R19)."""
    POINTS = "points"
    """Lowest total of cards left when someone reaches the target (R20)."""


class State(NamedTuple):
    """Everything the rules need. Build one with ``spit.engine.new_game``."""

    variant: Variant
    target: int
    """Points variant: the total that ends the game (100 in R20)."""
    round: int
    """1 for the first round."""
    phase: Phase
    stocks: tuple[Stockpiles, Stockpiles]
    hands: tuple[Pile, Pile]
    """Spit cards, face down; ``hands[p][0]`` is the next to be turned up."""
    piles: tuple[Pile, ...]
    """The spit piles: two, or one in a round where a player had no spit cards (R17)."""
    must_spit: tuple[bool, bool]
    """In the spit phase: who still has to turn up a card."""
    short: int | None
    """In a one-pile round: the player who had no spit cards at the deal."""
    collected: tuple[Pile, Pile]
    """Between rounds: each player's cards for the next deal, sorted. Empty otherwise."""
    scores: tuple[int, int]
    """Points variant totals (always 0 in the standard game)."""
    winner: int | None

    def stock_count(self, player: int) -> int:
        """How many cards ``player`` has in stockpiles."""
        return sum(map(len, self.stocks[player]))

    def cards_held(self, player: int) -> int:
        """Cards ``player`` still has to get rid of: stockpiles, spit cards and gathered cards."""
        return self.stock_count(player) + len(self.hands[player]) + len(self.collected[player])
