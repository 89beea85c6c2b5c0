"""War's rules (``RULES.md``), pure: a state, one action, and ``apply`` that returns the
new state and its events or a rejection, never changing the state it was given."""

from __future__ import annotations

import hashlib
from typing import Final, TypeAlias

import msgspec
from msgspec import Struct

from spit.core.cards import DECK, Card, rank
from spit.core.dealer import Dealer
from spit.core.outcome import Applied, Refusal, Rejected

HAND: Final = 4
"""Cards dealt to each player a round (RULES 2)."""

Pile: TypeAlias = tuple[Card, ...]


class Flip(Struct, frozen=True, gc=False):
    """Turn over the top card of one's pile: War's only action."""

    def __str__(self) -> str:
        return "flip"


FLIP: Final = Flip()


class Reason(Refusal):
    NOT_YOUR_TURN = "not your turn"
    BETWEEN_ROUNDS = "between rounds"
    GAME_OVER = "the game is over"


class Deal(Struct, frozen=True, gc=False):
    """One round's piles, each top card first."""

    first: Pile
    second: Pile


class State(Struct, frozen=True, gc=False):
    rounds: int
    round: int
    piles: tuple[Pile, Pile]
    table: tuple[Card | None, Card | None]
    """The cards of the trick under way, face up."""
    points: tuple[int, int]
    to_move: int | None
    """Whose turn it is; ``None`` between rounds and once the game is over."""
    over: bool = False


class Flipped(Struct, frozen=True, gc=False):
    seat: int
    card: Card


class TrickTaken(Struct, frozen=True, gc=False):
    winner: int | None
    """``None``: a war, nobody scores (RULES 3)."""
    cards: tuple[Card, Card]


class RoundStarted(Struct, frozen=True, gc=False):
    round: int
    leader: int


Event: TypeAlias = Flipped | TrickTaken | RoundStarted


def leader(round_no: int) -> int:
    """RULES 4: the first player leads odd rounds, the second even ones."""
    return (round_no - 1) % 2


def checked(deal: Deal) -> Deal:
    """``deal`` if it is two piles of ``HAND`` different cards; else ``ValueError``."""
    cards = deal.first + deal.second
    if len(deal.first) != HAND or len(deal.second) != HAND:
        raise ValueError(f"War deals {HAND} cards to each player")
    if len(set(cards)) != len(cards) or not set(cards) <= set(DECK):
        raise ValueError("a War deal holds each card of the deck at most once")
    return deal


def new_game(deal: Deal, rounds: int) -> State:
    checked(deal)
    return State(rounds, 1, (deal.first, deal.second), (None, None), (0, 0), leader(1))


def next_round(state: State, deal: Deal) -> Applied[State, Event]:
    checked(deal)
    round_no = state.round + 1
    after = State(
        state.rounds,
        round_no,
        (deal.first, deal.second),
        (None, None),
        state.points,
        leader(round_no),
    )
    return Applied(after, (RoundStarted(round_no, leader(round_no)),))


def apply(state: State, seat: int, action: Flip) -> Applied[State, Event] | Rejected[Reason]:
    if state.over:
        return Rejected(Reason.GAME_OVER)
    if state.to_move is None:
        return Rejected(Reason.BETWEEN_ROUNDS)
    if state.to_move != seat:
        return Rejected(Reason.NOT_YOUR_TURN)
    card, rest = state.piles[seat][0], state.piles[seat][1:]
    piles = (rest, state.piles[1]) if seat == 0 else (state.piles[0], rest)
    table = (card, state.table[1]) if seat == 0 else (state.table[0], card)
    flipped = Flipped(seat, card)
    if table[1 - seat] is None:
        return Applied(
            State(state.rounds, state.round, piles, table, state.points, 1 - seat), (flipped,)
        )
    first, second = table[0], table[1]
    assert first is not None and second is not None
    winner = None if rank(first) == rank(second) else int(rank(second) > rank(first))
    points = state.points
    if winner is not None:
        points = (points[0] + 1, points[1]) if winner == 0 else (points[0], points[1] + 1)
    round_over = not piles[0]
    over = round_over and state.round == state.rounds
    to_move = None if round_over else leader(state.round)
    after = State(state.rounds, state.round, piles, (None, None), points, to_move, over)
    return Applied(after, (flipped, TrickTaken(winner, (first, second))))


class Stage(Struct, frozen=True, gc=False):
    """War is played in turns: nothing is ever due."""

    dealing: bool = False
    over: bool = False

    @property
    def due(self) -> None:
        return None


class View(Struct, frozen=True, gc=False):
    """What a seat (or a spectator) may know: how many cards each pile holds, never
    which (RULES 2), and the cards face up."""

    round: int
    rounds: int
    pile_sizes: tuple[int, int]
    table: tuple[Card | None, Card | None]
    points: tuple[int, int]
    to_move: int | None
    over: bool


def stage_of(state: State) -> Stage:
    """Between rounds the game waits for a deal; after the last, it is over."""
    return Stage(dealing=state.to_move is None and not state.over, over=state.over)


def observe(state: State) -> View:
    """The same for every seat and a spectator: nobody sees a face-down card."""
    sizes = (len(state.piles[0]), len(state.piles[1]))
    return View(
        state.round, state.rounds, sizes, state.table, state.points, state.to_move, state.over
    )


def shuffled(dealer: Dealer) -> Deal:
    """RULES 2: four cards each from a new shuffle of the whole deck."""
    cards = dealer.shuffle(DECK)
    return Deal(cards[:HAND], cards[HAND : 2 * HAND])


def state_hash(state: State) -> str:
    return hashlib.blake2b(msgspec.json.encode(state), digest_size=16).hexdigest()
