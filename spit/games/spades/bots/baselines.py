"""Reference opponents the Spades levels are measured against (``docs/bots.md``).

Neither is offered to players. ``ScriptedPlayer`` is the crude strategy a new player
learns first, the yardstick the issue that asked for a better ``hard`` named: bid your
aces and kings plus the spades beyond three, play high when you still need tricks and
low when you do not. ``RandomPlayer`` picks any legal action; ``easy`` must beat it
nearly always. Both have the same ``choose`` as ``Bot``, so the simulator seats any of
them (``spit.games.spades.sim.make_player``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spit.core.seats import Seat
from spit.games.spades.engine import (
    SPADES,
    TRICKS_PER_HAND,
    Action,
    Bid,
    DeclineBlindNil,
    Discard,
    Exchange,
    Keep,
    Phase,
    PlayCard,
    PlayerView,
    beats,
)

ACE, KING, QUEEN = 12, 11, 10
"""Ranks as ``card >> 2`` gives them (2 is 0)."""


class ScriptedPlayer:
    """Bid = aces + kings + spades beyond three; high to win a trick, low to lose it."""

    level = "scripted"

    def __init__(self, player: Seat, seed: int = 0) -> None:
        self.player = player

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        match view.phase:
            case Phase.BLIND:
                return DeclineBlindNil()
            case Phase.DRAW:
                top = view.top_card
                assert top is not None, "the drawer sees the top card"
                return Keep() if top >> 2 >= QUEEN or top & 3 == SPADES else Discard()
            case Phase.EXCHANGE:
                return Exchange()
            case Phase.BID:
                return Bid(scripted_bid(view.hand))
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        me = view.player
        want = view.tricks_won[me] < (view.bids[me] or 0)
        by_rank = sorted(cards, key=lambda c: (c >> 2, c & 3 == SPADES))
        if not view.trick:
            return PlayCard(by_rank[-1] if want else by_rank[0])
        winners = [c for c in by_rank if beats(c, view.trick[0])]
        if want and winners:
            return PlayCard(winners[-1])
        losers = [c for c in by_rank if not beats(c, view.trick[0])]
        return PlayCard((losers or by_rank)[0])


def scripted_bid(hand: Sequence[int]) -> int:
    high = sum(1 for c in hand if c >> 2 in (ACE, KING))
    spades = sum(1 for c in hand if c & 3 == SPADES)
    return max(1, min(TRICKS_PER_HAND, high + max(0, spades - 3)))


class RandomPlayer:
    """Any legal action, uniformly: bids, blind nil and exchanges included."""

    level = "random"

    def __init__(self, player: Seat, seed: int = 0) -> None:
        self.player = player
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self._rng.choice(list(legal))
