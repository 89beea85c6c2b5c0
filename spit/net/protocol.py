"""The messages between a client and the server, typed, and checked strictly on both sides.

Every message is one WebSocket text frame holding one JSON object whose ``type`` names
its kind. Each kind is a frozen ``msgspec.Struct`` here, tagged with that name, so
``ClientMessage`` (what a client may send) and ``ServerMessage`` (what a server may
send) are tagged unions: a frame is read into exactly one of their Structs, or refused.

The first message of a connection is the client's ``Hello``, which carries the
protocol version; the server answers ``Welcome`` or closes with a reason. Everything
is checked before use (``parse_client``, ``parse_server``): the size of the frame, the
JSON (``spit.core.wire``: bounded numbers and nesting, no key twice, no NaN), the
type, and every field's type, range, length and form; a field that is not in the
message's Struct is refused too, so a message means exactly one thing. A client that
sends anything else is disconnected with ``Close.PROTOCOL`` and the reason; the game
and the other connections are not touched. A client checks the server's frames the
same way, and closes a connection that sends it anything else.

An optional field left out and the same field sent as ``null`` mean the same; a
Struct writes neither (``omit_defaults``).

A view and its events are each game's own JSON (``NetTable``): the envelope is typed
here, the payload is carried as a bounded JSON object (``Payload``).

``docs/protocol.md`` specifies each message and the close codes.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Annotated, Any, ClassVar, Final

import msgspec
from msgspec import Meta, Struct, field
from websockets.typing import Data

from spit.core.wire import Bounds, WireError, read
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

MAX_DIGITS: Final = 16
"""Digits of an integer in a frame (every number of the protocol fits)."""

CLIENT_FRAME: Final = Bounds(size=MAX_CLIENT_MESSAGE, digits=MAX_DIGITS)
SERVER_FRAME: Final = Bounds(size=MAX_SERVER_MESSAGE, digits=MAX_DIGITS)

MAX_NAME: Final = 24
MAX_INTENT: Final = 32
MAX_PASSWORD: Final = 64
MAX_OPTIONS: Final = 8
MAX_LISTED: Final = 100
"""Rooms a ``rooms`` answer holds at most."""

TOKEN: Final = re.compile(r"[0-9a-f]{32}")
"""A rejoin token: 128 random bits in hex."""
GAME_NAME: Final = re.compile(r"[a-z][a-z0-9_-]{0,23}")
"""A registered game's name as a client sends it (``spit``, ``spades``)."""
FILE_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}")
"""A replay's file name as the server gives it: no path, no hidden file, nothing to
read as a terminal's control sequence (``save_replay`` checks it again)."""


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


# --- the fields' types ---------------------------------------------------------------
# Text is also checked to be printable, by the message that holds it (``_printable``).

Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
"""A player's name: 1 to 24 printable characters."""
Password = Annotated[str, Meta(min_length=1, max_length=MAX_PASSWORD)]
ClientName = Annotated[str, Meta(min_length=1, max_length=64)]
"""What a client says it is (``spit-tui 0.2``): free text, read by nobody."""
RoomCode = Annotated[str, Meta(pattern=f"^{ROOM_CODE.pattern}$")]
Token = Annotated[str, Meta(pattern=f"^{TOKEN.pattern}$")]
GameName = Annotated[str, Meta(pattern=f"^{GAME_NAME.pattern}$")]
GameTitle = Annotated[str, Meta(min_length=1, max_length=32)]
"""A game's name as the server says it (a registered name)."""
FileName = Annotated[str, Meta(pattern=f"^{FILE_NAME.pattern}$")]
Reason = Annotated[str, Meta(min_length=1, max_length=200)]
IntentText = Annotated[str, Meta(min_length=1, max_length=MAX_INTENT)]
Seat = Annotated[int, Meta(ge=0, le=1)]
Version = Annotated[int, Meta(ge=0, le=1_000_000)]
MessageId = Annotated[int, Meta(ge=0, le=2**31)]
ClockMs = Annotated[float, Meta(ge=0, le=1e13)]
"""A clock reading in milliseconds (any clock: each side's own)."""
GameMs = Annotated[int, Meta(ge=0, le=10**12)]
"""A game time in whole milliseconds since the game's first deal."""
Seconds = Annotated[int, Meta(ge=0, le=3600)]

OptionName = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_]{0,23}$")]
OptionValue = bool | Annotated[int, Meta(ge=-(10**9), le=10**9)] | IntentText
Options = Annotated[dict[OptionName, OptionValue], Meta(max_length=MAX_OPTIONS)]
"""A game's options as a client asks for them: up to ``MAX_OPTIONS`` names in lower
case, each a short text, a bounded whole number or a boolean. Whether the game knows
them is the game's to say (``GameDescriptor.net_options``)."""

PayloadKey = Annotated[str, Meta(min_length=1, max_length=32)]
Payload = Annotated[dict[PayloadKey, Any], Meta(max_length=64)]
"""A game's own JSON object (a seat's view, one event): at most 64 keys, each a short
text; its values the game's, bounded by the frame's size and nesting (``SERVER_FRAME``).
A later issue gives each game a typed codec for it."""


class _Message(
    Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="type",
):
    """A message of the protocol: a tagged, frozen Struct, no field outside it."""

    _printable: ClassVar[tuple[str, ...]] = ()
    """The fields of text (or lists of text) that must be printable: a person reads
    them, and a terminal must not take them for control sequences."""

    @property
    def kind(self) -> str:
        """The message's type, as its frame's ``type`` says it (``"hello"``)."""
        return str(self.__struct_config__.tag)

    def problem(self) -> str | None:
        """What is wrong with this message, read from outside, that its fields' types
        cannot say (text that is not printable), or ``None``. Checked by
        ``parse_client`` and ``parse_server``, not when a message is made here."""
        for name in self._printable:
            value = getattr(self, name)
            texts = value if isinstance(value, list) else [value]
            if not all(text is None or text.isprintable() for text in texts):
                return f"{name} holds characters that are not printable"
        return None


# --- what a client sends -------------------------------------------------------------


class Hello(_Message, frozen=True, tag="hello"):
    """First, and once: who this is, and what they want. A seat by ``room`` (and
    ``password``), or back by ``token``; ``watch``: a spectator of ``room`` (its code
    or its watch code); on a server for many rooms, ``create`` a room (with ``game``,
    ``options``, ``public``), ``list`` the public ones, or a finished game's
    ``replay`` by its ``room``."""

    _printable = ("name", "password", "client")
    v: Version
    name: Name
    room: RoomCode | None = None
    password: Password | None = None
    token: Token | None = None
    client: ClientName | None = None
    create: bool = False
    game: GameName | None = None
    options: Options | None = None
    public: bool = False
    list_rooms: bool = field(default=False, name="list")
    replay: bool = False
    watch: bool = False

    def problem(self) -> str | None:
        for name, value in (self.options or {}).items():
            if isinstance(value, str) and not value.isprintable():
                return f"the option {name} holds characters that are not printable"
        return super().problem()


class Intent(_Message, frozen=True, tag="intent"):
    """What a key meant, in the game's notation, stamped with the client's clock ``t``;
    ``seq`` above every one before it on the connection."""

    _printable = ("text",)
    seq: MessageId
    t: ClockMs
    text: IntentText = field(name="intent")


class Pong(_Message, frozen=True, tag="pong"):
    """The answer to ``Ping`` ``id``: the client's clock when it came (``c1``) and when
    it answered (``c2``)."""

    id: MessageId
    c1: ClockMs
    c2: ClockMs


class Rematch(_Message, frozen=True, tag="rematch"):
    """After ``over``: another game in this room, once both asked."""


class FetchReplay(_Message, frozen=True, tag="fetch_replay"):
    """After ``over``: the replay of the game just over (answered by ``replay``)."""


class TakeWin(_Message, frozen=True, tag="take_win"):
    """After ``grace_over``: end the game, won by forfeit."""


class PlayBot(_Message, frozen=True, tag="play_bot"):
    """After ``grace_over``: go on against a bot in the gone seat."""


class Leave(_Message, frozen=True, tag="leave"):
    """The player leaves; a game still on is conceded."""


ClientMessage = Hello | Intent | Pong | Rematch | FetchReplay | TakeWin | PlayBot | Leave
"""Everything a client may send. ``hello`` comes first and once; ``intent`` only during
a game; ``take_win`` and ``play_bot`` answer a ``grace_over``."""


# --- what a server sends -------------------------------------------------------------


class Welcome(_Message, frozen=True, tag="welcome"):
    """A seat: the room's code, the seat, the token to take it back, the names seated
    so far, the game, and the room's watch code (for the players to pass on)."""

    _printable = ("names", "game")
    v: Version
    room: RoomCode
    seat: Seat
    token: Token
    names: Annotated[list[Name], Meta(min_length=1, max_length=2)]
    game: GameTitle | None = None
    watch: RoomCode | None = None


class Watching(_Message, frozen=True, tag="watching"):
    """A spectator's welcome: the code it watches by (as it gave it), the names seated
    so far, and how many ``view`` frames of the game so far follow."""

    _printable = ("names", "game")
    v: Version
    room: RoomCode
    names: Annotated[list[Name], Meta(max_length=2)]
    history: Annotated[int, Meta(ge=0, le=10**6)]
    game: GameTitle | None = None


class Refused(_Message, frozen=True, tag="refused"):
    """Why the server closes the connection, and with which code; ``retry_after``:
    the seconds after which trying again may succeed."""

    _printable = ("reason",)
    code: Annotated[int, Meta(ge=1000, le=4999)]
    reason: Reason
    retry_after: Annotated[int, Meta(ge=1, le=86_400)] | None = None


class Ping(_Message, frozen=True, tag="ping"):
    """Answer with ``Pong``: the server times the round trip."""

    id: MessageId


class View(_Message, frozen=True, tag="view"):
    """A seat's view at game time ``t`` (the game's own object), the news since the
    last one, both seats' round trips (ms), whether the game is finished."""

    _printable = ("game",)
    t: GameMs
    view: Payload
    events: Annotated[list[Payload], Meta(max_length=10_000)]
    rtt: Annotated[list[Annotated[float, Meta(ge=0, le=1e7)]], Meta(max_length=2)]
    finished: bool
    game: GameTitle | None = None

    def problem(self) -> str | None:
        for event in self.events:
            try:
                kind = msgspec.convert(event, _EventFields, strict=True).kind
            except msgspec.ValidationError as error:
                return f"an event is not in the expected form ({error})"
            if not kind.isprintable():
                return "an event's kind holds characters that are not printable"
        return super().problem()


class _EventFields(Struct, frozen=True):
    """What every event must have (a ``kind``), and the types of the fields a client
    reads of it; the rest of an event is its game's."""

    kind: Annotated[str, Meta(min_length=1, max_length=24)]
    t: GameMs | None = None
    seat: Seat | None = None
    too_slow: bool = False
    accepted: bool = False
    beaten_by_ms: Annotated[int, Meta(ge=0, le=60_000)] | None = None


class Away(_Message, frozen=True, tag="away"):
    """A seat dropped: the seconds left of its grace."""

    seat: Seat
    seconds_left: Seconds


class Back(_Message, frozen=True, tag="back"):
    """The dropped seat is back; the game goes on."""

    seat: Seat


class GraceOver(_Message, frozen=True, tag="grace_over"):
    """The gone seat's grace ran out: answer ``take_win`` or ``play_bot`` within
    ``seconds_left``."""

    seat: Seat
    seconds_left: Seconds | None = None


class Over(_Message, frozen=True, tag="over"):
    """The game ended: the winning seat (``None``: a draw), why in one word (the game's
    own, ``"left"`` or ``"forfeit"``), the replay's file name, and the final state
    hash."""

    _printable = ("reason", "hash")
    winner: Seat | None
    reason: Annotated[str, Meta(min_length=1, max_length=16)]
    replay: FileName | None
    hash: Annotated[str, Meta(min_length=1, max_length=64)] | None = None


class RematchAsked(_Message, frozen=True, tag="rematch"):
    """That seat wants another game."""

    seat: Seat


class NewGame(_Message, frozen=True, tag="new_game"):
    """A game starts (the first, or after a rematch): both names, by seat."""

    _printable = ("names",)
    names: Annotated[list[Name], Meta(min_length=2, max_length=2)]


class ReplayText(_Message, frozen=True, tag="replay"):
    """A replay: its file name and its text; or both ``None`` and why (``error``)."""

    _printable = ("error",)
    name: FileName | None
    text: Annotated[str, Meta(max_length=MAX_REPLAY_TEXT)] | None
    error: Reason | None = None

    def problem(self) -> str | None:
        text = self.text
        if text is not None and not text.replace("\n", "").replace("\r", "").isprintable():
            return "text holds control characters"
        return super().problem()


class ListedRoom(Struct, frozen=True, forbid_unknown_fields=True):
    """A room as a ``rooms`` answer lists it: its code, its game, who waits in it, and
    whether it needs a password (never the password)."""

    room: RoomCode
    game: GameName
    names: Annotated[list[Name], Meta(min_length=1, max_length=2)]
    password: bool


class Rooms(_Message, frozen=True, tag="rooms"):
    """The answer to a ``hello`` with ``list``: the public rooms waiting for a second
    player, and whether this server opens rooms (``spit-tui serve``) or holds only its
    own (``spit-tui host``)."""

    rooms: Annotated[list[ListedRoom], Meta(max_length=MAX_LISTED)]
    create: bool = True

    def problem(self) -> str | None:
        if not all(name.isprintable() for room in self.rooms for name in room.names):
            return "a listed room's names hold characters that are not printable"
        return super().problem()


ServerMessage = (
    Welcome
    | Watching
    | Refused
    | Ping
    | View
    | Away
    | Back
    | GraceOver
    | Over
    | RematchAsked
    | NewGame
    | ReplayText
    | Rooms
)
"""Everything a server may send (``docs/protocol.md`` says when). A client checks each
frame against these before it uses it, as the server checks the client's."""


# --- reading and writing -------------------------------------------------------------


def parse_client(frame: Data) -> ClientMessage:
    """Read and check one frame from a client. Raises ``ProtocolError``."""
    message: ClientMessage = _parse(frame, ClientMessage, CLIENT_FRAME)
    return message


def parse_server(frame: Data) -> ServerMessage:
    """Read and check one frame from the server. Raises ``ProtocolError``."""
    message: ServerMessage = _parse(frame, ServerMessage, SERVER_FRAME)
    return message


def _parse(frame: Data, into: Any, bounds: Bounds) -> Any:
    if not isinstance(frame, str):
        raise ProtocolError("messages are text frames, not binary ones")
    try:
        message: _Message = read(frame, into, bounds)
    except WireError as error:
        if error.too_large:
            raise ProtocolError(f"a message {error.message}", Close.TOO_BIG) from None
        raise ProtocolError(_quoted_safely(_readable(error.message))) from None
    problem = message.problem()
    if problem is not None:
        raise ProtocolError(f"a {message.kind} message: {problem}")
    return message


MAX_REASON: Final = 100
"""Characters of a refusal's reason: it quotes the peer's text (an unknown field's
name), and a close frame holds 123 bytes."""


def _quoted_safely(reason: str) -> str:
    """``reason`` with any character that is not printable escaped (``\\x1b``), and cut
    to ``MAX_REASON``: it goes back to the peer, and into the server's counts."""
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in reason)
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 3] + "..."


def _readable(reason: str) -> str:
    """msgspec's reason, as it is (``Expected `int`, got `str` - at `$.seq```), but
    for a field not in its pattern's form, and a type that is not a message's."""
    expected, _, where = reason.partition(" - at ")
    if "matching regex" in expected:
        return f"{where} is not in the expected form"
    if expected.startswith("Invalid value ") and where == "`$.type`":
        return f"unknown message type {expected.removeprefix('Invalid value ')}"
    return reason


def encode(message: ClientMessage | ServerMessage) -> str:
    """One message as the text of a frame (compact JSON, its ``type`` first, then its
    fields in the order of its Struct; an optional field at its default left out)."""
    return _ENCODER.encode(message).decode("utf-8")


_ENCODER: Final = msgspec.json.Encoder()
