"""The game being played, kept in memory as a replay, for its story at the end.

The statistics work from replays (``spit.stats.story_of``, ``game_figures``), of any
game. The file on disk may not exist (recording is off) or may have stopped short (a
disk error), so a game screen may also keep this copy and work its result's story out
from it. What is kept is what the session reported; it becomes the replay's own
records only when asked for, at the end, so that the rest of ``spit.replay`` is not
needed to start a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from spit.core.outcome import Refusal
from spit.core.seats import Seat
from spit.play.events import InputRecord

if TYPE_CHECKING:
    from spit.replay.format import Header
    from spit.replay.reader import Replay
    from spit.replay.records import Record

A = TypeVar("A")
C = TypeVar("C")
R = TypeVar("R", bound=Refusal)
H = TypeVar("H", bound="Header")


class GameLog(Generic[A, C, R]):
    """A session's ``Recorder`` that keeps the deals and inputs of one game of the game
    called ``game`` (``GameInfo.key``)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._reports: list[tuple[int, int, C] | InputRecord[A, R]] = []
        """Deals as ``(t, round_no, deal)`` and inputs, in order."""

    def on_deal(self, t: int, round_no: int, deal: C) -> None:
        self._reports.append((t, round_no, deal))

    def on_input(self, record: InputRecord[A, R], state: object) -> None:
        self._reports.append(record)

    def on_round_over(self, t: int, state: object) -> None:
        pass

    def on_game_over(self, t: int, state: object) -> None:
        pass

    def replay(self, header: H) -> Replay[H, C, A]:
        """The game so far as a replay read from a file with ``header`` would hold it."""
        from spit.replay.reader import Replay as Read
        from spit.replay.records import Deal, Input

        records: list[Record[C, A]] = []
        for report in self._reports:
            if isinstance(report, InputRecord):
                records.append(Input(report.t, Seat(report.player), report.action, report.accepted))
            else:
                records.append(Deal(*report))
        return Read(header, tuple(records), problems=(), truncated=False, game=self.game)
