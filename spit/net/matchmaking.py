"""The quick-match queue: players of about the same rating paired, the window widening
the longer they wait.

Pure and clock-free: every time is passed in (seconds on the server's monotonic
clock), so a test drives the queue exactly. The server (``spit.net.online``) asks it
to ``pair`` about once a second and tells each player how long they have waited.

The rules:

- players wait in a pool per game and variant, and are paired only within it;
- each has a rating window (``Window``): 100 either side of their rating at first,
  widened by 25 a second, up to 1000 (after 36 s); two players are paired when each
  is within the other's window, the oldest waiter first, with the one nearest their
  rating (the older of two as near);
- the same two players are not paired twice in a row while someone else waits in
  their pool (``last_opponent``): with nobody else, they may play again;
- after about 20 s without a match the server offers a bot (the server decides that;
  the queue only says how long each has waited).

``MatchQueue`` is the interface the server uses, ``MemoryQueue`` its in-memory
implementation; several server processes share one queue in Redis
(``spit.net.shared.cluster_online.SharedQueue``), paired by these same rules.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, Protocol

REMEMBERED: Final = 100_000
"""Accounts whose last opponent the queue remembers at most (the oldest forgotten)."""


@dataclass(frozen=True, slots=True)
class Window:
    """How far apart two ratings (as shown) may be, by the seconds waited."""

    start: float = 100.0
    per_second: float = 25.0
    most: float = 1000.0

    def at(self, waited_s: float) -> float:
        """The window after ``waited_s`` seconds in the queue.
        >>> Window().at(0), Window().at(10), Window().at(3600)
        (100.0, 350.0, 1000.0)"""
        return min(self.most, self.start + self.per_second * max(0.0, waited_s))


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in the queue: their account, the pool (game and variant), the rating
    they are matched by (as shown), and when they joined."""

    account: str
    game: str
    variant: str
    rating: int
    since: float

    @property
    def pool(self) -> tuple[str, str]:
        return self.game, self.variant


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two players the queue paired, the one who waited longer first."""

    first: Waiting
    second: Waiting


class MatchQueue(Protocol):
    """What the server asks of a queue (see the module docstring)."""

    def join(self, waiting: Waiting) -> None:
        """Put a player in (in place of their earlier place, if any)."""
        ...

    def leave(self, account: str) -> Waiting | None:
        """Take a player out; their place, if they had one."""
        ...

    def find(self, account: str) -> Waiting | None:
        """A player's place, if they are waiting."""
        ...

    def waiting(self, game: str, variant: str) -> int:
        """How many wait in a pool."""
        ...

    def everyone(self) -> Iterator[Waiting]:
        """Everyone waiting, in no particular order."""
        ...

    def pair(self, now: float) -> list[Pairing]:
        """Pair whom the rules allow at ``now``; the paired leave the queue."""
        ...


class MemoryQueue:
    """A ``MatchQueue`` in this process's memory."""

    def __init__(self, window: Window | None = None) -> None:
        self.window = window or Window()
        self._pools: dict[tuple[str, str], dict[str, Waiting]] = {}
        self._where: dict[str, tuple[str, str]] = {}
        self._last: OrderedDict[str, str] = OrderedDict()
        """Account -> the last opponent the queue gave it."""

    def __len__(self) -> int:
        return len(self._where)

    def join(self, waiting: Waiting) -> None:
        self.leave(waiting.account)
        self._pools.setdefault(waiting.pool, {})[waiting.account] = waiting
        self._where[waiting.account] = waiting.pool

    def leave(self, account: str) -> Waiting | None:
        pool = self._where.pop(account, None)
        if pool is None:
            return None
        members = self._pools[pool]
        gone = members.pop(account)
        if not members:
            del self._pools[pool]
        return gone

    def find(self, account: str) -> Waiting | None:
        pool = self._where.get(account)
        return None if pool is None else self._pools[pool][account]

    def waiting(self, game: str, variant: str) -> int:
        return len(self._pools.get((game, variant), {}))

    def everyone(self) -> Iterator[Waiting]:
        for members in self._pools.values():
            yield from members.values()

    def last_opponent(self, account: str) -> str | None:
        return self._last.get(account)

    def remember(self, account: str, opponent: str) -> None:
        """That ``account`` last played ``opponent`` (a shared queue's memory, loaded
        into a queue made for one pairing)."""
        self._last[account] = opponent
        self._last.move_to_end(account)

    def pair(self, now: float) -> list[Pairing]:
        pairs: list[Pairing] = []
        for pool in list(self._pools):
            pairs += self._pair_pool(list(self._pools[pool].values()), now)
        for pairing in pairs:
            for one, other in ((pairing.first, pairing.second), (pairing.second, pairing.first)):
                self.leave(one.account)
                self._last[one.account] = other.account
                self._last.move_to_end(one.account)
        while len(self._last) > REMEMBERED:
            self._last.popitem(last=False)
        return pairs

    def _pair_pool(self, members: list[Waiting], now: float) -> list[Pairing]:
        """The pairs of one pool: each waiter in the order they came (dicts keep it),
        with the nearest rating within both windows, found by walking out from their
        rating in a list sorted by rating."""
        by_rating = sorted(members, key=lambda w: (w.rating, w.since))
        ratings = [w.rating for w in by_rating]
        taken: set[str] = set()
        pairs: list[Pairing] = []
        crowd = len(members) > 2  # others wait: no pair of the same two in a row
        for first in sorted(members, key=lambda w: w.since):
            if first.account in taken:
                continue
            reach = self.window.at(now - first.since)
            low = bisect.bisect_left(ratings, first.rating - reach)
            high = bisect.bisect_right(ratings, first.rating + reach)
            best: Waiting | None = None
            for other in by_rating[low:high]:
                if other.account == first.account or other.account in taken:
                    continue
                gap = abs(other.rating - first.rating)
                if gap > self.window.at(now - other.since):
                    continue
                if crowd and self._met_last(first.account, other.account):
                    continue
                if best is None or (gap, other.since) < (
                    abs(best.rating - first.rating),
                    best.since,
                ):
                    best = other
            if best is not None:
                taken.update((first.account, best.account))
                pairs.append(Pairing(first, best))
        return pairs

    def _met_last(self, one: str, other: str) -> bool:
        return self._last.get(one) == other or self._last.get(other) == one
