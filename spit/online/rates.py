"""Rate limits on what a stranger could repeat to harm others: making accounts,
renaming, making link codes and guessing them.

The store asks a ``Limiter`` before each such action, so the server decides where
the counts live: ``LimitsLimiter`` keeps them with the ``limits`` library (moving
windows, in memory by default; a shared ``limits`` storage, such as Redis, lets
several processes count together), the same library ``spit.net.rates`` uses for
connections and room codes. It is given here rather than imported from ``spit.net``,
a layer above this one. ``NoLimits`` counts nothing, for tests and tools.

What is counted, and against what key (``RATES``, the defaults):

- ``CREATE``: accounts made, per address: 10 an hour, 30 a day;
- ``RENAME``: names changed, per account: 3 a day (a refused name costs nothing);
- ``LINK_CODE``: link codes made, per account: 5 an hour;
- ``WRONG_CODE``: wrong link codes sent, per address: 10 a minute, 60 an hour.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final, Protocol

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, Storage
from limits.strategies import MovingWindowRateLimiter


class Action(StrEnum):
    CREATE = "create"
    RENAME = "rename"
    LINK_CODE = "link_code"
    WRONG_CODE = "wrong_code"


RATES: Final[Mapping[Action, str]] = {
    Action.CREATE: "10/hour;30/day",
    Action.RENAME: "3/day",
    Action.LINK_CODE: "5/hour",
    Action.WRONG_CODE: "10/minute;60/hour",
}
"""Each action's limits, in ``limits``' notation."""


class Limiter(Protocol):
    """What the store asks: may ``key`` do ``action`` once more now, and count one."""

    def allows(self, action: Action, key: str) -> bool:
        """Whether one more ``action`` by ``key`` is within its rate (counts nothing)."""
        ...

    def spend(self, action: Action, key: str) -> None:
        """Count one ``action`` by ``key``."""
        ...


class LimitsLimiter:
    """``Limiter`` on the ``limits`` library: ``rates`` (``RATES`` by default) over
    ``storage`` (in memory by default)."""

    def __init__(self, rates: Mapping[Action, str] = RATES, storage: Storage | None = None) -> None:
        self._limiter = MovingWindowRateLimiter(storage or MemoryStorage())
        self._items: dict[Action, list[RateLimitItem]] = {
            action: parse_many(text) for action, text in rates.items()
        }

    def allows(self, action: Action, key: str) -> bool:
        return all(
            self._limiter.test(item, "spit-online", action.value, key)
            for item in self._items.get(action, [])
        )

    def spend(self, action: Action, key: str) -> None:
        for item in self._items.get(action, []):
            self._limiter.hit(item, "spit-online", action.value, key)


class NoLimits:
    """A ``Limiter`` that allows everything."""

    def allows(self, action: Action, key: str) -> bool:
        return True

    def spend(self, action: Action, key: str) -> None:
        return None
