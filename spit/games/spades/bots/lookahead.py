"""Looking ahead over the cards the player cannot see: perfect-information Monte Carlo.

The hard player does not guess one layout of the unseen cards, it tries many. Each
*sample* is a hand for the opponent drawn from the unseen cards so that it agrees with
everything the player has seen (``sample_hands``); on each sample the rest of the hand
is played out with both hands face up (``play_out``), once for every card the player
could play now, and the card with the best average result is played. This is the
method of the strong bridge and Skat programs (Ginsberg's GIB, 2001; Long et al.,
"Understanding the Success of Perfect Information Monte Carlo Sampling in Game Tree
Search", 2010): its known weakness,
playing as if it will know the cards later, costs little in a two-handed game where
half the deck is set aside.

What a sample must agree with:

- the opponent holds exactly ``opponent_cards`` of the unseen cards;
- none of a suit the opponent showed void in (``knowledge.read`` finds the voids);
- good cards are likelier than bad ones, because every unseen card passed through the
  opponent's draw and a drawer keeps the good ones (``knowledge.read``'s weights);
- the opponent's bid: a sample whose strength is far from what the opponent bid is
  drawn less often (``_bid_fit``), a nil bidder's samples hold few high cards.

The play-out is a fast heuristic on plain lists, not the engine: both players follow
the aims of ``_aim`` (make the bid, protect or bust a nil, set the opponent, avoid
bags) with full knowledge of both hands. Its result is scored like the hand will be
(``spit.games.spades.engine.score_player``), a bag counted at what it will cost in the end.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from math import exp

from spit.core.cards import Card
from spit.games.spades.bots.knowledge import Knowledge
from spit.games.spades.engine import (
    SPADES,
    TRICKS_PER_HAND,
    PlayerView,
    beats,
    score_player,
)
from spit.games.spades.engine.scoring import BAG_PENALTY, BAGS_PER_PENALTY

SAMPLES = 24
"""Layouts tried for each card decision. Measured in hard-against-scripted games:
12 samples won about 2 points of win rate fewer, 48 no more than 24 at twice the time."""

PREFERRED_EDGE = 3.0
"""Points a hand by which a card must beat the rule-based choice on average to replace it."""

CANDIDATES_OVERSAMPLE = 3
"""Samples are drawn this many times over and the best-fitting kept (``_bid_fit``)."""

BID_FIT_WIDTH = 2.0
"""How far (in tricks) a sample's strength may stray from the opponent's bid before it
is drawn about a third as often."""

_SIDE_HONOURS = (0.0,) * 10 + (0.3, 0.7, 1.0)
_SPADE_HONOURS = (0.0,) * 9 + (0.7, 1.0, 1.0, 1.0)


def sample_hands(
    view: PlayerView, knowledge: Knowledge, rng: random.Random, count: int = SAMPLES
) -> list[list[Card]]:
    """``count`` hands for the opponent that agree with ``view`` (see the module doc).

    Cards are drawn by weighted sampling without replacement (Efraimidis and Spirakis,
    2006: each card gets the key ``u ** (1 / weight)`` and the largest keys win), so a
    card in a void suit, with weight 0, is never drawn.
    """
    size = view.opponent_cards
    pool = [(c, q) for c, q in knowledge.chance.items() if q > 0.0]
    if size == 0:
        return [[] for _ in range(count)]
    if len(pool) <= size:
        return [[c for c, _ in pool] for _ in range(count)]
    drawn = []
    for _ in range(count * CANDIDATES_OVERSAMPLE):
        keyed = sorted(pool, key=lambda item: rng.random() ** (1.0 / item[1]), reverse=True)
        drawn.append([c for c, _ in keyed[:size]])
    opp = 1 - view.player
    bid = view.bids[opp]
    if bid is None or view.tricks:
        # Before the bid there is nothing to fit; once tricks are played the hand that
        # is left says little about the bid made for the whole hand.
        return drawn[:count]
    fits = [_bid_fit(hand, bid) * rng.random() ** 0.25 for hand in drawn]
    order = sorted(range(len(drawn)), key=fits.__getitem__, reverse=True)
    return [drawn[i] for i in order[:count]]


def _bid_fit(hand: Sequence[Card], bid: int) -> float:
    """How well ``hand`` explains a bid of ``bid`` tricks, from 0 to 1."""
    strength = _strength(hand)
    if bid == 0:
        return exp(-strength)
    return exp(-(((strength - bid) / BID_FIT_WIDTH) ** 2))


def _strength(hand: Sequence[Card]) -> float:
    """A quick count of a hand's tricks: high cards and long spades."""
    spades = sum(1 for c in hand if c & 3 == SPADES)
    count = sum(_SPADE_HONOURS[c >> 2] if c & 3 == SPADES else _SIDE_HONOURS[c >> 2] for c in hand)
    return count + 0.8 * max(0, spades - 3)


def best_card(
    view: PlayerView,
    legal: Sequence[Card],
    knowledge: Knowledge,
    rng: random.Random,
    *,
    preferred: Card,
) -> Card:
    """The card of ``legal`` with the best average play-out over sampled layouts.

    ``preferred`` is the card the rule-based player would choose (``play.choose_card``):
    it starts ``PREFERRED_EDGE`` points ahead, so the look-ahead overrules the rules only
    where the play-outs show a real gain, not on their noise or on ties.
    """
    candidates = _distinct(legal, knowledge.unseen | set(view.trick))
    if len(candidates) == 1:
        return candidates[0]
    me = view.player
    totals = dict.fromkeys(candidates, 0.0)
    samples = sample_hands(view, knowledge, rng)
    if preferred not in totals:  # a card equal to one kept: credit that one
        preferred = max(c for c in candidates if c & 3 == preferred & 3 and c <= preferred)
    totals[preferred] += PREFERRED_EDGE * len(samples)
    mine = list(view.hand)
    for theirs in samples:
        for card in candidates:
            totals[card] += _value_after(view, me, mine, theirs, card)
    return max(candidates, key=lambda c: (totals[c], -(c >> 2), -c))


def _distinct(legal: Sequence[Card], outside: set[Card] | frozenset[Card]) -> list[Card]:
    """``legal`` less the cards that play the same as a lower one: two cards of a suit
    with no card of ``outside`` (unseen, or on the table) between them win and lose the
    same tricks."""
    kept: list[Card] = []
    for card in sorted(legal):
        if kept and kept[-1] & 3 == card & 3:
            between = any(kept[-1] < c < card and c & 3 == card & 3 for c in outside)
            if not between:
                continue
        kept.append(card)
    return kept


Suits = list[list[Card]]
"""A hand for the play-out: for each suit, its cards in ascending order."""


def _by_suit(cards: Sequence[Card]) -> Suits:
    suits: Suits = [[], [], [], []]
    for card in sorted(cards):
        suits[card & 3].append(card)
    return suits


def _value_after(
    view: PlayerView, me: int, mine: list[Card], theirs: list[Card], card: Card
) -> float:
    """The hand's value to ``me`` if ``me`` plays ``card`` now and the rest is played out."""
    hands = [_by_suit(mine), _by_suit(mine)]
    hands[1 - me] = _by_suit(theirs)
    hands[me][card & 3].remove(card)
    won = list(view.tricks_won)
    bids = (view.bids[0] or 0, view.bids[1] or 0)
    broken = view.broken or card & 3 == SPADES
    if view.trick:
        lead = view.trick[0]
        leader = me if beats(card, lead) else 1 - me
    else:
        follower = 1 - me
        reply = _follow(hands[follower], card, _aim(follower, bids, won))
        broken = broken or reply & 3 == SPADES
        leader = follower if beats(reply, card) else me
    won[leader] += 1
    play_out(hands, leader, won, bids, broken)
    return _hand_value(view, me, won)


def play_out(
    hands: list[Suits], leader: int, won: list[int], bids: tuple[int, int], broken: bool
) -> None:
    """Play the rest of the hand with both hands known, adding the tricks to ``won``.

    Both players play by ``_aim`` and the simple card rules of ``_lead`` and ``_follow``:
    a fast stand-in for good play, on per-suit lists so that each choice looks at a few
    cards at the ends of the suits rather than at the whole hand.
    """
    while any(hands[leader]) and any(hands[1 - leader]):
        follower = 1 - leader
        lead = _lead(hands[leader], hands[follower], broken, _aim(leader, bids, won))
        reply = _follow(hands[follower], lead, _aim(follower, bids, won))
        broken = broken or lead & 3 == SPADES or reply & 3 == SPADES
        leader = follower if beats(reply, lead) else leader
        won[leader] += 1


def _aim(player: int, bids: tuple[int, int], won: list[int]) -> bool:
    """Whether ``player`` wants the trick now (True) or wants to lose it."""
    other = 1 - player
    if bids[player] == 0 and won[player] == 0:
        return False  # protect the nil
    if won[player] < bids[player]:
        return True
    if bids[other] == 0 and won[other] == 0:
        return False  # push tricks onto the nil bidder
    return won[other] < bids[other]  # set the opponent while they still need tricks


def _lead(hand: Suits, other: Suits, broken: bool, win: bool) -> Card:
    """Take a sure winner when one is wanted (a side suit first), else lead the lowest
    card; spades only once broken or when nothing else is left (S08). Removes it."""
    suits = [s for s in range(4) if s != SPADES and hand[s]]
    if hand[SPADES] and (broken or not suits):
        suits.append(SPADES)
    if win:
        sure = [
            s
            for s in suits
            if (hand[s][-1] > other[s][-1] if other[s] else s == SPADES or not other[SPADES])
        ]
        if sure:
            best = max(sure, key=lambda s: (s != SPADES, hand[s][-1] >> 2))
            return hand[best].pop()
    low = min(suits, key=lambda s: (hand[s][0] >> 2, s == SPADES))
    return hand[low].pop(0)


def _follow(hand: Suits, lead: Card, win: bool) -> Card:
    """Follow suit if possible: the cheapest winner when the trick is wanted, else the
    highest card that still loses; void, trump low to win or throw high to lose. Removes it."""
    suit = lead & 3
    cards = hand[suit]
    if cards:
        above = bisect_right(cards, lead)
        if win:
            return cards.pop(above if above < len(cards) else 0)
        return cards.pop(above - 1 if above > 0 else len(cards) - 1)
    side = [s for s in range(4) if s != SPADES and hand[s]]
    if win and hand[SPADES] and suit != SPADES:
        return hand[SPADES].pop(0)
    if not side:
        return hand[SPADES].pop(len(hand[SPADES]) - 1 if not win else 0)
    if win:  # cannot win: throw the least useful card
        low = min(side, key=lambda s: hand[s][0] >> 2)
        return hand[low].pop(0)
    high = max(side, key=lambda s: hand[s][-1] >> 2)
    return hand[high].pop()


def _hand_value(view: PlayerView, me: int, won: list[int]) -> float:
    """``me``'s score for the hand less the opponent's, bags at their eventual cost."""
    value = 0.0
    for player, sign in ((me, 1.0), (1 - me, -1.0)):
        bid = view.bids[player] or 0
        result = score_player(bid, view.blind[player], won[player], view.bags[player])
        bag_cost = BAG_PENALTY / BAGS_PER_PENALTY * result.bags
        value += sign * (result.points - result.penalty - bag_cost)
    return value


def expected_tricks_by_play(
    hand: Sequence[Card],
    knowledge: Knowledge,
    view: PlayerView,
    rng: random.Random,
    count: int = SAMPLES,
) -> list[int]:
    """Tricks ``hand`` takes on each of ``count`` sampled layouts when both players try to
    win every trick: the bidding's view of a hand's strength."""
    me = view.player
    leader = 1 - view.first  # the second player leads the first trick (S08)
    results = []
    greedy = (TRICKS_PER_HAND, TRICKS_PER_HAND)
    for theirs in sample_hands(view, knowledge, rng, count):
        won = [0, 0]
        hands = [_by_suit(hand), _by_suit(hand)]
        hands[1 - me] = _by_suit(theirs)
        play_out(hands, leader, won, greedy, False)
        results.append(won[me])
    return results


def best_bid(tricks: Sequence[int]) -> int:
    """The bid (1 to 13) with the best average score over these trick counts: a bid
    missed costs ten points a trick, a trick over the bid is a bag that will cost ten."""
    bag_cost = BAG_PENALTY / BAGS_PER_PENALTY

    def value(bid: int) -> float:
        return sum(10 * bid + (t - bid) * (1 - bag_cost) if t >= bid else -10 * bid for t in tricks)

    return max(range(1, TRICKS_PER_HAND + 1), key=value)
