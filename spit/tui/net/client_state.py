"""What the network screens read of a ``NetClient``, in one place.

The client keeps what the server last said (``docs/protocol.md``), as the protocol's
typed messages; the screens only read it, here, made safe for the terminal where it is
the server's text.
"""

from __future__ import annotations

from spit.core.safe_text import safe_text
from spit.net.client import NetClient
from spit.net.protocol import Over, Welcome


def seat(client: NetClient) -> int:
    """This player's seat (0 or 1), from the welcome (a spectator's: 0)."""
    welcome = client.welcome
    return welcome.seat if isinstance(welcome, Welcome) else 0


OPPONENT = "Opponent"


def names(client: NetClient) -> tuple[str, str]:
    """The players' names by seat, made safe; "Opponent" for a seat whose player's
    name this client has not been told (the second player to sit down, before the game
    starts)."""
    given = list(client.names)
    if len(given) < 2 and client.welcome is not None:
        given = list(client.welcome.names)
    shown = [safe_text(name, limit=24) for name in given[:2]]
    while len(shown) < 2:
        shown.append(OPPONENT)
    return shown[0], shown[1]


def room(client: NetClient) -> str:
    welcome = client.welcome
    return "" if welcome is None else safe_text(welcome.room, limit=11)


def watch_code(client: NetClient) -> str | None:
    """The room's watch code from the welcome, to give spectators (``None``: none)."""
    welcome = client.welcome
    if not isinstance(welcome, Welcome) or welcome.watch is None:
        return None
    return safe_text(welcome.watch, limit=11)


def rtt(client: NetClient) -> tuple[float | None, float | None]:
    """Both seats' round-trip times in ms, from the last view (``None``: not measured)."""
    if len(client.rtt) != 2:
        return None, None
    first, second = (value if value > 0 else None for value in client.rtt)
    return first, second


def away(client: NetClient) -> tuple[int, int] | None:
    """``(seat, seconds_left)`` while a player's connection is lost, else ``None``."""
    return client.away


def grace_over(client: NetClient) -> int | None:
    """The seat whose grace period ran out, while the server waits for the other
    player's choice (``take_win`` or ``play_bot``); ``None`` otherwise."""
    return client.grace_over


def over(client: NetClient) -> Over | None:
    """The server's ``over`` message (``winner``, ``reason``, ``replay``), once the game
    has ended: only the message says so, not the game's last view, which comes before it."""
    # Taking that view's end for the end showed no reason and fetched no replay.
    return client.over


def rematch_asked(client: NetClient) -> frozenset[int]:
    return frozenset(client.rematch_asked)


def lost(client: NetClient) -> str | None:
    """Why the connection to the server is gone, or ``None`` while it is open (or
    before it was ever made)."""
    if client.welcome is None or client.connected:
        return None
    reason = client.reason
    return safe_text(reason) if reason else "the server closed the connection"


def game_name(client: NetClient) -> str | None:
    """The registered game the server plays in this room (the view frame's ``game``)."""
    return client.game
