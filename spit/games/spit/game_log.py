"""The game being played, kept in memory as a replay, for its story at the end.

The statistics work from replays (``spit.stats.story_of``, ``game_figures``). The
file on disk may not exist (recording is off) or may have stopped short (a disk
error), so the game screen also keeps this copy, and the result screen's story is
always worked out from it. What is kept is what the session reported; it becomes the
replay's own records only when asked for, at the end, so that ``spit.replay`` is not
needed to start a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spit.core.seats import Seat
from spit.engine import Action, Orders, Reason, State
from spit.play.events import InputRecord

if TYPE_CHECKING:
    from spit.games.spit.replay import Header, Replay


class GameLog:
    """A ``spit.games.spit.game.Recorder`` that keeps the deals and inputs of one game."""

    def __init__(self) -> None:
        self._reports: list[tuple[int, int, Orders] | InputRecord[Action, Reason]] = []
        """Deals as ``(t, round_no, orders)`` and inputs, in order."""

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self._reports.append((t, round_no, orders))

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
        self._reports.append(record)

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass

    def replay(self, header: Header) -> Replay:
        """The game so far as a replay read from a file with ``header`` would hold it."""
        from spit.games.spit.identity import NAME
        from spit.games.spit.replay import Deal, Input, Record
        from spit.replay.reader import Replay as Read

        records: list[Record] = []
        for report in self._reports:
            if isinstance(report, InputRecord):
                records.append(Input(report.t, Seat(report.player), report.action, report.accepted))
            else:
                records.append(Deal(*report))
        return Read(header, tuple(records), problems=(), truncated=False, game=NAME)
