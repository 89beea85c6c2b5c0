"""Recording a game of Spit as it is played, so that nothing is lost when it is interrupted.

``ReplayWriter`` is a ``spit.games.spit.game.Recorder``: the session calls it at every deal,
input and round end, and it appends one line per call to a line-buffered file, so each line
reaches the operating system the moment it is written. A crash, a closed terminal or
``kill -9`` leaves a file that is valid up to its last complete line, which the reader
shows as an unfinished game; round ends and the end of the game are also ``fsync``-ed.

The writer is strict: ``create`` refuses a header the reader would not accept, and a
writer that is closed (or that hit a disk error, kept in ``error``) records nothing
more, so a game never crashes because its recording failed. The file closes itself
when the game ends, which also keeps out the key presses on the game-over screen.
The file handling is shared with the other games' writers (``spit.core.replay.recording``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Final, TextIO

from spit import __version__
from spit.core.replay.challenge import Challenge
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.recording import LineWriter
from spit.core.seats import Seat, other
from spit.engine import ENGINE_VERSION, Action, Orders, Reason, State, Variant, state_hash
from spit.engine.timers import Timing
from spit.games.spit.identity import SUFFIX
from spit.games.spit.replay.records import Checkpoint, Deal, End, Header, Input
from spit.play.events import InputRecord

CHECKPOINT_EVERY: Final = 100
"""Inputs between two checkpoints (besides the one at every round end)."""


class ReplayWriter(LineWriter):
    """Writes one game's replay file. Make one with ``create``, before the session
    (whose constructor already reports the first deal)."""

    def __init__(self, file: TextIO, path: Path) -> None:
        super().__init__(file, path)
        self._inputs = 0
        self._last_checkpoint: Checkpoint | None = None

    @classmethod
    def create(
        cls,
        directory: Path,
        *,
        players: tuple[PlayerInfo, PlayerInfo],
        variant: Variant,
        target: int,
        timing: Timing,
        seed: int | None,
        created: datetime | None = None,
        challenge: Challenge | None = None,
        network: bool = False,
    ) -> ReplayWriter:
        """A new file in ``directory`` (made if missing), named after the start time and
        the players, with the header already written; ``network``: a game played over
        the network (the server's table).

        Raises ``ValueError`` for a header the format cannot hold (e.g. a negative
        timing) and ``OSError`` when the file cannot be created.
        """
        when = created or datetime.now().astimezone()
        header = Header(
            variant=variant,
            target=target,
            timing=timing,
            players=players,
            seed=seed,
            created=when.isoformat(timespec="seconds"),
            writer=f"spit-tui {__version__}",
            engine=ENGINE_VERSION,
            challenge=challenge,
            network=network,
        )
        return cls._start(directory, header, when, SUFFIX)

    # -- Recorder ------------------------------------------------------------------

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self._write(Deal(t, round_no, orders).to_json())

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
        self._write(Input(record.t, Seat(record.player), record.action, record.accepted).to_json())
        self._inputs += 1
        if self._inputs % CHECKPOINT_EVERY == 0:
            self._checkpoint(record.t, state)

    def on_round_over(self, t: int, state: State) -> None:
        if state.winner is None:  # at the end of the game, the closing line has the hash
            self._checkpoint(t, state)
            self._sync()

    def on_game_over(self, t: int, state: State) -> None:
        assert state.winner is not None
        end = End(t, Seat(state.winner), state.round, state.scores, state_hash(state))
        self._write(self._closing_line(end.to_json()))
        self.close()

    # -- over the network ----------------------------------------------------------

    def on_forfeit(self, t: int, player: Seat, state: State, *, left: bool = False) -> None:
        """``player`` loses by forfeit at ``t`` (``left``: on purpose): the forfeit
        line, then the closing line (the other player wins, on the table as it
        stands), and the file closes."""
        end = End(t, other(player), state.round, state.scores, state_hash(state))
        self._forfeit(t, player, end.to_json(), left=left)

    def _checkpoint(self, t: int, state: State) -> None:
        checkpoint = Checkpoint(t, state_hash(state))
        if checkpoint != self._last_checkpoint:  # the 100th input may also end a round
            self._write(checkpoint.to_json())
            self._last_checkpoint = checkpoint
