"""The hook through which a Spades session is recorded as it is played.

``spit.games.spades.replay.writer.SpadesReplayWriter`` implements it and writes each
line the moment it is called; the session knows nothing about files.
"""

from __future__ import annotations

from typing import Protocol

from spit.core.seats import Seat
from spit.games.spades.engine import Action, HandOrders, State


class SpadesRecorder(Protocol):
    def on_hand(self, t: int, hand: int, orders: HandOrders) -> None:
        """Hand ``hand`` starts from ``orders`` at time ``t``."""
        ...

    def on_input(self, t: int, player: Seat, action: Action, accepted: bool, state: State) -> None:
        """``player``'s ``action`` was accepted or refused by the rules; ``state`` is the
        game after it."""
        ...
