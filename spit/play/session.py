"""A game in real time, written once for every game: the session between a game's pure
rules (``spit.game.Game``) and everything that plays it.

The TUI's tables, the network server's rooms, the simulator, a replay's check and the
tests all drive a ``Session``. It keeps the game's state and stage, and turns what
comes in into a game:

- **Intents** (``submit_at(t, seat, intent)``): what a key or a network client sends,
  or a whole action. The game says what it means on the table as it is at ``t``
  (``Game.resolve``); an action is applied (``Game.apply``) and recorded, accepted or
  refused; an intent that means nothing is refused and not recorded.
- **Timers**: ``advance_to(t)`` runs the game's timers due by ``t`` (``Game.run_timers``)
  and wakes the agents due by then, in time order.
- **Agents** (``Agent``): the bots at the table, woken at the times they ask for, told
  every change, answering with actions on the very table they were shown.
- **Deals**: when the game waits for a deal the session draws it from its ``Deals``
  (a seeded dealer, or a replay's) and every recorder is told it.
- **Events** out: to the agents at once, and kept for a front end's ``drain``.
- **Recorders** (``Recorder``): told every deal and every input as it happens, and the
  end of each round and of the game (a replay's writer).
- **Clock time**: ``update`` and ``submit`` read the time from the ``Clock`` the session
  was given, less the time spent paused (``pause``, ``resume``). Nothing here reads the
  wall clock itself.

Time is an argument and is jumped, never stepped: ``advance_to`` goes from one due time
to the next, so an hour in which nothing happens costs nothing, and everything that
happens depends only on the inputs and their times, never on how often a front end
calls in. That is what makes a game replayable exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import Generic, Protocol, TypeVar

from spit.core.clock import Clock, GameTime
from spit.core.outcome import Refusal, Rejected
from spit.core.seats import Seat
from spit.game import Game, NextDeal, Stage, Timed, TimedEvent
from spit.play.deals import Deals
from spit.play.events import (
    DealAsked,
    InputHandled,
    InputRecord,
    IntentRefused,
    PauseChanged,
    SessionEvent,
    Stopped,
)

S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741  (the observation)
S_contra = TypeVar("S_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
C_contra = TypeVar("C_contra", contravariant=True)
E_contra = TypeVar("E_contra", contravariant=True)


# -- who sits at the table and who listens ---------------------------------------------


class Agent(Protocol[S_contra, A_co, E_contra]):
    """Anything that acts on its own at the table: a bot. It is woken at the time it
    asks for, looks at the state, and may answer with one action; it is told about
    every change, so it can react (or, being human-like, notice a moment later).

    Agents answer with actions, not intents: an agent is woken inside the session and
    its answer is handled at the same game time on the very state it looked at, so
    there is nothing left to resolve. A bot across a network sends intents, as people
    do."""

    @property
    def player(self) -> Seat: ...

    def next_wakeup(self) -> int | None:
        """Game time at which to call ``wake`` next, or ``None`` to wait for events."""
        ...

    def on_events(self, t: int, state: S_contra, events: Sequence[TimedEvent[E_contra]]) -> None:
        """``events`` happened at time ``t`` and left the game in ``state``."""
        ...

    def wake(self, t: int, state: S_contra) -> A_co | None:
        """Called at ``next_wakeup``; the action to submit now, if any. Afterwards
        ``next_wakeup`` must be later than ``t`` or ``None``."""
        ...


class Recorder(Protocol[S_contra, A, C_contra, R]):
    """What records a game as it is played (a replay's writer): it writes each line the
    moment it is told, so an interrupted game loses nothing."""

    def on_deal(self, t: int, round_no: int, deal: C_contra) -> None:
        """Round ``round_no`` was dealt ``deal`` at ``t``."""
        ...

    def on_input(self, record: InputRecord[A, R], state: S_contra) -> None:
        """An input was handled; ``state`` is the game after it."""
        ...

    def on_round_over(self, t: int, state: S_contra) -> None:
        """A round ended (the game's last round too, just before ``on_game_over``)."""
        ...

    def on_game_over(self, t: int, state: S_contra) -> None: ...


# -- the session -----------------------------------------------------------------------


class Session(Generic[S, G, A, I, C, E, R, O]):
    """One game in real time (see the module docstring).

    ``collect_events``: keep the events for ``drain`` (a front end's). ``auto_deal``:
    deal each round as soon as the game waits for it (otherwise when an intent asks,
    ``NextDeal``: a person who reads a hand's score first). ``max_rounds``: stop,
    unfinished, before dealing a round past this many (``ended``).
    """

    def __init__(
        self,
        game: Game[S, G, A, I, C, E, R, O],
        deals: Deals[S, C],
        *,
        agents: Iterable[Agent[S, A, SessionEvent[E, A, R]]] = (),
        recorders: Iterable[Recorder[S, A, C, R]] = (),
        clock: Clock | None = None,
        collect_events: bool = True,
        auto_deal: bool = True,
        max_rounds: int | None = None,
    ) -> None:
        self.game = game
        self._deals = deals
        self._agents = list(agents)
        self._listeners = [agent.on_events for agent in self._agents]
        self._recorders = list(recorders)
        self._collect = collect_events
        self._quiet = not collect_events and not self._agents
        """Nobody sees the events: a replay being checked."""
        self._outbox: list[TimedEvent[SessionEvent[E, A, R]]] = []
        self.auto_deal = auto_deal
        self.max_rounds = max_rounds
        self.time = 0
        """Game time processed so far."""
        self.input_count = 0
        """Inputs that reached the rules (accepted or refused)."""
        self.ended = False
        """Stopped before the game's end: a replay's deals ran out, or ``max_rounds``."""
        self._time = GameTime(clock)
        self._paused = False
        deal = deals.first()
        started = game.start(deal)
        self.state: S = started.state
        self.stage: G = started.stage
        self.rounds = 1
        """Rounds dealt so far."""
        for recorder in self._recorders:
            recorder.on_deal(0, 1, deal)
        self._emit(0, started.events)

    # -- explicit time -------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """The game is over, or the session stopped short of its end (``ended``)."""
        return self.stage.over or self.ended

    def next_due(self) -> int | None:
        """The earliest time at which a timer fires or an agent wants to act; ``None``
        while paused or once finished."""
        stage = self.stage
        if stage.over or self.ended or self._paused:
            return None
        # Called before every step of a simulated game, hence no temporary list.
        due = stage.due
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
            self._run_due(due, t)
        self.time = t

    def run_to_end(self, limit_ms: int | None = None) -> None:
        """Jump from one due time to the next until the game ends, nothing is due any
        more, or game time ``limit_ms`` is reached (``None``: no limit): how the
        simulator plays."""
        while (due := self.next_due()) is not None and (limit_ms is None or due <= limit_ms):
            self._run_due(due, due)

    def submit_at(
        self, t: int, player: Seat, intent: I
    ) -> InputRecord[A, R] | IntentRefused[I] | DealAsked[I]:
        """``player``'s ``intent`` arriving at game time ``t`` (not before anything
        already handled). The session first catches up with ``t``, so the intent is
        judged by the game at that moment: what it resolves to is handled as that
        action and recorded; an intent that means nothing, any intent while paused and
        every intent once the game is over are refused and not recorded."""
        paused = self._paused
        if not paused:
            self.advance_to(t)
        if self.finished:
            return IntentRefused(t, player, intent, Stopped.GAME_OVER)
        meant = self.game.resolve(self.state, self.stage, player, intent)
        if isinstance(meant, Refusal):
            return IntentRefused(t, player, intent, meant)
        if paused:
            return IntentRefused(t, player, intent, Stopped.PAUSED)
        if isinstance(meant, NextDeal):
            self._deal(t)
            return DealAsked(t, player, intent)
        return self._handle(t, player, meant)

    def deal_at(self, t: int) -> None:
        """Deal the next round at ``t`` if the game waits for one: how a network room
        deals once every player has asked (``auto_deal`` off)."""
        self.advance_to(t)
        if self.stage.dealing and not self.finished:
            self._deal(t)

    def resolve(self, player: Seat, intent: I) -> A | R | NextDeal:
        """What ``intent`` means now (``Game.resolve``), without submitting it."""
        return self.game.resolve(self.state, self.stage, player, intent)

    def seat_agent(self, agent: Agent[S, A, SessionEvent[E, A, R]]) -> None:
        """Let ``agent`` play its seat from now on (over the network, a bot in the seat
        of a player who is gone). It is shown the game as it stands, then told every
        change as an agent given at the start would be."""
        self._agents.append(agent)
        self._listeners.append(agent.on_events)
        self._quiet = False
        agent.on_events(self.time, self.state, [])

    # -- what a front end reads ----------------------------------------------------

    def observe(self, seat: Seat | None) -> O:
        """What ``seat`` may know of the game now (``None``: a spectator)."""
        return self.game.observe(self.state, seat)

    def legal_actions(self, seat: Seat) -> Sequence[A]:
        return self.game.legal_actions(self.state, self.stage, seat)

    def drain(self, seat: Seat | None = None) -> list[TimedEvent[SessionEvent[E, A, R]]]:
        """The events since the last call, oldest first; given a ``seat``, as it may be
        told them (``Game.tell``). A new list each time, so no fresh list stays alive
        in each of a server's sessions for the cycle collector to scan."""
        out = self._outbox.copy()
        self._outbox.clear()
        return out if seat is None else [self._told(timed, seat) for timed in out]

    def _told(
        self, timed: TimedEvent[SessionEvent[E, A, R]], seat: Seat
    ) -> TimedEvent[SessionEvent[E, A, R]]:
        event = timed.event
        if isinstance(event, InputHandled | PauseChanged):
            return timed
        return TimedEvent(timed.t, self.game.tell(event, seat))

    # -- clock time ----------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self._paused

    def now(self) -> int:
        """Game time by the clock: time since the session began, less time paused."""
        return self._time.now(self.time)

    def update(self, seat: Seat | None = None) -> list[TimedEvent[SessionEvent[E, A, R]]]:
        """Catch up with the clock; returns the events since the last call (as
        ``drain`` does)."""
        if not self._paused:
            self.advance_to(self.now())
        return self.drain(seat)

    def submit(
        self, player: Seat, intent: I
    ) -> InputRecord[A, R] | IntentRefused[I] | DealAsked[I]:
        """An intent arriving now, by the clock (refused while paused)."""
        return self.submit_at(self.now(), player, intent)

    def pause(self) -> None:
        """Stop the game clock for everyone: timers and agents wait, intents are
        refused."""
        if not self._time.can_pause or self.stage.over:
            return
        self.advance_to(self.now())
        self._time.pause()
        self._paused = True
        self._outbox.append(TimedEvent(self.time, PauseChanged(True)))

    def resume(self) -> None:
        if not self._time.resume():
            return
        self._paused = False
        self._outbox.append(TimedEvent(self.time, PauseChanged(False)))

    # -- inside --------------------------------------------------------------------

    def _run_due(self, t: int, horizon: int) -> None:
        """Run what is due at ``t``: the game's timers, then the agents. Without agents
        nobody looks at the game before ``horizon``, so the game may take later timers
        at once (``Game.run_timers``)."""
        self.time = t
        agents = self._agents
        if self.stage.due == t:
            timed = self.game.run_timers(self.state, self.stage, t, t if agents else horizon)
            self._changed(t, timed)
            if self.stage.over or self.ended:
                return
        for agent in agents:
            wake = agent.next_wakeup()
            if wake is None or wake > t:
                continue
            action = agent.wake(t, self.state)
            after = agent.next_wakeup()
            if after is not None and after <= t:
                raise RuntimeError(f"agent for player {agent.player + 1} did not move its wake-up")
            if action is not None:
                self._handle(t, agent.player, action)
                if self.stage.over or self.ended:  # only a change can end the game
                    return

    def _handle(self, t: int, player: Seat, action: A) -> InputRecord[A, R]:
        """Apply and record ``player``'s ``action`` at ``t``."""
        stage = self.stage
        outcome = self.game.apply(self.state, stage, t, player, action)
        self.input_count += 1
        if isinstance(outcome, Rejected):
            reason = outcome.reason
            slow = self.game.lost_race(stage, t, player, action, reason)
            record = InputRecord(t, player, action, False, reason, slow)
            self._emit(t, (InputHandled(record),))
            for recorder in self._recorders:
                recorder.on_input(record, self.state)
            return record
        record = InputRecord(t, player, action, True)
        self.state = state = outcome.state
        self.stage = outcome.stage
        self._emit(t, (InputHandled(record), *outcome.events))
        for recorder in self._recorders:
            recorder.on_input(record, state)
        self._after_change(t, outcome)
        return record

    def _changed(self, t: int, timed: Timed[S, G, E]) -> None:
        """The game changed by itself (its timers) at ``t``."""
        self.state = timed.state
        self.stage = timed.stage
        self._emit(t, timed.events)
        self._after_change(t, timed)

    def _after_change(self, t: int, timed: Timed[S, G, E]) -> None:
        """Tell the recorders a round or the game that ended; deal the next round if
        it is awaited and due now."""
        if timed.round_over:
            state = self.state
            for recorder in self._recorders:
                recorder.on_round_over(t, state)
            if self.stage.over:
                for recorder in self._recorders:
                    recorder.on_game_over(t, state)
        if self.stage.dealing and self.auto_deal:
            self._deal(t)

    def _deal(self, t: int) -> None:
        """Deal the next round at ``t`` from the session's deals. Raises ``ValueError``
        (the game's) for a deal the rules refuse."""
        if self.max_rounds is not None and self.rounds >= self.max_rounds:
            self.ended = True
            return
        deal = self._deals.next(self.state)
        if deal is None:
            self.ended = True
            return
        timed = self.game.deal(self.state, self.stage, t, deal)
        self.rounds += 1
        self.state = timed.state
        self.stage = timed.stage
        for recorder in self._recorders:
            recorder.on_deal(t, self.rounds, deal)
        self._emit(t, timed.events)

    def _emit(self, t: int, events: Sequence[SessionEvent[E, A, R]]) -> None:
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
