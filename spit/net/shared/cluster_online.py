"""The queue and presence of an online service shared by several processes.

``SharedQueue`` and ``SharedPresence`` are the ``spit.net.matchmaking.MatchQueue``
and ``spit.net.presence.Presence`` of a process on Redis
(``redis_cluster.RedisCluster``): each keeps this process's own players in memory, as
one process does, and mirrors them into Redis; what they say of the others (who is
online, how many wait in a pool) is the cluster's view as of its last beat. The
shared queue is paired by the process that holds the pairing role, never here:
``pair`` pairs no one, and a pairing arrives as a ``notices.Pair``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from spit.net.matchmaking import MemoryQueue, Pairing, Waiting
from spit.net.presence import MemoryPresence
from spit.net.shared.notices import Waiter
from spit.net.shared.redis_cluster import RedisCluster


class SharedQueue:
    """A ``MatchQueue`` whose players wait in the cluster's one queue. ``clock`` is
    the service's monotonic one (the waits' ``since``); Redis holds wall-clock times."""

    def __init__(self, cluster: RedisCluster, clock: Callable[[], float]) -> None:
        self.cluster = cluster
        self.local = MemoryQueue(cluster.window)
        self._clock = clock

    def join(self, waiting: Waiting) -> None:
        self.local.join(waiting)
        self.cluster.put_waiting(self.waiter(waiting))

    def leave(self, account: str) -> Waiting | None:
        gone = self.local.leave(account)
        if gone is not None:
            self.cluster.take_waiting(account)
        return gone

    def find(self, account: str) -> Waiting | None:
        return self.local.find(account)

    def waiting(self, game: str, variant: str) -> int:
        return max(
            self.cluster.pools.get(f"{game}/{variant}", 0), self.local.waiting(game, variant)
        )

    def everyone(self) -> Iterator[Waiting]:
        return self.local.everyone()

    def pair(self, now: float) -> list[Pairing]:
        return []  # the pairing process pairs the shared queue (``RedisCluster._pair``)

    def waiter(self, waiting: Waiting) -> Waiter:
        since = time.time() - (self._clock() - waiting.since)
        return Waiter(
            account=waiting.account,
            game=waiting.game,
            variant=waiting.variant,
            rating=waiting.rating,
            since=since,
            process=self.cluster.id,
        )

    def waiters(self) -> dict[str, Waiter]:
        """This process's players in the queue, by account, as Redis keeps them."""
        return {waiting.account: self.waiter(waiting) for waiting in self.local.everyone()}


class SharedPresence:
    """A ``Presence`` of every process: this one's sessions in memory (published at
    each beat), the others' as the last beat read them."""

    def __init__(self, cluster: RedisCluster) -> None:
        self.cluster = cluster
        self.local = MemoryPresence()
        self._counted: tuple[int, int, int] = (0, 0, 0)

    def arrive(self, account: str) -> None:
        self.local.arrive(account)

    def depart(self, account: str) -> None:
        self.local.depart(account)

    def is_online(self, account: str) -> bool:
        return self.local.is_online(account) or self.cluster.is_online(account)

    def count(self) -> int:
        """Accounts online on any process (this one's as of now)."""
        others = self.cluster.online
        key = (id(others), self.local.version, 0)
        if key[:2] != self._counted[:2]:
            here = self.local.sessions()
            self._counted = (key[0], key[1], len(others) + sum(1 for a in here if a not in others))
        return self._counted[2]
