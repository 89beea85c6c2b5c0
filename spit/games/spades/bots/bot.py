"""The Spades computer player: one class, two levels.

"hard" counts cards: it knows which cards are still unseen, infers the opponent's voids
from the tricks (``knowledge``), and looks ahead: it bids, and picks each card, by
playing the rest of the hand out on many layouts of the unseen cards that agree with
what it has seen (``lookahead``). It bids nil only with a hand that is likely safe,
declares blind nil only in desperation, and its rules for play (``play``) set the card
it plays unless the look-ahead finds a clearly better one.
"easy" plays like a casual player: it keeps high cards, bids from its aces, kings and
high spades with some slack, sometimes gambles on a blind nil, and often plays a
card without much thought. Both draw their randomness from their own seeded
``random.Random``, so a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from spit.core.cards import Card
from spit.core.seats import Seat
from spit.games.spades.bots import knowledge as kn
from spit.games.spades.bots.lookahead import best_bid, best_card, expected_tricks_by_play
from spit.games.spades.bots.play import cheapest, choose_card
from spit.games.spades.engine import (
    MAX_EXCHANGE,
    SPADES,
    TRICKS_PER_HAND,
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Exchange,
    Keep,
    Phase,
    PlayCard,
    PlayerView,
    beats,
)


class BotLevel(StrEnum):
    """The Spades levels' names, weakest first, as the command line and replays spell them."""

    EASY = "easy"
    HARD = "hard"


@dataclass(frozen=True, slots=True)
class Level:
    name: BotLevel
    blurb: str
    """One line for menus."""


LEVEL_TABLE: Final = (
    Level(BotLevel.EASY, "keeps high cards, bids loosely and plays without counting"),
    Level(BotLevel.HARD, "counts cards, reads voids and plays the hand out ahead before each move"),
)
LEVELS: Final = tuple(BotLevel)

EASY_CARELESS = 0.35
"""How often "easy" plays a random legal card instead of thinking."""
EASY_DRAW_SLIPS = 0.2
"""How often "easy" keeps a card it meant to discard, or the other way round."""
EASY_BLIND = 0.02
"""How often "easy" gambles on blind nil."""
EASY_NIL_BELOW = 0.5
""""easy" bids nil whenever its count is below this, safe or not."""
BID_SAMPLES = 32
"""Layouts played out to judge a hand's tricks before bidding."""
PLAY_OUT_OPTIMISM = 1
"""Tricks a play-out with both hands face up takes beyond what the hand takes in play,
where the cards are hidden: measured over 109 hard-against-scripted hands, the play-outs
averaged 6.8 tricks, the hands 6.1."""
HARD_NIL_EDGE = 10.0
"""Points by which a nil's expected score must beat the normal bid's before "hard" bids it."""
HARD_BLIND_REACH = 60
HARD_BLIND_BEHIND = 200
""""hard" bids blind nil only as a last resort: the opponent is within ``HARD_BLIND_REACH``
of the target and "hard" ``HARD_BLIND_BEHIND`` behind. Blind nil succeeds about one time
in six, and looser rules won no more games than never bidding it."""
HARD_EXCHANGE_DANGER = 0.25
"""A blind-nil "hard" player gives away cards at least this likely to take a trick."""
SPARE_SPADE_VALUE = 0.35
"""In the draw, the chance that a spade too low to win in its suit wins by trumping."""


class Bot:
    """A computer player for one seat; ``choose`` picks from the legal actions."""

    def __init__(self, level: str, player: Seat, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level = level
        self.player = player
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The bot's action in ``view``; ``legal`` is ``legal_actions`` for its seat."""
        if not legal:
            raise ValueError("the bot was asked to act with no legal action")
        hard = self.level == BotLevel.HARD
        match view.phase:
            case Phase.BLIND:
                return DeclareBlindNil() if self._blind(view, hard) else DeclineBlindNil()
            case Phase.DRAW:
                return Keep() if self._keep(view, hard) else Discard()
            case Phase.EXCHANGE:
                return Exchange(self._give_away(view, hard))
            case Phase.BID:
                return Bid(self._bid(view, hard))
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        if hard:
            know = kn.read(view)
            rules = choose_card(view, cards, know)
            return PlayCard(best_card(view, cards, know, self._rng, preferred=rules))
        return PlayCard(self._easy_card(view, cards))

    # --- before the draw -------------------------------------------------------------

    def _blind(self, view: PlayerView, hard: bool) -> bool:
        if not hard:
            return self._rng.random() < EASY_BLIND
        me, opp = view.scores[view.player], view.scores[1 - view.player]
        return opp >= view.target - HARD_BLIND_REACH and me <= opp - HARD_BLIND_BEHIND

    # --- the draw ----------------------------------------------------------------------

    def _keep(self, view: PlayerView, hard: bool) -> bool:
        top = view.top_card
        assert top is not None, "the drawer sees the top card"
        if not hard:
            good = top >> 2 >= 9 or (top & 3 == SPADES and top >> 2 >= 5)
            if view.blind[view.player]:
                good = top >> 2 <= 5 and top & 3 != SPADES
            return good != (self._rng.random() < EASY_DRAW_SLIPS)
        know = kn.read(view, opponent_cards=TRICKS_PER_HAND)
        pool = [c for c in know.unseen if c != top]
        value = _draw_value(top, view.hand, know)
        average = sum(_draw_value(c, view.hand, know) for c in pool) / len(pool)
        if view.blind[view.player]:
            return value <= average
        return value >= average

    # --- blind-nil exchange -----------------------------------------------------------

    def _give_away(self, view: PlayerView, hard: bool) -> tuple[Card, ...]:
        if not hard:
            return tuple(sorted(view.hand, key=lambda c: c >> 2)[-3:])
        know = kn.read(view)
        hand, given = list(view.hand), []
        for _ in range(MAX_EXCHANGE):
            # Spades first on a tie: a spade can never be thrown away on another suit.
            worst = max(hand, key=lambda c: (kn.danger(c, hand, know), c & 3 == SPADES, c))
            if kn.danger(worst, hand, know) < HARD_EXCHANGE_DANGER:
                break
            hand.remove(worst)
            given.append(worst)
        return tuple(given)

    # --- bidding -----------------------------------------------------------------------

    def _bid(self, view: PlayerView, hard: bool) -> int:
        hand = view.hand
        if not hard:
            quick = _honour_count(hand)
            if quick < EASY_NIL_BELOW:
                return 0
            slack = self._rng.choice((0, 1, 1, 2))  # the count misses about two tricks
            return max(1, min(TRICKS_PER_HAND, round(quick) + slack))
        know = kn.read(view)
        played_out = expected_tricks_by_play(hand, know, view, self._rng, BID_SAMPLES)
        bid = best_bid([t - PLAY_OUT_OPTIMISM for t in played_out])
        safety = kn.nil_safety(hand, know, leads=view.first != view.player)
        if 200 * safety - 100 > 10 * bid + HARD_NIL_EDGE:
            return 0
        return bid

    # --- easy card play ----------------------------------------------------------------

    def _easy_card(self, view: PlayerView, cards: list[Card]) -> Card:
        if self._rng.random() < EASY_CARELESS:
            return self._rng.choice(cards)
        me = view.player
        want = view.tricks_won[me] < (view.bids[me] or 0)
        if view.trick:
            lead = view.trick[0]
            winners = [c for c in cards if beats(c, lead)]
            if want and winners:
                return min(winners)
            return cheapest(cards)
        return max(cards, key=lambda c: c >> 2) if want else min(cards, key=lambda c: c >> 2)


def _honour_count(hand: Sequence[Card]) -> float:
    """The casual player's count: side aces, kings and queens, high spades, long spades."""
    side = (0.0,) * 10 + (0.3, 0.7, 1.0)
    top_spades = (0.0,) * 9 + (0.7, 1.0, 1.0, 1.0)
    spades = [c for c in hand if c & 3 == SPADES]
    count = sum(side[c >> 2] for c in hand if c & 3 != SPADES)
    count += sum(top_spades[c >> 2] for c in spades)
    return count + 0.8 * max(0, len(spades) - 3)


def _draw_value(card: Card, hand: tuple[Card, ...], know: kn.Knowledge) -> float:
    """How much ``card`` adds to ``hand``'s tricks: its chance to win in its suit, and
    for a spade the chance to trump when it would not win otherwise."""
    above = sum(1 for c in hand if c & 3 == card & 3 and c > card)
    wins = kn.at_most(know.chances(card & 3, card), above)
    if card & 3 == SPADES:
        return wins + (1 - wins) * SPARE_SPADE_VALUE
    return wins
