"""What a network room (``spit.net.room``) needs of a game: its ``NetTable``.

Below the games, beside the session, so that a game's package can say what its network
table is (its descriptor's ``NetPlay``) without knowing the network code, and the room
can take any game's table without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from spit.core import seats
from spit.core.wire import Payload


class NetTable(Protocol):
    """What a room needs of a game: one game between two seats, on the room's game
    clock, recorded. ``spit.games.spit.net_table.NetTable`` is Spit's; each game
    that can be played over the network has one, made by its descriptor's
    ``net_table`` factory (``spit.games.descriptor.NetPlay``).

    Times are whole game milliseconds: the room passes a time that never goes back, and
    keeps the table's time still while the game is paused.
    """

    def submit(self, seat: seats.Seat, intent: str, at: int) -> None:
        """Take ``seat``'s intent (the game's own notation) at game time ``at``: the game
        decides what it means then. Raise ``ValueError`` for text that is no intent
        (the room counts it against the client and goes on)."""
        ...

    def advance(self, at: int) -> None:
        """Run the game's timers (and a bot's moves) up to game time ``at``."""
        ...

    def next_due(self) -> int | None:
        """When a timer or a bot next has something to do, if ever."""
        ...

    def now(self) -> int:
        """The game time reached so far."""
        ...

    def view(self, seat: seats.Seat) -> Payload:
        """Everything ``seat`` may see now, as JSON, never a hidden card, with
        ``can_play`` (whether one of its keys would do something now). While nothing
        changed, the same object may come again: nobody changes a view."""
        ...

    def public_view(self) -> Payload:
        """What both seats can see now, as JSON, for a spectator: derived from the
        game's observations, so never a card hidden from either player."""
        ...

    def public_news(self) -> list[Payload]:
        """Events since the last call as a spectator may see them: only what both
        players were told (each seat's private copy stripped of its private cards)."""
        ...

    def news(self) -> list[tuple[int | None, Payload]]:
        """Events since the last call, each with a ``kind``: ``(None, item)`` for both
        seats, ``(seat, item)`` for one seat's eyes only; a lost race is marked
        ``too_slow`` (``docs/protocol.md``)."""
        ...

    def state_hash(self) -> str:
        """The game's state hash (as its replay's closing line has it)."""
        ...

    def close(self) -> None:
        """Stop recording (an unfinished game's replay stays valid as far as it goes)."""
        ...

    @property
    def finished(self) -> bool:
        """The game is over: by its rules, or by a forfeit."""
        ...

    def result(self) -> tuple[seats.Seat | None, str] | None:
        """Once finished: the winning seat (``None`` for a draw) and why, in one word:
        the game's own (``"cards"``, ``"points"``, ...), ``"left"`` or ``"forfeit"``."""
        ...

    def forfeit(self, seat: seats.Seat, *, left: bool = False) -> None:
        """``seat`` loses now: it ``left``, or its grace period ran out. The game ends
        (``result`` says ``"left"`` or ``"forfeit"``), and its replay says so and still
        passes a strict check."""
        ...

    def lag_from(self, source: Callable[[], list[dict[str, int]]]) -> None:
        """Where to read, when the replay's closing line is written, what each seat's
        claims came to (``Room.lag``): the table records it there."""
        ...

    def bot_takes(self, seat: seats.Seat) -> None:
        """A bot of the game's middle level plays ``seat`` from now on (its player is
        gone); seeded from the game's seed, so a server run is repeatable. The replay
        says so, and still verifies."""
        ...

    @property
    def replay_path(self) -> Path | None:
        """The game's replay file, if it is recorded (complete once ``finished``)."""
        ...
