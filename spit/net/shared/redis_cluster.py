"""Several server processes on one Redis (``spit-tui serve --redis redis://...``).

Each process registers itself under a key that lives ``TTL_S`` and is renewed every
``HEARTBEAT_S``: a process killed outright is gone from the directory within
``TTL_S``. What it keeps there:

- ``spit:proc:ID``: its address for the others (``ws://host:port``), while alive;
- ``spit:code:CODE``: the process that holds a room or watch code, reserved with
  ``SET NX`` before the code is handed out (a pool of them, refilled ahead), so that
  codes are unique across processes; ``spit:codes:ID`` lists them for clean-up;
- ``spit:public:ID``: its public rooms waiting for a second player;
- ``spit:presence:ID``: the accounts online on it (sessions each), and
  ``spit:seated:ID`` the room each of its players sits in;
- ``spit:plans:ID``: its rooms opened for a match (who plays, which game, how many
  games started and recorded), for whoever ends them if it dies;
- ``spit:queue``: the shared quick-match queue (account -> ``notices.Waiter``).

One process at a time holds ``spit:lock:pairing`` (``SET NX PX``, renewed by its
holder each beat; another takes it when it lapses). The holder pairs the shared queue
with the same rules as one process (``spit.net.matchmaking``), takes each pair out
with a Lua script that removes both only if both still wait, and sends the first
player's process a ``Pair`` notice; it also reaps the processes whose key expired
(their plans handed to ``on_lost``, their entries removed).

When Redis restarts empty (or a beat finds this process's key gone), the process
registers everything it holds again: the directory is rebuilt from the live processes.
Writes go through one ordered pipeline task; a failed write marks the process for such
a rebuild at its next successful beat. While Redis is unreachable each process keeps
serving its own rooms: lookups answer "unknown", lists show its own rooms only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import msgspec
import redis.asyncio as aioredis
from limits.storage import Storage, storage_from_string
from redis.exceptions import RedisError

from spit.net.codes import new_code
from spit.net.matchmaking import MemoryQueue, Waiting, Window
from spit.net.protocol import MAX_LISTED, ListedRoom
from spit.net.shared.notices import (
    Notice,
    Pair,
    SharedPlan,
    Waiter,
    decode_notice,
    encode_notice,
)

log = logging.getLogger(__name__)

HEARTBEAT_S: Final = 0.5
"""Seconds between two beats: the process's key renewed, its lists refreshed."""
TTL_S: Final = 3.0
"""A process whose key was not renewed for this long is taken for dead."""
POOL: Final = 64
"""Room codes reserved ahead (``SET NX``), so that opening a room waits on nothing."""
CLOSED_CODE_S: Final = 24 * 3600
"""A closed room's code stays reserved (and routed to its process, for its replay) this long."""
NOTICES_PER_S: Final = 2000.0
NOTICE_BURST: Final = 5000.0
"""Notices a process takes a second, and at once: beyond, they are dropped and counted."""
PENDING_S: Final = 10.0
"""How long a pairing may take to reach its players before they are queued again."""
REDIS_TIMEOUT_S: Final = 1.0
STOP_S: Final = 2.0
"""Seconds a stopping process waits for its tasks to end."""

ALL: Final = "spit:to:all"

_TAKE_BOTH: Final = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1
   and redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then
  redis.call('HDEL', KEYS[1], ARGV[1], ARGV[2])
  return 1
end
return 0
"""
_RENEW: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""


class RedisUnreachable(Exception):
    """Redis did not answer when the server started (the message says where)."""


@dataclass(frozen=True, slots=True)
class Peer:
    """Another live process that holds a code: its id and its address."""

    process: str
    address: str


@dataclass(frozen=True, slots=True)
class Gone:
    """A code held by a process that is no longer alive."""

    process: str


@dataclass(frozen=True, slots=True)
class LostRoom:
    """A matched room of a dead process, as its last beat left it."""

    room: str
    plan: SharedPlan


Write = Callable[[Any], object]
"""One write, given the pipeline to queue it on."""


class RedisCluster:
    """See the module docstring. ``url`` is Redis's (``redis://host:port/db``)."""

    def __init__(self, url: str, *, window: Window | None = None) -> None:
        self.url = url
        self.id = secrets.token_hex(6)
        # redis-py's types answer each command with "a value or an awaitable of it"
        # (one class for its sync and async clients): typed as Any, used as async.
        self.redis: Any = aioredis.Redis.from_url(
            url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S
        )
        self.address = ""
        """How the other processes reach this one (``ws://host:port``)."""
        self.window = window or Window()
        self._pool: list[str] = []
        self._held: set[str] = set()
        """Codes of this process in the directory (rooms, watch codes, the pool)."""
        self._writes: asyncio.Queue[Write] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._dirty = False
        self._stopping = False
        self._refilled = asyncio.Event()
        self.live: dict[str, str] = {}
        """Live processes (this one too) -> their addresses, as of the last beat."""
        self.online: frozenset[str] = frozenset()
        """Accounts online on any process, as of the last beat."""
        self.pools: dict[str, int] = {}
        """``game/variant`` -> players waiting in the shared queue, as of the last pairing."""
        self.pairer = False
        """Whether this process holds the pairing role now."""
        self.listings: Callable[[], list[ListedRoom]] = list
        """This process's public rooms waiting for a second player (set by the server)."""
        self.presence_now: Callable[[], dict[str, int]] = dict
        """Accounts online here -> their sessions (set by the online service)."""
        self.plans_now: Callable[[], dict[str, SharedPlan]] = dict
        """Room -> plan of this process's matched rooms (set by the online service)."""
        self.waiting_now: Callable[[], dict[str, Waiter]] = dict
        """This process's players in the queue, by account (set by the online service)."""
        self.on_notice: Callable[[Notice], Awaitable[None]] | None = None
        self.on_lost: Callable[[str, list[LostRoom]], Awaitable[None]] | None = None
        self._last_public: dict[str, bytes] = {}
        self._last_plans: dict[str, bytes] = {}
        self._last_presence: dict[str, int] = {}
        self.dropped_notices = 0
        self.rebuilds = 0
        self.reaped: list[str] = []
        self._bucket = (NOTICE_BURST, time.monotonic())
        self._take_both = self.redis.register_script(_TAKE_BOTH)
        self._renew = self.redis.register_script(_RENEW)
        self._warned = 0.0

    # --- life ------------------------------------------------------------------------

    async def check(self) -> None:
        """Raise ``RedisUnreachable`` unless Redis answers (at start)."""
        try:
            await self.redis.ping()
        except (RedisError, OSError) as error:
            raise RedisUnreachable(f"Redis at {self.url} does not answer: {error}") from None

    async def start(self, address: str) -> None:
        """Register as ``address`` and start beating, writing and listening."""
        self.address = address
        await self._register()
        await self._refill()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._beat_forever()),
            loop.create_task(self._write_forever()),
            loop.create_task(self._listen_forever()),
        ]

    async def stop(self) -> None:
        """Stop, and take this process's entries out (a clean stop: nothing to reap)."""
        self._stopping = True  # a task whose cancellation redis-py turns into an error ends
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=STOP_S)
        with contextlib.suppress(RedisError, OSError):
            await self._forget(self.id, also_codes=False)
            if self._pool:
                await self.redis.delete(*(f"spit:code:{code}" for code in self._pool))
            async with self.redis.pipeline(transaction=False) as pipe:
                for code in self._held.difference(self._pool):  # its rooms' codes: gone
                    pipe.pexpire(f"spit:code:{code}", int(CLOSED_CODE_S * 1000))  # in a day
                await pipe.execute()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    def health(self) -> dict[str, str | int | bool]:
        """This process's part of ``GET /health``."""
        return {
            "process": self.id,
            "processes": len(self.live),
            "pairing": self.pairer,
            "rebuilds": self.rebuilds,
            "dropped_notices": self.dropped_notices,
            "reaped": len(self.reaped),
        }

    def rate_storage(self) -> Storage:
        """The ``limits`` storage of the shared rate counters (Redis, this URL)."""
        storage = storage_from_string(
            self.url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S
        )
        assert isinstance(storage, Storage)  # a redis:// URL: the synchronous storage
        return storage

    # --- codes -----------------------------------------------------------------------

    def new_code(self, taken: Iterable[str] = ()) -> str:
        """A code reserved for this process (from the pool). Raises ``LookupError``
        when the pool is empty (Redis unreachable)."""
        skip = set(taken)
        while self._pool:
            code = self._pool.pop()
            if code not in skip:
                if len(self._pool) < POOL // 2:
                    self._refilled.clear()
                return code
        raise LookupError("no room code could be reserved: the club's directory is unreachable")

    async def ready(self) -> None:
        """Wait (a moment at most) until the pool holds codes for a few rooms."""
        if len(self._pool) >= 8:
            return
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            async with asyncio.timeout(REDIS_TIMEOUT_S):
                await self._refill()

    async def _refill(self) -> None:
        while len(self._pool) < POOL:
            wanted = [new_code() for _ in range(POOL - len(self._pool))]
            async with self.redis.pipeline(transaction=False) as pipe:
                for code in wanted:
                    pipe.set(f"spit:code:{code}", self.id, nx=True)
                pipe.sadd(f"spit:codes:{self.id}", *wanted)
                answers = await pipe.execute()
            got = [code for code, ok in zip(wanted, answers, strict=False) if ok]
            self._pool += got
            self._held.update(got)
        self._refilled.set()

    def room_closed(self, codes: Iterable[str], *, kept: str | None) -> None:
        """A room closed: its watch code freed; its code (``kept``) stays routed here
        for ``CLOSED_CODE_S`` (its replay), then lapses."""
        for code in codes:
            self._held.discard(code)
            self.write(_deleting(f"spit:code:{code}"))
            self.write(_removing(f"spit:codes:{self.id}", code))
        if kept is not None:
            self._held.discard(kept)
            self.write(
                lambda pipe: pipe.set(f"spit:code:{kept}", self.id, px=int(CLOSED_CODE_S * 1000))
            )

    async def where(self, code: str) -> Peer | Gone | None:
        """The other process that holds ``code``; ``Gone`` if it is dead; ``None`` if
        no other process holds it (or Redis cannot say)."""
        try:
            owner = await self.redis.get(f"spit:code:{code}")
            if owner is None or owner.decode() == self.id:
                return None
            process = owner.decode()
            found = await self.redis.get(f"spit:proc:{process}")
        except (RedisError, OSError):
            self._warn("a room code could not be looked up")
            return None
        if found is None:
            return Gone(process)
        return Peer(process, json.loads(found)["address"])

    async def public_rooms(self) -> list[ListedRoom]:
        """The other live processes' public rooms waiting for a second player."""
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                others = [p for p in self.live if p != self.id]
                for process in others:
                    pipe.hvals(f"spit:public:{process}")
                answers = await pipe.execute()
        except (RedisError, OSError):
            self._warn("the other processes' rooms could not be listed")
            return []
        rooms: list[ListedRoom] = []
        for values in answers:
            for value in values:
                try:
                    rooms.append(msgspec.json.decode(value, type=ListedRoom))
                except (msgspec.ValidationError, msgspec.DecodeError):
                    continue  # another version's, or damaged: not listed

                if len(rooms) >= MAX_LISTED:
                    return rooms
        return rooms

    # --- the shared queue and presence ---------------------------------------------

    def put_waiting(self, waiter: Waiter) -> None:
        self.write(lambda pipe: pipe.hset("spit:queue", waiter.account, _encode_waiter(waiter)))

    def take_waiting(self, account: str) -> None:
        self.write(lambda pipe: pipe.hdel("spit:queue", account))

    def share_plan(self, code: str, plan: SharedPlan) -> None:
        """A matched room's plan, written now (the beat rewrites it as it changes)."""
        data = msgspec.json.encode(plan)
        self._last_plans[code] = data
        self.write(lambda pipe: pipe.hset(f"spit:plans:{self.id}", code, data))

    async def next_id(self, what: str) -> int:
        """A number unique across the processes (``INCR``), e.g. an invite's."""
        return int(await self.redis.incr(f"spit:ids:{what}"))

    def is_online(self, account: str) -> bool:
        return account in self.online

    # --- notices ---------------------------------------------------------------------

    async def tell(self, process: str | None, notice: Notice) -> None:
        """Publish ``notice`` to one process (``None``: every process)."""
        channel = ALL if process is None else f"spit:to:{process}"
        try:
            await self.redis.publish(channel, encode_notice(notice))
        except (RedisError, OSError):
            self._warn("a notice to another process was lost")

    def _admit_notice(self) -> bool:
        tokens, at = self._bucket
        now = time.monotonic()
        tokens = min(NOTICE_BURST, tokens + (now - at) * NOTICES_PER_S)
        if tokens < 1:
            self._bucket = (tokens, now)
            return False
        self._bucket = (tokens - 1, now)
        return True

    async def _listen_forever(self) -> None:
        while True:
            try:
                async with self.redis.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(ALL, f"spit:to:{self.id}")
                    while True:
                        message = await pubsub.get_message(timeout=1.0)
                        if message is not None:
                            await self._take(message.get("data"))
            except (RedisError, OSError):
                if self._stopping:
                    return
                self._warn("the notices' subscription was lost; subscribing again")
                await asyncio.sleep(0.2)

    async def _take(self, data: object) -> None:
        notice = decode_notice(data) if isinstance(data, bytes | str) else None
        if notice is None or not self._admit_notice():
            self.dropped_notices += 1
            return
        if self.on_notice is not None:
            try:
                await self.on_notice(notice)
            except Exception:  # one notice's failure stops no other
                log.exception("a notice failed: %r", notice)

    # --- writes ----------------------------------------------------------------------

    def write(self, write: Write) -> None:
        """Queue a write, done in order by the writer task."""
        self._writes.put_nowait(write)

    async def _write_forever(self) -> None:
        while True:
            batch = [await self._writes.get()]
            while not self._writes.empty() and len(batch) < 512:
                batch.append(self._writes.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for write in batch:
                        write(pipe)
                    await pipe.execute()
            except (RedisError, OSError):
                if self._stopping:
                    return
                self._dirty = True
                self._warn("writes to Redis failed; the process registers again once it can")

    # --- the beat --------------------------------------------------------------------

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            try:
                await self.beat()
            except (RedisError, OSError):
                if self._stopping:
                    return
                self._dirty = True
                self._warn("Redis is unreachable; serving this process's rooms alone")
            except Exception:
                log.exception("the directory's beat failed")

    async def beat(self) -> None:
        """Renew this process's key (registering again if it is gone), refresh what it
        publishes and what it reads of the others, and take the pairing role's turn."""
        renewed = await self.redis.set(
            f"spit:proc:{self.id}", self._me(), xx=True, px=int(TTL_S * 1000)
        )
        if not renewed or self._dirty:
            log.warning("this process's entries in Redis are gone (restarted?): registering again")
            self.rebuilds += 1
            await self._register()
        await self._publish_lists()
        await self._read_others()
        await self._queue_again()
        if len(self._pool) < POOL // 2:
            await self._refill()
        self.pairer = await self._pairing_role()
        if self.pairer:
            await self._reap()
            await self._pair()

    def _me(self) -> str:
        return json.dumps({"address": self.address})

    async def _register(self) -> None:
        """Put everything this process holds into Redis (at start, and after Redis
        lost it): its key, codes, public rooms, presence, plans and waiting players."""
        self._dirty = False
        self._last_public, self._last_plans, self._last_presence = {}, {}, {}
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(f"spit:proc:{self.id}", self._me(), px=int(TTL_S * 1000))
            pipe.sadd("spit:procs", self.id)
            for code in self._held:
                pipe.set(f"spit:code:{code}", self.id)
            if self._held:
                pipe.sadd(f"spit:codes:{self.id}", *self._held)
            for waiter in self.waiting_now().values():
                pipe.hset("spit:queue", waiter.account, _encode_waiter(waiter))
            await pipe.execute()
        await self._publish_lists()

    async def _publish_lists(self) -> None:
        """This process's public rooms, presence and plans, where they changed."""
        public = {room.room: msgspec.json.encode(room) for room in self.listings()}
        plans = {code: msgspec.json.encode(plan) for code, plan in self.plans_now().items()}
        presence = self.presence_now()
        async with self.redis.pipeline(transaction=False) as pipe:
            _sync_hash(pipe, f"spit:public:{self.id}", self._last_public, public)
            _sync_hash(pipe, f"spit:plans:{self.id}", self._last_plans, plans)
            _sync_hash(pipe, f"spit:presence:{self.id}", self._last_presence, presence)
            seated = {
                seat.account: code
                for code, plan in self.plans_now().items()
                for seat in plan.seats
                if seat.account
            }
            pipe.delete(f"spit:seated:{self.id}")
            if seated:
                pipe.hset(f"spit:seated:{self.id}", mapping=seated)
            await pipe.execute()
        self._last_public, self._last_plans = public, plans
        self._last_presence = dict(presence)

    async def _read_others(self) -> None:
        ids = [member.decode() for member in await self.redis.smembers("spit:procs")]
        async with self.redis.pipeline(transaction=False) as pipe:
            for process in ids:
                pipe.get(f"spit:proc:{process}")
            found = await pipe.execute()
        self.live = {
            process: json.loads(value)["address"]
            for process, value in zip(ids, found, strict=False)
            if value is not None
        }
        async with self.redis.pipeline(transaction=False) as pipe:
            for process in self.live:
                pipe.hkeys(f"spit:presence:{process}")
            pipe.hgetall("spit:pools")
            *keys, pools = await pipe.execute()
        self.online = frozenset(key.decode() for each in keys for key in each)
        self.pools = {key.decode(): int(value) for key, value in pools.items()}

    async def _queue_again(self) -> None:
        """Put back in the shared queue this process's players who are missing from it
        and not in a pairing on its way (``spit:pending:ACCOUNT``, set by the pairer
        for ``PENDING_S``): a pairing whose first player's process died before opening
        the room, or a write lost while Redis was away. The write is queued behind any
        leave, and made only if the player still waits then."""
        waiting = self.waiting_now()
        if not waiting:
            return
        accounts = list(waiting)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget("spit:queue", accounts)
            for account in accounts:
                pipe.exists(f"spit:pending:{account}")
            found, *pending = await pipe.execute()
        for account, there, held in zip(accounts, found, pending, strict=True):
            if there is None and not held:
                self.write(self._put_if_waiting(account))

    def _put_if_waiting(self, account: str) -> Write:
        def put(pipe: Any) -> None:
            waiter = self.waiting_now().get(account)
            if waiter is not None:
                pipe.hset("spit:queue", account, _encode_waiter(waiter))

        return put

    async def _pairing_role(self) -> bool:
        key, ms = "spit:lock:pairing", int(TTL_S * 1000)
        if await self._renew(keys=[key], args=[self.id, ms]):
            return True
        return bool(await self.redis.set(key, self.id, nx=True, px=ms))

    # --- the pairing role ------------------------------------------------------------

    async def _pair(self) -> None:
        raw = await self.redis.hgetall("spit:queue")
        waiters: list[Waiter] = []
        for key, value in raw.items():
            waiter = _decode_waiter(value)
            if waiter is None or waiter.process not in self.live:
                await self.redis.hdel("spit:queue", key)
                continue
            waiters.append(waiter)
        queue = MemoryQueue(self.window)
        accounts = [w.account for w in waiters]
        if accounts:
            lasts = await self.redis.hmget("spit:last", accounts)
            for account, last in zip(accounts, lasts, strict=False):
                if last is not None:
                    queue.remember(account, last.decode())
        by_account = {w.account: w for w in waiters}
        for w in waiters:
            queue.join(Waiting(w.account, w.game, w.variant, w.rating, w.since))
        pools: dict[str, int] = {}
        for w in waiters:
            pools[f"{w.game}/{w.variant}"] = pools.get(f"{w.game}/{w.variant}", 0) + 1
        for pairing in queue.pair(time.time()):
            first, second = by_account[pairing.first.account], by_account[pairing.second.account]
            if not await self._take_both(keys=["spit:queue"], args=[first.account, second.account]):
                continue
            pools[f"{first.game}/{first.variant}"] -= 2
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.hset(
                    "spit:last",
                    mapping={first.account: second.account, second.account: first.account},
                )
                for each in (first, second):  # not queued again while the pairing travels
                    pipe.set(f"spit:pending:{each.account}", 1, px=int(PENDING_S * 1000))
                await pipe.execute()
            await self.tell(first.process, Pair(first=first, second=second))
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete("spit:pools")
            if pools:
                pipe.hset("spit:pools", mapping=pools)
            await pipe.execute()

    async def _reap(self) -> None:
        """Take out the processes whose key expired: their matched rooms handed to
        ``on_lost`` (recorded as the policy says, their players told), then their
        entries removed."""
        ids = [member.decode() for member in await self.redis.smembers("spit:procs")]
        for process in ids:
            if process in self.live or await self.redis.exists(f"spit:proc:{process}"):
                continue
            plans = await self.redis.hgetall(f"spit:plans:{process}")
            lost = []
            for code, plan in plans.items():
                try:
                    lost.append(LostRoom(code.decode(), _decode_plan(plan)))
                except (msgspec.ValidationError, msgspec.DecodeError) as error:
                    log.warning(
                        "process %s left a room %r that cannot be read: %s", process, code, error
                    )
            log.warning(
                "process %s stopped without closing its rooms: %d matched", process, len(lost)
            )
            if self.on_lost is not None:
                await self.on_lost(process, lost)
            await self._forget(process, also_codes=True)
            self.reaped.append(process)

    async def _forget(self, process: str, *, also_codes: bool) -> None:
        """Remove a process's entries; with ``also_codes``, its codes too (a dead
        one's: its rooms are gone)."""
        codes = await self.redis.smembers(f"spit:codes:{process}") if also_codes else set()
        raw = await self.redis.hgetall("spit:queue")
        async with self.redis.pipeline(transaction=False) as pipe:
            for key, value in raw.items():
                waiter = _decode_waiter(value)
                if waiter is not None and waiter.process == process:
                    pipe.hdel("spit:queue", key)
            for code in codes:
                pipe.delete(f"spit:code:{code.decode()}")
            pipe.delete(
                f"spit:proc:{process}",
                f"spit:public:{process}",
                f"spit:presence:{process}",
                f"spit:seated:{process}",
                f"spit:plans:{process}",
                f"spit:codes:{process}",
            )
            pipe.srem("spit:procs", process)
            await pipe.execute()

    def _warn(self, what: str) -> None:
        """Log a Redis failure, at most once every few seconds."""
        now = time.monotonic()
        if now - self._warned > 5:
            self._warned = now
            log.warning("%s (Redis at %s)", what, self.url)


def _deleting(key: str) -> Write:
    return lambda pipe: pipe.delete(key)


def _removing(key: str, member: str) -> Write:
    return lambda pipe: pipe.srem(key, member)


def _decode_plan(data: bytes) -> SharedPlan:
    return msgspec.json.decode(data, type=SharedPlan)


V = TypeVar("V")


def _sync_hash(pipe: Any, key: str, before: dict[str, V], after: dict[str, V]) -> None:
    """Queue what turns the hash ``before`` into ``after``."""
    gone = [field for field in before if field not in after]
    if gone:
        pipe.hdel(key, *gone)
    changed = {field: value for field, value in after.items() if before.get(field) != value}
    if changed:
        pipe.hset(key, mapping=changed)


def _encode_waiter(waiter: Waiter) -> bytes:
    return msgspec.json.encode(waiter)


def _decode_waiter(data: bytes) -> Waiter | None:
    try:
        return msgspec.json.decode(data, type=Waiter)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
