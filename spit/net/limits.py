"""The server's limits: caps on rooms and connections, and rates of messages.

Every cap is refused with a message that says which limit was met
(``docs/protocol.md``, "Limits"), never with a silent drop of the connection.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's caps, each refused with a clear reason (``docs/protocol.md``)."""

    max_rooms: int = 500
    """Rooms open at once; one more ``create`` is refused (``Close.BUSY``)."""
    max_per_address: int = 4
    """Connections at once from one address (players and spectators alike)."""
    max_spectators: int = 20
    """Spectators of one room at once; one more is refused (``Close.BUSY``)."""
    idle_s: float = 600.0
    """A client-opened room without real play (a game started, or an intent its table
    took: ``Room.played_at``) for this long is closed (``Close.ROOM_CLOSED``)."""
    connects_per_minute: int = 300
    """Connection attempts a minute from one address (``spit.net.rates``); beyond it
    a connection is closed before its handshake."""
    wrong_codes_per_minute: int = 10
    """Wrong room codes (or passwords, or tokens) a minute from one address before its
    back-off (``spit.net.rates``)."""
    waiting_per_address: int = 3
    """Rooms one address may have open and waiting for a second player at once."""
    waiting_s: float = 300.0
    """A client-opened room with no second player for this long is closed."""
    trusted_proxies: frozenset[str] = frozenset()
    """Addresses of reverse proxies whose ``X-Forwarded-For`` names the real client,
    for the per-address cap; from anyone else the header is ignored."""


@dataclass
class TokenBucket:
    """A rate limit: ``burst`` at once, then ``rate`` a second earned back."""

    burst: float
    rate: float
    tokens: float = field(init=False)
    at: float | None = None
    dropped: int = 0
    """Takes refused: for the limits that drop rather than close."""

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self, now_s: float) -> bool:
        """One token, if there is one at ``now_s`` (seconds on any steady clock)."""
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now_s - self.at) * self.rate)
        self.at = now_s
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False
