"""The messages between a client and the server, checked strictly on both sides.

Every message is one WebSocket text frame holding one JSON object with a ``type``.
The first message of a connection is the client's ``hello``, which carries the
protocol version; the server answers ``welcome`` or closes with a reason. Everything
is validated before use: the size of the frame, the JSON (bounded numbers, no
duplicate keys, no NaN), the type, and every field's type, range and length; a field
that is not in the message's schema is refused too, so a message means exactly one
thing. A client that sends anything else is disconnected with ``Close.PROTOCOL`` and
its reason; the game and the other connections are not touched. A client checks the
server's messages the same way (``parse_server``), against a schema per message type,
and closes a connection that sends it anything else: a client never acts on a message
it has not checked.

``docs/protocol.md`` specifies each message and the close codes.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Final

from spit.net.codes import ROOM_CODE

PROTOCOL_VERSION: Final = 2
"""Bumped when a message changes meaning; a client of another version is refused with
``Close.VERSION`` and told which side to update."""

MAX_CLIENT_MESSAGE: Final = 1024
"""Bytes in one frame from a client: the longest legal message is well under this."""

MAX_SERVER_MESSAGE: Final = 17 * 1024 * 1024
"""Bytes in one frame from the server: a replay file (16 MiB at most) and its wrapper."""

MAX_REPLAY_TEXT: Final = 16 * 1024 * 1024
"""Characters of replay text in a ``replay`` message: the replay reader's own file
limit (``spit.core.replay.reading.MAX_FILE_BYTES``); a longer file is not sent."""

MAX_NAME: Final = 24
MAX_INTENT: Final = 32
MAX_PASSWORD: Final = 64

CODE_LENGTH: Final = 11
"""Characters of a room code with its dashes (``spit.net.codes``)."""
TOKEN: Final = re.compile(r"[0-9a-f]{32}")
"""A rejoin token: 128 random bits in hex."""


class Close(IntEnum):
    """Close codes (RFC 6455 allows 4000-4999 for applications) and what they mean."""

    NORMAL = 1000
    PROTOCOL = 1008
    """A malformed, oversized or out-of-order message (RFC 6455 "policy violation")."""
    TOO_BIG = 1009
    VERSION = 4001
    """The client speaks another protocol version."""
    REFUSED = 4002
    """Wrong room code or password, or the room is full."""
    FLOOD = 4003
    """Too many messages, far beyond a human's rate."""
    BUSY = 4004
    """Too many connections from one address, or the server is full."""
    FORFEIT = 4005
    """The game is over by forfeit; sent to a client that comes back too late."""
    BEHIND = 4006
    """A spectator whose line took the game's frames too slowly fell too far behind."""
    ROOM_CLOSED = 4010
    """The room was closed: idle too long, abandoned, or its game failed on the server."""
    INTERNAL = 1011
    """The server failed while serving this connection (RFC 6455 "internal error")."""


class ProtocolError(Exception):
    """A message that breaks the protocol: close with ``code`` and say ``reason``;
    ``retry_after``: in how many seconds trying again may succeed (a full server, an
    address in back-off)."""

    def __init__(
        self, reason: str, code: Close = Close.PROTOCOL, *, retry_after: int | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.retry_after = retry_after


# --- field checks --------------------------------------------------------------------

Check = Callable[[str, Any], Any]


def integer(lo: int, hi: int) -> Check:
    def check(key: str, value: Any) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise ProtocolError(f"{key} must be a whole number from {lo} to {hi}")
        return value

    return check


def number(lo: float, hi: float) -> Check:
    def check(key: str, value: Any) -> float:
        if type(value) not in (int, float) or not lo <= value <= hi:
            raise ProtocolError(f"{key} must be a number from {lo:g} to {hi:g}")
        return float(value)

    return check


def text(longest: int, pattern: re.Pattern[str] | None = None) -> Check:
    def check(key: str, value: Any) -> str:
        if not isinstance(value, str) or not 0 < len(value) <= longest:
            raise ProtocolError(f"{key} must be text of 1 to {longest} characters")
        if not value.isprintable() or (pattern is not None and not pattern.fullmatch(value)):
            raise ProtocolError(f"{key} is not in the expected form")
        return value

    return check


def text_block(longest: int) -> Check:
    """Text of lines (a replay file): printable but for its line ends."""

    def check(key: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > longest:
            raise ProtocolError(f"{key} must be text of at most {longest} characters")
        if not value.replace("\n", "").replace("\r", "").isprintable():
            raise ProtocolError(f"{key} holds control characters")
        return value

    return check


GAME_NAME: Final = re.compile(r"[a-z][a-z0-9_-]{0,23}")
"""A registered game's name as a client sends it (``spit``, ``spades``)."""
OPTION_KEY: Final = re.compile(r"[a-z][a-z0-9_]{0,23}")
MAX_OPTIONS: Final = 8


def options(key: str, value: Any) -> dict[str, str | int | bool]:
    """A small object of a game's options: up to ``MAX_OPTIONS`` keys in lower case,
    each a short text, a bounded whole number or a boolean. Whether the game knows
    them is the game's to say (``GameDescriptor.net_options``)."""
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise ProtocolError(f"{key} must be an object of at most {MAX_OPTIONS} options")
    checked: dict[str, str | int | bool] = {}
    for name, item in value.items():
        if not OPTION_KEY.fullmatch(name):
            raise ProtocolError(f"{key} has an option name not in the expected form")
        if type(item) is bool:
            checked[name] = item
        elif type(item) is int:
            checked[name] = integer(-(10**9), 10**9)(f"{key}.{name}", item)
        else:
            checked[name] = text(MAX_INTENT)(f"{key}.{name}", item)
    return checked


TIME_MS: Final = number(0, 1e13)
"""A clock reading in milliseconds (any clock: each side's own)."""

GAME_MS: Final = integer(0, 10**12)
"""A game time in whole milliseconds since the game's first deal."""

SEAT: Final = integer(0, 1)


def boolean(key: str, value: Any) -> bool:
    if type(value) is not bool:
        raise ProtocolError(f"{key} must be true or false")
    return value


def nullable(check: Check) -> Check:
    """``check``, or ``null``."""

    def checked(key: str, value: Any) -> Any:
        return None if value is None else check(key, value)

    return checked


def list_of(check: Check, lo: int, hi: int) -> Check:
    """A list of ``lo`` to ``hi`` items, each passing ``check``."""

    def checked(key: str, value: Any) -> list[Any]:
        if not isinstance(value, list) or not lo <= len(value) <= hi:
            raise ProtocolError(f"{key} must be a list of {lo} to {hi} items")
        return [check(f"an item of {key}", item) for item in value]

    return checked


def json_object(most_keys: int, keys: Check | None = None) -> Check:
    """An object of at most ``most_keys`` keys, each of them ``keys`` (short text by
    default). The values are game-specific (a view, an event): their size is bounded by
    the frame, their depth by the decoder."""
    key_check = keys or text(32)

    def checked(key: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict) or len(value) > most_keys:
            raise ProtocolError(f"{key} must be an object of at most {most_keys} keys")
        for name in value:
            key_check(f"a key of {key}", name)
        return value

    return checked


def event(key: str, value: Any) -> dict[str, Any]:
    """One item of a view's news: an object with a ``kind``; the known fields of an
    input's result checked by type."""
    item: dict[str, Any] = json_object(16)(key, value)
    text(24)(f"the kind of {key}", item.get("kind"))
    for name, check in _EVENT_FIELDS.items():
        if name in item:
            check(f"{name} of {key}", item[name])
    return item


_EVENT_FIELDS: Final[Mapping[str, Check]] = {
    "t": GAME_MS,
    "seat": nullable(SEAT),
    "too_slow": boolean,
    "accepted": boolean,
    "beaten_by_ms": integer(0, 60_000),
}

FILE_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}")
"""A replay's file name as the server gives it: no path, no hidden file, nothing to
read as a terminal's control sequence (``save_replay`` checks it again)."""


@dataclass(frozen=True, slots=True)
class Schema:
    """The fields of one message type: required ones and optional ones."""

    required: Mapping[str, Check]
    optional: Mapping[str, Check]


def _schema(required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> Schema:
    return Schema(required, optional or {})


CLIENT_MESSAGES: Final[Mapping[str, Schema]] = {
    "hello": _schema(
        {"v": integer(0, 1_000_000), "name": text(MAX_NAME)},
        {
            "room": text(CODE_LENGTH, ROOM_CODE),
            "password": text(MAX_PASSWORD),
            "token": text(32, TOKEN),
            "client": text(64),
            # rooms that clients open on a server (``spit-tui serve``)
            "create": boolean,
            "game": text(24, GAME_NAME),
            "options": options,
            "public": boolean,
            "list": boolean,
            "replay": boolean,
            # a spectator (``watch``), of any server's rooms
            "watch": boolean,
        },
    ),
    "intent": _schema({"seq": integer(0, 2**31), "t": TIME_MS, "intent": text(MAX_INTENT)}),
    "pong": _schema({"id": integer(0, 2**31), "c1": TIME_MS, "c2": TIME_MS}),
    "rematch": _schema({}),
    "leave": _schema({}),
    "fetch_replay": _schema({}),
    "take_win": _schema({}),
    "play_bot": _schema({}),
}
"""Everything a client may send. ``hello`` comes first and once; ``intent`` only
during a game; ``pong`` answers the server's ``ping`` with the client's clock at
receipt (``c1``) and at sending (``c2``); ``take_win`` and ``play_bot`` answer a
``grace_over``."""


SERVER_MESSAGES: Final[Mapping[str, Schema]] = {
    "welcome": _schema(
        {
            "v": integer(0, 1_000_000),
            "room": text(CODE_LENGTH, ROOM_CODE),
            "seat": SEAT,
            "token": text(32, TOKEN),
            "names": list_of(text(MAX_NAME), 1, 2),
        },
        {"game": text(32), "watch": text(CODE_LENGTH, ROOM_CODE)},
    ),
    "watching": _schema(
        {
            "v": integer(0, 1_000_000),
            "room": text(CODE_LENGTH, ROOM_CODE),
            "names": list_of(text(MAX_NAME), 0, 2),
            "history": integer(0, 10**6),
        },
        {"game": text(32)},
    ),
    "refused": _schema(
        {"code": integer(1000, 4999), "reason": text(200)}, {"retry_after": integer(1, 86_400)}
    ),
    "ping": _schema({"id": integer(0, 2**31)}),
    "view": _schema(
        {
            "t": GAME_MS,
            "view": json_object(64),
            "events": list_of(event, 0, 10_000),
            "rtt": list_of(number(0, 1e7), 0, 2),
            "finished": boolean,
        },
        {"game": text(32)},
    ),
    "away": _schema({"seat": SEAT, "seconds_left": integer(0, 3600)}),
    "back": _schema({"seat": SEAT}),
    "grace_over": _schema({"seat": SEAT}, {"seconds_left": integer(0, 3600)}),
    "over": _schema(
        {
            "winner": nullable(SEAT),
            "reason": text(16),
            "replay": nullable(text(200, FILE_NAME)),
        },
        {"hash": text(64)},
    ),
    "rematch": _schema({"seat": SEAT}),
    "new_game": _schema({"names": list_of(text(MAX_NAME), 2, 2)}),
    "replay": _schema(
        {"name": nullable(text(200, FILE_NAME)), "text": nullable(text_block(MAX_REPLAY_TEXT))},
        {"error": text(200)},
    ),
}
"""Everything a server may send (``docs/protocol.md`` says when). A client checks each
frame against these before it uses it, as the server checks the client's."""


@dataclass(frozen=True, slots=True)
class Message:
    """A checked message: its type and its fields, each of the declared type."""

    type: str
    fields: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str) -> Any:
        return self.fields.get(key)


def parse_client(frame: str | bytes) -> Message:
    """Read and check one frame from a client. Raises ``ProtocolError``."""
    return parse(frame, CLIENT_MESSAGES, MAX_CLIENT_MESSAGE)


def parse_server(frame: str | bytes) -> Message:
    """Read and check one frame from the server. Raises ``ProtocolError``."""
    return parse(frame, SERVER_MESSAGES, MAX_SERVER_MESSAGE)


def parse(frame: str | bytes, schemas: Mapping[str, Schema], limit: int) -> Message:
    """Read one frame against ``schemas``; see the module docstring for the checks."""
    if isinstance(frame, bytes):
        raise ProtocolError("messages are text frames, not binary ones")
    if len(frame) > limit:  # characters <= bytes, so this is never too strict
        raise ProtocolError(f"a message longer than {limit} bytes", Close.TOO_BIG)
    try:
        data = _DECODER.decode(frame)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"not a JSON message ({_short(error)})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.pop("type", None)
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError(f"unknown message type {_shown(kind)}")
    fields: dict[str, Any] = {}
    for key, check in schema.required.items():
        if key not in data:
            raise ProtocolError(f"a {kind} message needs {key}")
        fields[key] = check(key, data.pop(key))
    for key, check in schema.optional.items():
        if key in data:
            fields[key] = check(key, data.pop(key))
    if data:
        raise ProtocolError(f"a {kind} message has no field {_shown(next(iter(data)))}")
    return Message(kind, fields)


def encode(kind: str, **fields: Any) -> str:
    """One message as the text of a frame (compact JSON, keys in a stable order)."""
    return _ENCODER.encode({"type": kind, **fields})


_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), allow_nan=False)
"""One encoder for every frame: ``json.dumps`` with options builds a new one per call,
which was half the cost of encoding a ping (a server of many rooms encodes thousands
of frames a second)."""


def _shown(value: Any) -> str:
    text_ = repr(value)
    return text_ if len(text_) <= 24 else text_[:21] + "..."


def _short(error: BaseException) -> str:
    return str(error).split(":")[0][:60] or type(error).__name__


def _bounded_int(literal: str) -> int:
    if len(literal.lstrip("-")) > 16:
        raise ValueError("a number with too many digits")
    return int(literal)


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError("a number out of range")
    return value


def _no_constant(literal: str) -> Any:
    raise ValueError(f"{literal} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError("a key comes twice")
    return obj


_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=_no_duplicates,
    parse_int=_bounded_int,
    parse_float=_finite,
    parse_constant=_no_constant,
)
