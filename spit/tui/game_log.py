"""The game being played, kept in memory as a replay, for its story at the end.

The statistics work from replays (``spit.stats.story_of``, ``game_figures``). The
file on disk may not exist (recording is off) or may have stopped short (a disk
error), so the game screen also keeps this copy, in the replay's own terms, and
the result screen's story is always worked out from it.
"""

from __future__ import annotations

from spit.engine import State
from spit.match import InputRecord, Orders
from spit.replay import Deal, Header, Input, Record, Replay


class GameLog:
    """A ``spit.match.Recorder`` that keeps the deals and inputs of one game."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self._records: list[Record] = []

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        self._records.append(Deal(t, round_no, orders))

    def on_input(self, record: InputRecord, state: State) -> None:
        self._records.append(Input(record.t, record.player, record.action, record.accepted))

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass

    def replay(self) -> Replay:
        """The game so far as a replay read from a file would hold it."""
        return Replay(self.header, tuple(self._records), problems=(), truncated=False)
