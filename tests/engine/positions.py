"""Build exact engine positions from card notation, for tests.

A position names only the cards a test cares about, in two-letter notation (``"AS"``,
``"TD"``); the builder puts every other card of the deck somewhere harmless so that the
state holds all 52 cards exactly once, as a real game's state does.

Stockpiles and piles are written bottom first, so the last card is the top (face-up)
one: ``"3C 9D KH"`` is a stockpile whose face-up card is the king of hearts. Hands are
written in spitting order: the first card is the next one turned up. ``""`` or ``"-"``
is an empty pile.

Where the unnamed cards go (``rest``):

- ``"piles"`` (default): buried at the bottom of the spit piles, under the named cards,
  half each (all on the single pile in a one-pile round). Nobody has spare spit cards,
  so a stall ends the round. The buried part is not an adjacent-rank chain.
- ``"hands"``: appended after the named spit cards, half to each player.
- ``"hand0"`` / ``"hand1"``: all appended to that player's spit cards.
- ``"collected"``: between rounds, half to each player's gathered cards;
  ``"collected0"`` / ``"collected1"``: all to that player.
- ``"none"``: left out; the state then does not hold the whole deck.

Also here, for the tests that play on from a position or through whole games: one
card (``c``), the action space, legal play that never waits (``actor``, ``next_round``)
and the same table with its hidden cards moved (``scrambled``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spit.engine import (
    DECK,
    Action,
    Applied,
    Card,
    Dealer,
    Move,
    Phase,
    Pile,
    Play,
    Reason,
    Rejected,
    Slap,
    Spit,
    State,
    Stockpiles,
    Variant,
    apply,
    deal_round,
    legal_actions,
    parse_card,
)

ACTION_SPACE: tuple[Action, ...] = (
    *(Play(s, p) for s in range(5) for p in range(2)),
    *(Move(s) for s in range(5)),
    Spit(),
    Slap(0),
    Slap(1),
)
"""Every action there is, legal or not."""


def c(text: str) -> Card:
    """One card: ``c("AS")``."""
    return parse_card(text)


def cards(text: str) -> Pile:
    """``"AS 2H"`` -> the two cards, in the order written; ``""`` or ``"-"`` -> ``()``."""
    return tuple(parse_card(t) for t in text.split() if t != "-")


def row(spec: Sequence[str]) -> Stockpiles:
    """Five stockpiles from up to five strings; missing ones are empty spaces."""
    if len(spec) > 5:
        raise ValueError("at most five stockpiles")
    padded = [cards(s) for s in spec] + [()] * (5 - len(spec))
    return (padded[0], padded[1], padded[2], padded[3], padded[4])


def _halves(rest: list[Card]) -> tuple[list[Card], list[Card]]:
    half = (len(rest) + 1) // 2
    return rest[:half], rest[half:]


def position(
    stocks0: Sequence[str] = (),
    stocks1: Sequence[str] = (),
    *,
    hands: tuple[str, str] = ("", ""),
    piles: Sequence[str] = ("", ""),
    collected: tuple[str, str] = ("", ""),
    rest: str = "piles",
    phase: Phase = Phase.PLAYING,
    must_spit: tuple[bool, bool] = (False, False),
    short: int | str | None = "auto",
    variant: Variant = Variant.STANDARD,
    target: int = 100,
    round: int = 1,
    scores: tuple[int, int] = (0, 0),
    winner: int | None = None,
) -> State:
    """A ``State`` with exactly the named cards where they are named (see module doc).

    ``short`` defaults, in a one-pile position, to the player whose named spit cards
    are empty (and who receives none of the ``rest``), and to ``None`` with two piles.
    """
    st = (row(stocks0), row(stocks1))
    hd = [list(cards(hands[0])), list(cards(hands[1]))]
    pl = [list(cards(p)) for p in piles]
    co = [list(cards(collected[0])), list(cards(collected[1]))]
    named = [c for r in st for p in r for c in p]
    for group in (hd, pl, co):
        named.extend(c for p in group for c in p)
    if len(set(named)) != len(named):
        dup = sorted({c for c in named if named.count(c) > 1})
        raise ValueError(f"cards named twice: {dup}")
    leftover = [c for c in DECK if c not in set(named)]
    if rest == "piles":
        if len(pl) == 1:
            pl[0] = leftover + pl[0]
        else:
            a, b = _halves(leftover)
            pl[0], pl[1] = a + pl[0], b + pl[1]
    elif rest in ("hands", "collected"):
        zone = hd if rest == "hands" else co
        a, b = _halves(leftover)
        zone[0] += a
        zone[1] += b
    elif rest in ("hand0", "hand1", "collected0", "collected1"):
        (hd if rest.startswith("hand") else co)[int(rest[-1])] += leftover
    elif rest != "none":
        raise ValueError(f"unknown rest {rest!r}")
    if short == "auto":
        short = None
        if len(pl) == 1:
            empty = [p for p in (0, 1) if not hd[p]]
            short = empty[0] if len(empty) == 1 else None
    assert short is None or isinstance(short, int)
    return State(
        variant=variant,
        target=target,
        round=round,
        phase=phase,
        stocks=st,
        hands=(tuple(hd[0]), tuple(hd[1])),
        piles=tuple(tuple(p) for p in pl),
        must_spit=must_spit,
        short=short,
        collected=(tuple(sorted(co[0])), tuple(sorted(co[1]))),
        scores=scores,
        winner=winner,
    )


def all_cards(state: State) -> list[Card]:
    """Every card in the state, from every zone (with repeats if the state is broken)."""
    out = [c for r in state.stocks for p in r for c in p]
    for group in (state.hands, state.piles, state.collected):
        out.extend(c for p in group for c in p)
    return out


def ok(state: State, player: int, action: Action) -> Applied:
    """Apply an action that must be legal; fail the test with the reason otherwise."""
    outcome = apply(state, player, action)
    assert isinstance(outcome, Applied), f"{action} by {player} rejected: {outcome}"
    return outcome


def refused(state: State, player: int, action: Action, reason: Reason) -> None:
    """Assert that the action is rejected for ``reason``, is not listed as legal, and
    changes nothing."""
    if player in (0, 1):
        assert action not in legal_actions(state, player)
    before = tuple(state)
    outcome = apply(state, player, action)
    assert outcome == Rejected(reason), f"{action} by {player}: {outcome}"
    assert tuple(state) == before


def actor(state: State, player: int) -> tuple[int, list[Action]]:
    """``player`` and their legal actions or, when they have none, the other player and
    theirs: in a running round someone can always act, so play never waits."""
    actions = legal_actions(state, player)
    if not actions:
        player = 1 - player
        actions = legal_actions(state, player)
    return player, actions


def next_round(state: State, dealer: Dealer) -> State:
    """The next round after ``state`` (between rounds), each player's gathered cards
    shuffled by ``dealer`` as the match does."""
    orders = (dealer.shuffle(state.collected[0]), dealer.shuffle(state.collected[1]))
    return deal_round(state, orders).state


def scrambled(state: State, rng: random.Random) -> State:
    """The same table with every hidden card (face-down stockpile cards and all spit
    cards) shuffled among the hidden places: nothing a player may see changes."""
    hidden = [c for row in state.stocks for pile in row for c in pile[:-1]]
    hidden.extend(c for hand in state.hands for c in hand)
    rng.shuffle(hidden)
    it = iter(hidden)
    stocks = tuple(
        tuple(tuple([*(next(it) for _ in pile[:-1]), pile[-1]]) if pile else () for pile in row)
        for row in state.stocks
    )
    hands = tuple(tuple(next(it) for _ in hand) for hand in state.hands)
    return state._replace(stocks=stocks, hands=hands)
