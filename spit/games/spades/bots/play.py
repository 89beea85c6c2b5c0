"""Choosing a card in the play phase.

Each trick the player first decides whether it wants to take tricks (to make its bid,
or to set the opponent's) or to lose them (a nil to protect, an opponent's nil to bust,
bags to avoid), then picks the card that serves that aim most cheaply, judging leads by
the chance ``knowledge.lead_wins`` gives them.
"""

from __future__ import annotations

from collections.abc import Sequence

from spit.core.cards import Card
from spit.games.spades.bots.knowledge import Knowledge, lead_wins
from spit.games.spades.engine import SPADES, TRICKS_PER_HAND, PlayerView, beats


def wants_tricks(view: PlayerView, knowledge: Knowledge) -> bool:
    """Whether the player should try to take the current trick."""
    me, opp = view.player, 1 - view.player
    bid, opp_bid = view.bids[me] or 0, view.bids[opp] or 0
    won, opp_won = view.tricks_won[me], view.tricks_won[opp]
    if bid == 0 and won == 0:
        return False  # protect the nil
    if won < bid:
        return True
    if opp_bid == 0:
        return False  # feed the opponent's nil; once it has failed, tricks are only bags
    need = opp_bid - opp_won
    if need <= 0:
        return False  # both bids are made: every trick from here on is a bag for its taker
    remaining = TRICKS_PER_HAND - len(view.tricks)
    to_set = remaining - need + 1
    winners = sum(lead_wins(c, knowledge) for c in view.hand)
    return winners >= to_set - 0.5


def choose_card(view: PlayerView, legal: Sequence[Card], knowledge: Knowledge) -> Card:
    """The card the hard player plays from ``legal``."""
    win = wants_tricks(view, knowledge)
    if view.trick:
        return _follow(view.trick[0], legal, win)
    return _lead(legal, knowledge, win)


def _lead(legal: Sequence[Card], knowledge: Knowledge, win: bool) -> Card:
    chances = {c: lead_wins(c, knowledge) for c in legal}
    if not win:
        return min(legal, key=lambda c: (round(chances[c], 3), c >> 2))
    best = max(legal, key=lambda c: (round(chances[c], 3), c & 3 != SPADES, -(c >> 2)))
    if chances[best] >= 0.5:
        return best
    # No likely winner: lead low from the shortest side suit to make a void for ruffing.
    sides = [c for c in legal if c & 3 != SPADES]
    if not sides:
        return min(legal)
    length = {s: sum(1 for c in legal if c & 3 == s) for s in range(4)}
    return min(sides, key=lambda c: (length[c & 3], c >> 2))


def _follow(lead: Card, legal: Sequence[Card], win: bool) -> Card:
    winners = [c for c in legal if beats(c, lead)]
    losers = [c for c in legal if not beats(c, lead)]
    if win:
        if winners:
            return min(winners, key=lambda c: (c & 3 == SPADES, c))
        return cheapest(losers)
    if losers:
        return max(losers, key=lambda c: (c >> 2, c & 3 == SPADES))
    return max(winners)


def cheapest(cards: Sequence[Card]) -> Card:
    """The least useful card to throw away: the lowest side card, else the lowest spade."""
    return min(cards, key=lambda c: (c & 3 == SPADES, c >> 2))
