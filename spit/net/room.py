"""One room: two seats, a game's table, and the order in which intents reach it.

Pure and clock-free like the sessions below it: the server passes every time in
(milliseconds on its own monotonic clock), so the whole room can be driven exactly by
a test. The room

- keeps each seat's clock estimate (``ClockSync``) from the server's pings,
- credits each intent with a send time and holds it (``spit.net.fairness``),
- runs the table ``window`` behind the server's clock, so that held intents reach it in
  credited order and at their credited times, and its timers with them,
- pauses the table while a seat is disconnected (``drop``/``rejoin``), and
- says, after each step, what each seat is to be sent: its own view and the public news.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from spit.net.clock_sync import ClockSync
from spit.net.fairness import FairQueue, Ordering, credit, window
from spit.net.protocol import encode

REJOIN_GRACE_MS: Final = 60_000
"""How long a dropped player's seat is kept, the game paused, before it is forfeit."""


class NetTable(Protocol):
    """What the room needs of a game (``spit.games.spit.net_table`` for Spit)."""

    def submit(self, seat: int, intent: str, at: int) -> None: ...
    def advance(self, at: int) -> None: ...
    def next_due(self) -> int | None: ...
    def now(self) -> int: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def news(self) -> list[tuple[int | None, dict[str, Any]]]: ...
    def state_hash(self) -> str: ...
    def close(self) -> None: ...
    @property
    def finished(self) -> bool: ...


@dataclass
class Seat:
    """A player's chair: who, how to recognise them when they come back, their line."""

    name: str
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    sync: ClockSync = field(default_factory=ClockSync)
    connected: bool = True
    dropped_at: float | None = None
    bad_intents: int = 0
    last_view: dict[str, Any] | None = None
    pings: dict[int, float] = field(default_factory=dict)
    """Ping id -> server time sent, for the pings not yet answered (a few at most)."""


@dataclass(frozen=True, slots=True)
class _Intent:
    seat: int
    text: str


Outbox = list[tuple[int, str]]
"""Frames to send: (seat, message text)."""


class Room:
    """See the module docstring. ``make_table`` is called once both seats are taken."""

    def __init__(
        self,
        code: str,
        make_table: Callable[[tuple[str, str]], NetTable],
        *,
        ordering: Ordering = Ordering.FAIR,
        password: str | None = None,
    ) -> None:
        self.code = code
        self.password = password
        self.ordering = ordering
        self.seats: list[Seat] = []
        self.table: NetTable | None = None
        self._make_table = make_table
        self._queue: FairQueue[_Intent] = FairQueue()
        self._origin = 0.0
        """Server time of the table's time 0 (moved on by each pause)."""
        self._session_now = 0
        self._next_ping = 0

    # --- seats -------------------------------------------------------------------------

    def sit(self, name: str, now: float) -> Seat | None:
        """Give a newcomer the next free seat (``None`` if the room is full); the game
        starts when the second one is taken."""
        if len(self.seats) == 2:
            return None
        seat = Seat(name)
        self.seats.append(seat)
        if len(self.seats) == 2:
            self.table = self._make_table((self.seats[0].name, self.seats[1].name))
            self._origin = now
        return seat

    def seat_of(self, token: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if secrets.compare_digest(seat.token, token):
                return index
        return None

    def drop(self, index: int, now: float) -> None:
        """A seat's connection is gone: the game waits for it (``REJOIN_GRACE_MS``)."""
        seat = self.seats[index]
        seat.connected = False
        seat.dropped_at = now
        seat.pings.clear()

    def rejoin(self, index: int, now: float) -> None:
        seat = self.seats[index]
        if seat.dropped_at is not None and not any(
            s.dropped_at is not None for s in self.seats if s is not seat
        ):
            self._origin += now - seat.dropped_at  # the pause does not count as game time
        seat.connected = True
        seat.dropped_at = None
        seat.sync = ClockSync()  # a new connection: a new line, measured afresh

    @property
    def paused(self) -> bool:
        return any(not s.connected for s in self.seats)

    def forfeit_due(self, now: float) -> int | None:
        """The seat whose grace period is over, if any."""
        for index, seat in enumerate(self.seats):
            if seat.dropped_at is not None and now - seat.dropped_at >= REJOIN_GRACE_MS:
                return index
        return None

    # --- messages in -------------------------------------------------------------------

    def intent(self, index: int, client_t: float, arrival: float, text: str) -> None:
        """Hold an intent sent at ``client_t`` on its sender's clock."""
        if self.table is None or self.paused or self.table.finished:
            return
        seat = self.seats[index]
        if self.ordering is Ordering.ARRIVAL or not seat.sync.ready:
            credited = arrival
        else:
            claimed = seat.sync.to_server(client_t)
            credited = credit(claimed, arrival, seat.sync.one_way, seat.sync.jitter)
        self._queue.push(_Intent(index, text), credited)

    def ping(self, index: int, now: float) -> str:
        """A ping frame for a seat, remembered until its answer."""
        self._next_ping += 1
        seat = self.seats[index]
        if len(seat.pings) > 4:
            seat.pings.clear()  # unanswered ones: the line is bad, start over
        seat.pings[self._next_ping] = now
        return encode("ping", id=self._next_ping)

    def pong(self, index: int, ping_id: int, c1: float, c2: float, arrival: float) -> None:
        sent = self.seats[index].pings.pop(ping_id, None)
        if sent is not None:
            self.seats[index].sync.add(sent, c1, c2, arrival)

    # --- time ---------------------------------------------------------------------------

    @property
    def origin(self) -> float:
        """The server time of the table's time 0."""
        return self._origin

    def window(self) -> float:
        if self.ordering is Ordering.ARRIVAL:
            return 0.0
        ready = [s.sync for s in self.seats if s.sync.ready]
        return window(tuple(s.one_way for s in ready), tuple(s.jitter for s in ready))

    def step(self, now: float) -> Outbox:
        """Bring the table up to ``now`` minus the window; what to send."""
        table = self.table
        if table is None or self.paused:
            return []
        behind = now - self.window()
        self._session_now = max(self._session_now, int(behind - self._origin))
        changed = False
        for at, held in self._queue.release(behind):
            at_table = max(int(at - self._origin), table.now())
            try:
                table.submit(held.seat, held.text, at_table)
            except ValueError:
                self.seats[held.seat].bad_intents += 1
                continue
            changed = True
        table.advance(max(self._session_now, table.now()))
        return self._outbox(force=changed)

    def wake_at(self) -> float | None:
        """The next server time at which ``step`` has something to do."""
        if self.table is None or self.paused:
            return None
        times = []
        held = self._queue.next_due()
        if held is not None:
            times.append(held + self.window())
        due = self.table.next_due()
        if due is not None:
            times.append(self._origin + due + self.window())
        return min(times) if times else None

    # --- messages out ------------------------------------------------------------------

    def _outbox(self, *, force: bool) -> Outbox:
        """A view for each seat whose view changed or who has news (or every seat after
        an input, whose sender waits to hear of it)."""
        table = self.table
        assert table is not None
        news = table.news()
        rtt = [round(s.sync.round_trip, 1) for s in self.seats]
        out: Outbox = []
        for index, seat in enumerate(self.seats):
            if not seat.connected:
                continue
            events = [item for whom, item in news if whom is None or whom == index]
            view = table.view(index)
            if not (force or events or view != seat.last_view):
                continue
            seat.last_view = view
            out.append(
                (
                    index,
                    encode(
                        "view",
                        t=table.now(),
                        view=view,
                        events=events,
                        rtt=rtt,
                        finished=table.finished,
                    ),
                )
            )
        return out

    def snapshot(self, index: int) -> str:
        """The full table for one seat, for a player who (re)joins."""
        assert self.table is not None
        return encode(
            "view",
            t=self.table.now(),
            view=self.table.view(index),
            events=[],
            rtt=[round(s.sync.round_trip, 1) for s in self.seats],
            finished=self.table.finished,
        )
