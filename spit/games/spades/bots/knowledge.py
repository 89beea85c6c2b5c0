"""What a player can work out from their view: the unseen cards, where they probably
are, and the opponent's voids.

Everything here reads only a ``PlayerView``, so a bot built on it cannot cheat. The
unseen cards are the deck minus the player's hand, the cards they put face down and
every card played; the opponent holds some of them, the rest lie in the stock or the
discard pile. A suit is known void when the opponent failed to follow it, or led a spade
before spades were broken (the rules allow that only with nothing but spades, S08).

Unseen cards are not equally likely to be in the opponent's hand: every card the player
did not see passed through the opponent's draw turns, and a sensible drawer keeps the
good ones. So a card's chance is weighted by how good it is (``KEEP_BIAS``) and scaled
so that the chances add up to the opponent's number of cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import NamedTuple

from spit.core.cards import DECK, Card
from spit.games.spades.engine import SPADES, PlayerView

KEEP_BIAS = 0.5
"""How much likelier the opponent is to hold an ace than a two: weights run from
``1 - KEEP_BIAS`` to ``1 + KEEP_BIAS``."""


class Knowledge(NamedTuple):
    unseen: frozenset[Card]
    """Cards the player has not seen and that are not yet played."""
    chance: dict[Card, float]
    """For each unseen card, the chance it is in the opponent's hand (0 in a void suit)."""

    def chances(self, suit: int, above: Card = -1) -> list[float]:
        """The chances of the unseen cards of ``suit`` higher than ``above``."""
        return [q for c, q in self.chance.items() if c & 3 == suit and c > above]


def goodness(card: Card) -> float:
    """0 for the two of a side suit up to 1 for the ace of spades."""
    rank = (card >> 2) / 12
    return 0.5 + rank / 2 if card & 3 == SPADES else rank


def read(view: PlayerView, opponent_cards: int | None = None) -> Knowledge:
    """What ``view`` tells about the cards; ``opponent_cards`` overrides how many cards the
    opponent holds (13 during the draw, when they have yet to draw some)."""
    played = [c for t in view.tricks for c in (t.lead, t.follow)]
    known = {*view.hand, *played, *view.trick}
    if view.opponent_received == 0:
        known.update(view.discards)  # else the opponent may have drawn some of them back
    unseen = frozenset(c for c in DECK if c not in known)
    voids = _voids(view)
    weight = {c: 0.0 if c & 3 in voids else 1 + KEEP_BIAS * (2 * goodness(c) - 1) for c in unseen}
    total = sum(weight.values())
    count = view.opponent_cards if opponent_cards is None else opponent_cards
    scale = count / total if total else 0.0
    return Knowledge(unseen, {c: min(1.0, w * scale) for c, w in weight.items()})


def _voids(view: PlayerView) -> set[int]:
    me, voids = view.player, set[int]()
    side_suits = {0, 1, 2, 3} - {SPADES}
    broken = False
    for trick in view.tricks:
        if trick.leader == me and trick.follow & 3 != trick.lead & 3:
            voids.add(trick.lead & 3)
        if trick.leader != me and trick.lead & 3 == SPADES and not broken:
            voids.update(side_suits)
        broken = broken or trick.lead & 3 == SPADES or trick.follow & 3 == SPADES
    if view.trick and view.leader != me and view.trick[0] & 3 == SPADES and not broken:
        voids.update(side_suits)
    return voids


def at_most(chances: Sequence[float], k: int) -> float:
    """The chance that the opponent holds at most ``k`` of cards with these ``chances``."""
    if k >= len(chances):
        return 1.0
    dist = [1.0] + [0.0] * k  # dist[j]: the chance of exactly j so far; more is dropped
    for q in chances:
        for j in range(k, 0, -1):
            dist[j] = dist[j] * (1 - q) + dist[j - 1] * q
        dist[0] *= 1 - q
    return sum(dist)


def none_of(chances: Sequence[float]) -> float:
    return prod(1 - q for q in chances)


def lead_wins(card: Card, knowledge: Knowledge) -> float:
    """The chance that ``card``, led now, takes the trick against a follower who wins
    when they can."""
    suit = card & 3
    no_higher = none_of(knowledge.chances(suit, card))
    if suit == SPADES:
        return no_higher
    void = none_of(knowledge.chances(suit))
    trump = 1 - none_of(knowledge.chances(SPADES))
    return (no_higher - void) + void * (1 - trump)


def danger(card: Card, hand: Sequence[Card], knowledge: Knowledge) -> float:
    """How much ``card`` threatens a nil: the chance that it will have to win a trick.

    The danger is the opponent's leads (a nil player who takes no trick never leads after
    the first). The j-th lowest card of a suit is forced over once the opponent holds j
    cards of the suit below it; a player left with only spades must trump any lead."""
    suit = card & 3
    mine = [c for c in hand if c & 3 == suit]
    j = sum(1 for c in mine if c < card)
    lower = [q for c, q in knowledge.chance.items() if c & 3 == suit and c < card]
    forced = 1 - at_most(lower, j)
    if suit == SPADES and card == max(mine):
        short = at_most(knowledge.chances(SPADES), len(mine) - 1)
        forced = 1 - (1 - forced) * (1 - short)
    return forced


def nil_safety(hand: Sequence[Card], knowledge: Knowledge, *, leads: bool) -> float:
    """About how likely ``hand`` is to take no trick when its holder tries to lose;
    ``leads`` if the holder leads the first trick, with its safest card."""
    safety = prod(1 - danger(c, hand, knowledge) for c in hand)
    if leads:
        playable = [c for c in hand if c & 3 != SPADES] or list(hand)
        safety *= 1 - min(lead_wins(c, knowledge) for c in playable)
    return safety
