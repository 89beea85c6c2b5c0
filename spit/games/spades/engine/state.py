"""The complete state of a two-player Spades game, as one immutable value.

Like ``spit.engine.state``: a ``NamedTuple`` of tuples, so that a rejected action can
never have touched it and a bot's snapshot never changes under it. Rule numbers (S..)
and decisions (SD..) refer to ``docs/rules_sources/SPADES.md``.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import NamedTuple

from spit.core.cards import Card, Pile
from spit.games.spades.engine.tricks import trick_winner

TRICKS_PER_HAND = 13


class Phase(StrEnum):
    """Where the hand stands; it decides which actions are legal and whose turn it is."""

    BLIND = "blind"
    """Before the draw: each player in draw order says whether they bid blind nil (SD04)."""
    DRAW = "draw"
    """Players take turns keeping or discarding the top card of the stock (S03, S04)."""
    EXCHANGE = "exchange"
    """Blind-nil bidders swap up to three cards for random discards (S07, SD05)."""
    BID = "bid"
    """The other players bid, the second player first (S05)."""
    PLAY = "play"
    """Thirteen tricks (S08-S11)."""
    HAND_OVER = "hand_over"
    """The hand is scored; ``next_hand`` needs the next stock order (S15)."""
    GAME_OVER = "game_over"
    """``winner`` holds the winner (S16)."""


class Trick(NamedTuple):
    """A finished trick: ``leader`` played ``lead``, the other player ``follow``."""

    leader: int
    lead: Card
    follow: Card

    @property
    def winner(self) -> int:
        return trick_winner(self.leader, self.lead, self.follow)


class HandResult(NamedTuple):
    """How one hand was scored, per player (S12-S14)."""

    hand: int
    bids: tuple[int, int]
    """0 is nil, or blind nil when ``blind`` says so."""
    blind: tuple[bool, bool]
    tricks: tuple[int, int]
    bags: tuple[int, int]
    """Tricks over the bid taken this hand (never for a nil bid, SD07)."""
    penalties: tuple[int, int]
    """Bag penalties charged this hand: 0, -100, ... (S14, SD08)."""
    points: tuple[int, int]
    """The hand's score, penalties included; the totals are the sums of these."""


class State(NamedTuple):
    """Everything the rules need. Build one with ``spit.games.spades.engine.new_game``."""

    target: int
    """The total that wins: 500 in S02."""
    hand: int
    """1 for the first hand."""
    phase: Phase
    first: int
    """The player who draws first this hand; the other one is "the second player",
    who bids first and leads the first trick (S05, S08, SD01)."""
    turn: int
    """Whose move it is in the BLIND to PLAY phases; in PLAY with a card on the table
    the follower. Left at the last trick's winner once the hand is over."""
    stock: Pile
    """The undrawn cards, top first: ``stock[0]`` is the next card drawn."""
    exchange_order: Pile
    """All 52 cards in the order that decides which discards a blind-nil exchange draws:
    the first cards of this order that lie in the discard pile (SD06). Chance, supplied
    with the hand like the stock order; nobody sees it."""
    hands: tuple[Pile, Pile]
    """Each player's cards, sorted."""
    discards: tuple[Pile, Pile]
    """The cards each player has put face down, in order: their draw discards, then any
    cards they gave away in an exchange. It is what the player remembers, so it never
    shrinks; cards drawn back from it are listed in ``received``."""
    received: tuple[Pile, Pile]
    """The discards each player drew in a blind-nil exchange (SD05)."""
    blind: tuple[bool, bool]
    """Who bid blind nil this hand."""
    bids: tuple[int | None, int | None]
    """Each bid once made; a blind-nil bid is 0 from its declaration."""
    trick: Pile
    """The current trick's cards in play order: empty, or the lead card."""
    tricks: tuple[Trick, ...]
    """The finished tricks of this hand, in order."""
    broken: bool
    """Whether spades have been broken this hand (S11)."""
    scores: tuple[int, int]
    bags: tuple[int, int]
    """Bags taken over the whole game so far (S14, SD08)."""
    history: tuple[HandResult, ...]
    """Every scored hand, in order."""
    winner: int | None

    @property
    def second(self) -> int:
        """The second player of this hand: bids first and leads the first trick."""
        return 1 - self.first

    @property
    def leader(self) -> int:
        """Who led (or leads) the current trick."""
        return self.turn if not self.trick else 1 - self.turn

    def tricks_won(self, player: int) -> int:
        return sum(1 for t in self.tricks if t.winner == player)

    def discard_pile(self) -> Pile:
        """The face-down pile as it lies now, sorted: both players' discards minus the
        cards drawn back in exchanges. After the draw these are the set-aside cards (S04)."""
        pile = Counter([*self.discards[0], *self.discards[1]])
        pile.subtract([*self.received[0], *self.received[1]])
        return tuple(sorted(pile.elements()))
