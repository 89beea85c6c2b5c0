"""What the network screens read of a ``NetClient``, in one place.

The client keeps what the server last said (``docs/protocol.md``); the screens only
read it. Some of what they read (who is away, the game's end, the rematch requests,
the round-trip times) is the client's side of the protocol additions of issue 14,
which arrive in ``spit.net.client`` in parallel with these screens: they are read
here with ``getattr`` and a default, so a client that does not keep one yet shows
nothing of it, and nothing else in the screens needs to know.
"""

from __future__ import annotations

import json
from typing import Any

from spit.core.safe_text import safe_text
from spit.net.client import NetClient


def seat(client: NetClient) -> int:
    """This player's seat (0 or 1), from the welcome."""
    welcome = client.welcome or {}
    value = welcome.get("seat", 0)
    return value if value in (0, 1) else 0


OPPONENT = "Opponent"


def names(client: NetClient) -> tuple[str, str]:
    """The players' names by seat, made safe; "Opponent" for a seat whose player's
    name this client has not been told (the second player to sit down, for a server
    that does not send names after the welcome)."""
    welcome = client.welcome or {}
    given = list(welcome.get("names") or [])
    news = getattr(client, "names", None)
    if isinstance(news, list | tuple) and len(news) == 2:
        given = list(news)
    shown = [safe_text(str(name), limit=24) for name in given[:2]]
    while len(shown) < 2:
        shown.append(OPPONENT)
    return shown[0], shown[1]


def room(client: NetClient) -> str:
    welcome = client.welcome or {}
    return safe_text(str(welcome.get("room", "")), limit=11)


def watch_code(client: NetClient) -> str | None:
    """The room's watch code from the welcome, to give spectators (``None``: none)."""
    code = (client.welcome or {}).get("watch")
    return None if not isinstance(code, str) else safe_text(code, limit=11)


def rtt(client: NetClient) -> tuple[float | None, float | None]:
    """Both seats' round-trip times in ms, from the last view (``None``: not measured)."""
    given = getattr(client, "rtt", None)
    if given is None:
        given = _last_view_field(client, "rtt")
    if not isinstance(given, list | tuple) or len(given) != 2:
        return None, None
    return tuple(_ms(value) for value in given)  # type: ignore[return-value]


def _ms(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and value > 0 else None


def _last_view_field(client: NetClient, key: str) -> Any:
    """A field of the last ``view`` frame, for a client that does not keep it."""
    for frame in reversed(client.frames):
        if frame.startswith('{"type":"view"'):
            try:
                return json.loads(frame).get(key)
            except ValueError:
                return None
    return None


def away(client: NetClient) -> tuple[int, int] | None:
    """``(seat, seconds_left)`` while a player's connection is lost, else ``None``."""
    value = getattr(client, "away", None)
    if isinstance(value, list | tuple) and len(value) == 2:
        who, left = value
        if who in (0, 1) and isinstance(left, int | float):
            return int(who), max(0, int(left))
    return None


def grace_over(client: NetClient) -> int | None:
    """The seat whose grace period ran out, while the server waits for the other
    player's choice (``take_win`` or ``play_bot``); ``None`` otherwise."""
    value = getattr(client, "grace_over", None)
    if value in (0, 1):
        return int(value)
    gone = away(client)
    if gone is not None and gone[1] == 0 and getattr(client, "over", None) is None:
        return gone[0]
    return None


def over(client: NetClient) -> dict[str, Any] | None:
    """The server's ``over`` message (``winner``, ``reason``, ``replay``), once the game
    has ended; for a client that does not keep it, the last view's winner when it is
    finished. A client that keeps it gets ``None`` until the message comes, though its
    last view is finished already: taking the view's winner for the end then showed the
    result without its reason, and lost the replay's name, so the table never fetched
    its copy of the replay (a race that the end-to-end tests lost now and then)."""
    value = getattr(client, "over", None)
    if isinstance(value, dict):
        return value
    if hasattr(client, "over"):  # the game's last view comes before ``over``: wait for it
        return None
    view = client.view
    if client.finished and view is not None and view.get("winner") in (0, 1):
        return {"winner": view["winner"], "reason": None, "replay": None}
    return None


def rematch_asked(client: NetClient) -> frozenset[int]:
    value = getattr(client, "rematch_asked", None) or ()
    return frozenset(seat for seat in value if seat in (0, 1))


def lost(client: NetClient) -> str | None:
    """Why the connection to the server is gone, or ``None`` while it is open (or
    before it was ever made)."""
    if client.welcome is None:
        return None
    if hasattr(type(client), "connected"):
        done = not getattr(client, "connected")  # noqa: B009 - see the module docstring
    else:
        reader = getattr(client, "_reader", None)
        done = reader is not None and reader.done()
    if not done:
        return None
    reason = getattr(client, "error", None) or client.refusal
    return safe_text(str(reason)) if reason else "the server closed the connection"


def game_name(client: NetClient) -> str | None:
    """The registered game the server plays in this room (the view frame's ``game``)."""
    value = getattr(client, "game", None)
    if value is None:
        value = _last_view_field(client, "game")
    return value if isinstance(value, str) else None
