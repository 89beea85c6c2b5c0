"""Deals, agents and a recorder for driving ``Session`` in tests.

Deals are written the way a player sees them after the deal: each stockpile bottom
first (the last card is the face-up one), spit cards in spitting order. ``deal_order``
turns that into the card order ``lay_out`` deals row by row, and ``scripted`` fills in
every card a test leaves unnamed so that the deal holds the whole deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from spit.engine import (
    DECK,
    Action,
    Card,
    Phase,
    Play,
    Spit,
    lay_out,
    legal_actions,
    parse_card,
)
from spit.engine import Orders as Orders
from spit.engine import State as State
from spit.game import TimedEvent
from spit.games.spit.game import scripted_deals
from spit.play.deals import Deals
from spit.play.events import InputRecord

FILL = "?"
"""A card the test does not care about; ``scripted`` picks one."""


def cards(text: str) -> list[Card | None]:
    """``"AS ? 2H"`` -> the cards in the order written, ``None`` for each ``?``."""
    return [None if t == FILL else parse_card(t) for t in text.split()]


def deal_order(stocks: Sequence[Sequence[Card]], spit: Sequence[Card]) -> tuple[Card, ...]:
    """The order that ``lay_out`` deals into ``stocks`` (piles of 1..5 cards, bottom
    first) followed by the spit cards ``spit`` (the first one is spat first)."""
    if [len(s) for s in stocks] != [1, 2, 3, 4, 5]:
        raise ValueError("a full layout has stockpiles of 1, 2, 3, 4 and 5 cards")
    order = [stocks[col][row] for row in range(5) for col in range(row, 5)]
    order.extend(spit)
    expected = (tuple(tuple(s) for s in stocks), tuple(spit))
    assert lay_out(order) == expected, "deal_order must invert lay_out"
    return tuple(order)


def scripted(
    stocks0: Sequence[str],
    spit0: str,
    stocks1: Sequence[str],
    spit1: str,
    *,
    seed: int | None = None,
) -> Deals[State, Orders]:
    """A first deal with the named cards where they are named.

    Each ``?`` takes the next unnamed card of the deck (in deck order); what is left
    over after that is appended to the spit cards, 26 cards to each player in all.
    """
    spec = [[cards(s) for s in stocks0], [cards(s) for s in stocks1]]
    spits = [cards(spit0), cards(spit1)]
    named = [c for side in (*spec, spits) for pile in side for c in pile if c is not None]
    taken = set(named)
    if len(taken) != len(named):
        raise ValueError("a card is named twice")
    spare = iter([c for c in DECK if c not in taken])

    def filled(pile: list[Card | None]) -> list[Card]:
        return [next(spare) if c is None else c for c in pile]

    stocks = [[filled(p) for p in side] for side in spec]
    hands = [filled(h) for h in spits]
    for p in (0, 1):
        missing = 26 - 15 - len(hands[p])
        hands[p].extend(next(spare) for _ in range(missing))
    first: Orders = (deal_order(stocks[0], hands[0]), deal_order(stocks[1], hands[1]))
    return scripted_deals([first], seed=seed)


class FirstLegalAgent:
    """Picks the first legal action other than a spit as soon as it has one, and
    submits it ``delay_ms`` later, like a player reacting: by then the other player
    may have got there first, so its inputs race and are sometimes rejected."""

    def __init__(self, player: int, delay_ms: int) -> None:
        self.player = player
        self.delay_ms = delay_ms
        self._wake: int | None = None
        self._pending: Action | None = None

    def next_wakeup(self) -> int | None:
        return self._wake

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent]) -> None:
        if self._wake is None and state.phase in (Phase.PLAYING, Phase.SLAP):
            actions = [a for a in legal_actions(state, self.player) if not isinstance(a, Spit)]
            if actions:
                self._pending, self._wake = actions[0], t + self.delay_ms

    def wake(self, t: int, state: State) -> Action | None:
        action, self._pending, self._wake = self._pending, None, None
        return action


class FakeRecorder:
    """Remembers what it was told: ``calls`` holds the method names in call order,
    the other lists each method's arguments."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.deals: list[tuple[int, int, Orders]] = []
        self.inputs: list[InputRecord] = []
        self.states_after_input: list[State] = []
        self.round_overs: list[tuple[int, State]] = []
        self.game_overs: list[tuple[int, State]] = []

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self.calls.append("deal")
        self.deals.append((t, round_no, orders))

    def on_input(self, record: InputRecord, state: State) -> None:
        self.calls.append("input")
        self.inputs.append(record)
        self.states_after_input.append(state)

    def on_round_over(self, t: int, state: State) -> None:
        self.calls.append("round_over")
        self.round_overs.append((t, state))

    def on_game_over(self, t: int, state: State) -> None:
        self.calls.append("game_over")
        self.game_overs.append((t, state))


def race_deal() -> Deals[State, Orders]:
    """After the start spit (5C left, KC right) exactly two plays are legal, both onto
    the left pile: player 1's 6C from stockpile 0 and player 2's 4D from stockpile 0.
    Player 2's 7D (stockpile 1) becomes legal once the 6C lands."""
    return scripted(
        ["6C", "? 2C", "? ? 8C", "? ? ? 9C", "? ? ? ? TC"],
        "5C",
        ["4D", "? 7D", "? ? 2D", "? ? ? 8D", "? ? ? ? 9D"],
        "KC",
    )


def stall_deal() -> Deals[State, Orders]:
    """After the start spit (5C left, KC right) only player 1's 6C (stockpile 1) can be
    played; it uncovers a JC, and then nothing fits anywhere and no stockpile space is
    empty: a stall. The stall spits are 7H (left) and 4H (right), after which play
    resumes."""
    return scripted(
        ["2C", "JC 6C", "? ? 3C", "? ? ? 9C", "? ? ? ? TC"],
        "5C 7H",
        ["2D", "? 3D", "? ? 8D", "? ? ? 9D", "? ? ? ? JD"],
        "KC 4H",
    )


STOCK_OUT_PLAYS = (
    [Play(0, 0)] + [Play(1, 0)] * 2 + [Play(2, 0)] * 3 + [Play(3, 0)] * 4 + [Play(4, 0)] * 5
)
"""Player 1's fifteen plays in ``stock_out_deal``, stockpile by stockpile, all onto the
left pile: a rising chain 3D 4D ... KD AD 2D 3H 4H on the spat 2C."""


def stock_out_deal(seed: int | None = None) -> Deals[State, Orders]:
    """Player 1 can play out every stockpile card onto the left pile (``STOCK_OUT_PLAYS``),
    ending the round with 16 cards on the left pile and 1 on the right."""
    return scripted(
        ["3D", "5D 4D", "8D 7D 6D", "QD JD TD 9D", "4H 3H 2D AD KD"],
        "2C",
        ["?", "? ?", "? ? ?", "? ? ? ?", "? ? ? ? ?"],
        "",
        seed=seed,
    )
