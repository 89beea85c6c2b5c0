"""Recording a game as it is played, so that nothing is lost when it is interrupted.

``ReplayWriter`` is a ``spit.match.Recorder``: the match calls it at every deal, input
and round end, and it appends one line per call to a line-buffered file, so each line
reaches the operating system the moment it is written. A crash, a closed terminal or
``kill -9`` leaves a file that is valid up to its last complete line, which the reader
shows as an unfinished game; round ends and the end of the game are also ``fsync``-ed.

The writer is strict: ``create`` refuses a header the reader would not accept, and a
writer that is closed (or that hit a disk error, kept in ``error``) records nothing
more, so a game never crashes because its recording failed. The file closes itself
when the game ends, which also keeps out the key presses on the game-over screen.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, TextIO

from spit import __version__
from spit.engine import ENGINE_VERSION, State, Variant, state_hash
from spit.match import InputRecord, Orders, Timing
from spit.replay.records import (
    FORMAT_VERSION,
    Checkpoint,
    Deal,
    End,
    Header,
    Input,
    PlayerInfo,
)

CHECKPOINT_EVERY: Final = 100
"""Inputs between two checkpoints (besides the one at every round end)."""

SUFFIX: Final = ".spit.jsonl"
_MAX_SAME_NAME: Final = 100_000
_last_number: dict[Path, int] = {}
"""The last number used for each name in this process: the simulator can start many
games a second, and should not try every taken name again for each."""


class ReplayWriter:
    """Writes one game's replay file. Make one with ``create``, before the ``Match``
    (whose constructor already reports the first deal)."""

    def __init__(self, file: TextIO, path: Path) -> None:
        self.path = path
        self.error: OSError | None = None
        """The disk error that stopped the recording, if any."""
        self._file: TextIO | None = file
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
    ) -> ReplayWriter:
        """A new file in ``directory`` (made if missing), named after the start time and
        the players, with the header already written.

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
        )
        Header.from_json(json.loads(_line(header.to_json())), FORMAT_VERSION)  # as read back
        directory.mkdir(parents=True, exist_ok=True)
        writer = cls(*_open_new(directory, file_stem(when, players)))
        writer._write(header.to_json())
        if writer.error is not None:
            raise writer.error
        return writer

    # -- Recorder ------------------------------------------------------------------

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self._write(Deal(t, round_no, orders).to_json())

    def on_input(self, record: InputRecord, state: State) -> None:
        self._write(Input(record.t, record.player, record.action, record.accepted).to_json())
        self._inputs += 1
        if self._inputs % CHECKPOINT_EVERY == 0:
            self._checkpoint(record.t, state)

    def on_round_over(self, t: int, state: State) -> None:
        if state.winner is None:  # at the end of the game, the closing line has the hash
            self._checkpoint(t, state)
            self._sync()

    def on_game_over(self, t: int, state: State) -> None:
        assert state.winner is not None
        end = End(t, state.winner, state.round, state.scores, state_hash(state))
        self._write(end.to_json())
        self.close()

    # -- file ----------------------------------------------------------------------

    def close(self) -> None:
        """Flush, sync and close the file; later calls do nothing."""
        self._sync()
        if self._file is not None:
            try:
                self._file.close()
            except OSError as err:
                self.error = err
            self._file = None

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _checkpoint(self, t: int, state: State) -> None:
        checkpoint = Checkpoint(t, state_hash(state))
        if checkpoint != self._last_checkpoint:  # the 100th input may also end a round
            self._write(checkpoint.to_json())
            self._last_checkpoint = checkpoint

    def _write(self, obj: dict[str, Any]) -> None:
        if self._file is None:
            return
        try:
            self._file.write(_line(obj))  # line-buffered: flushed at the newline
        except OSError as err:
            self._fail(err)

    def _sync(self) -> None:
        if self._file is None:
            return
        try:
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as err:
            self._fail(err)

    def _fail(self, err: OSError) -> None:
        self.error = err
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError):  # the first error is the one to report
                file.close()


def file_stem(created: datetime, players: tuple[PlayerInfo, PlayerInfo]) -> str:
    """``2026-11-29_14-05-12_p1-vs-normal``: sorts by start time, says who played."""
    return f"{created:%Y-%m-%d_%H-%M-%S}_{_slug(players[0], 1)}-vs-{_slug(players[1], 2)}"


def _slug(player: PlayerInfo, seat: int) -> str:
    if player.kind == "human":
        return f"p{seat}"
    text = re.sub(r"[^a-z0-9]+", "-", (player.level or "bot").lower()).strip("-")
    return text[:20] or "bot"


def _open_new(directory: Path, stem: str) -> tuple[TextIO, Path]:
    """Create a file that did not exist (``x`` mode, so two games starting in the same
    second, even in two processes, never share a file): ``stem``, then ``stem_002``,
    ``stem_003``... (padded so that they sort in order, up to 999 a second)."""
    key = directory / stem
    for n in range(_last_number.get(key, 0) + 1, _MAX_SAME_NAME + 1):
        path = directory / f"{stem}{'' if n == 1 else f'_{n:03}'}{SUFFIX}"
        try:
            file = path.open("x", encoding="utf-8", newline="\n", buffering=1)
        except FileExistsError:
            continue
        _last_number[key] = n
        return file, path
    raise FileExistsError(f"too many replays named {stem} in {directory}")


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False) + "\n"
