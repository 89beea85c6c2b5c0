"""A seat at a two-player table, typed: what the replay records, sessions and bots call
a "player" (0 for player 1, 1 for player 2).

A ``NewType`` over ``int`` rather than an ``IntEnum``: it costs nothing at run time
(``Seat(1)`` is the int 1, and the engines' arithmetic such as ``1 - player`` stays plain
integer work in the simulator's inner loop), while mypy keeps a bare number from being
passed where a seat is meant. Files and JSON hold ``p1``/``p2``
(``spit.core.replay.fields.PLAYER_KEYS``).
"""

from __future__ import annotations

from typing import Final, NewType

Seat = NewType("Seat", int)

SEATS: Final = (Seat(0), Seat(1))
"""Both seats, player 1's first."""


def other(seat: Seat) -> Seat:
    """The seat across the table."""
    return SEATS[1 - seat]
