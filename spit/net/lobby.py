"""Rooms that clients open on a server for many rooms (``spit-tui serve``).

``spit-tui host`` opens its one room itself; a server for a club lets each client open
one (``hello`` with ``create``), choosing the game, its options, whether the room is
listed (``public``) and a password. The lobby holds what the server needs beyond the
``Room`` for that: which game each room plays and whether it is listed, how to build a
game from a client's choices (``Tables``, given by the command, so that ``spit.net``
names no game), the room codes this process hands out, and the replays of the rooms
that have closed, by code, so that players can fetch theirs after the room is gone.

Room codes (``spit.net.codes``) are made by the server: at random in one process, or
reserved in Redis when several processes share a club (``spit.net.shared``), which
also lists each process's public rooms to all.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from spit.net.codes import new_code
from spit.net.protocol import MAX_LISTED, ListedRoom
from spit.net.room import Room, TableFactory


class Tables(Protocol):
    """How a room's game is made from a client's choices: the game's name (``None``:
    the server's first game) and its options, as the client sent them. Raises
    ``ValueError`` with a message for the player for a game or an option the server
    does not offer. A server never trusts a client: the options reach the game only
    through the game's own check (``GameDescriptor.net``'s ``options``)."""

    def __call__(self, game: str | None, options: Mapping[str, Any]) -> tuple[str, TableFactory]:
        """(the game's name, the room's table factory)."""
        ...


@dataclass(frozen=True, slots=True)
class Listing:
    """What the lobby knows of a room a client opened."""

    game: str
    public: bool


KEPT_CLOSED: Final = 10_000
"""Closed rooms whose replays can still be fetched by code (the oldest are forgotten;
their files stay in the data folder)."""


def room_listing(room: Room, game: str) -> ListedRoom:
    """A room as a ``rooms`` answer lists it: code, game, who waits, and whether a
    password is needed (never the password)."""
    return ListedRoom(
        room=room.code,
        game=game,
        names=[chair.name for chair in room.chairs],
        password=room.password is not None,
    )


@dataclass
class Lobby:
    """See the module docstring."""

    tables: Tables
    listings: dict[str, Listing] = field(default_factory=dict)
    closed: OrderedDict[str, tuple[Path | None, str | None]] = field(default_factory=OrderedDict)
    """Code -> (the replay file, the room's password) of each closed room."""

    def new_code(self, taken: Mapping[str, object], fresh: Callable[[], str] = new_code) -> str:
        """A fresh code (``7KX-PM2-QDA``) from ``fresh``, not in use and not naming a
        closed room whose replay can still be fetched."""
        while True:
            code = fresh()
            if code not in taken and code not in self.closed:
                return code

    def open_rooms(self, rooms: Mapping[str, Room]) -> list[ListedRoom]:
        """The public rooms waiting for a second player, for a ``list`` request: code,
        game, who waits, and whether a password is needed (never the password)."""
        out = []
        for code, listing in self.listings.items():
            room = rooms.get(code)
            if room is None or not listing.public or len(room.chairs) != 1:
                continue
            out.append(room_listing(room, listing.game))
        return out[:MAX_LISTED]

    def keep(self, room: Room) -> Path | None:
        """Remember a closing room's replay (of its last game) under its code; the replay
        file."""
        self.listings.pop(room.code, None)
        path = None if room.table is None else room.table.replay_path
        self.closed[room.code] = (path, room.password)
        while len(self.closed) > KEPT_CLOSED:
            self.closed.popitem(last=False)
        return path
