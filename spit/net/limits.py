"""The server's limits: caps on rooms and connections, and rates of messages.

Every cap is refused with a message that says which limit was met
(``docs/protocol.md``, "Limits"), never with a silent drop of the connection.
"""

from __future__ import annotations

from dataclasses import dataclass

from msgspec import Struct

from spit.net.clock_sync import PING_INTERVAL_S, SETTLED_PING_INTERVAL_S
from spit.net.fairness import QUOTA_GAIN_PER_S


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
    intent_burst: int = 40
    """Intents a connection may send at once; a player's fastest bursts are under ten."""
    intents_per_s: float = 20.0
    """Intents a second a connection earns back: twice the fastest human key rate.
    Beyond both an intent is dropped and counted (``docs/protocol.md``, "Limits")."""
    trusted_proxies: frozenset[str] = frozenset()
    """Addresses of reverse proxies whose ``X-Forwarded-For`` names the real client,
    for the per-address cap; from anyone else the header is ignored."""

    # --- times (a test shortens them; ``docs/protocol.md`` gives the defaults) ---------
    open_timeout_s: float = 3.0
    """The longest a connection may take over its opening handshake (TCP accepted, the
    HTTP upgrade not yet complete); until then it counts against its address's cap."""
    hello_timeout_s: float = 3.0
    """The longest a connection may take to send its ``hello`` once open."""
    close_timeout_s: float = 10.0
    """How long the server waits for a client to answer its close frame before it
    drops the line (a flooding client's answer is behind its flood)."""
    ping_interval_s: float = PING_INTERVAL_S
    """How often the server pings each seated player while a line's estimate is young
    (``ClockSync.settled``): a schedule that no game event moves
    (``docs/protocol.md``, "No last look"). A line's estimate goes stale when a ping
    waits two of these intervals for its answer (``ClockSync``)."""
    settled_ping_interval_s: float = SETTLED_PING_INTERVAL_S
    """How often the server pings the players of a room whose lines are all settled
    (at least ``ping_interval_s``)."""
    rejoin_grace_ms: int = 60_000
    """How long a dropped player's seat is kept, the game paused, before it is forfeit."""
    claim_ms: int = 30_000
    """After the grace period, how long the remaining player has to choose between the
    win and a bot before the room takes the win for them."""
    quota_gain_per_s: float = QUOTA_GAIN_PER_S
    """Lag compensation a seat earns back each second (``spit.net.fairness.LagQuota``)."""

    # --- online play (``spit.net.online``) ---------------------------------------------
    queue_tick_s: float = 1.0
    """How often the quick-match queue pairs players and tells each how long they waited."""
    bot_offer_s: float = 20.0
    """Seconds in the queue without an opponent before the server offers a bot."""
    invite_s: float = 60.0
    """How long an invite waits for its answer."""
    queue_joins: str = "10/minute;120/hour"
    """Queue joins an account may make (``limits``' notation), and as many per address."""
    invites: str = "6/minute;60/hour"
    """Invites an account may send, and as many per address."""
    board_reads: str = "60/minute"
    """Leaderboard reads over HTTP (``GET /leaderboard``) per address."""


class TokenBucket(Struct, gc=False):
    """A rate limit: ``burst`` at once, then ``rate`` a second earned back; it starts
    full. A seated player's connection has three. Numbers only, so not tracked by
    Python's cycle collector (``gc=False``), whose full pass in a server of many rooms
    scans every tracked object (``spit.commands.serve_collector``)."""

    burst: float
    rate: float
    tokens: float = 0.0
    """Set to ``burst`` when made."""
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
