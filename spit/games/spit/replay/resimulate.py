"""Re-simulating a replay: its deals and inputs fed back into a session, line by line.

A replay stores only what the session cannot work out for itself, like a deterministic
game demo: the deals and the timed inputs. Everything else (the automatic spits, the
slap default, when the next round is dealt) comes from the game's own timers
(``spit.engine.timers``), so feeding the same inputs at the same times into a session
with the same timing and deals must rebuild the same game. Every other line is a claim
checked on the way: each deal must fall due exactly when it was recorded, each input
must be accepted or refused as recorded, each checkpoint and the closing line must
match the table's state hash. A ``forfeit`` line (a network game) ends the game at its
time, the other player the winner; a ``bot`` line only says who made the inputs that
follow.

``Resimulation.step`` processes one line; the verifier runs them all, a viewer steps
through them (and may move ``session`` forward with ``advance_to`` up to the time of the
next line, for smooth playback), keeping copies of the session on the way (``fork``).
"""

from __future__ import annotations

import copy

from spit.core.replay.fields import winner_text
from spit.core.replay.mismatch import ReplayMismatch, check_closing, check_hash
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.engine import Action, Orders, Reason, State, state_hash
from spit.engine.timers import StagePhase
from spit.games.spit.game import Session, new_session, scripted_deals
from spit.games.spit.replay.reader import Replay
from spit.games.spit.replay.records import (
    Checkpoint,
    Deal,
    End,
    Input,
    Record,
)
from spit.play.events import DealAsked, InputRecord


def usable_records(replay: Replay) -> tuple[Record, ...]:
    """The lines that can be trusted: those before the first problem, if any."""
    if not replay.problems:
        return replay.records
    stop = replay.problems[0].line
    return tuple(r for r in replay.records if r.line < stop)


class _Probe:
    """A recorder that notes when the session dealt, ended a round and ended the game."""

    def __init__(self) -> None:
        self.deal_times: list[int] = []
        self.round_over_at = 0
        self.game_over_at: int | None = None

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self.deal_times.append(t)

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
        pass

    def on_round_over(self, t: int, state: State) -> None:
        self.round_over_at = t

    def on_game_over(self, t: int, state: State) -> None:
        self.game_over_at = t


class Resimulation:
    """A game rebuilt from a replay, one line at a time.

    ``collect_events``: keep the session's events (a viewer's), a run of stalls told as
    one ``spit.engine.timers.StallRun``. Raises ``ValueError`` if the replay has no
    usable deal (nothing was played), and ``ReplayMismatch`` (from here or from
    ``step``) where the file and the game differ.
    """

    def __init__(self, replay: Replay, *, collect_events: bool = False) -> None:
        self.records = usable_records(replay)
        self._deals = [r for r in self.records if isinstance(r, Deal)]
        if not self._deals:
            raise ValueError("nothing to replay: the file holds no deal")
        header = replay.header
        self.timing = header.timing
        """The game's timing, as the file's header gives it."""
        self._probe = _Probe()
        try:
            self.session = new_session(
                deals=scripted_deals([d.orders for d in self._deals]),
                variant=header.variant,
                target=header.target,
                timing=header.timing,
                recorders=[self._probe],
                collect_events=collect_events,
                countdown_ticks=False,  # a file may claim any length: no timer per second
            )
        except ValueError as err:
            raise ReplayMismatch(self._deals[0].line, str(err)) from None
        self.index = 1
        """The next line to process, as an index into ``records`` (the first deal is in
        the session from the start)."""
        self.inputs = 0
        """Inputs processed so far."""
        self.forfeit: Forfeit[int] | None = None
        """The forfeit that ended the game, once its line is processed."""
        self._confirmed = 1

    @property
    def state(self) -> State:
        return self.session.state

    def fork(self) -> Session:
        """A copy of the session as it stands, to be moved on by itself (a viewer's
        snapshot): without the checks' own bookkeeping, which grows with the rounds,
        and sharing the recorded deals."""
        return copy.deepcopy(self.session, {id(self._probe): _Probe()})

    def peek(self) -> Record | None:
        """The next line ``step`` will process."""
        return self.records[self.index] if self.index < len(self.records) else None

    def step(self) -> Record | None:
        """Process the next line and return it; ``None`` when there are no more."""
        record = self.peek()
        if record is None:
            return None
        try:
            self._process(record)
        except ValueError as err:  # the engine refused the next recorded deal
            deal = self._deals[len(self._probe.deal_times)]
            raise ReplayMismatch(deal.line, f"round {deal.round} cannot be dealt: {err}") from None
        self.index += 1
        return record

    def seek(self, inputs: int | None = None) -> None:
        """Step until ``inputs`` inputs are done (stopping right after the last of
        them), or to the end of the file."""
        while (inputs is None or self.inputs < inputs) and self.step() is not None:
            pass

    def _process(self, record: Record) -> None:
        match record:
            case Input():
                self._input(record)
            case Deal():
                self._deal(record)
            case Checkpoint():
                self._advance(record)
                self._compare_hash(record.line, record.t, record.hash)
            case Forfeit() | BotSeat():
                self._advance(record)
                self._not_over(record, "a forfeit" if isinstance(record, Forfeit) else "a bot")
                if isinstance(record, Forfeit):
                    self.forfeit = record
            case End():
                self._end(record)

    @property
    def over(self) -> bool:
        """The game has ended, by its rules or by a forfeit."""
        return self.forfeit is not None or self.session.stage.over

    @property
    def winner(self) -> int | None:
        if self.forfeit is not None:
            return 1 - self.forfeit.player
        return self.state.winner if self.session.stage.over else None

    def _not_over(self, record: Record, what: str) -> None:
        if self.session.stage.over:
            raise ReplayMismatch(
                record.line,
                f"{what} after the end of the game (at t={self._probe.game_over_at})",
            )

    def _input(self, record: Input) -> None:
        self._advance(record)
        self._not_over(record, "an input")
        result = self.session.submit_at(record.t, record.player, record.action)
        self.inputs += 1
        if record.accepted is not None and result.accepted != record.accepted:
            said = "accepted" if record.accepted else "refused"
            reason = None if isinstance(result, DealAsked) else result.reason
            why = "it is legal here" if result.accepted else f"it is not legal here ({reason})"
            raise ReplayMismatch(
                record.line,
                f"p{record.player + 1}'s {str(record.action)!r} at t={record.t} "
                f"was recorded as {said}, but {why}",
            )

    def _deal(self, record: Deal) -> None:
        self.session.advance_to(record.t)
        times = self._probe.deal_times
        if len(times) < record.round:
            raise ReplayMismatch(
                record.line, f"round {record.round} is not due at t={record.t}: {self._why_not()}"
            )
        if times[record.round - 1] != record.t:
            raise ReplayMismatch(
                record.line,
                f"round {record.round} was due at t={times[record.round - 1]}, not t={record.t}",
            )
        self._confirmed = record.round

    def _why_not(self) -> str:
        stage = self.session.stage
        if stage.over:
            return "the game is over"
        if stage.phase is StagePhase.ROUND_OVER:
            return f"it is due at t={stage.deadline}"
        return f"round {self.state.round} is still being played"

    def _end(self, record: End) -> None:
        self._advance(record)
        state = self.state
        over = self._probe.game_over_at if self.forfeit is None else self.forfeit.t
        if over is None:
            raise ReplayMismatch(
                record.line,
                f"the game is recorded as over at t={record.t}, "
                f"but it is not (round {state.round} is still on)",
            )
        claims = (
            ("the time", record.t, over),
            ("the winner", winner_text(record.winner), winner_text(self.winner)),
            ("the number of rounds", record.rounds, state.round),
            ("the scores", record.scores, state.scores),
        )
        check_closing(record.line, claims)
        self._compare_hash(record.line, record.t, record.hash)

    def _advance(self, record: Record) -> None:
        """Run the timers up to the line's time; a deal they made must be confirmed by
        a deal line before anything else happens."""
        self.session.advance_to(record.t)
        times = self._probe.deal_times
        if len(times) > self._confirmed:
            deal = self._deals[self._confirmed]
            raise ReplayMismatch(
                record.line,
                f"round {deal.round} was due at t={times[self._confirmed]}, before this line, "
                f"but its deal comes later (line {deal.line})",
            )
        if self.session.ended:
            due = self._probe.round_over_at + self.timing.round_pause_ms
            raise ReplayMismatch(
                record.line,
                f"round {self.state.round + 1} was due at t={due}, before this line, "
                "but the file has no deal for it",
            )

    def _compare_hash(self, line: int, t: int, recorded: str) -> None:
        check_hash(line, f"the table at t={t}", state_hash(self.state), recorded)


def replay_session(replay: Replay, inputs: int | None = None) -> Session:
    """The session as it stood right after its first ``inputs`` inputs (all of the file
    when ``None``). Raises ``ReplayMismatch`` or ``ValueError`` as ``Resimulation``."""
    sim = Resimulation(replay, collect_events=False)
    sim.seek(inputs)
    return sim.session
