"""Re-playing a Spades replay through the engine, and strict verification.

A Spades file holds only the chance and the choices: each ``hand`` line starts a hand
from its recorded card orders (the first with ``new_game``, later ones with
``next_hand``, which the engine allows only once the hand before is scored), and each
input is applied in order. Every other line is a claim checked on the way: each input
must be accepted or refused as recorded, each checkpoint and the closing line must
match the state hash. Times play no part (the session is given each line's time, or
the latest one if a hand-written file goes back in time). A file that simply stops is
valid and not ``finished``, as for Spit (``spit.core.replay.verification``).

The game is rebuilt by the same session that plays it (``spit.games.spades.game``), fed
the file's hands as they are read and its inputs: what was played and what is checked
are one code path.
"""

from __future__ import annotations

from spit.core.replay.fields import winner_text
from spit.core.replay.mismatch import ReplayMismatch, check_closing, check_hash, engine_note
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.replay.verification import Verification, with_seal
from spit.core.seats import SEATS
from spit.games.spades.engine import ENGINE_VERSION, Phase, State, state_hash
from spit.games.spades.game import Session, hands, new_session
from spit.games.spades.intents import NextHand
from spit.games.spades.replay.reader import Replay
from spit.games.spades.replay.records import (
    Checkpoint,
    End,
    Hand,
    Input,
    Record,
)
from spit.play.events import DealAsked


class Resimulation:
    """A Spades game rebuilt from a replay, one line at a time (for the verifier, and
    for a viewer that steps through a game). ``state`` is ``None`` until the first hand."""

    def __init__(self, replay: Replay) -> None:
        self.header = replay.header
        stop = replay.problems[0].line if replay.problems else None
        self.records = tuple(r for r in replay.records if stop is None or r.line < stop)
        """The lines that can be trusted: those before the first problem, if any."""
        self.session: Session | None = None
        """The game being rebuilt, from the first hand on."""
        self._hands = hands()
        self.index = 0
        """The next line to process, as an index into ``records``."""
        self.inputs = 0
        """Inputs processed so far."""
        self.time = 0
        """The latest time given on a line processed so far."""
        self.forfeit: int | None = None
        """The player who lost by forfeit, once a forfeit line is processed."""

    @property
    def state(self) -> State | None:
        """The game after the lines processed so far; ``None`` before the first hand."""
        return None if self.session is None else self.session.state

    def peek(self) -> Record | None:
        """The next line ``step`` will process."""
        return self.records[self.index] if self.index < len(self.records) else None

    def step(self) -> Record | None:
        """Process the next line and return it; ``None`` when there are no more.
        Raises ``ReplayMismatch`` where the file and the game differ."""
        record = self.peek()
        if record is None:
            return None
        match record:
            case Hand():
                self._hand(record)
            case Input():
                self._input(record)
            case Checkpoint():
                self._compare_hash(record.line, record.hash)
            case Forfeit():
                self._forfeit(record)
            case BotSeat():
                pass  # information: the bot's moves are the inputs that follow
            case End():
                self._end(record)
        self.time = self.time if record.t is None else record.t
        self.index += 1
        return record

    def seek(self, inputs: int | None = None) -> None:
        """Step until ``inputs`` inputs are done, or to the end of the file."""
        while (inputs is None or self.inputs < inputs) and self.step() is not None:
            pass

    def _game(self, line: int) -> Session:
        if self.session is None:  # the reader lets nothing come before hand 1's cards
            raise ReplayMismatch(line, "no hand has started")
        return self.session

    def _at(self, record: Record, session: Session) -> int:
        return session.time if record.t is None else max(record.t, session.time)

    def _hand(self, record: Hand) -> None:
        self._hands.push(record.orders)
        if self.session is None:
            try:
                self.session = new_session(
                    deals=self._hands,
                    target=self.header.target,
                    first=self.header.first,
                    auto_deal=False,
                    collect_events=False,
                )
            except ValueError as err:
                raise ReplayMismatch(record.line, f"hand 1 cannot start: {err}") from None
            return
        session = self.session
        state = session.state
        if state.phase is Phase.GAME_OVER:
            raise ReplayMismatch(record.line, f"hand {record.hand} comes after the end of the game")
        if state.phase is not Phase.HAND_OVER:
            raise ReplayMismatch(
                record.line,
                f"hand {record.hand} cannot start: hand {state.hand} is still being played "
                f"({state.phase.value} phase)",
            )
        session.submit_at(self._at(record, session), SEATS[0], NextHand())

    def _input(self, record: Input) -> None:
        session = self._game(record.line)
        state = session.state
        if state.phase is Phase.GAME_OVER:
            raise ReplayMismatch(record.line, "an input after the end of the game")
        if state.phase is Phase.HAND_OVER:
            raise ReplayMismatch(
                record.line,
                f"hand {state.hand} is over: the cards of hand {state.hand + 1} must come "
                "before the next input",
            )
        handled = session.submit_at(self._at(record, session), record.player, record.action)
        self.inputs += 1
        if handled.accepted:
            why = "it is legal here"
        else:
            reason = None if isinstance(handled, DealAsked) else handled.reason
            why = f"it is not legal here ({reason})"
        if record.accepted is not None and handled.accepted != record.accepted:
            said = "accepted" if record.accepted else "refused"
            raise ReplayMismatch(
                record.line,
                f"p{record.player + 1}'s {str(record.action)!r} was recorded as {said}, but {why}",
            )

    def _forfeit(self, record: Forfeit[int | None]) -> None:
        if self._game(record.line).state.phase is Phase.GAME_OVER:
            raise ReplayMismatch(record.line, "a forfeit after the end of the game")
        self.forfeit = record.player

    def _end(self, record: End) -> None:
        state = self._game(record.line).state
        if self.forfeit is None and state.phase is not Phase.GAME_OVER:
            raise ReplayMismatch(
                record.line,
                f"the game is recorded as over, but it is not (hand {state.hand} is still on)",
            )
        winner = state.winner if self.forfeit is None else 1 - self.forfeit
        claims = (
            ("the winner", winner_text(record.winner), winner_text(winner)),
            ("the number of hands", record.hands, state.hand),
            ("the scores", record.scores, state.scores),
        )
        check_closing(record.line, claims)
        self._compare_hash(record.line, record.hash)

    def _compare_hash(self, line: int, recorded: str) -> None:
        check_hash(line, "the game after this line", state_hash(self._game(line).state), recorded)


def verify_spades(replay: Replay) -> Verification:
    """Re-play ``replay`` strictly and report the first difference or problem, in the
    same terms as a Spit replay's ``verify`` (its rounds are the hands)."""
    return with_seal(_rules(replay), replay)


def _rules(replay: Replay) -> Verification:
    sim = Resimulation(replay)
    try:
        sim.seek()
    except ReplayMismatch as err:
        note = engine_note(replay.header.engine, ENGINE_VERSION, "Spades engine")
        return _invalid(sim, err.line, err.message + note)
    if replay.problems:
        problem = replay.problems[0]
        return _invalid(sim, problem.line, problem.message)
    state = sim.state
    if state is None:  # just a header: the game was interrupted before the first hand
        return Verification(True, False, 0, None, 0, sim.time)
    over = state.phase is Phase.GAME_OVER
    winner: int | None
    if sim.forfeit is not None and replay.closing is not None:
        over, winner = True, 1 - sim.forfeit
    else:
        winner = state.winner if over else None
    return Verification(
        valid=True,
        finished=over,
        rounds=state.hand,
        winner=winner,
        inputs=sim.inputs,
        duration_ms=sim.time,
        final_hash=state_hash(state),
    )


def _invalid(sim: Resimulation, line: int, message: str) -> Verification:
    hands = 0 if sim.state is None else sim.state.hand
    return Verification(False, False, hands, None, sim.inputs, sim.time, error=message, line=line)
