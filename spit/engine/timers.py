"""Spit's timers: the rules that run on the clock, pure, with the time as an argument.

Spit has no turns; around the players' inputs the game moves on by itself (R05, R13,
R15, R16, D08, D17):

- a round starts with a countdown, "3, 2, 1, Spit!", and then both players spit;
- a stall (nobody can play) starts a shorter countdown, then everyone with spit cards
  spits again;
- a two-pile round ends with a slap window; if nobody slaps in time, each player takes
  the pile on their own side;
- a finished round shows its summary for a moment before the next deal.

``Timers`` works these out for a table (``spit.engine.State``) and its ``Stage``
(which of these is running and when it ends). Each function takes the table, the stage
and the time, and gives the new table and stage with what happened (a
``spit.game.Timed``); nothing here reads a clock or keeps anything between calls. The
stage also keeps the latest change to the table, so that an input refused just after
it can be told it lost a race rather than made a mistake (R10, "too slow").

The one timer that is not a rule is the countdown's tick each whole second (the "3, 2,
1" on the table): ``Timers.ticks`` turns it on for someone who watches.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, TypeAlias

from msgspec import Struct
from msgspec.structs import asdict

from spit.core.cards import Card
from spit.core.outcome import Applied
from spit.engine.actions import Slap, Spit
from spit.engine.deal import Orders
from spit.engine.events import CardSpat, Event, PlayStarted, RoundDealt, Stalled
from spit.engine.rules import apply, deal_round, stall_spits
from spit.engine.state import Phase, State
from spit.game import Timed, TimedEvent

# -- how long each step takes ----------------------------------------------------------


class Timing(Struct, frozen=True):
    """How long each timed step of a game takes, in game milliseconds. Replays record
    it, because it decides when the automatic spits, the slap default and the next
    deal happen."""

    start_countdown_ms: int = 3000
    """"3, 2, 1, Spit!" before each round's first spit (R05, D15)."""
    stall_countdown_ms: int = 1500
    """The visible wait between a stall and the automatic spit (R13, D17)."""
    slap_window_ms: int = 4000
    """How long players have to slap before the default applies (D08)."""
    round_pause_ms: int = 3000
    """The round summary shown before the next deal (R16)."""
    too_slow_ms: int = 750
    """A refused input counts as "too slow" (rather than a plain mistake) when it was
    legal before a change this recent (R10)."""

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Timing:
        """Read what ``to_json`` wrote; missing keys take their defaults."""
        if not isinstance(data, dict):
            raise ValueError("timing must be a JSON object")
        known = {k: v for k, v in data.items() if k in cls.__struct_fields__}
        for key, value in known.items():
            if type(value) is not int or not 0 <= value <= 600_000:
                raise ValueError(f"timing {key} must be a whole number of ms up to 600000")
        return cls(**known)


# -- the events of the timers ----------------------------------------------------------


class CountdownKind(StrEnum):
    START = "start"
    """Before a round's first spit: "3, 2, 1, Spit!"."""
    STALL = "stall"
    """Nobody can play: a short wait, then everyone with spit cards spits."""


class CountdownStarted(Struct, frozen=True, gc=False):
    kind: CountdownKind
    ends_at: int


class CountdownTick(Struct, frozen=True, gc=False):
    """Whole seconds left in the running countdown (0 means "Spit!")."""

    kind: CountdownKind
    seconds_left: int


class SlapWindowOpened(Struct, frozen=True, gc=False):
    """Slap now; at ``ends_at`` each player gets the pile on their own side (D08)."""

    ends_at: int
    sizes: tuple[int, int]


class SlapWindowClosed(Struct, frozen=True, gc=False):
    """Nobody slapped in time: the ``Slapped`` event that follows is the default
    (each player takes the pile on their own side, D08), not a player's slap."""


class NextRoundAt(Struct, frozen=True, gc=False):
    """The round summary is on; the next deal comes at ``at``."""

    at: int


class StallRun(Struct, frozen=True, gc=False):
    """A run of stalls taken at once (``spit.engine.stall_spits``), told as one event
    instead of an event or four for every automatic spit: a file may claim rounds of
    nothing but stalls, and what a viewer keeps must grow with the file, not with the
    game time it claims.

    ``steps`` stall steps, the first at this event's time and then one every ``every``
    ms; at each step every player who still has one spits the next of their ``spat``
    cards, and nobody can play on them. ``held``: the spit cards each player had
    before the run. ``timed_events`` gives the events one spit at a time makes.
    """

    steps: int
    every: int
    spat: tuple[tuple[Card, ...], tuple[Card, ...]]
    """The cards each player spat in the run, in order (a player whose spit cards run
    out spits at the first steps only)."""
    held: tuple[int, int]
    one_pile: bool
    """A one-pile round (R17): every spit card goes onto pile 0."""

    def timed_events(self, t: int) -> list[TimedEvent[TableEvent]]:
        """The events of the run starting at ``t``, as one spit at a time makes them:
        each step's spits in seat order, then play starting and stalling again at
        once, then the next countdown."""
        out: list[TimedEvent[TableEvent]] = []
        spat, held, every = self.spat, self.held, self.every
        piles = (0, 0) if self.one_pile else (0, 1)
        for step in range(self.steps):
            at = t + step * every
            for p in (0, 1):
                if step < len(spat[p]):
                    out.append(TimedEvent(at, CardSpat(p, piles[p], spat[p][step])))
            done = step + 1
            left = (held[0] > min(done, len(spat[0])), held[1] > min(done, len(spat[1])))
            out.append(TimedEvent(at, PlayStarted()))
            out.append(TimedEvent(at, Stalled(left)))
            out.append(TimedEvent(at, CountdownStarted(CountdownKind.STALL, at + every)))
        return out


TimerEvent: TypeAlias = (
    CountdownStarted | CountdownTick | SlapWindowOpened | SlapWindowClosed | NextRoundAt | StallRun
)
"""What the timers tell, beside the rules' own events."""

TableEvent: TypeAlias = Event | TimerEvent
"""Everything that happens on a Spit table: the rules' events and the timers'."""


# -- the stage -------------------------------------------------------------------------


class StagePhase(StrEnum):
    """Which of the timed steps the game is in."""

    COUNTDOWN = "countdown"
    """Counting down to a spit (a round's start or a stall): see ``Stage.countdown``."""
    PLAYING = "playing"
    SLAP = "slap"
    """The slap window is open."""
    ROUND_OVER = "round_over"
    """The round's summary is on until the next deal."""
    DEALING = "dealing"
    """The next round waits for its deal."""
    GAME_OVER = "game_over"


class Stage(Struct, frozen=True, gc=False):
    """Where a game of Spit stands in time, beside its table (``spit.game.Stage``)."""

    phase: StagePhase
    countdown: CountdownKind | None = None
    """The running countdown's kind, in the ``COUNTDOWN`` phase."""
    deadline: int | None = None
    """When the phase's timer fires (the countdown, the slap window, the next deal)."""
    tick: int | None = None
    """When the countdown's next whole-second tick is due, if it ticks."""
    seconds_left: int = 0
    """The whole seconds the last tick said were left."""
    due: int | None = None
    """The earlier of ``deadline`` and ``tick``: when ``Timers.run`` has work."""
    dealing: bool = False
    over: bool = False
    changed_at: int = -1
    """When the table last changed (-1 before any change)."""
    changed_by: int | None = None
    """Who changed it: a seat, or ``None`` for a timer (a spit, the slap default)."""
    before: State | None = None
    """The table before that change: an input refused soon after was "too slow" if
    it was legal on this one (R10)."""


_COUNTDOWN: Final = StagePhase.COUNTDOWN
_PLAYING: Final = StagePhase.PLAYING
_SLAP: Final = StagePhase.SLAP
_ROUND_OVER: Final = StagePhase.ROUND_OVER
_START: Final = CountdownKind.START
_STALL: Final = CountdownKind.STALL
_DEALING: Final = Stage(StagePhase.DEALING, dealing=True)
_SPIT_ACTION: Final = Spit()
_SLAP_DEFAULT: Final = Slap(0)
"""D08: when nobody slaps, each takes the pile on their own side."""
_MOST_STALLS: Final = 52
"""More stall steps than any round can hold (each spits at least one card)."""
# The rules' phases, tested after every change: module globals, as an enum attribute
# lookup costs ten times a global one.
_SPIT_PHASE: Final = Phase.SPIT
_PLAYING_PHASE: Final = Phase.PLAYING
_SLAP_PHASE: Final = Phase.SLAP
_ROUND_OVER_PHASE: Final = Phase.ROUND_OVER
_GAME_OVER_PHASE: Final = Phase.GAME_OVER

TimedTable: TypeAlias = Timed[State, Stage, TableEvent]
"""A table after a change, with its stage and what happened."""


class Timers(Struct, frozen=True):
    """The timers of games played at ``timing``. ``ticks``: count each whole second of
    a countdown down (``CountdownTick``), for someone who watches; without them a
    countdown is one timer whatever its length, and a run of stalls can be taken at
    once (``run``)."""

    timing: Timing = Timing()
    ticks: bool = True

    def start(self, state: State) -> TimedTable:
        """A game just dealt (``spit.engine.new_game``): its first countdown, at 0."""
        hands = state.hands
        dealt = RoundDealt(state.round, (len(hands[0]), len(hands[1])))
        return self._countdown(state, None, 0, _START, (dealt,))

    def deal(self, state: State, stage: Stage, t: int, orders: Orders) -> TimedTable:
        """The next round dealt from ``orders`` at ``t`` (``deal_round``, which raises
        ``ValueError`` for orders that are not the gathered cards), and its countdown."""
        dealt = deal_round(state, orders)
        return self._countdown(dealt.state, stage, t, _START, dealt.events)

    def after_input(
        self, before: State, applied: Applied[State, Event], t: int, seat: int
    ) -> TimedTable:
        """The stage after ``seat``'s input at ``t`` changed ``before`` as ``applied``
        says: the timer of the phase the table is now in."""
        state = applied.state
        if state.phase is _PLAYING_PHASE:  # by far the most common: tested first
            stage = Stage(_PLAYING, changed_at=t, changed_by=seat, before=before)
            return Timed(state, stage, applied.events)
        race = Stage(_PLAYING, changed_at=t, changed_by=seat, before=before)
        return self._follow(state, race, t, applied.events)

    def run(self, state: State, stage: Stage, t: int, horizon: int) -> TimedTable:
        """Run what is due at ``t`` (``stage.due``): the countdown's tick, then the
        phase's timer. With nobody to see the tables in between (``horizon`` after
        ``t``, no ticks), a run of stall steps whose countdowns end by ``horizon`` is
        taken at once and told as one ``StallRun``; the step after it is left due."""
        events: tuple[TableEvent, ...] = ()
        if stage.tick == t:
            deadline = stage.deadline
            following = t + 1000
            tick = following if deadline is not None and following <= deadline else None
            seconds = stage.seconds_left - 1
            assert stage.countdown is not None
            events = (CountdownTick(stage.countdown, seconds),)
            stage = _with_timer(stage, deadline, tick, seconds)
        if stage.deadline != t:
            return Timed(state, stage, events)
        if stage.countdown is _STALL and horizon > t and not self.ticks:
            run = self._stall_run(state, stage, t, horizon)
            if run is not None:
                return run
        phase = stage.phase
        if phase is _COUNTDOWN:
            for player in (0, 1):
                if state.must_spit[player]:
                    state, stage, events = _spit(state, stage, t, player, events)
            return self._follow(state, stage, t, events)
        if phase is _SLAP:
            events = (*events, SlapWindowClosed())
            state, stage, events = _slap_default(state, stage, t, events)
            return self._follow(state, stage, t, events)
        # _ROUND_OVER: the summary has been shown; the next round waits for its deal
        return Timed(state, _with_race(_DEALING, stage), events)

    # -- inside --------------------------------------------------------------------

    def _follow(
        self, state: State, stage: Stage, t: int, events: tuple[TableEvent, ...]
    ) -> TimedTable:
        """The stage for the table's phase after a change at ``t`` (``stage`` holds the
        latest change): its timer, and the events that announce it."""
        phase = state.phase
        if phase is _PLAYING_PHASE:
            return Timed(state, _with_race(Stage(_PLAYING), stage), events)
        if phase is _SPIT_PHASE:
            return self._countdown(state, stage, t, _STALL, events)
        if phase is _SLAP_PHASE:
            deadline = t + self.timing.slap_window_ms
            sizes = (len(state.piles[0]), len(state.piles[1]))
            window = Stage(_SLAP, deadline=deadline, due=deadline)
            opened = (*events, SlapWindowOpened(deadline, sizes))
            return Timed(state, _with_race(window, stage), opened)
        if phase is _ROUND_OVER_PHASE:
            deadline = t + self.timing.round_pause_ms
            pause = Stage(_ROUND_OVER, deadline=deadline, due=deadline)
            return Timed(state, _with_race(pause, stage), (*events, NextRoundAt(deadline)), True)
        assert phase is _GAME_OVER_PHASE
        over = Stage(StagePhase.GAME_OVER, over=True)
        return Timed(state, _with_race(over, stage), events, True)

    def _countdown(
        self,
        state: State,
        stage: Stage | None,
        t: int,
        kind: CountdownKind,
        events: tuple[TableEvent, ...],
    ) -> TimedTable:
        timing = self.timing
        length = timing.start_countdown_ms if kind is _START else timing.stall_countdown_ms
        deadline = t + length
        started = CountdownStarted(kind, deadline)
        if not self.ticks:
            counting = Stage(_COUNTDOWN, countdown=kind, deadline=deadline, due=deadline)
            events = (*events, started)
        else:
            # A tick each whole second before the deadline, the last one at the deadline.
            seconds = -(-length // 1000)
            tick = deadline - 1000 * (seconds - 1) if seconds else None
            counting = Stage(
                _COUNTDOWN,
                countdown=kind,
                deadline=deadline,
                tick=tick,
                seconds_left=seconds,
                due=deadline if tick is None else min(tick, deadline),
            )
            events = (*events, started, CountdownTick(kind, seconds))
        return Timed(state, counting if stage is None else _with_race(counting, stage), events)

    def _stall_run(self, state: State, stage: Stage, t: int, horizon: int) -> TimedTable | None:
        """The stall steps from ``t`` on whose next countdown still ends by
        ``horizon``, taken at once; ``None`` if there are none."""
        stall = self.timing.stall_countdown_ms
        room = (horizon - t) // stall if stall else _MOST_STALLS
        if room <= 0:
            return None
        after, steps = stall_spits(state, room)
        if not steps:
            return None
        deadline = t + steps * stall
        (hand0, hand1), (left0, left1) = state.hands, after.hands
        run = StallRun(
            steps=steps,
            every=stall,
            spat=(hand0[: len(hand0) - len(left0)], hand1[: len(hand1) - len(left1)]),
            held=(len(hand0), len(hand1)),
            one_pile=len(state.piles) == 1,
        )
        return Timed(after, _with_timer(stage, deadline, None, 0), (run,))


def _with_timer(stage: Stage, deadline: int | None, tick: int | None, seconds: int) -> Stage:
    """``stage`` with its countdown's timer moved on."""
    return Stage(
        stage.phase,
        countdown=stage.countdown,
        deadline=deadline,
        tick=tick,
        seconds_left=seconds,
        due=deadline if tick is None or deadline is None else min(tick, deadline),
        changed_at=stage.changed_at,
        changed_by=stage.changed_by,
        before=stage.before,
    )


def _with_race(timer: Stage, race: Stage) -> Stage:
    """``timer``'s phase and timer with ``race``'s latest change."""
    return Stage(
        timer.phase,
        countdown=timer.countdown,
        deadline=timer.deadline,
        tick=timer.tick,
        seconds_left=timer.seconds_left,
        due=timer.due,
        dealing=timer.dealing,
        over=timer.over,
        changed_at=race.changed_at,
        changed_by=race.changed_by,
        before=race.before,
    )


def _spit(
    state: State, stage: Stage, t: int, player: int, events: tuple[TableEvent, ...]
) -> tuple[State, Stage, tuple[TableEvent, ...]]:
    """``player``'s automatic spit at the end of a countdown (D17): a timer's change."""
    return _auto(state, stage, t, player, _SPIT_ACTION, events)


def _slap_default(
    state: State, stage: Stage, t: int, events: tuple[TableEvent, ...]
) -> tuple[State, Stage, tuple[TableEvent, ...]]:
    """Nobody slapped in time: each takes the pile on their own side (D08)."""
    return _auto(state, stage, t, 0, _SLAP_DEFAULT, events)


def _auto(
    state: State,
    stage: Stage,
    t: int,
    player: int,
    action: Spit | Slap,
    events: tuple[TableEvent, ...],
) -> tuple[State, Stage, tuple[TableEvent, ...]]:
    """A timer's own action: not an input, so not recorded; a replay's check works it
    out again from the same timers."""
    outcome = apply(state, player, action)
    assert isinstance(outcome, Applied), outcome
    race = Stage(stage.phase, changed_at=t, changed_by=None, before=state)
    return outcome.state, _with_race(stage, race), (*events, *outcome.events)
