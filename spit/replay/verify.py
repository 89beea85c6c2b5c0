"""Re-playing any game's replay through the session that played it, and strict
verification: is this file exactly the game it claims to be?

A replay stores only what the session cannot work out for itself: the deals and the
inputs with their times. ``Resimulation`` feeds them back, one line at a time, into a
``spit.play.session.Session`` of the same ``spit.game.Game`` (the game its header's
options describe), so what was played and what is checked are one code path. Every
other line is a claim checked on the way: each input accepted or refused as recorded,
each checkpoint and the closing line matching the state hash.

Deals are where time matters. In a game played in real time the game's own timers
deal each round (Spit's pause after a round), so a deal line says when that happened:
it must fall due exactly at its ``t``, and before any later line. In a game played in
turns times only pace a viewer; a deal line deals the next round, which the game must
be waiting for. A ``forfeit`` line ends the game, the other player the winner; a
``bot`` line only says who made the inputs that follow.

A file that simply stops, a game interrupted by a crash, is valid and not
``finished``: nothing in it is wrong, it is only shorter.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from spit.core.outcome import Refusal
from spit.core.replay.fields import winner_text
from spit.core.replay.mismatch import ReplayMismatch, check_closing, check_hash, engine_note
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.replay.verification import Verification, with_seal
from spit.core.seats import Seat, other
from spit.game import Stage
from spit.play.deals import ScriptedDeals
from spit.play.events import DealAsked, InputRecord
from spit.play.session import Session
from spit.replay.format import Header, ReplayFormat
from spit.replay.reader import Replay
from spit.replay.records import Checkpoint, Deal, End, Input, Record

H = TypeVar("H", bound=Header)
S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741


class _Probe(Generic[S, A, C, R]):
    """A recorder that notes when the session dealt, ended a round and ended the game."""

    def __init__(self) -> None:
        self.deal_times: list[int] = []
        self.round_over_at = 0
        self.game_over_at: int | None = None

    def on_deal(self, t: int, round_no: int, deal: C) -> None:
        self.deal_times.append(t)

    def on_input(self, record: InputRecord[A, R], state: S) -> None:
        pass

    def on_round_over(self, t: int, state: S) -> None:
        self.round_over_at = t

    def on_game_over(self, t: int, state: S) -> None:
        self.game_over_at = t


class _Deals(ScriptedDeals[S, C]):
    """The file's deals; notes the game time the session asked for one it had not."""

    def __init__(self, deals: list[C]) -> None:
        super().__init__(deals)
        self.session: Session[S, Any, Any, Any, C, Any, Any, Any] | None = None
        self.missing_at: int | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Deals[S, C]:
        twin = super().__deepcopy__(memo)
        twin.session = None  # a fork's deals note nothing
        return twin

    def next(self, state: S) -> C | None:
        deal = super().next(state)
        if deal is None and self.missing_at is None and self.session is not None:
            self.missing_at = self.session.time
        return deal


class Resimulation(Generic[H, S, G, A, I, C, E, R, O]):
    """A game rebuilt from a replay, one line at a time: for the verifier, and for a
    viewer that steps through a game (``step``, ``seek``), which may keep copies of
    the session on the way (``fork``) and, in real time, move it on by itself up to
    the next line's time (``advance_to``). ``collect_events``: keep the session's
    events (a viewer's). ``step``, and in real time the constructor, raise
    ``ReplayMismatch`` where the file and the game differ.

    In real time the first deal is dealt at once (its line is the session's start,
    at 0); in turns the first deal line starts the game, so ``session`` is ``None``
    until it is stepped over.
    """

    def __init__(
        self,
        fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
        replay: Replay[H, C, A],
        *,
        collect_events: bool = False,
        prepare: Callable[[H], Any] | None = None,
    ) -> None:
        self.format = fmt
        self.header = replay.header
        self.game = fmt.game_for(replay.header)
        self.records = replay.usable
        """The lines that can be trusted: those before the first problem, if any."""
        self._positions = replay.positions
        deals = [(i, r) for i, r in enumerate(self.records) if isinstance(r, Deal)]
        self._deal_lines = [deal for _, deal in deals]
        self._deal_at = [self.position(i) for i, _ in deals]
        """The line number of each of ``_deal_lines``."""
        self._line = 0
        """The line number of the record being processed."""
        self._deals: _Deals[S, C] = _Deals([d.deal for d in self._deal_lines])
        self._probe: _Probe[S, A, C, R] = _Probe()
        self._collect = collect_events
        self.session: Session[S, G, A, I, C, E, R, O] | None = None
        self.index = 0
        """The next line to process, as an index into ``records``."""
        self.inputs = 0
        """Inputs processed so far."""
        self.time = 0
        """The latest time given on a line processed so far."""
        self.forfeit: Forfeit[int | None] | None = None
        """The forfeit that ended the game, once its line is processed."""
        self.refusal: str | None = None
        """Why the rules refused the latest input, if they did."""
        self._confirmed = 0
        if fmt.real_time and self._deal_lines:
            self._line = self._deal_at[0]
            self._start(self._deal_lines[0])
            self.index = 1

    # -- what it stands at

    @property
    def started(self) -> Session[S, G, A, I, C, E, R, O]:
        """The session, once the first deal is dealt (``RuntimeError`` before)."""
        if self.session is None:
            raise RuntimeError("no round has been dealt yet")
        return self.session

    def fork(self) -> Session[S, G, A, I, C, E, R, O]:
        """A copy of the session as it stands, to be moved on by itself (a viewer's
        snapshot): without the checks' own bookkeeping, which grows with the rounds,
        and sharing the recorded deals."""
        return copy.deepcopy(self.started, {id(self._probe): _Probe()})

    @property
    def state(self) -> S | None:
        """The game after the lines processed so far; ``None`` before the first deal."""
        return None if self.session is None else self.session.state

    @property
    def rounds(self) -> int:
        return 0 if self.session is None else self.session.rounds

    @property
    def over(self) -> bool:
        """The game has ended, by its rules or by a forfeit."""
        if self.forfeit is not None:
            return True
        return self.session is not None and self.session.stage.over

    @property
    def winner(self) -> Seat | None:
        if self.forfeit is not None:
            return other(self.forfeit.player)
        if self.session is None or not self.session.stage.over:
            return None
        outcome = self.game.outcome(self.session.state)
        return None if outcome is None else outcome.winner

    @property
    def duration(self) -> int:
        """Game time of the last line re-played (in turns: the latest time given)."""
        if self.format.real_time and self.session is not None:
            return self.session.time
        return self.time

    def position(self, index: int) -> int:
        """The line number ``records[index]`` was read from (0 if not from a file)."""
        return self._positions[index] if index < len(self._positions) else 0

    def peek(self) -> Record[C, A] | None:
        """The next line ``step`` will process."""
        return self.records[self.index] if self.index < len(self.records) else None

    # -- going on

    def step(self) -> Record[C, A] | None:
        """Process the next line and return it; ``None`` when there are no more."""
        record = self.peek()
        if record is None:
            return None
        self._line = self.position(self.index)
        try:
            self._process(record)
        except ValueError as err:  # the rules refused a recorded deal
            if isinstance(err, ReplayMismatch):
                raise
            which = min(self._dealt(), len(self._deal_lines) - 1)
            deal = self._deal_lines[which]
            key = self.format.round_key
            raise ReplayMismatch(
                self._deal_at[which], f"{key} {deal.round} cannot be dealt: {err}"
            ) from None
        if record.t is not None:
            self.time = max(self.time, record.t)
        self.index += 1
        return record

    def seek(self, inputs: int | None = None) -> None:
        """Step until ``inputs`` inputs are done (stopping right after the last of
        them), or to the end of the file."""
        while (inputs is None or self.inputs < inputs) and self.step() is not None:
            pass

    def _dealt(self) -> int:
        return len(self._probe.deal_times)

    def _process(self, record: Record[C, A]) -> None:
        match record:
            case Deal():
                self._deal(record)
            case Input():
                self._input(record)
            case Checkpoint():
                self._advance(record)
                self._compare_hash(self._line, record.t, record.hash)
            case Forfeit():
                self._advance(record)
                self._not_over(record, "a forfeit")
                self.forfeit = record
            case BotSeat():
                self._advance(record)
                self._not_over(record, "a bot")
            case End():
                self._end(record)

    def _started(self, line: int) -> Session[S, G, A, I, C, E, R, O]:
        if self.session is None:  # the reader lets nothing come before the first deal
            raise ReplayMismatch(line, "no round has been dealt")
        return self.session

    def _at(self, record: Record[C, A], session: Session[S, G, A, I, C, E, R, O]) -> int:
        """The time to give the session: the line's, or in a game in turns (where a
        hand-written file may leave it out or go back) the latest one."""
        if self.format.real_time and record.t is not None:
            return record.t
        return session.time if record.t is None else max(record.t, session.time)

    def _deal(self, record: Deal[C]) -> None:
        if self.session is None:
            self._start(record)
            return
        session = self.session
        if self.format.real_time:
            self._timed_deal(record, session)
        else:
            self._turn_deal(record, session)

    def _start(self, record: Deal[C]) -> None:
        try:
            self.session = session = Session(
                self.game,
                self._deals,
                recorders=[self._probe],
                collect_events=self._collect,
                auto_deal=self.format.real_time,
            )
        except ValueError as err:
            word = self.format.round_key
            raise ReplayMismatch(self._line, f"{word} 1 cannot start: {err}") from None
        self._deals.session = session
        self._confirmed = 1

    def _timed_deal(self, record: Deal[C], session: Session[S, G, A, I, C, E, R, O]) -> None:
        assert record.t is not None  # a game in real time reads none without
        session.advance_to(record.t)
        times = self._probe.deal_times
        word = self.format.round_key
        if len(times) < record.round:
            raise ReplayMismatch(
                self._line,
                f"{word} {record.round} is not due at t={record.t}: {self._why_not(session)}",
            )
        if times[record.round - 1] != record.t:
            raise ReplayMismatch(
                self._line,
                f"{word} {record.round} was due at t={times[record.round - 1]}, not t={record.t}",
            )
        self._confirmed = record.round

    def _why_not(self, session: Session[S, G, A, I, C, E, R, O]) -> str:
        if session.stage.over:
            return "the game is over"
        if self._probe.round_over_at > self._probe.deal_times[-1] and session.stage.due:
            return f"it is due at t={session.stage.due}"
        return f"{self.format.round_key} {session.rounds} is still being played"

    def _turn_deal(self, record: Deal[C], session: Session[S, G, A, I, C, E, R, O]) -> None:
        word = self.format.round_key
        if session.stage.over:
            raise ReplayMismatch(
                self._line, f"{word} {record.round} comes after the end of the game"
            )
        if not session.stage.dealing:
            raise ReplayMismatch(
                self._line,
                f"{word} {record.round} cannot start: {word} {session.rounds} is still being "
                "played",
            )
        session.deal_at(self._at(record, session))
        self._confirmed = record.round

    def _input(self, record: Input[A]) -> None:
        session = self._advance(record)
        self._not_over(record, "an input")
        if not self.format.real_time and session.stage.dealing:
            word = self.format.round_key
            raise ReplayMismatch(
                self._line,
                f"{word} {session.rounds} is over: the cards of {word} {session.rounds + 1} "
                "must come before the next input",
            )
        # Every action is also an intent, meaning itself (``spit.game``).
        intent = cast(I, record.action)
        result = session.submit_at(self._at(record, session), record.player, intent)
        self.inputs += 1
        self.refusal = None
        if isinstance(result, InputRecord) and result.reason is not None:
            self.refusal = result.reason.message
        if record.accepted is not None and result.accepted != record.accepted:
            said = "accepted" if record.accepted else "refused"
            reason = None if isinstance(result, DealAsked) else result.reason
            why = "it is legal here" if result.accepted else f"it is not legal here ({reason})"
            when = "" if record.t is None else f" at t={record.t}"
            text = self.game.codec.action_text(record.action)
            raise ReplayMismatch(
                self._line,
                f"p{record.player + 1}'s {text!r}{when} was recorded as {said}, but {why}",
            )

    def _not_over(self, record: Record[C, A], what: str) -> None:
        session = self._started(self._line)
        if session.stage.over or self.forfeit is not None:
            at = self._probe.game_over_at
            when = f" (at t={at})" if self.format.real_time and at is not None else ""
            raise ReplayMismatch(self._line, f"{what} after the end of the game{when}")

    def _end(self, record: End) -> None:
        session = self._advance(record)
        over = self._probe.game_over_at if self.forfeit is None else self.forfeit.t
        if self.forfeit is None and not session.stage.over:
            word = self.format.round_key
            at = "" if record.t is None or not self.format.real_time else f" at t={record.t}"
            raise ReplayMismatch(
                self._line,
                f"the game is recorded as over{at}, but it is not "
                f"({word} {session.rounds} is still on)",
            )
        claims: list[tuple[str, object, object]] = []
        if self.format.real_time:
            claims.append(("the time", record.t, over))
        claims += [
            ("the winner", winner_text(record.winner), winner_text(self.winner)),
            (f"the number of {self.format.count_key}", record.rounds, session.rounds),
            ("the scores", record.scores, self.format.scores(session.state)),
        ]
        check_closing(self._line, claims)
        self._compare_hash(self._line, record.t, record.hash)

    def _advance(self, record: Record[C, A]) -> Session[S, G, A, I, C, E, R, O]:
        """In real time, run the timers up to the line's time: a deal they made must be
        confirmed by a deal line before anything else happens."""
        session = self._started(self._line)
        if not self.format.real_time or record.t is None:
            return session
        session.advance_to(record.t)
        times = self._probe.deal_times
        word = self.format.round_key
        if len(times) > self._confirmed:
            deal = self._deal_lines[self._confirmed]
            raise ReplayMismatch(
                self._line,
                f"{word} {deal.round} was due at t={times[self._confirmed]}, before this line, "
                f"but its deal comes later (line {self._deal_at[self._confirmed]})",
            )
        if session.ended:
            raise ReplayMismatch(
                self._line,
                f"{word} {session.rounds + 1} was due at t={self._deals.missing_at}, before "
                "this line, but the file has no deal for it",
            )
        return session

    def _compare_hash(self, line: int, t: int | None, recorded: str) -> None:
        session = self._started(line)
        what = "the game after this line" if t is None or not self.format.real_time else None
        what = what or f"the table at t={t}"
        check_hash(line, what, self.game.state_hash(session.state), recorded)


def verify(
    fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
    replay: Replay[H, C, A],
    follow: Callable[[Resimulation[H, S, G, A, I, C, E, R, O]], object] | None = None,
) -> Verification:
    """Re-play ``replay`` strictly: the first difference or problem, and whether the
    file was edited. ``follow`` (a viewer's) steps it through first."""
    return with_seal(_rules(fmt, replay, follow), replay)


def verify_own(fmt: ReplayFormat[H, S, G, A, I, C, E, R, O], replay: object) -> Verification:
    """``verify`` a replay of any game (a descriptor's): ``TypeError`` unless it is one
    of ``fmt``'s game as ``spit.replay.reader`` reads it."""
    if not isinstance(replay, Replay) or replay.game != fmt.key:
        raise TypeError(f"not a replay of {fmt.key} as spit.replay reads one")
    return verify(fmt, replay)


def _rules(
    fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
    replay: Replay[H, C, A],
    follow: Callable[[Resimulation[H, S, G, A, I, C, E, R, O]], object] | None,
) -> Verification:
    sim: Resimulation[H, S, G, A, I, C, E, R, O] | None = None
    try:
        sim = Resimulation(fmt, replay, collect_events=follow is not None)
        if follow is not None:
            follow(sim)
        sim.seek()
    except ReplayMismatch as err:
        running = fmt.game_for(replay.header).info.engine_version
        note = engine_note(replay.header.engine, running, fmt.engine_label)
        return _invalid(sim, err.line, err.message + note)
    if replay.problems:
        problem = replay.problems[0]
        return _invalid(sim, problem.line, problem.message)
    session = sim.session
    if session is None:  # just a header: interrupted before the first deal
        return Verification(True, False, 0, None, 0, sim.duration)
    return Verification(
        valid=True,
        finished=sim.over,
        rounds=sim.rounds,
        winner=sim.winner,
        inputs=sim.inputs,
        duration_ms=sim.duration,
        final_hash=sim.game.state_hash(session.state),
    )


def _invalid(
    sim: Resimulation[Any, Any, Any, Any, Any, Any, Any, Any, Any] | None, line: int, message: str
) -> Verification:
    if sim is None:
        return Verification(False, False, 0, None, 0, 0, error=message, line=line)
    return Verification(
        False, False, sim.rounds, None, sim.inputs, sim.duration, error=message, line=line
    )
