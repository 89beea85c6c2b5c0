"""The hook through which a match is recorded, as it is played.

The match knows nothing about files; ``spit.replay`` implements this protocol and
writes each line the moment it is called, so an interrupted game loses nothing.
"""

from __future__ import annotations

from typing import Protocol

from spit.engine import State
from spit.games.spit.session.deals import Orders
from spit.games.spit.session.events import InputRecord


class Recorder(Protocol):
    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        """Round ``round_no`` was dealt from ``orders`` at time ``t``."""
        ...

    def on_input(self, record: InputRecord, state: State) -> None:
        """An input was handled; ``state`` is the table after it."""
        ...

    def on_round_over(self, t: int, state: State) -> None:
        """The round's cards are gathered (or the game is over)."""
        ...

    def on_game_over(self, t: int, state: State) -> None: ...
