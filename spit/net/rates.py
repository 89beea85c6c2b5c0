"""Rates per address: connection attempts, and wrong room codes with a back-off.

Room codes are secrets of 45 bits (``spit.net.codes``), and a wrong guess costs an
address one of ``wrong_per_minute`` tries a minute; once it has spent them, it may ask
for no room by code at all for a back-off that doubles each time it is met again
(``BACKOFF_FIRST_S``, then twice that, up to ``BACKOFF_MOST_S``), and is forgotten
after an hour without a wrong code. ``docs/protocol.md`` works out what that leaves a
guesser.

The per-minute windows are the ``limits`` library's (a moving window over a
``limits`` storage, in memory by default; several processes share Redis's,
``spit.net.shared``). While a shared storage fails, the counts go on in memory
(``_Limiter``) and the shared one is tried again after ``RETRY_SHARED_S``: a Redis
outage never refuses a player, nor stalls the server. ``limits`` counts hits in windows; it has no
notion of a penalty that grows each time a limit is met again, so the back-off is kept
here, on ``clock`` (injectable, for tests).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from limits import RateLimitItem, RateLimitItemPerMinute, parse_many
from limits.storage import MemoryStorage, Storage
from limits.strategies import MovingWindowRateLimiter

log = logging.getLogger(__name__)

BACKOFF_FIRST_S: Final = 60.0
"""The first back-off once an address has spent its wrong codes for the minute."""

BACKOFF_MOST_S: Final = 24 * 3600.0
"""The longest back-off: a day."""

FORGIVEN_AFTER_S: Final = 3600.0
"""An address without a wrong code for this long after its back-off starts afresh."""

RETRY_SHARED_S: Final = 5.0
"""Seconds a failed shared storage is left alone before it is tried again."""

MAX_TRACKED: Final = 100_000
"""Addresses in back-off kept at most (the oldest forgiven first): bounded memory."""


class _Limiter:
    """A moving-window limiter over ``storage``, counting in memory while it fails."""

    def __init__(self, storage: Storage | None) -> None:
        self._shared = None if storage is None else MovingWindowRateLimiter(storage)
        self._memory = MovingWindowRateLimiter(MemoryStorage())
        self._failed_at = -math.inf
        self.failures = 0

    def _limiter(self) -> MovingWindowRateLimiter:
        if self._shared is None or time.monotonic() - self._failed_at < RETRY_SHARED_S:
            return self._memory
        return self._shared

    def _failed(self) -> None:
        self._failed_at = time.monotonic()
        self.failures += 1
        log.warning("the shared rate counters failed; counting in memory for a while")

    def hit(self, item: RateLimitItem, *keys: str) -> bool:
        limiter = self._limiter()
        try:
            return limiter.hit(item, *keys)
        except Exception:  # the shared storage's failure (any client error) refuses no one
            self._failed()
            return self._memory.hit(item, *keys)

    def test(self, item: RateLimitItem, *keys: str) -> bool:
        limiter = self._limiter()
        try:
            return limiter.test(item, *keys)
        except Exception:
            self._failed()
            return self._memory.test(item, *keys)


@dataclass(slots=True)
class _Backoff:
    until: float
    seconds: float


class AddressRates:
    """See the module docstring. ``connects_per_minute`` connection attempts and
    ``wrong_per_minute`` wrong codes a minute per address."""

    def __init__(
        self,
        *,
        connects_per_minute: int,
        wrong_per_minute: int,
        storage: Storage | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._limiter = _Limiter(storage)
        self._connects = RateLimitItemPerMinute(connects_per_minute)
        self._wrong = RateLimitItemPerMinute(wrong_per_minute)
        self._clock = clock
        self._backoff: dict[str, _Backoff] = {}

    def connect(self, address: str) -> bool:
        """One connection attempt from ``address``: whether it is within the rate."""
        return self._limiter.hit(self._connects, "connect", address)

    def blocked_for(self, address: str) -> float:
        """Seconds left of the address's back-off (0: it may ask for a room by code)."""
        backoff = self._backoff.get(address)
        if backoff is None:
            return 0.0
        return max(0.0, backoff.until - self._clock())

    def wrong_code(self, address: str) -> float:
        """A wrong code (or password, or token) from ``address``; the back-off it is in
        now, in seconds (0 while within its rate)."""
        if self._limiter.hit(self._wrong, "wrong", address):
            return self.blocked_for(address)
        now = self._clock()
        backoff = self._backoff.get(address)
        if backoff is not None and now - backoff.until > FORGIVEN_AFTER_S:
            backoff = None
        if backoff is None:
            self._forget_old(now)
            backoff = self._backoff[address] = _Backoff(now, BACKOFF_FIRST_S / 2)
        if now >= backoff.until:  # met again after the last one ran out: twice as long
            backoff.seconds = min(backoff.seconds * 2, BACKOFF_MOST_S)
            backoff.until = now + backoff.seconds
        return math.ceil(backoff.until - now)

    def _forget_old(self, now: float) -> None:
        if len(self._backoff) < MAX_TRACKED:
            return
        for address, backoff in list(self._backoff.items()):
            if now - backoff.until > FORGIVEN_AFTER_S or len(self._backoff) >= MAX_TRACKED:
                del self._backoff[address]


class ActionRates:
    """Rates of what an online session may ask (``spit.net.online``): each action
    (``queue``, ``invite``, ``board``) has its limits in ``limits``' notation
    (``"10/minute;120/hour"``), counted per key (an account, an address) in moving
    windows over a ``limits`` storage (in memory by default)."""

    def __init__(self, rates: dict[str, str], storage: Storage | None = None) -> None:
        self._limiter = _Limiter(storage)
        self._items: dict[str, list[RateLimitItem]] = {
            action: parse_many(text) for action, text in rates.items()
        }

    def hit(self, action: str, *keys: str) -> bool:
        """One more ``action`` by each of ``keys``: whether every key is within every
        limit (then it is counted against each; otherwise nothing is)."""
        items = self._items.get(action, [])
        if not all(self._limiter.test(item, action, key) for item in items for key in keys):
            return False
        for item in items:
            for key in keys:
                self._limiter.hit(item, action, key)
        return True
