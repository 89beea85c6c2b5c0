"""Spit as the game interface (``spit.game.Game``) has it, and the session that plays it.

The rules are ``spit.engine``: what a play, a move, a spit or a slap does
(``spit.engine.rules``) and what the clock does around them (``spit.engine.timers``).
``Game`` puts them together with what is Spit's own beside its rules: what a key means
at the moment it arrives (``spit.games.spit.intents``), the text of its inputs and
deals (``CODEC``), how a finished game ended. ``new_session`` starts a game in the
session written once for every game (``spit.play.session.Session``); ``Session`` is
that session's type with Spit's types filled in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from msgspec import Struct

from spit.core.clock import Clock
from spit.core.dealer import Dealer
from spit.core.outcome import Applied, Rejected
from spit.core.seats import SEATS, Seat
from spit.engine import (
    Action,
    Move,
    Orders,
    Phase,
    Play,
    PlayerView,
    Reason,
    Slap,
    Spit,
    State,
    Variant,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_action,
)
from spit.engine.timers import Stage, StagePhase, TableEvent, TimedTable, Timers, Timing
from spit.game import GameInfo, NextDeal, Outcome
from spit.games.spit.events import Event
from spit.games.spit.identity import INFO
from spit.games.spit.intents import (
    AT_SLAP,
    GAME_ENDED,
    ONE_PILE,
    TWO_PILES,
    Intent,
    KeyIntent,
    Meanings,
    MoveIntent,
    PlayIntent,
    SpitIntent,
    intent_text,
    parse_intent,
)
from spit.play import session
from spit.play.deals import Deals, ScriptedDeals, SeededDeals, seeded_or_given

_SLOW_REASONS: Final = frozenset(
    {Reason.NOT_ADJACENT, Reason.EMPTY_STOCKPILE, Reason.NOT_PLAYING, Reason.NOT_SLAPPING}
)
"""Refusals that can mean "someone else got there first" rather than a mistake."""
_SPIT_IS_AUTOMATIC: Final = Rejected(Reason.SPIT_IS_AUTOMATIC)
"""D17: spit cards are turned over by the countdown, never by an input."""
_GAME_OVER: Final = StagePhase.GAME_OVER
_SLAP: Final = StagePhase.SLAP
_ROUND_OVER: Final = StagePhase.ROUND_OVER
_DEALING: Final = StagePhase.DEALING
_ACTIONS: Final = (Play, Move, Spit, Slap)


class Codec:
    """The text of Spit's inputs and deals (``spit.game.Codec``): key intents as the
    network protocol writes them (``play 2 left``, ``move 4``, ``spit``), actions as
    the replays do (``play 2 1``, ``move 4``, ``slap 0``), a deal as each player's card
    names (``p1``, ``p2``)."""

    def intent_text(self, intent: Intent) -> str:
        if isinstance(intent, PlayIntent | MoveIntent | SpitIntent):
            return intent_text(intent)
        return str(intent)

    def parse_intent(self, text: str) -> Intent:
        """A key intent, or failing that an action (``play 2 left`` is a key, ``play 2
        1`` an action). Raises ``ValueError``."""
        try:
            return parse_intent(text)
        except ValueError as key_error:
            try:
                return parse_action(text)
            except ValueError:
                raise key_error from None

    def action_text(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    # The replay fields (and the JSON decoder beneath them) are imported when a deal is
    # written or read, not when the game is: a game starts without them.
    def deal_fields(self, chance: Orders) -> dict[str, str]:
        from spit.core.replay.fields import card_names

        return {"p1": card_names(chance[0]), "p2": card_names(chance[1])}

    def read_deal(self, fields: Mapping[str, object]) -> Orders:
        """Raises ``ValueError`` (``FormatError``) unless ``p1`` and ``p2`` are cards."""
        from spit.core.replay.fields import cards_of

        given = dict(fields)
        return cards_of(given, "p1"), cards_of(given, "p2")


CODEC: Final = Codec()


class Game(Struct, frozen=True):
    """Spit with its options chosen: the variant and its target (R19, R20), the
    ``Timers``' timing and whether its countdowns tick. See ``spit.game.Game``."""

    variant: Variant = Variant.STANDARD
    target: int = 100
    timers: Timers = Timers()

    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def codec(self) -> Codec:
        return CODEC

    @property
    def timing(self) -> Timing:
        return self.timers.timing

    # -- chance

    def draw_first(self, dealer: Dealer) -> Orders:
        """The whole deck shuffled and split, 26 cards each (R03)."""
        return dealer.first_deal()

    def draw_next(self, state: State, dealer: Dealer) -> Orders:
        """Each player's gathered cards, shuffled (R16)."""
        collected = state.collected
        return dealer.shuffle(collected[0]), dealer.shuffle(collected[1])

    def start(self, chance: Orders) -> TimedTable:
        return self.timers.start(new_game(chance, self.variant, self.target))

    def deal(self, state: State, stage: Stage, t: int, chance: Orders) -> TimedTable:
        return self.timers.deal(state, stage, t, chance)

    # -- inputs

    def resolve(
        self, state: State, stage: Stage, seat: Seat, intent: Intent
    ) -> Action | Reason | NextDeal:
        """An action means itself; a key intent means what ``meanings`` says now."""
        if isinstance(intent, _ACTIONS):
            return intent
        return meanings(state, stage).of[intent]

    def legal_actions(self, state: State, stage: Stage, seat: Seat) -> list[Action]:
        """The rules' legal actions but the spits, which the timers take (D17)."""
        return [a for a in legal_actions(state, seat) if type(a) is not Spit]

    def apply(
        self, state: State, stage: Stage, t: int, seat: Seat, action: Action
    ) -> TimedTable | Rejected[Reason]:
        if type(action) is Spit:
            return _SPIT_IS_AUTOMATIC
        outcome = apply(state, seat, action)
        if isinstance(outcome, Applied):
            return self.timers.after_input(state, outcome, t, seat)
        return outcome

    def lost_race(self, stage: Stage, t: int, seat: Seat, action: Action, reason: Reason) -> bool:
        """Refused for a reason a race explains, and legal just before the latest
        change, which the other player (or a timer) made within ``too_slow_ms`` (R10).
        A player's own change (a key pressed twice) is no race."""
        before = stage.before
        return (
            reason in _SLOW_REASONS
            and before is not None
            and seat != stage.changed_by
            and t - stage.changed_at <= self.timers.timing.too_slow_ms
            and isinstance(apply(before, seat, action), Applied)
        )

    # -- time

    def run_timers(self, state: State, stage: Stage, t: int, horizon: int) -> TimedTable:
        return self.timers.run(state, stage, t, horizon)

    # -- what each seat may know: nothing is hidden in Spit

    def observe(self, state: State, seat: Seat | None) -> PlayerView:
        """The table from ``seat``'s side (a spectator's from player 1's)."""
        return observe(state, SEATS[0] if seat is None else seat)

    def tell(self, event: TableEvent, seat: Seat | None) -> TableEvent:
        return event

    def tell_action(self, action: Action, by: Seat, seat: Seat | None) -> Action:
        return action

    # -- the end, and the hash

    def outcome(self, state: State) -> Outcome | None:
        """The winner and the scores (the points variant's totals; 0 in the standard
        game), and why: ``cards`` (no cards left, R19) or ``points`` (R20)."""
        if state.phase is not Phase.GAME_OVER or state.winner is None:
            return None
        reason = "points" if state.variant is Variant.POINTS else "cards"
        return Outcome((SEATS[state.winner],), state.scores, reason)

    def state_hash(self, state: State) -> str:
        from spit.engine.serialize import state_hash  # json and hashlib, when first needed

        return state_hash(state)


def meanings(state: State, stage: Stage) -> Meanings:
    """What every key intent means on this table at this stage."""
    phase = stage.phase
    if phase is _GAME_OVER:
        return GAME_ENDED
    if phase is _SLAP or phase is _ROUND_OVER or phase is _DEALING:
        return AT_SLAP
    return ONE_PILE if len(state.piles) == 1 else TWO_PILES


def card_played(action: Action) -> bool:
    """An accepted ``action`` played a card (a play or a move; a slap is no card)."""
    return not isinstance(action, Slap)


def useful_intents(
    state: State, stage: Stage, player: Seat
) -> tuple[tuple[KeyIntent, Action], ...]:
    """The key intents of ``player`` whose action the rules accept now, each with that
    action, in key order (``PLAYER_INTENTS``): what a hint may suggest, and whether the
    player can do anything at all. Not asking about a pause."""
    keys = meanings(state, stage).keys
    found = [
        (place, intent, action)
        for action in legal_actions(state, player)
        for place, intent in keys.get(action, ())
    ]
    found.sort()  # into key order: no two places are the same
    return tuple((intent, action) for _, intent, action in found)


def can_act(state: State, stage: Stage, player: Seat) -> bool:
    """Whether ``useful_intents`` has any for ``player``, without listing them: what a
    seat's network view says (``can_play``)."""
    keys = meanings(state, stage).keys
    return any(keys.get(action) for action in legal_actions(state, player))


Session: TypeAlias = session.Session[
    State, Stage, Action, Intent, Orders, TableEvent, Reason, PlayerView
]
"""A game of Spit in real time."""
Agent: TypeAlias = session.Agent[State, Action, Event]
"""A bot at a Spit table."""
Recorder: TypeAlias = session.Recorder[State, Action, Orders, Reason]
"""What records a game of Spit (its replay writer)."""


def scripted_deals(orders: Iterable[Orders], seed: int | None = None) -> Deals[State, Orders]:
    """Deals given in advance (a replay's, a practice position's), then, if a ``seed``
    is given, drawn from it; without one, running out means the recording ended.
    Raises ``ValueError`` without a first deal."""
    given = tuple(orders)
    if not given:
        raise ValueError("at least the first deal is needed")
    then = None if seed is None else SeededDeals(Game(), seed)
    return ScriptedDeals(given, then)


def new_session(
    *,
    seed: int | None = None,
    deals: Deals[State, Orders] | None = None,
    variant: Variant = Variant.STANDARD,
    target: int = 100,
    timing: Timing | None = None,
    agents: Sequence[Agent] = (),
    recorders: Sequence[Recorder] = (),
    clock: Clock | None = None,
    collect_events: bool = True,
    countdown_ticks: bool = True,
) -> Session:
    """A game of Spit dealt from ``seed`` or from ``deals``.

    ``collect_events``: keep the events for ``drain`` (a front end's). ``countdown_ticks``:
    tell each whole second of a countdown (``CountdownTick``); a viewer that works the
    seconds out from the deadline turns them off, and they are never told when nobody
    sees the events (neither collected nor an agent)."""
    game = Game(
        variant,
        target,
        Timers(timing or Timing(), ticks=countdown_ticks and (collect_events or bool(agents))),
    )
    return session.Session(
        game,
        seeded_or_given(game, seed, deals),
        agents=agents,
        recorders=recorders,
        clock=clock,
        collect_events=collect_events,
    )
