"""The match controller: the rules engine driven in real time.

Spit has no turns, so the controller's job is to turn a stream of timestamped inputs
into a game: inputs are applied in arrival order against the table as it is at that
moment (R10), and the flow around them — the start countdown, the automatic spit after
a stall, the slap window, the pause before the next deal — runs on timers.

Players send intents (``submit_intent``): what a key means, a play, a move or a
slap, is decided here against the table as it is when the intent arrives, and the
action it resolves to is what is handled and recorded (``spit.games.spit.session.intents``).
Bots and replays submit actions (``submit_at``), which they have already chosen on
the same table.

Time is always an argument. ``advance_to(t)`` and ``submit_at(t, ...)`` take game
milliseconds explicitly; ``update`` and ``submit`` read them from the clock the match
was given, minus time spent paused. Everything that happens depends only on the
inputs and their times, never on how often the front end calls in, which is what
makes the same game replayable exactly.

Time is jumped, never stepped: ``advance_to`` goes from one due timer to the next, so
an hour in which nothing happens costs nothing. The one timer that fires by the clock
rather than by the game is the countdown's tick each whole second (``CountdownTick``,
for the "3, 2, 1" on the table); it runs only for someone who can see it (events
collected, or an agent at the table), so a replay's re-simulation, where a file may
claim countdowns of ten minutes each, pays one timer per countdown whatever its length.
Likewise a run of stalls in which nobody can play, one automatic spit after another,
is worked out in one step (``spit.engine.stall_spits``) when no agent is at the table
and nothing ticks: the events, if collected, are made from the cards spat, or told as
one ``StallRun`` event to a front end that asks for it (``stall_runs``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from itertools import repeat
from typing import Final

from spit.core.clock import Clock, GameTime
from spit.core.seats import SEATS, Seat
from spit.engine import (
    Action,
    Applied,
    Phase,
    Reason,
    RoundDealt,
    Slap,
    Spit,
    State,
    Variant,
    apply,
    deal_round,
    legal_actions,
    new_game,
    stall_spits,
)
from spit.games.spit.session.agents import Agent
from spit.games.spit.session.deals import DealSource
from spit.games.spit.session.events import (
    CountdownKind,
    CountdownStarted,
    CountdownTick,
    InputHandled,
    InputRecord,
    MatchEvent,
    NextRoundAt,
    PauseChanged,
    SlapWindowClosed,
    SlapWindowOpened,
    StallRun,
    TimedEvent,
)
from spit.games.spit.session.intents import (
    AT_SLAP,
    GAME_ENDED,
    ONE_PILE,
    TWO_PILES,
    Intent,
    IntentRefusal,
    IntentRefused,
    Meanings,
)
from spit.games.spit.session.recorder import Recorder
from spit.games.spit.session.timing import Timing

_SLOW_REASONS = frozenset(
    {Reason.NOT_ADJACENT, Reason.EMPTY_STOCKPILE, Reason.NOT_PLAYING, Reason.NOT_SLAPPING}
)
"""Rejections that can mean "someone else got there first" rather than a mistake."""


class MatchPhase(StrEnum):
    COUNTDOWN = "countdown"
    """Counting down to a spit (round start or stall); see ``countdown_kind``."""
    PLAYING = "playing"
    SLAP = "slap"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"
    ENDED = "ended"
    """A replayed game whose recording stops here (no further deal was recorded)."""


# Phases tested on every step are module globals: an enum attribute lookup costs ten
# times a global one, and the simulator steps a match hundreds of thousands of times a
# second (docs/performance.md, "Simulator").
_COUNTDOWN: Final = MatchPhase.COUNTDOWN
_PLAYING: Final = MatchPhase.PLAYING
_SLAP: Final = MatchPhase.SLAP
_ROUND_OVER: Final = MatchPhase.ROUND_OVER
_GAME_OVER: Final = MatchPhase.GAME_OVER
_ENDED: Final = MatchPhase.ENDED
_START: Final = CountdownKind.START
_STALL: Final = CountdownKind.STALL
_MOST_STALLS: Final = 52
"""More stall steps than any round can hold (each spits at least one card)."""
_SPIT_PHASE: Final = Phase.SPIT
_PLAYING_PHASE: Final = Phase.PLAYING
_SLAP_PHASE: Final = Phase.SLAP
_ROUND_OVER_PHASE: Final = Phase.ROUND_OVER
_GAME_OVER_PHASE: Final = Phase.GAME_OVER
_SPIT_ACTION: Final = Spit()
_SLAP_DEFAULT: Final = Slap(0)
"""D08: when nobody slaps, each takes the pile on their own side."""


class Match:
    """One game of Spit in real time. See the module docstring for the time model."""

    def __init__(
        self,
        deals: DealSource,
        *,
        variant: Variant = Variant.STANDARD,
        target: int = 100,
        timing: Timing | None = None,
        agents: Iterable[Agent] = (),
        recorders: Iterable[Recorder] = (),
        clock: Clock | None = None,
        collect_events: bool = True,
        countdown_ticks: bool = True,
        stall_runs: bool = False,
    ) -> None:
        """``collect_events``: keep the events for ``drain`` (a front end's view).
        ``countdown_ticks``: emit a ``CountdownTick`` at each whole second of a
        countdown; a viewer that works the seconds out from ``deadline`` turns them off.
        They are never emitted when nobody sees events (neither collected nor an agent).
        ``stall_runs``: a run of stalls taken at once is one ``StallRun`` event rather
        than the events of each spit, for a front end that expands it when it needs to.
        """
        self.timing = timing or Timing()
        self._deals = deals
        self._agents = list(agents)
        self._listeners = [agent.on_events for agent in self._agents]
        self._recorders = list(recorders)
        self._collect = collect_events
        self._outbox: list[TimedEvent] = []
        self.time = 0
        """Game time processed so far."""
        self.phase = MatchPhase.COUNTDOWN
        self.countdown_kind: CountdownKind | None = None
        self.deadline: int | None = None
        """When the current phase's timer fires (countdown, slap window, next deal)."""
        self._quiet = not collect_events and not self._agents
        """Nobody sees the events: a replay being checked."""
        self._ticking = countdown_ticks and not self._quiet
        self._batch_stalls = not self._agents and not self._ticking
        """Nobody sees the tables between the spits of a stall: no agent, no tick."""
        self._stall_runs = stall_runs
        self._next_tick: int | None = None
        """When the running countdown's next ``CountdownTick`` is due, if ticking."""
        self._seconds_left = 0
        self._time = GameTime(clock)
        self._changed_at = -1
        self._changed_by: int | None = None
        """Who made the latest change; ``None`` for a timer (a spit, the slap default)."""
        self._before_change: State | None = None
        self.input_count = 0
        orders = deals.first()
        self.state = new_game(orders, variant, target)
        for rec in self._recorders:
            rec.on_deal(0, 1, orders)
        self._emit(0, (RoundDealt(1, (len(self.state.hands[0]), len(self.state.hands[1]))),))
        self._start_countdown(0, CountdownKind.START)

    # -- explicit time -------------------------------------------------------------

    def next_due(self) -> int | None:
        """The earliest time at which a timer fires or an agent wants to act."""
        phase = self.phase
        if phase is _GAME_OVER or phase is _ENDED:
            return None
        # Called before every step of a simulated game, hence no temporary list.
        due = self.deadline
        tick = self._next_tick
        if tick is not None and (due is None or tick < due):
            due = tick
        for agent in self._agents:
            wake = agent.next_wakeup()
            if wake is not None and (due is None or wake < due):
                due = wake
        if due is None:
            return None
        return due if due > self.time else self.time

    def advance_to(self, t: int) -> None:
        """Run every timer and agent due up to and including game time ``t``."""
        if t < self.time:
            raise ValueError(f"time went backwards: {t} < {self.time}")
        while (due := self.next_due()) is not None and due <= t:
            if self.countdown_kind is _STALL and due == self.deadline and self._batch_stalls:
                due = self._skip_stalls(due, t)
            self._run_due(due)
        self.time = t

    def submit_at(self, t: int, player: Seat, action: Action) -> InputRecord:
        """An input arriving at game time ``t`` (not before anything already handled).

        Once the game is over inputs are refused and not recorded: a recording ends
        with the game.
        """
        self.advance_to(t)
        if self.finished:
            return InputRecord(t, player, action, False, Reason.GAME_OVER)
        return self._handle(t, player, action)

    @property
    def finished(self) -> bool:
        """The game is over (or, for a replay, its recording has ended)."""
        phase = self.phase
        return phase is _GAME_OVER or phase is _ENDED

    def run_to_end(self, limit_ms: int) -> None:
        """Jump from one due time to the next until the game ends, nothing is due any
        more, or game time ``limit_ms`` is reached: how the simulator plays."""
        while (due := self.next_due()) is not None and due <= limit_ms:
            self._run_due(due)  # what advance_to(due) does, without asking next_due twice

    # -- intents -------------------------------------------------------------------

    def resolve(self, intent: Intent) -> Action | IntentRefusal:
        """What ``intent`` means on the table now: the action it stands for, which the
        rules may still reject (a card that does not fit, a slap too late), or why it
        means nothing (``spit.games.spit.session.intents.meaning``). The pause is not
        asked about: it holds up every input, whatever it means."""
        return self._meanings().of[intent]

    def _meanings(self) -> Meanings:
        """What every intent means in the match's phase, on its table."""
        phase = self.phase
        if phase is _GAME_OVER or phase is _ENDED:
            return GAME_ENDED
        if phase is MatchPhase.SLAP or phase is MatchPhase.ROUND_OVER:
            return AT_SLAP
        return ONE_PILE if len(self.state.piles) == 1 else TWO_PILES

    def submit_intent(
        self, player: Seat, intent: Intent, at: int | None = None
    ) -> InputRecord | IntentRefused:
        """``player``'s ``intent`` arriving at game time ``at`` (by default now, by the
        clock). The match first catches up with ``at``, so the intent is judged by the
        table at that moment (a play key pressed just after the next round began is a
        play, though the table last drawn was still at the slap). What it
        resolves to is handled as that action and recorded; an intent that means
        nothing, or any intent while paused, is refused and not recorded."""
        paused = self.paused
        t = self.now() if at is None else at
        if not paused:
            self.advance_to(t)
        meaning = self.resolve(intent)
        if isinstance(meaning, IntentRefusal):
            return IntentRefused(t, player, intent, meaning)
        if paused:
            return IntentRefused(t, player, intent, IntentRefusal.PAUSED)
        return self._handle(t, player, meaning)

    def useful_intents(self, player: Seat) -> tuple[tuple[Intent, Action], ...]:
        """The intents of ``player``'s keys whose action the rules accept now, each with
        that action, in key order (``PLAYER_INTENTS``): what a hint may suggest, and
        whether the player can do anything at all. Like ``resolve``, not asking about
        the pause."""
        keys = self._meanings().keys
        found = [
            (place, intent, action)
            for action in legal_actions(self.state, player)
            for place, intent in keys.get(action, ())
        ]
        found.sort()  # into key order: no two places are the same
        return tuple((intent, action) for _, intent, action in found)

    @property
    def last_change(self) -> tuple[int, int | None]:
        """When the table last changed and who changed it (``None``: a timer, such as a
        spit): what an input judged ``too_slow`` lost to (``-1`` before any change)."""
        return self._changed_at, self._changed_by

    def seat_agent(self, agent: Agent) -> None:
        """Let ``agent`` play its seat from now on (over the network, a bot in the seat
        of a player who is gone). It is shown the table as it stands, then told every
        change as an agent given at the start would be."""
        self._agents.append(agent)
        self._listeners.append(agent.on_events)
        self._quiet = self._batch_stalls = False
        agent.on_events(self.time, self.state, [])

    # -- clock time ----------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self._time.paused

    def now(self) -> int:
        """Game time by the clock: wall time since the match was made, less time paused."""
        return self._time.now(self.time)

    def update(self) -> list[TimedEvent]:
        """Catch up with the clock; returns the events since the last call."""
        if not self.paused:
            self.advance_to(self.now())
        return self.drain()

    def submit(self, player: Seat, action: Action) -> InputRecord:
        """An input arriving now. While paused it is refused and not recorded."""
        if self.paused:
            return InputRecord(self.time, player, action, False, Reason.PAUSED)
        return self.submit_at(self.now(), player, action)

    def pause(self) -> None:
        """Stop the game clock for everyone (timers, agents, inputs)."""
        if not self._time.can_pause or self.phase is MatchPhase.GAME_OVER:
            return
        self.advance_to(self.now())
        self._time.pause()
        self._outbox.append(TimedEvent(self.time, PauseChanged(True)))

    def resume(self) -> None:
        if not self._time.resume():
            return
        self._outbox.append(TimedEvent(self.time, PauseChanged(False)))

    def drain(self) -> list[TimedEvent]:
        """The events collected since the last call, oldest first (in a new list: the
        one kept stays, so a server of many rooms does not leave a fresh list alive
        in each match between its steps for the cycle collector to scan)."""
        out = self._outbox.copy()
        self._outbox.clear()
        return out

    # -- internals -----------------------------------------------------------------

    def _run_due(self, t: int) -> None:
        self.time = t
        if self._next_tick == t:
            following = t + 1000
            deadline = self.deadline
            self._next_tick = following if deadline is not None and following <= deadline else None
            self._seconds_left -= 1
            assert self.countdown_kind is not None
            self._emit(t, (CountdownTick(self.countdown_kind, self._seconds_left),))
        if self.deadline == t:
            self.deadline = None
            self._timer_fired(t)
        phase = self.phase
        if phase is _GAME_OVER or phase is _ENDED:
            return
        for agent in self._agents:
            wake = agent.next_wakeup()
            if wake is None or wake > t:
                continue
            action = agent.wake(t, self.state)
            after = agent.next_wakeup()
            if after is not None and after <= t:
                raise RuntimeError(f"agent for player {agent.player + 1} did not move its wake-up")
            if action is not None:
                self._handle(t, agent.player, action)
                if self.finished:  # only an input (or a timer, above) can end the game
                    return

    def _skip_stalls(self, due: int, t: int) -> int:
        """Take at once the stall steps due from ``due`` on whose next countdown still
        ends by ``t``; returns when the next step is due (by ``t``), which is taken as
        usual, so the match is left exactly as one step at a time would leave it."""
        stall = self.timing.stall_countdown_ms
        room = (t - due) // stall if stall else _MOST_STALLS
        if room <= 0:
            return due
        before = self.state
        self.state, steps = stall_spits(before, room)
        if steps:
            self.deadline = due + steps * stall
            if self._collect:
                run = self._run_of(before, steps, stall)
                if self._stall_runs:
                    self._outbox.append(TimedEvent(due, run))
                else:
                    self._outbox.extend(run.timed_events(due))
        return due + steps * stall

    def _run_of(self, before: State, steps: int, stall: int) -> StallRun:
        """The ``steps`` stall steps just taken from ``before``, as one event."""
        (hand0, hand1), (after0, after1) = before.hands, self.state.hands
        spat = (hand0[: len(hand0) - len(after0)], hand1[: len(hand1) - len(after1)])
        return StallRun(steps, stall, spat, (len(hand0), len(hand1)), len(before.piles) == 1)

    def _handle(self, t: int, player: Seat, action: Action) -> InputRecord:
        before = self.state
        outcome = apply(before, player, action) if not isinstance(action, Spit) else None
        self.input_count += 1
        if outcome is None:
            record = InputRecord(t, player, action, False, Reason.SPIT_IS_AUTOMATIC)  # D17
            self._emit(t, (InputHandled(record),))
        elif isinstance(outcome, Applied):
            record = InputRecord(t, player, action, True)
            self.state = outcome.state
            self._before_change, self._changed_at, self._changed_by = before, t, player
            self._emit(t, (InputHandled(record), *outcome.events))
        else:
            record = InputRecord(
                t,
                player,
                action,
                False,
                outcome.reason,
                self._too_slow(t, player, action, outcome.reason),
            )
            self._emit(t, (InputHandled(record),))
        for rec in self._recorders:
            rec.on_input(record, self.state)
        if record.accepted:
            self._follow_state(t)
        return record

    def _too_slow(self, t: int, player: Seat, action: Action, reason: Reason) -> bool:
        """Legal just before the latest change, which the other player made within
        ``too_slow_ms`` (R10). A player's own change (a doubled key press) is no race."""
        return (
            reason in _SLOW_REASONS
            and self._before_change is not None
            and player != self._changed_by
            and t - self._changed_at <= self.timing.too_slow_ms
            and isinstance(apply(self._before_change, player, action), Applied)
        )

    def _apply_auto(self, t: int, player: Seat, action: Action) -> None:
        """A timer's own action (a spit, the slap default): not an input, not recorded;
        a replay re-derives it from the same timers."""
        outcome = apply(self.state, player, action)
        assert isinstance(outcome, Applied), outcome
        self._before_change, self._changed_at, self._changed_by = self.state, t, None
        self.state = outcome.state
        self._emit(t, outcome.events)

    def _timer_fired(self, t: int) -> None:
        phase = self.phase
        if phase is _COUNTDOWN:
            for player in SEATS:
                if self.state.must_spit[player]:
                    self._apply_auto(t, player, _SPIT_ACTION)
            self.countdown_kind = None
            self._follow_state(t)
        elif phase is _SLAP:
            self._emit(t, (SlapWindowClosed(),))
            self._apply_auto(t, SEATS[0], _SLAP_DEFAULT)  # D08: each takes their own side's pile
            self._follow_state(t)
        elif phase is _ROUND_OVER:
            self._deal_next(t)

    def _deal_next(self, t: int) -> None:
        try:
            orders = self._deals.next(self.state.collected)
        except LookupError:
            self.phase = MatchPhase.ENDED
            return
        dealt = deal_round(self.state, orders)
        self.state = dealt.state
        for rec in self._recorders:
            rec.on_deal(t, self.state.round, orders)
        self._emit(t, dealt.events)
        self._start_countdown(t, _START)

    def _follow_state(self, t: int) -> None:
        """Set the match phase and its timer from the engine's phase."""
        phase = self.state.phase
        if phase is _PLAYING_PHASE:  # by far the most common: tested first
            self.phase, self.deadline = _PLAYING, None
        elif phase is _SPIT_PHASE:
            self._start_countdown(t, CountdownKind.STALL)
        elif phase is _SLAP_PHASE:
            self.phase, self.deadline = _SLAP, t + self.timing.slap_window_ms
            sizes = (len(self.state.piles[0]), len(self.state.piles[1]))
            self._emit(t, (SlapWindowOpened(self.deadline, sizes),))
        elif phase is _ROUND_OVER_PHASE:
            self.phase, self.deadline = _ROUND_OVER, t + self.timing.round_pause_ms
            self._emit(t, (NextRoundAt(self.deadline),))
            for rec in self._recorders:
                rec.on_round_over(t, self.state)
        elif phase is _GAME_OVER_PHASE:
            self.phase, self.deadline = _GAME_OVER, None
            for rec in self._recorders:
                rec.on_round_over(t, self.state)
                rec.on_game_over(t, self.state)

    def _start_countdown(self, t: int, kind: CountdownKind) -> None:
        length = (
            self.timing.start_countdown_ms if kind is _START else self.timing.stall_countdown_ms
        )
        self.phase, self.countdown_kind = _COUNTDOWN, kind
        self.deadline = deadline = t + length
        if not self._ticking:
            if not self._quiet:
                self._emit(t, (CountdownStarted(kind, deadline),))
            return
        # A tick each whole second before the deadline, the last one at the deadline.
        seconds = -(-length // 1000)
        self._seconds_left = seconds
        self._next_tick = self.deadline - 1000 * (seconds - 1) if seconds else None
        self._emit(t, (CountdownStarted(kind, self.deadline), CountdownTick(kind, seconds)))

    def _emit(self, t: int, events: Sequence[MatchEvent]) -> None:
        # ``map`` over ``repeat``, not a comprehension: one would make ``t`` a closure
        # cell, which slows every use of it, and a loop of appends costs more (this
        # runs for every change of every simulated game).
        if self._quiet:
            return  # nobody to tell: a replay being checked
        listeners = self._listeners
        if not listeners:  # a front end without agents (a replay's viewer): no list
            self._outbox.extend(map(TimedEvent, repeat(t, len(events)), events))
            return
        timed = list(map(TimedEvent, repeat(t, len(events)), events))
        if self._collect:
            self._outbox.extend(timed)
        state = self.state
        for listen in listeners:
            listen(t, state, timed)
