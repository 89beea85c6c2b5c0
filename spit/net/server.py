"""The game server: WebSocket connections in, rooms of two seats, the authority.

One handler per connection, as in the ``websockets`` tutorial: it reads the ``hello``,
seats the player, and then feeds each checked message to the room. One task per room
runs the room's clock: it wakes when a held intent or a timer is due, or when a
message comes in, steps the room and sends each seat what it is to see. Nothing a
client sends can reach another room, and a message that breaks the protocol closes
only that connection (``Close.PROTOCOL`` with the reason).

A room's game comes from the game registry (``spit.games.registry``): the server is
given a game's name and options and asks that game's descriptor for a table
(``NetPlay.table``: ``spit.play.net_table.GameTable``), so nothing here knows any
game.

Limits: ``websockets`` refuses frames over ``MAX_CLIENT_MESSAGE`` and keeps at most
``max_queue`` unread frames per connection; every connection counts against its
address from its TCP accept (``_Gate``: a handshake in progress too, with
``Limits.open_timeout_s`` to finish), and connection attempts and wrong codes are limited per
address (``spit.net.rates``); the handler bounds the hello's wait, the messages' rate
(a token bucket far above a human's), an intent's ``seq`` (each above the last), and
replay requests (``spit.net.limits``).

A seated player's line is measured by the server alone (``spit.net.clock_sync``): its
pings, on a schedule of its own (``Room.ping_interval_ms``), and the kernel's round
trip for the client's socket (``spit.net.tcp_rtt``), or, behind a trusted proxy, the
one the proxy passes.

Serving many rooms (``spit-tui serve``): with a ``Lobby``, clients open rooms themselves
(``hello`` with ``create``, a few waiting per address), list the public ones (``list``)
and fetch a closed room's replay by its code (``replay``); such a room closes when no
second player came in time, when it has had no play for too long, or when both players
have left, and its replay stays in the server's data folder. ``GET
/health`` answers with plain JSON for a load balancer. A room whose game raises is
closed alone, logged with its code; the other rooms and the server go on.

Spectators (``hello`` with ``watch``, by a public room's code or any room's watch code),
on any server: ``spit.net.spectators`` holds their connections; the room task hands
them its public frames without waiting on them.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import math
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from http import HTTPStatus
from pathlib import Path
from ssl import SSLContext
from typing import Any, Final, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.typing import Data

from spit import __version__
from spit.core.safe_text import safe_text
from spit.core.seats import Seat
from spit.core.wire import WireError, read_json
from spit.games.registry import names as game_names
from spit.net.codes import new_code
from spit.net.fairness import Ordering, Verdict
from spit.net.latency import LatencyProbe
from spit.net.limits import Limits, TokenBucket
from spit.net.lobby import Listing, Lobby, room_listing
from spit.net.online import MatchSeat, OnlineService
from spit.net.protocol import (
    CLIENT_FRAME,
    MAX_CLIENT_MESSAGE,
    MAX_LISTED,
    MAX_REPLAY_TEXT,
    PROTOCOL_VERSION,
    ClientMessage,
    Close,
    FetchReplay,
    Hello,
    Intent,
    Leave,
    ListedRoom,
    PlayBot,
    Pong,
    ProtocolError,
    Refused,
    Rematch,
    ReplayText,
    Rooms,
    TakeWin,
    Watching,
    Welcome,
    encode,
    parse_client,
)
from spit.net.rates import AddressRates
from spit.net.room import SPECTATORS, Room, TableFactory
from spit.net.shared.redis_cluster import Gone, RedisCluster
from spit.net.shared.relay import OWNER_GONE, RELAYED_HEADER, relay
from spit.net.spectators import Spectators
from spit.net.tables import table_factory
from spit.net.tcp_rtt import min_rtt_ms

log = logging.getLogger(__name__)

HALF_OPEN_FACTOR: Final = 2
"""Connections from one address beyond ``HALF_OPEN_FACTOR`` times its cap are closed at
once, as the TCP connection is accepted, without a word: a flood of half-open
connections. Up to that many the handshake runs, so that a player over the cap is told
why (``Close.BUSY``)."""
PONG_BURST: Final = 10
PONGS_PER_PING: Final = 2
"""Pongs a connection may send for each ping interval: the server pings a chair at most
once an interval (``Limits.ping_interval_s``) and at no other time (``docs/protocol.md``,
"No last look"), so twice that leaves room for a late answer arriving beside a prompt one."""
OTHER_BURST: Final = 20
"""Other messages (replay requests, rematch, leave) a connection may send at once.
They have their own bucket so that a player who has pressed keys as fast as the limit
allows can still fetch the replay and leave."""
OTHER_RATE: Final = 4.0
"""Other messages a second a connection earns back: four times the ping rate."""
FLOOD_CLOSE: Final = 500
"""Messages dropped by the rate limits before the connection is closed."""


def _read_replay(path: Path) -> str:
    """A replay file's text, refusing one over the protocol's limit."""
    with path.open("rb") as file:
        data = file.read(MAX_REPLAY_TEXT + 1)
    if len(data) > MAX_REPLAY_TEXT:
        raise ValueError("the replay is over the size a message may carry")
    return data.decode("utf-8")


def new_room_code() -> str:
    """A code to read out (``7KX-PM2-QDA``: ``spit.net.codes``)."""
    return new_code()


class GameServer:
    """Rooms and connections. Each room plays ``game`` (a registered game's name, by
    default the first) with ``options`` (the game's own, e.g. ``{"variant": "points"}``),
    its replays written into ``replay_dir`` (``None``: none recorded), seeded from
    ``seed`` (``None``: at random). ``make_table``, for tests, replaces the registry's
    factory; passing it as the first argument (the shape of the first version) still
    works."""

    def __init__(
        self,
        game: str | TableFactory | None = None,
        *,
        options: Mapping[str, Any] | None = None,
        replay_dir: Path | None = None,
        seed: int | None = None,
        make_table: TableFactory | None = None,
        password: str | None = None,
        ordering: Ordering = Ordering.FAIR,
        clock: Callable[[], float] = time.monotonic,
        lobby: Lobby | None = None,
        limits: Limits | None = None,
        probe: LatencyProbe | None = None,
        online: OnlineService | None = None,
        cluster: RedisCluster | None = None,
    ) -> None:
        if callable(game):
            make_table, game = game, None
        self.game = game or game_names()[0]
        """The game of the server's rooms unless a room says otherwise (by default the
        first registered)."""
        self._options = dict(options or {})
        self._replay_dir = replay_dir
        self._seed = seed
        self._make_table = make_table or table_factory(
            self.game, self._options, replay_dir=replay_dir, seed=seed
        )
        self.lobby = lobby
        """Rooms that clients open (``spit-tui serve``); ``None``: only ``open_room``."""
        self.limits = limits or Limits()
        self.cluster = cluster
        """The processes this one shares a club with (``spit.net.shared``); ``None``:
        everything in this process's memory."""
        self.advertise: str | None = None
        """How the other processes reach this one (default: the address it listens on)."""
        self.rates = AddressRates(
            connects_per_minute=self.limits.connects_per_minute,
            wrong_per_minute=self.limits.wrong_codes_per_minute,
            storage=None if cluster is None else cluster.rate_storage(),
        )
        """Connection attempts and wrong codes per address (``spit.net.rates``)."""
        self._opened: dict[str, float] = {}
        """Room code -> server time (ms) the room was opened."""
        self._owners: dict[str, str] = {}
        """Room code -> the address that opened it (client-opened rooms)."""
        self._watch_codes: dict[str, str] = {}
        """Watch code -> room code."""
        self._password = password
        self._ordering = ordering
        self._clock = clock
        self.rooms: dict[str, Room] = {}
        self._sockets: dict[str, list[ServerConnection | None]] = {}
        self._wake: dict[str, _Alarm] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._per_address: Counter[str] = Counter()
        self.spectators = Spectators()
        self.refused: Counter[str] = Counter()
        """Why connections were closed, by reason: for tests and the log."""
        self._open_sessions = 0
        """WebSocket connections past their handshake (``GET /health``'s count)."""
        self.refused_codes = 0
        """Wrong room codes, passwords and tokens, from every address."""
        self.presses: Counter[str] = Counter()
        """Presses not taken as they came, by why (``PRESS_COUNTS``): a repeated or
        older ``seq``, a stamp outside the plausible window, a claim that disagreed
        with the server's measurement. In ``GET /health``, for the log and tests."""
        self.probe = probe
        """Times from intents to their frames, for a benchmark (``GET /stats``);
        ``None``, the default: nothing measured."""
        self.online = online
        """Accounts, quick match, invites, boards and results (``spit.net.online``);
        ``None``: a server without accounts (``spit-tui host``)."""
        self._matched: set[str] = set()
        """Codes of the rooms the server opened for a match (``open_match``)."""
        if online is not None:
            online.attach(self)
            if cluster is not None:
                online.join_cluster(cluster)

    def now_ms(self) -> float:
        return self._clock() * 1000.0

    @property
    def replay_dir(self) -> Path | None:
        """Where the rooms' games are recorded (``None``: nowhere)."""
        return self._replay_dir

    def open_room(
        self,
        code: str | None = None,
        *,
        game: str | None = None,
        options: Mapping[str, Any] | None = None,
        make_table: TableFactory | None = None,
        password: str | None = None,
    ) -> Room:
        """A new room, by default of the server's game; ``game`` and ``options`` for
        another (``table_factory`` raises for a game that cannot be played), or
        ``make_table`` (a lobby's, checked already); ``password`` over the server's."""
        code = code or self._fresh_code()
        while code in self.rooms or code in self._watch_codes:
            code = self._fresh_code()
        make = make_table or self._make_table
        if make_table is None and (game is not None or options is not None):
            make = table_factory(
                game or self.game,
                self._options if options is None else options,
                replay_dir=self._replay_dir,
                seed=self._seed,
            )
        room = Room(
            code,
            make,
            game=game or self.game,
            ordering=self._ordering,
            password=password or self._password,
            limits=self.limits,
        )
        if self.probe is not None:
            room.released = []
        room.watch_code = self._new_watch_code()
        self._watch_codes[room.watch_code] = code
        self._opened[code] = self.now_ms()
        self.rooms[code] = room
        self._sockets[code] = [None, None]
        self._wake[code] = _Alarm()
        task = asyncio.get_running_loop().create_task(self._guarded(room))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return room

    def open_match(self, game: str, make_table: TableFactory, seats: Sequence[MatchSeat]) -> Room:
        """A room the server opens for players it matched (quick match, an invite, the
        daily deal), of ``game``, its tables made by ``make_table``. Each player's seat
        is kept for them (``Room.reserve``: they take it with its chair's token, which
        ``matched`` tells them); a bot sits from the start. It closes as a
        client-opened room does when no one plays in it."""
        room = self.open_room(game=game, make_table=make_table)
        self._matched.add(room.code)
        now = self.now_ms()
        for seat in seats:
            if seat.bot:
                room.seat_bot(seat.name, now)
            else:
                room.reserve(seat.name, now)
        self._poke(room)
        log.info("room %s opened for a match (%s)", room.code, game)
        return room

    def _new_watch_code(self) -> str:
        """A watch code named by no room or other watch code."""
        while True:
            code = self._fresh_code()
            if code not in self.rooms and code not in self._watch_codes:
                return code

    def _fresh_code(self) -> str:
        """A new room or watch code: at random, or on Redis one reserved there for this
        process (unique across processes). Raises ``ProtocolError`` when none can be."""
        if self.cluster is None:
            return new_room_code()
        try:
            return self.cluster.new_code((*self.rooms, *self._watch_codes))
        except LookupError as error:
            raise ProtocolError(str(error), Close.BUSY, retry_after=5) from None

    @contextlib.asynccontextmanager
    async def listening(
        self, host: str = "127.0.0.1", port: int = 0, *, ssl: SSLContext | None = None
    ) -> AsyncIterator[Server]:
        """Listen on ``host:port`` (0: any free port) until the block ends; with ``ssl``
        (``spit.net.tls.server_context``), TLS only (``wss://``).

        Without per-message compression: the frames are views of a few hundred bytes,
        and deflate's state was most of a room's memory (some 64 KiB a connection) and
        a share of every frame's CPU time (``docs/performance.md``, "Server capacity");
        a client that offers it is answered without it.

        Every TCP connection counts against its address's cap from the moment it is
        accepted (``_Gate``), its handshake in progress too, and has ``open_timeout_s``
        to finish it."""
        gate = _Gate(self)

        class Counted(_CountedConnection):
            counter = gate

        async with serve(
            self._handle,
            host,
            port,
            ssl=ssl,
            process_request=self._health,
            max_size=MAX_CLIENT_MESSAGE,
            max_queue=16,
            compression=None,  # see ``listening``
            open_timeout=self.limits.open_timeout_s,
            close_timeout=self.limits.close_timeout_s,
            create_connection=Counted,
            ping_interval=20,
            ping_timeout=20,
        ) as server:
            if self.cluster is not None:
                await self._join_cluster(self.cluster, server, ssl is not None)
            ticking = None if self.online is None else self.online.start()
            try:
                yield server
            finally:
                if self.cluster is not None:
                    await self.cluster.stop()
                if ticking is not None:
                    ticking.cancel()
                for task in list(self._tasks):
                    task.cancel()
                for room in self.rooms.values():
                    if room.table is not None:
                        room.table.close()

    async def _join_cluster(self, cluster: RedisCluster, server: Server, tls: bool) -> None:
        """Register with the other processes, as the address they reach this one at."""
        if self.advertise is None:
            host, port = next(iter(server.sockets)).getsockname()[:2]
            host = f"[{host}]" if ":" in host else host
            self.advertise = f"{'wss' if tls else 'ws'}://{host}:{port}"
        lobby = self.lobby
        if lobby is not None:
            cluster.listings = lambda: lobby.open_rooms(self.rooms)
        await cluster.start(self.advertise)

    async def _relayed(self, ws: ServerConnection, frame: Data, hello: Hello, address: str) -> bool:
        """Relay a connection that names another live process's room to it
        (``spit.net.shared.relay``); whether it was (then it is over). A code of a
        process that died is refused as such; a relayed connection is never relayed
        again."""
        cluster, code = self.cluster, hello.room
        if cluster is None or code is None or code in self.rooms or code in self._watch_codes:
            return False
        if self.lobby is not None and code in self.lobby.closed:
            return False
        owner = await cluster.where(code)
        if owner is None:
            return False
        if isinstance(owner, Gone):
            raise ProtocolError(OWNER_GONE, Close.ROOM_CLOSED)
        if (
            self._behind_proxy(ws)
            and ws.request is not None
            and ws.request.headers.get(RELAYED_HEADER)
        ):
            raise ProtocolError(
                "that room is not on this server process (a relayed connection goes no "
                "further): connect to the club's address again",
                Close.REFUSED,
            )
        line = _Line(ws, proxied=self._behind_proxy(ws))
        rtt = line.proxy_rtt if line.socket is None else min_rtt_ms(line.socket)
        refusal = await relay(
            ws,
            frame,
            owner.address,
            address=address,
            rtt_us=None if rtt is None else round(rtt * 1000),
            process=cluster.id,
        )
        if refusal is not None:
            code_ = Close.ROOM_CLOSED if refusal == OWNER_GONE else Close.BUSY
            await self._refuse(ws, code_, refusal)
        return True

    # --- one connection ------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        ws.response = None  # sent, and read by no one again: not kept for the connection's life
        address = self._address(ws)
        proxied = self._behind_proxy(ws)  # counted here, by the forwarded address
        if proxied:
            self._per_address[address] += 1
        if self._per_address[address] > self.limits.max_per_address:
            if proxied:
                self._uncount(address)
            await self._refuse(ws, Close.BUSY, "too many connections from your address")
            return
        self._open_sessions += 1
        try:
            await self._session(ws, address)
        except ProtocolError as error:
            await self._refuse(ws, error.code, error.reason, error.retry_after)
        except ConnectionClosed:
            pass
        except Exception:  # the server's own failure: this connection only
            log.exception("a connection from %s failed", address)
            await self._refuse(ws, Close.INTERNAL, "the server failed; please try again")
        finally:
            self._open_sessions -= 1
            if proxied:
                self._uncount(address)

    def _uncount(self, address: str) -> None:
        """One connection from ``address`` fewer (an address at none is forgotten)."""
        self._per_address[address] -= 1
        if self._per_address[address] <= 0:
            del self._per_address[address]

    async def _refuse(
        self, ws: ServerConnection, code: Close, reason: str, retry_after: int | None = None
    ) -> None:
        self.refused[reason] += 1
        wait = None if retry_after is None else max(1, retry_after)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(Refused(code=int(code), reason=reason, retry_after=wait)))
            await ws.close(int(code), reason[:120])

    async def _session(self, ws: ServerConnection, address: str) -> None:
        try:
            frame = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout_s)
        except TimeoutError:
            raise ProtocolError("no hello in time") from None
        try:
            hello = parse_client(frame)
        except ProtocolError:
            # another version's hello may not fit this version's schema (version 1's
            # room codes do not): say which side to update rather than what did not fit
            _check_version(_claimed_version(frame))
            raise
        if not isinstance(hello, Hello):
            raise ProtocolError("the first message must be hello")
        _check_version(hello.v)
        if hello.room is not None or hello.token is not None:
            self._not_in_backoff(address)
        if await self._relayed(ws, frame, hello, address):
            return
        if hello.create and self.cluster is not None:
            await self.cluster.ready()
        answer = await self._lobby_answer(hello, address)
        if answer is not None:  # a question about the server's rooms, not a seat
            await ws.send(answer)
            await ws.close(int(Close.NORMAL), "answered")
            return
        if hello.online:
            if self.online is None:
                raise ProtocolError(NO_ACCOUNTS, Close.REFUSED)
            await self.online.session(ws, hello, address)
            return
        if hello.watch:
            await self._watch(ws, hello, address)
            return
        name = await self._seat_name(hello, address)
        if hello.create:
            room, index = self._create(hello, address, name)
        else:
            room, index = self._seat(hello, address, name)
        sockets = self._sockets[room.code]
        sockets[index] = ws
        await ws.send(self._welcome(room, index))
        if room.table is not None:
            for frame in room.snapshot(index, self.now_ms()):
                await ws.send(frame)
        self._poke(room)
        buckets: dict[type[ClientMessage], TokenBucket] = {
            Intent: TokenBucket(self.limits.intent_burst, self.limits.intents_per_s),
            Pong: TokenBucket(PONG_BURST, PONGS_PER_PING / self.limits.ping_interval_s),
        }
        others = TokenBucket(OTHER_BURST, OTHER_RATE)
        line = _Line(ws, proxied=self._behind_proxy(ws))
        try:  # a close ends ``recv`` with ConnectionClosed, which ``_handle`` takes
            while await self._take(line, room, index, await ws.recv(), buckets, others):
                pass
            await ws.close(int(Close.NORMAL), "left the game")
        finally:
            if sockets[index] is ws:
                sockets[index] = None
                room.drop(index, self.now_ms())
                self._poke(room)

    def _welcome(self, room: Room, index: int) -> str:
        """The ``welcome`` frame for the player in ``room``'s chair ``index``. Made in a
        call of its own, so that the message does not stay alive in the session's
        frame, for Python's cycle collector to scan (``_take``)."""
        return encode(
            Welcome(
                v=PROTOCOL_VERSION,
                room=room.code,
                seat=Seat(index),
                token=room.chairs[index].token,
                names=[chair.name for chair in room.chairs],
                game=room.game or self.game,
                watch=room.watch_code,
            )
        )

    async def _take(
        self,
        line: _Line,
        room: Room,
        index: int,
        frame: Data,
        buckets: Mapping[type[ClientMessage], TokenBucket],
        others: TokenBucket,
    ) -> bool:
        """A seated player's message: checked, held to its rate limit (``buckets`` by
        message type, ``others`` for the rest), given to the room; ``False`` when the
        player leaves. A call of its own, so that the message is gone while the
        connection waits for the next: it would live until then, for Python's cycle
        collector to scan in a server of many rooms (``spit.commands.serve_collector``)."""
        message = parse_client(frame)
        bucket = buckets.get(type(message), others)
        if not bucket.take(self.now_ms() / 1000.0):
            if others.dropped + sum(b.dropped for b in buckets.values()) > FLOOD_CLOSE:
                raise ProtocolError("too many messages", Close.FLOOD)
            return True
        if isinstance(message, FetchReplay):
            await line.ws.send(await self._replay(room, index))
            return True
        return self._on_message(line, room, index, message)

    async def _watch(self, ws: ServerConnection, hello: Hello, address: str) -> None:
        """A spectator of the room ``hello`` names: by its watch code, or by its code
        when it is public (with its password, if it has one). ``watching``, the game so
        far, then the game live (``spit.net.spectators``)."""
        if hello.token is not None:
            raise ProtocolError("a spectator takes no seat: watch comes without a token")
        code = hello.room
        by_watch_code = self.rooms.get(self._watch_codes.get(code, "")) if code else None
        if by_watch_code is not None:
            room = by_watch_code
        else:
            room = self._room_for(hello, address)
            if not self._is_public(room):
                self._wrong_code(address)
                raise ProtocolError(
                    "this room is not public: watching it takes its watch code, from its host",
                    Close.REFUSED,
                )
        most = self.limits.max_spectators
        if not most:
            raise ProtocolError("this server takes no spectators", Close.BUSY)
        if self.spectators.count(room.code) >= most:
            raise ProtocolError(
                f"the room has {most} spectators already; try again later", Close.BUSY
            )
        assert code is not None  # a room was found by it
        welcome = Watching(
            v=PROTOCOL_VERSION,
            room=code,  # as the spectator gave it: a watch code never learns the room's
            names=[s.name for s in room.chairs],
            history=len(room.history),
            game=room.game or self.game,
        )
        first = [encode(welcome), *room.spectator_snapshot(self.now_ms())]
        await self.spectators.serve(room.code, ws, first, lambda: self.now_ms() / 1000.0)

    def _is_public(self, room: Room) -> bool:
        """A room listed to all (``create`` with ``public``): anyone may watch it."""
        listing = None if self.lobby is None else self.lobby.listings.get(room.code)
        return listing is not None and listing.public

    def _not_in_backoff(self, address: str) -> None:
        """Refuse an address that has spent its wrong codes (``spit.net.rates``)."""
        left = self.rates.blocked_for(address)
        if left > 0:
            raise ProtocolError(
                f"too many wrong codes from your address: try again in {math.ceil(left)} s",
                Close.BUSY,
                retry_after=math.ceil(left),
            )

    def _wrong_code(self, address: str) -> None:
        """Count a wrong code (or password, or token) against the address."""
        self.refused_codes += 1
        self.rates.wrong_code(address)

    def _room_for(self, hello: Hello, address: str) -> Room:
        """The room ``hello`` names, if its password is right; a wrong code or password
        counts against the address. Raises ``ProtocolError``."""
        room = None if hello.room is None else self.rooms.get(hello.room)
        if room is None:
            self._wrong_code(address)
            raise ProtocolError("there is no room with that code", Close.REFUSED)
        if not self._password_ok(room.password, hello):
            self._wrong_code(address)
            raise ProtocolError("wrong password", Close.REFUSED)
        return room

    async def _seat_name(self, hello: Hello, address: str) -> str:
        """The name a new seat is shown by: on a server with accounts, the account's
        when the ``hello`` carries its token (refused if the token is); else the name
        typed, made safe (a server without accounts ignores a token)."""
        if hello.account is None or hello.token is not None or self.online is None:
            return safe_text(hello.name)
        account = await self.online.sign_in(hello.account, address)
        return account.shown

    def _seat(self, hello: Hello, address: str, name: str) -> tuple[Room, int]:
        room = self._room_for(hello, address)
        token = hello.token
        if token is not None:
            index = room.seat_of(token)
            if index is None:
                self._wrong_code(address)
                raise ProtocolError("that seat cannot be taken back", Close.REFUSED)
            why = room.cannot_rejoin(index)
            if why is not None:
                raise ProtocolError(*why)
            room.rejoin(index, self.now_ms())
            return room, index
        seat = room.sit(name, self.now_ms())
        if seat is None:
            raise ProtocolError("the room is full", Close.REFUSED)
        return room, room.chairs.index(seat)

    def _on_message(self, line: _Line, room: Room, index: int, message: ClientMessage) -> bool:
        """Give one message to the room; ``False`` when the player leaves. A choice
        that does not fit the moment (a rematch during a game, ``take_win`` with the
        opponent present) is ignored: it can cross the news that made it pointless.
        An intent's ``seq`` must be above every one before it on this connection: a
        repeat or an older one is a replayed frame, dropped and counted."""
        now = self.now_ms()
        match message:
            case Intent():
                if message.seq <= line.seq:
                    self.presses["repeated seq"] += 1
                    return True
                line.seq = message.seq
                verdict = room.intent(index, message.t, now, message.text)
                if verdict is Verdict.REFUSED:
                    self.presses["stamp outside the plausible window"] += 1
                elif verdict is Verdict.DISAGREED:
                    self.presses["claim disagreed with the measured line"] += 1
            case Pong():
                kernel = line.proxy_rtt if line.socket is None else min_rtt_ms(line.socket)
                room.pong(index, message.id, message.c1, message.c2, now, kernel)
                if not room.holding:  # a ping a second per seat: no step unless one is due
                    return True
            case Hello():
                raise ProtocolError("hello comes once")
            case Rematch():
                room.rematch(index, now)
            case TakeWin():
                room.take_win(index, now)
            case PlayBot():
                room.play_bot(index, now)
            case Leave():
                room.leave(index, now)
                self._poke(room)
                return False
            case _:
                raise ProtocolError(f"{message.kind} is for an online session, not a seat")
        self._poke(room)
        return True

    async def _replay(self, room: Room, index: int) -> str:
        """The ``replay`` answer: the file's text, or why there is none."""
        path, why = room.replay_request(index)
        if path is None:
            return encode(ReplayText(name=None, text=None, error=why))
        try:
            text = await asyncio.to_thread(_read_replay, path)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            log.warning("replay %s not sent: %s", path, error)
            return encode(ReplayText(name=None, text=None, error="the replay cannot be read"))
        return encode(ReplayText(name=path.name, text=text))

    # --- one room ------------------------------------------------------------------------

    async def _run_room(self, room: Room) -> None:
        """The room's task: a step when a message came in (``_Alarm.ring``) or when
        ``Room.wake_at`` said, a round of pings when they are due, a close when
        ``_closing`` says. A wake for the pings or a close alone does not step the
        room: ``wake_at`` is when a step has something to do, and at other times it
        does nothing but cost a room's views looked at again."""
        wake = self._wake[room.code]
        sockets = self._sockets[room.code]
        rung = True  # the first step, at once
        step_due: float | None = None
        while True:
            now = self.now_ms()
            closing = self._closing(room, now)
            if closing is not None:
                await self._close_room(room, closing)
                return
            due = rung or (step_due is not None and now >= step_due)
            if due and not await self._step_room(room, now, sockets):
                return
            if now >= room.pings_due:
                room.pings_due = now + room.ping_interval_ms()
                for index, ws in enumerate(sockets):
                    if ws is not None and index < len(room.chairs):
                        if self.probe is not None:
                            self.probe.pings += 1
                        with contextlib.suppress(ConnectionClosed):
                            await ws.send(room.ping(index, self.now_ms()))
            step_due = room.wake_at()
            until = min(
                x for x in (step_due, room.pings_due, self._closing_at(room)) if x is not None
            )
            rung = await wake.sleep(max(0.0, (until - self.now_ms()) / 1000))

    async def _step_room(
        self, room: Room, now: float, sockets: list[ServerConnection | None]
    ) -> bool:
        """One step of the room, its frames sent; ``False`` when its game raised (the
        room is closed then)."""
        # only a step with an intent held may apply one (``Room.released``)
        timed = room.released is not None and room.holding
        started = time.process_time() if timed else 0.0
        try:
            outbox = room.step(now)
        except Exception:  # one room's failure never stops the server
            log.exception("room %s failed", room.code)
            await self._close_room(room, _FAILED)
            return False
        self.spectators.deliver(room.code, outbox)  # before any await: see deliver
        for index, frame in outbox:
            ws = None if index == SPECTATORS else sockets[index]
            if ws is not None:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(frame)
        if self.online is not None and self.online.result_due(room):
            for index, frame in await self.online.game_over(room):
                ws = sockets[index]
                if ws is not None:
                    with contextlib.suppress(ConnectionClosed):
                        await ws.send(frame)
        if room.released:  # measured (``spit.net.latency``): its frames are out
            assert self.probe is not None
            work = (time.process_time() - started) * 1000
            self.probe.released(room.released, self.now_ms(), work)
            room.released.clear()
        return True

    # --- rooms that clients open, and their end (spit-tui serve) -------------------------

    async def _guarded(self, room: Room) -> None:
        """Run a room's task; whatever fails in it closes that room alone, logged with
        its code (``_run_room`` closes it itself when its game raises)."""
        try:
            await self._run_room(room)
        except Exception:
            log.exception("room %s failed", room.code)
            if room.code in self.rooms:
                await self._close_room(room, _FAILED)

    def _poke(self, room: Room) -> None:
        """Wake the room's task (a room already closed has none)."""
        wake = self._wake.get(room.code)
        if wake is not None:
            wake.ring()

    def _behind_proxy(self, ws: ServerConnection) -> bool:
        """The connection comes through a trusted reverse proxy: its TCP line is the
        proxy's, so the kernel's round trip for it says nothing of the client's."""
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        return peer in self.limits.trusted_proxies

    def _address(self, ws: ServerConnection) -> str:
        """The client's address, for the per-address cap: behind a trusted reverse
        proxy, the last address its ``X-Forwarded-For`` names (the one it saw)."""
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if address in self.limits.trusted_proxies and ws.request is not None:
            forwarded = ws.request.headers.get_all("X-Forwarded-For")
            if forwarded:
                return forwarded[-1].split(",")[-1].strip()[:64] or address
        return address

    async def _health(self, connection: ServerConnection, request: Request) -> Response | None:
        """``GET /health``: the version, rooms and connections as plain JSON, for a
        load balancer; with a probe, ``GET /stats`` its histograms; on a server with
        accounts, ``GET /leaderboard`` a board (``spit.net.online``); every other
        request goes on to the WebSocket handshake."""
        path, _, query = request.path.partition("?")
        if path == "/stats" and self.probe is not None:
            return self._json(connection, self.probe.snapshot())
        if path == "/leaderboard" and self.online is not None:
            status, body = await self.online.board_json(query, self._address(connection))
            response = self._json(connection, body, status)
            response.headers["Access-Control-Allow-Origin"] = "*"  # public: any page may show it
            return response
        if path != "/health":
            return None
        return self._json(
            connection,
            {
                "status": "ok",
                "version": __version__,
                "protocol": PROTOCOL_VERSION,
                "rooms": len(self.rooms),
                "max_rooms": self.limits.max_rooms,
                "connections": self._open_sessions,
                "presses_not_taken": dict(self.presses),
                **({} if self.cluster is None else {"cluster": self.cluster.health()}),
            },
        )

    @staticmethod
    def _json(
        connection: ServerConnection,
        body: Mapping[str, object],
        status: HTTPStatus = HTTPStatus.OK,
    ) -> Response:
        response = connection.respond(status, json.dumps(body) + "\n")
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = "application/json"
        return response

    def _create(self, hello: Hello, address: str, name: str) -> tuple[Room, int]:
        """Open a room for the client who asks (``create``) and seat them in it: not
        beyond the server's rooms (a full server says when one may be free), nor
        beyond ``Limits.waiting_per_address`` rooms of one address waiting at once."""
        if self.lobby is None:
            raise ProtocolError("this server opens no rooms: ask for a room code", Close.REFUSED)
        if hello.room is not None or hello.token is not None:
            raise ProtocolError("create comes without a room code or token")
        if len(self.rooms) >= self.limits.max_rooms:
            wait = self._next_free_s()
            raise ProtocolError(
                f"the server is full ({self.limits.max_rooms} rooms); try again in {wait} s",
                Close.BUSY,
                retry_after=wait,
            )
        most = self.limits.waiting_per_address
        waiting = [
            code
            for code, owner in self._owners.items()
            if owner == address and code in self.rooms and len(self.rooms[code].chairs) < 2
        ]
        if len(waiting) >= most:
            raise ProtocolError(
                f"your address has {most} rooms waiting for a second player already",
                Close.BUSY,
            )
        try:
            game, make_table = self.lobby.tables(hello.game, hello.options or {})
        except ValueError as error:
            raise ProtocolError(safe_text(error), Close.REFUSED) from None
        room = self.open_room(
            self.lobby.new_code({**self.rooms, **self._watch_codes}, self._fresh_code),
            game=game,
            make_table=make_table,
            password=hello.password,
        )
        self.lobby.listings[room.code] = Listing(game, hello.public)
        self._owners[room.code] = address
        room.sit(name, self.now_ms())
        log.info("room %s opened (%s)", room.code, game)
        return room, 0

    def _next_free_s(self) -> int:
        """Seconds until a room of this server next closes by itself (a room waiting
        too long for a second player, or idle too long), at least 1: what a full
        server tells a player who asks for a room (``retry_after``)."""
        now = self.now_ms()
        times = [self._closing_at(room) for room in self.rooms.values()]
        soonest = min((t for t in times if t is not None), default=now + 60_000)
        return max(1, math.ceil((soonest - now) / 1000))

    async def _lobby_answer(self, hello: Hello, address: str) -> str | None:
        """The answer to a ``hello`` that asks rather than sits: the open public rooms
        (``list``), or a finished game's replay by its room code (``replay``)."""
        asked = {
            "list": hello.list_rooms,
            "replay": hello.replay,
            "create": hello.create,
            "watch": hello.watch,
            "online": hello.online,
        }
        asks = [key for key, asks_it in asked.items() if asks_it]
        if len(asks) > 1:
            raise ProtocolError(f"a hello asks for one thing, not {' and '.join(asks)}")
        if not hello.create and (
            hello.game is not None or hello.options is not None or hello.public
        ):
            raise ProtocolError("game, options and public come with create")
        if hello.list_rooms:
            if self.lobby is not None:
                rooms = self.lobby.open_rooms(self.rooms)
                if self.cluster is not None:
                    rooms += await self.cluster.public_rooms()
                return encode(Rooms(rooms=rooms[:MAX_LISTED], create=True))
            return encode(Rooms(rooms=self._waiting_rooms(), create=False))
        if hello.replay:
            name, text = await self._replay_by_code(hello, address)
            return encode(ReplayText(name=name, text=text))
        return None

    def _waiting_rooms(self) -> list[ListedRoom]:
        """On a server that opens no rooms (``spit-tui host``), its own rooms waiting for a
        second player, so that ``spit-tui join ADDRESS`` without a code finds the game."""
        # There the code tells no room from another: the host's password keeps strangers out.
        waiting = [room for room in self.rooms.values() if len(room.chairs) == 1]
        return [room_listing(room, room.game or self.game) for room in waiting[:100]]

    async def _replay_by_code(self, hello: Hello, address: str) -> tuple[str, str]:
        """A game's replay by its room code: a room closed since, or one whose game is
        over; with the room's password if it had one. A wrong code or password counts
        against the address."""
        code = hello.room
        path: Path | None = None
        password: str | None = None
        room = None if code is None else self.rooms.get(code)
        if room is not None and room.table is not None and room.table.finished:
            path = room.table.replay_path
            password = room.password
        elif self.lobby is not None and code is not None and code in self.lobby.closed:
            path, password = self.lobby.closed[code]
        else:
            self._wrong_code(address)
            raise ProtocolError("there is no finished game with that code here", Close.REFUSED)
        if not self._password_ok(password, hello):
            self._wrong_code(address)
            raise ProtocolError("wrong password", Close.REFUSED)
        if path is None:
            raise ProtocolError("that game was not recorded", Close.REFUSED)
        try:
            text = await asyncio.to_thread(_read_replay, path)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            log.warning("room %s: replay %s not sent: %s", code, path, error)
            raise ProtocolError("that game's replay cannot be read", Close.REFUSED) from None
        return path.name, text

    @staticmethod
    def _password_ok(expected: str | None, hello: Hello) -> bool:
        return expected is None or secrets.compare_digest(
            expected.encode(), (hello.password or "").encode()
        )

    def _closing(self, room: Room, now: float) -> str | None:
        """Why a room is to close now, if it is: its game failed to start; or, for a
        room a client opened, no second player came in ``Limits.waiting_s``, no real
        play for ``Limits.idle_s`` (``Room.played_at``: a message that changes nothing
        keeps no room open), or no player left in it (at once after both said
        ``leave``, or before or after the game; after the rejoin grace when they only
        lost their connections)."""
        if len(room.chairs) == 2 and room.table is None:  # its game failed to start
            return _FAILED
        if not self._closes_itself(room):
            return None
        limits = self.limits
        opened = self._opened.get(room.code, now)
        if len(room.chairs) < 2 and now - opened >= limits.waiting_s * 1000:
            return f"no second player came in {limits.waiting_s / 60:g} minutes"
        if now - max(opened, room.played_at or opened) >= limits.idle_s * 1000:
            return f"the room was closed after {limits.idle_s / 60:g} minutes without play"
        players = [chair for chair in room.chairs if not chair.bot]
        if not players or any(chair.connected for chair in players):
            return None
        gone = "both players left" if len(players) == 2 else "the player left"
        if room.table is None or room.table.finished:  # a player who leaves concedes
            return gone
        last = max(chair.dropped_at or now for chair in players)
        return gone if now - last >= limits.rejoin_grace_ms else None

    def _closes_itself(self, room: Room) -> bool:
        """A room a client opened, or one the server opened for a match: it closes when
        no one plays in it (``_closing``); ``spit-tui host``'s room is closed by its host."""
        listed = self.lobby is not None and room.code in self.lobby.listings
        return listed or room.code in self._matched

    def _closing_at(self, room: Room) -> float | None:
        """When ``_closing`` may next say yes, for the room's task to wake then."""
        if not self._closes_itself(room):
            return None
        limits = self.limits
        opened = self._opened.get(room.code, self.now_ms())
        times = [max(opened, room.played_at or opened) + limits.idle_s * 1000]
        if len(room.chairs) < 2:
            times.append(opened + limits.waiting_s * 1000)
        players = [chair for chair in room.chairs if not chair.bot]
        if players and not any(chair.connected for chair in players):
            last = max(chair.dropped_at or 0.0 for chair in players)
            times.append(last + limits.rejoin_grace_ms)
        return min(times)

    async def _close_room(self, room: Room, reason: str) -> None:
        """Close a room: its replay closed and kept under its code, its players told
        why (``Close.ROOM_CLOSED``), its code free. Called by the room's own task."""
        code = room.code
        self.rooms.pop(code, None)
        self._wake.pop(code, None)
        self._opened.pop(code, None)
        self._owners.pop(code, None)
        if room.watch_code is not None:
            self._watch_codes.pop(room.watch_code, None)
        sockets = self._sockets.pop(code, [])
        self._matched.discard(code)
        if self.online is not None:
            await self.online.room_closed(room, failed=reason == _FAILED)
        try:
            if room.table is not None:
                room.table.close()
        except Exception:
            log.exception("room %s: its replay could not be closed", code)
        if self.lobby is not None:
            self.lobby.keep(room)
        if self.cluster is not None:
            watch = [] if room.watch_code is None else [room.watch_code]
            self.cluster.room_closed(watch, kept=code)
        log.info("room %s closed: %s", code, reason)
        watching = [spectator.ws for spectator in self.spectators.take(code)]
        for ws in [*sockets, *watching]:
            if ws is not None:
                await self._refuse(ws, Close.ROOM_CLOSED, reason)


def _check_version(version: int | None) -> None:
    """Refuse a hello of another protocol version (``Close.VERSION``), saying which side
    is older; ``None`` (no version to read) passes."""
    if version is None or version == PROTOCOL_VERSION:
        return
    side = "this client" if version < PROTOCOL_VERSION else "the server"
    raise ProtocolError(
        f"update spit-tui: the server speaks protocol {PROTOCOL_VERSION}, this client "
        f"{version} ({side} is older)",
        Close.VERSION,
    )


def _claimed_version(frame: Data) -> int | None:
    """The ``v`` of a first frame that did not pass as a hello of this version: a whole
    number of a ``hello`` object, if it is one (the frame is at most
    ``MAX_CLIENT_MESSAGE`` bytes: the library refused longer ones)."""
    if not isinstance(frame, str):
        return None
    try:
        data = read_json(frame, CLIENT_FRAME)
    except WireError:
        return None
    if not isinstance(data, dict) or data.get("type") != "hello":
        return None
    version = data.get("v")
    return version if type(version) is int and 0 <= version <= 1_000_000 else None


class _Gate:
    """Connections per address counted from the TCP accept (``_CountedConnection``):
    a handshake in progress counts, and a flood of half-open connections from one
    address is closed at once (``HALF_OPEN_FACTOR``), as are connection attempts beyond
    its rate (``spit.net.rates``). A trusted proxy's connections are counted later, by
    the address its ``X-Forwarded-For`` names (``GameServer._handle``)."""

    __slots__ = ("server",)

    def __init__(self, server: GameServer) -> None:
        self.server = server

    def counts(self, peer: str) -> bool:
        """Whether connections from ``peer`` are counted here (not a trusted proxy's)."""
        return peer not in self.server.limits.trusted_proxies

    def admit(self, peer: str) -> bool:
        """A TCP connection from ``peer`` was accepted: count it, or say to close it."""
        server = self.server
        if server._per_address[peer] >= HALF_OPEN_FACTOR * server.limits.max_per_address:
            server.refused["half-open connections over the cap"] += 1
            return False
        if not server.rates.connect(peer):
            server.refused["connection attempts over the rate"] += 1
            return False
        server._per_address[peer] += 1
        return True

    def release(self, peer: str) -> None:
        """A connection counted by ``admit`` is gone."""
        self.server._uncount(peer)


class _CountedConnection(ServerConnection):
    """A server connection that counts against its address from the TCP accept to its
    end (``_Gate``); ``listening`` makes a subclass naming the server's gate."""

    counter: _Gate
    _peer: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peername = transport.get_extra_info("peername")
        peer = str(peername[0]) if peername else "?"
        if not self.counter.counts(peer):
            return  # a trusted proxy's: counted by the address it forwards (``_handle``)
        if self.counter.admit(peer):
            self._peer = peer
        else:
            cast(asyncio.Transport, transport).abort()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self._peer is not None:
            self.counter.release(self._peer)
            self._peer = None


PROXY_RTT_HEADER: Final = "X-TCP-RTT"
"""The header in which a trusted reverse proxy may pass the kernel's round trip for the
client's TCP connection to it, in microseconds (nginx: ``proxy_set_header X-TCP-RTT
$tcpinfo_rtt;``). From anyone else it is ignored."""


class _Line:
    """One seated player's connection as the server reads it: the socket whose kernel
    round trip is the client's (``None`` behind a trusted proxy, whose line it would
    be), the proxy's figure for the client's line if it passed one
    (``PROXY_RTT_HEADER``), and the last intent ``seq`` taken (each must be higher)."""

    __slots__ = ("proxy_rtt", "seq", "socket", "ws")

    def __init__(self, ws: ServerConnection, *, proxied: bool) -> None:
        self.ws = ws
        self.socket = None if proxied else ws.transport.get_extra_info("socket")
        self.proxy_rtt = _proxy_rtt(ws) if proxied else None
        self.seq = -1


def _proxy_rtt(ws: ServerConnection) -> float | None:
    """A trusted proxy's ``X-TCP-RTT`` (microseconds) in ms, if it sent a sound one."""
    values = ws.request.headers.get_all(PROXY_RTT_HEADER) if ws.request is not None else []
    text = values[0].strip() if len(values) == 1 else ""
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        return None
    micros = int(text)
    return micros / 1000.0 if micros > 0 else None


class _Alarm:
    """What a room's task sleeps on: until a time, or until ``ring`` (a message came
    in). Made once a room, with one context for its timers. ``asyncio.Event`` in
    ``asyncio.timeout`` made some ten objects at each wait (a timeout, its handle and a
    copy of the context, the event's coroutine and future, ``contextlib.suppress``...)
    that lived until the room woke, a few times a second, for Python's cycle collector
    to scan in a server of many rooms (``spit.commands.serve_collector``); this makes a future, a
    timer handle and a bound method."""

    __slots__ = ("_context", "_loop", "_rung", "_waiter")

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._context = contextvars.copy_context()
        self._waiter: asyncio.Future[None] | None = None
        self._rung = False
        """A message came in since the last ``sleep`` ended."""

    def ring(self) -> None:
        """End the sleep now, or the next one at once (a message changed the room,
        which ``Room.wake_at`` sees at the task's next step)."""
        self._rung = True
        self._end_wait()

    async def sleep(self, seconds: float) -> bool:
        """Sleep ``seconds``, or until ``ring``; whether it rang."""
        if not self._rung:
            waiter = self._waiter = self._loop.create_future()
            timer = self._loop.call_later(seconds, self._end_wait, context=self._context)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
        rung, self._rung = self._rung, False
        return rung

    def _end_wait(self) -> None:
        """End the sleep under way, if there is one (its time is up, or ``ring``)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)


NO_ACCOUNTS: Final = (
    "this server keeps no accounts (a game hosted with spit-tui host is a private one): "
    "online play needs a server started with spit-tui serve"
)

_FAILED: Final = "the game stopped: the server failed in this room (logged); its replay is kept"
