"""War as the game interface has it (``spit.game.Game``), and its codec."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeAlias

from msgspec import Struct

from spit.core.dealer import Dealer
from spit.core.outcome import Applied, Rejected
from spit.core.replay.fields import card_names, cards_of, show
from spit.core.seats import SEATS, Seat
from spit.game import FunctionCodec, Game, GameInfo, NextDeal, Option, Outcome, Timed

from .engine import (
    FLIP,
    Deal,
    Event,
    Flip,
    Reason,
    Stage,
    State,
    View,
    apply,
    new_game,
    next_round,
    observe,
    shuffled,
    stage_of,
    state_hash,
)

ROUNDS: Final = Option("rounds", "Rounds", lowest=1, highest=9, default=3)
INFO: Final = GameInfo(
    key="war",
    title="War",
    seats=2,
    real_time=False,
    hidden_information=False,  # face-down cards are hidden from both seats alike
    can_draw=True,
    options=(ROUNDS,),
    round_word="round",
    engine_version="1.0",
)


def _parse(text: str) -> Flip:
    if text != "flip":
        raise ValueError(f"War knows no input {show(text)}: only flip")
    return FLIP


def _deal_fields(deal: Deal) -> dict[str, str]:
    return {"first": card_names(deal.first), "second": card_names(deal.second)}


def _read_deal(fields: Mapping[str, object]) -> Deal:
    return Deal(cards_of(dict(fields), "first"), cards_of(dict(fields), "second"))


CODEC: Final = FunctionCodec(str, _parse, str, _parse, _deal_fields, _read_deal)
"""``flip``, and a deal as each pile's cards."""
WarTimed: TypeAlias = Timed[State, Stage, Event]


class WarGame(Struct, frozen=True):
    """War of ``rounds`` rounds (``spit.game.Game``)."""

    rounds: int = ROUNDS.default

    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def codec(self) -> FunctionCodec[Flip, Flip, Deal]:
        return CODEC

    def draw_first(self, dealer: Dealer) -> Deal:
        return shuffled(dealer)

    def draw_next(self, state: State, dealer: Dealer) -> Deal:
        return shuffled(dealer)

    def start(self, chance: Deal) -> WarTimed:
        state = new_game(chance, self.rounds)
        return Timed(state, stage_of(state), ())

    def deal(self, state: State, stage: Stage, t: int, chance: Deal) -> WarTimed:
        dealt = next_round(state, chance)
        return Timed(dealt.state, stage_of(dealt.state), dealt.events)

    def resolve(
        self, state: State, stage: Stage, seat: Seat, intent: Flip
    ) -> Flip | Reason | NextDeal:
        return Reason.BETWEEN_ROUNDS if stage.dealing else intent

    def legal_actions(self, state: State, stage: Stage, seat: Seat) -> Sequence[Flip]:
        return (FLIP,) if state.to_move == seat else ()

    def apply(
        self, state: State, stage: Stage, t: int, seat: Seat, action: Flip
    ) -> WarTimed | Rejected[Reason]:
        outcome = apply(state, seat, action)
        if not isinstance(outcome, Applied):
            return outcome
        after = outcome.state
        stage = stage_of(after)
        return Timed(after, stage, outcome.events, round_over=stage.dealing or stage.over)

    def lost_race(self, stage: Stage, t: int, seat: Seat, action: Flip, reason: Reason) -> bool:
        return False

    def run_timers(self, state: State, stage: Stage, t: int, horizon: int) -> WarTimed:
        return Timed(state, stage, ())

    def observe(self, state: State, seat: Seat | None) -> View:
        return observe(state)

    def tell(self, event: Event, seat: Seat | None) -> Event:
        return event  # a card is told when it is turned face up, to everyone

    def tell_action(self, action: Flip, by: Seat, seat: Seat | None) -> Flip | None:
        return action

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        first, second = state.points
        winners = () if first == second else (SEATS[int(second > first)],)
        return Outcome(winners, state.points, "points")

    def state_hash(self, state: State) -> str:
        return state_hash(state)


CONFORMS: Final[Game[State, Stage, Flip, Flip, Deal, Event, Reason, View]] = WarGame()
"""mypy proves here that War is a ``spit.game.Game`` (pyproject's ``[tool.mypy]`` files)."""
