"""Hostile clients racing an honest one through a real ``GameServer`` on loopback.

Each client is a raw WebSocket client of the protocol (its version) playing one ``Strategy``: when
and how it answers the server's pings, how it stamps its presses, and whether it waits
for a frame from the server before pressing (the "last look"). The honest player is
the same client with the honest strategy. ``duel`` seats an honest player and one
strategy in a room of a ``RaceTable`` (which keeps the order in which intents reach
it), and runs races: both press at the same real time (in alternating order of
sending), or the honest player a lead earlier. Everything runs in one process on one
monotonic clock, so the real press times are known exactly, and the server's clock
is the clients' too (their true offset is 0).

Used by ``tests/net/test_cheaters.py`` (the verdicts) and
``benchmarks/net_cheaters.py`` (the figures in ``docs/protocol.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from spit.net.fairness import Ordering
from spit.net.limits import Limits
from spit.net.protocol import PROTOCOL_VERSION
from spit.net.server import GameServer

from .frames import frame as raw

RACE_GAP_S: Final = 0.05
"""The pause between races by default: enough for the room to send both players its
views, and for each player's presses to stay under the server's 20 intents a second
(beyond it the server drops them, as it should; a test's server may take more)."""

RACE_LIMIT_S: Final = 0.6
"""How long a race waits for both presses to reach the table (a refused press never
does)."""


def now_ms() -> float:
    return time.monotonic() * 1000.0


@dataclass(frozen=True, slots=True)
class Strategy:
    """How a client treats the server: its pings, its stamps, its timing."""

    name: str
    late_pongs_ms: tuple[float, ...] = ()
    """Answer each ping this late, in turn, claiming no time between receiving and
    answering it (``c1 == c2``); empty: at once, with true stamps."""
    answer_for_pings: float = math.inf
    """Answer pings for this many of the server's ping intervals after sitting down,
    then never again."""
    backdate_ms: float = 0.0
    """Stamp each press this much before its real time."""
    last_look: bool = False
    """Hold every ping's answer until after the next press, and press only once a frame
    comes from the server after the real press time (or 60 ms after it)."""


HONEST: Final = Strategy("honest")
INFLATE: Final = Strategy(
    "inflate", late_pongs_ms=(80.0, 400.0), answer_for_pings=3.0, backdate_ms=5000.0
)
"""Issue 25's first attack: answer pings 80 or 400 ms late (alternately), claiming no
think time, then stop answering and stamp every press 5 s early."""
SILENT: Final = Strategy("silent", answer_for_pings=2.5, backdate_ms=5.0)
"""Answer pings for a while, then never again, keeping (it hopes) the estimate; stamp
each press 5 ms early."""
NEVER: Final = Strategy("never-answers", answer_for_pings=0.0, backdate_ms=5.0)
"""Never answer a ping; stamp each press 5 ms early."""
BACKDATE: Final = Strategy("backdate", backdate_ms=5.0)
"""Answer pings honestly; stamp each press 5 ms early (the old free margin)."""
LAST_LOOK: Final = Strategy("last-look", backdate_ms=5.0, last_look=True)
"""Hold pongs, and fire a backdated press the moment any frame arrives."""
COMBINED: Final = Strategy(
    "combined", late_pongs_ms=(80.0, 400.0), backdate_ms=40.0, last_look=True
)
"""All of it at once: late answers claiming no think time, kept up throughout so the
estimate never decays, the last look, and presses stamped 40 ms early."""

CHEATERS: Final = (INFLATE, SILENT, NEVER, BACKDATE, LAST_LOOK, COMBINED)


class Player:
    """One raw client of the protocol playing ``strategy`` (see ``Strategy``)."""

    def __init__(self, strategy: Strategy, ping_interval_s: float = 1.0) -> None:
        self.strategy = strategy
        self.ping_interval_ms = ping_interval_s * 1000
        """The server's ping interval: the strategy's times are counted in it."""
        self.ws: ClientConnection | None = None
        self.seq = 0
        self.seated_at = 0.0
        self.frame_at = -math.inf
        """When the last frame came from the server."""
        self._frame = asyncio.Event()
        self._held: list[dict[str, Any]] = []
        """Pings whose answer is held (last look)."""
        self._pings = 0
        self.seen: dict[str, float] = {}
        """Intent text -> when a view first showed it taken."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._reader: asyncio.Task[None] | None = None

    async def sit(self, uri: str, name: str, room: str) -> None:
        self.ws = await connect(uri, open_timeout=5, close_timeout=1)
        await self.ws.send(raw("hello", v=PROTOCOL_VERSION, name=name, room=room))
        welcome = json.loads(await self.ws.recv())
        assert welcome["type"] == "welcome", welcome
        self.seated_at = now_ms()
        self._reader = asyncio.get_running_loop().create_task(self._read(self.ws))

    async def close(self) -> None:
        for task in [*self._tasks, *([self._reader] if self._reader else [])]:
            task.cancel()
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.close()

    async def press(self, text: str, at: float) -> None:
        """Press at real time ``at`` (now, or a moment ago): send the intent, stamped
        as the strategy stamps, after a last look if it takes one."""
        assert self.ws is not None
        if self.strategy.last_look:
            await self._look(after=at, limit_s=0.06)
        self.seq += 1
        stamp = at - self.strategy.backdate_ms
        await self.ws.send(raw("intent", seq=self.seq, t=stamp, intent=text))
        for ping in self._held:  # answered now, late, claiming no think time
            self._answer(ping, late_ms=0.0)
        self._held.clear()

    async def _look(self, *, after: float, limit_s: float) -> None:
        """Wait for a frame from the server that came after ``after`` (at most
        ``limit_s``)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(limit_s):
                while self.frame_at <= after:
                    self._frame.clear()
                    await self._frame.wait()

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                received = now_ms()
                message = json.loads(frame)
                self.frame_at = received
                self._frame.set()
                if message["type"] == "ping":
                    self._on_ping(message, received)
                elif message["type"] == "view":
                    for text in message["view"].get("recent", ()):
                        self.seen.setdefault(text, received)

    def _on_ping(self, ping: dict[str, Any], received: float) -> None:
        strategy = self.strategy
        if received - self.seated_at > strategy.answer_for_pings * self.ping_interval_ms:
            return  # silent from now on
        if strategy.last_look:
            self._held.append(ping)
            return
        if strategy.late_pongs_ms:
            late = strategy.late_pongs_ms[self._pings % len(strategy.late_pongs_ms)]
            self._pings += 1
            self._answer(ping, late_ms=late)
            return
        assert self.ws is not None
        frame = raw("pong", id=ping["id"], c1=received, c2=now_ms())
        self._spawn(self.ws.send(frame))

    def _answer(self, ping: dict[str, Any], *, late_ms: float) -> None:
        """Answer ``ping`` after ``late_ms``, both stamps the time of answering."""
        ws = self.ws
        assert ws is not None

        async def answer() -> None:
            await asyncio.sleep(late_ms / 1000)
            stamp = now_ms()
            await ws.send(raw("pong", id=ping["id"], c1=stamp, c2=stamp))

        self._spawn(answer())

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


class RaceTable:
    """A game that takes every intent and remembers the order; each view shows the last
    few intents taken (for the players' press-to-view times)."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.time = 0

    def submit(self, seat: int, intent: str, at: int) -> None:
        self.order.append(intent)
        self.time = max(self.time, at)

    def advance(self, at: int) -> None:
        self.time = max(self.time, at)

    def next_due(self) -> int | None:
        return None

    def now(self) -> int:
        return self.time

    def view(self, seat: int) -> dict[str, Any]:
        return {"recent": self.order[-4:]}

    def public_view(self) -> dict[str, Any]:
        return {"recent": self.order[-4:]}

    def news(self) -> list[tuple[int | None, dict[str, Any]]]:
        return []

    def public_news(self) -> list[dict[str, Any]]:
        return []

    def state_hash(self) -> str:
        return ""

    def close(self) -> None:
        pass

    def lag_from(self, source: Any) -> None:
        pass

    def forfeit(self, seat: int, *, left: bool = False) -> None:
        pass

    @property
    def finished(self) -> bool:
        return False


@dataclass
class Tally:
    """Races run with one lead: how many the cheater won, and the honest player's
    press-to-view times (ms)."""

    races: int = 0
    cheater_won: int = 0
    honest_view_ms: list[float] = field(default_factory=list)

    @property
    def honest_p50(self) -> float:
        return statistics.median(self.honest_view_ms) if self.honest_view_ms else math.nan


async def duel(
    strategy: Strategy,
    races: int,
    leads: Sequence[float],
    *,
    warmup_pings: float = 3.5,
    limits: Limits | None = None,
    race_gap_s: float = RACE_GAP_S,
) -> tuple[dict[float, Tally], GameServer]:
    """Seat an honest player (seat 0) and ``strategy`` (seat 1) in a fair room on
    loopback; after ``warmup_pings`` of the server's ping intervals, run ``races``
    races for each lead in ``leads`` (ms by which the honest player presses first; 0:
    at the same real time, each sending first in turn), ``race_gap_s`` apart. The
    tallies by lead, and the server (for its counts). ``limits``: the server's (by
    default its own; a quick test pings more often and takes intents faster)."""
    tables: list[RaceTable] = []

    def make(names: tuple[str, str]) -> RaceTable:
        tables.append(RaceTable())
        return tables[-1]

    limits = limits or Limits()
    server = GameServer(make, ordering=Ordering.FAIR, limits=limits)
    ping_interval_s = limits.ping_interval_s
    honest, cheater = Player(HONEST, ping_interval_s), Player(strategy, ping_interval_s)
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        uri = f"ws://127.0.0.1:{port}"
        room = server.open_room()
        try:
            await honest.sit(uri, "Honest", room.code)
            await cheater.sit(uri, "Cheater", room.code)
            await asyncio.sleep(warmup_pings * ping_interval_s)
            tallies = {}
            number = 0
            for lead in leads:
                tally = tallies[lead] = Tally()
                for _ in range(races):
                    number += 1
                    await _race(server, tables[0], (honest, cheater), number, lead, tally)
                    await asyncio.sleep(race_gap_s)
        finally:
            await honest.close()
            await cheater.close()
    return tallies, server


async def _race(
    server: GameServer,
    table: RaceTable,
    players: tuple[Player, Player],
    number: int,
    lead: float,
    tally: Tally,
) -> None:
    """One race; the cheater wins it if its press reached the table first."""
    honest, cheater = players
    mine, theirs = f"h{number}", f"c{number}"
    refused = sum(server.presses.values())
    at = now_ms()
    if lead > 0:
        await honest.press(mine, at)
        await asyncio.sleep(lead / 1000)
        await cheater.press(theirs, at + lead)
    else:  # the same real time; each sends first in turn
        first, second = (honest, cheater) if number % 2 else (cheater, honest)
        await asyncio.gather(
            first.press(mine if first is honest else theirs, at),
            second.press(mine if second is honest else theirs, at),
        )
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(RACE_LIMIT_S):
            while mine not in honest.seen or (
                theirs not in table.order and sum(server.presses.values()) == refused
            ):
                await asyncio.sleep(0.002)
    order = table.order
    tally.races += 1
    if theirs in order and (mine not in order or order.index(theirs) < order.index(mine)):
        tally.cheater_won += 1
    if mine in honest.seen:
        tally.honest_view_ms.append(honest.seen[mine] - at)
