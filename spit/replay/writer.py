"""Recording any game as it is played, so that an interruption loses nothing.

``ReplayWriter`` is a session's ``spit.play.session.Recorder``: the session tells it
each deal, every input with its outcome, the end of each round (a checkpoint, and an
``fsync``) and of the game (the closing line; then it closes itself, which also keeps
out the keys pressed on a game-over screen). The file handling is the framing's
(``spit.core.replay.recording.LineWriter``): one line-buffered line per call, each
sealed as it is written. What no input shows, a network game's forfeit and a bot
taking a seat over, the front end says (``on_forfeit``, ``on_bot``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Generic, Self, TextIO, TypeVar

from spit.core.outcome import Refusal
from spit.core.replay.recording import LineWriter
from spit.core.seats import Seat, other
from spit.game import Game, Stage
from spit.play.events import InputRecord
from spit.replay.format import Header, Lines, ReplayFormat
from spit.replay.records import Checkpoint, Deal, End, Input

H = TypeVar("H", bound=Header)
S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741


class ReplayWriter(LineWriter, Generic[S, A, C, R]):
    """Writes one game's replay file. Make one with ``begin``, before the session
    (whose constructor already reports the first deal)."""

    def __init__(self, file: TextIO, path: Path) -> None:
        super().__init__(file, path)
        self._inputs = 0
        self._rounds = 0
        self._last_checkpoint: Checkpoint | None = None
        self._lines: Lines[C, A] | None = None
        self._game: Game[S, Any, A, Any, C, Any, R, Any] | None = None
        self._scores: Any = None
        self._every: int | None = None

    @classmethod
    def begin(
        cls,
        fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
        directory: Path,
        header: H,
        *,
        when: datetime,
    ) -> Self:
        """A new file in ``directory`` (made if missing), named after ``when`` and the
        players, with ``header`` written. Raises ``ValueError`` for a header the
        reader would refuse (before any file is made) and ``OSError`` when the file
        cannot be created."""
        writer = cls._start(directory, header, when, fmt.suffix)
        writer._lines = fmt.lines
        writer._game = fmt.game_for(header)
        writer._scores = fmt.scores
        writer._every = fmt.checkpoint_every
        return writer

    # -- Recorder ------------------------------------------------------------------

    def on_deal(self, t: int, round_no: int, deal: C) -> None:
        self._rounds = round_no
        self._write(self._format.json(Deal(t, round_no, deal)))

    def on_input(self, record: InputRecord[A, R], state: S) -> None:
        line = Input(record.t, Seat(record.player), record.action, record.accepted)
        self._write(self._format.json(line))
        self._inputs += 1
        if self._every is not None and self._inputs % self._every == 0:
            self._checkpoint(record.t, state)

    def on_round_over(self, t: int, state: S) -> None:
        """A round ended: a checkpoint, unless the game is over (the closing line has
        the hash then)."""
        if self._rules.outcome(state) is None:
            self._checkpoint(t, state)
            self._sync()

    def on_game_over(self, t: int, state: S) -> None:
        outcome = self._rules.outcome(state)
        assert outcome is not None, "told at the end of the game"
        end = End(t, outcome.winner, self._rounds, self._scores(state), self._hash(state))
        self._write(self._closing_line(self._format.json(end)))
        self.close()

    # -- over the network ----------------------------------------------------------

    def on_forfeit(self, t: int, loser: Seat, state: S, *, left: bool = False) -> None:
        """``loser`` lost the game unfinished at ``state`` (``left``: on purpose): the
        forfeit line, then the closing line with the other player as the winner, on
        the table as it stands; the file closes."""
        end = End(t, other(loser), self._rounds, self._scores(state), self._hash(state))
        self._forfeit(t, loser, self._format.json(end), left=left)

    # -- inside --------------------------------------------------------------------

    @property
    def _format(self) -> Lines[C, A]:
        assert self._lines is not None, "made by begin"
        return self._lines

    @property
    def _rules(self) -> Game[S, Any, A, Any, C, Any, R, Any]:
        assert self._game is not None, "made by begin"
        return self._game

    def _hash(self, state: S) -> str:
        return self._rules.state_hash(state)

    def _checkpoint(self, t: int, state: S) -> None:
        checkpoint = Checkpoint(t, self._hash(state))
        if checkpoint != self._last_checkpoint:  # the 100th input may also end a round
            self._write(self._format.json(checkpoint))
            self._last_checkpoint = checkpoint
