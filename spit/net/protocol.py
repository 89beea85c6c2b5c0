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

A view and its events are each game's own JSON (its ``spit.play.net_table.Wire``): the
envelope is typed here, the payload is carried as a bounded JSON object (``Payload``).

``docs/protocol.md`` specifies each message and the close codes.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Annotated, Any, ClassVar, Final, Literal

import msgspec
from msgspec import Meta, Struct, field
from websockets.typing import Data

from spit.core.seats import Seat
from spit.core.wire import Bounds, WireError, read
from spit.core.wire import Payload as Payload
from spit.net.codes import ROOM_CODE

PROTOCOL_VERSION: Final = 4
"""Bumped when a message changes meaning; a client of another version is refused with
``Close.VERSION`` and told which side to update. Version 3: online sessions (accounts,
quick match, invites, boards) and ``rated``; version 4: a game's views and news as the
wire written once sends them (``spit.play.net_table.ObservedWire``), Spades' too."""

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
    ACCOUNT = 4007
    """The account token was refused: forged, expired or revoked (the reason says
    which). The client may start a new guest account, or link this device again."""
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
BoundedSeat = Annotated[Seat, Meta(ge=0, le=1)]
"""A seat (``spit.core.seats.Seat``, the one seat type) as a message carries it: 0 or 1."""
Version = Annotated[int, Meta(ge=0, le=1_000_000)]
MessageId = Annotated[int, Meta(ge=0, le=2**31)]
ClockMs = Annotated[float, Meta(ge=0, le=1e13)]
"""A clock reading in milliseconds (any clock: each side's own)."""
GameMs = Annotated[int, Meta(ge=0, le=10**12)]
"""A game time in whole milliseconds since the game's first deal."""
Seconds = Annotated[int, Meta(ge=0, le=3600)]

AccountToken = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_.-]{16,400}$")]
"""An account's signed token (``spit.online.tokens``): what a device keeps, sent in the
``hello`` of an online session or a seat, never shown."""
AccountId = Annotated[str, Meta(pattern=f"^{TOKEN.pattern}$")]
"""An account's id (128 random bits in hex): a board names accounts by it."""
TypedName = Annotated[str, Meta(min_length=1, max_length=40)]
"""A name as a player typed it, to rename to or to invite: the store's rules say
whether it can be a name (``spit.online.names``), and refuse it in words otherwise."""
Variant = Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9_=.-]{0,31}$")]
"""A game's variant as ratings and queues keep them apart (``standard``, ``points``,
``target=500``: ``spit.net.variants``)."""
ShownRating = Annotated[int, Meta(ge=-1_000_000, le=1_000_000)]
"""A rating as shown (``mu`` × 60: 1500 at the start)."""
Count = Annotated[int, Meta(ge=0, le=10**9)]
BoardKind = Literal["all", "week", "day"]
InviteId = Annotated[int, Meta(ge=1, le=2**53)]
BotLevel = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9+_-]{0,23}$")]

OptionName = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_]{0,23}$")]
OptionValue = bool | Annotated[int, Meta(ge=-(10**9), le=10**9)] | IntentText
Options = Annotated[dict[OptionName, OptionValue], Meta(max_length=MAX_OPTIONS)]
"""A game's options as a client asks for them: up to ``MAX_OPTIONS`` names in lower
case, each a short text, a bounded whole number or a boolean. Whether the game knows
them is the game's to say (``GameDescriptor.net``'s ``options``)."""


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
    ``replay`` by its ``room``; on a server with accounts, ``online``: an online
    session (quick match, invites, boards, the account), as the account whose token
    is ``account`` (none: a new guest account). ``account`` with a seat sits the
    player as their account (its name, not ``name``)."""

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
    online: bool = False
    account: AccountToken | None = None

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


# --- what a client sends in an online session (``hello`` with ``online``) ----------------


class AskAccount(_Message, frozen=True, tag="account"):
    """The account and its ratings (answered by ``account``)."""


class Rename(_Message, frozen=True, tag="rename"):
    """Give the account this name (answered by ``account``, or ``problem``)."""

    name: TypedName


class MakeLinkCode(_Message, frozen=True, tag="make_link_code"):
    """A one-time code to link another device (answered by ``link_code``)."""


class RedeemLinkCode(_Message, frozen=True, tag="redeem_link_code"):
    """This device becomes the account a live code was made for (answered by
    ``signed``, with its token, or ``problem``)."""

    _printable = ("code",)
    code: Annotated[str, Meta(min_length=1, max_length=40)]


class JoinQueue(_Message, frozen=True, tag="queue"):
    """Wait for an opponent of about one's rating in ``game``'s ``variant``
    (answered by ``queued``, then ``queue_status`` each second, ``bot_offer`` after a
    while, and ``matched``)."""

    game: GameName
    variant: Variant


class Cancel(_Message, frozen=True, tag="cancel"):
    """Stop waiting: in the queue, or for an answer to one's invite."""


class AcceptBot(_Message, frozen=True, tag="accept_bot"):
    """After ``bot_offer``: play the bot offered (answered by ``matched``)."""


class Invite(_Message, frozen=True, tag="invite"):
    """Invite the player called ``name`` (who must be online) to a game of ``game``'s
    ``variant`` (answered by ``invite_sent`` or ``problem``; then ``matched``, or
    ``invite_answer`` if they decline)."""

    name: TypedName
    game: GameName
    variant: Variant


class AnswerInvite(_Message, frozen=True, tag="answer_invite"):
    """Accept or decline the invite ``id`` (``invited``)."""

    id: InviteId
    accept: bool


class AskBoard(_Message, frozen=True, tag="board"):
    """A page of one of ``game``'s boards in ``variant``, with the account's own place
    and rating history (answered by ``board``)."""

    game: GameName
    variant: Variant
    board: BoardKind = "all"
    page: Annotated[int, Meta(ge=0, le=100_000)] = 0


class PlayDaily(_Message, frozen=True, tag="daily"):
    """Play today's deal of ``game`` against the day's bot (answered by ``matched``, or
    ``problem`` for a game without one); the account's first attempt of the UTC day
    counts."""

    game: GameName


ClientMessage = (
    Hello
    | Intent
    | Pong
    | Rematch
    | FetchReplay
    | TakeWin
    | PlayBot
    | Leave
    | AskAccount
    | Rename
    | MakeLinkCode
    | RedeemLinkCode
    | JoinQueue
    | Cancel
    | AcceptBot
    | Invite
    | AnswerInvite
    | AskBoard
    | PlayDaily
)
"""Everything a client may send. ``hello`` comes first and once; ``intent`` only during
a game; ``take_win`` and ``play_bot`` answer a ``grace_over``; the rest only in an
online session (``hello`` with ``online``). No message carries a result, a rating or
a board entry: the server decides them (``SERVER_DECIDES``)."""

SERVER_DECIDES: Final = frozenset(
    {"result", "rating", "ratings", "score", "board_entry", "rated", "over"}
)
"""Message types a client may try to send to claim what only the server decides: each
is refused with words that say so (``_readable``)."""


# --- what a server sends -------------------------------------------------------------


class Welcome(_Message, frozen=True, tag="welcome"):
    """A seat: the room's code, the seat, the token to take it back, the names seated
    so far, the game, and the room's watch code (for the players to pass on)."""

    _printable = ("names", "game")
    v: Version
    room: RoomCode
    seat: BoundedSeat
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
    seat: BoundedSeat | None = None
    too_slow: bool = False
    accepted: bool = False
    beaten_by_ms: Annotated[int, Meta(ge=0, le=60_000)] | None = None


class Away(_Message, frozen=True, tag="away"):
    """A seat dropped: the seconds left of its grace."""

    seat: BoundedSeat
    seconds_left: Seconds


class Back(_Message, frozen=True, tag="back"):
    """The dropped seat is back; the game goes on."""

    seat: BoundedSeat


class GraceOver(_Message, frozen=True, tag="grace_over"):
    """The gone seat's grace ran out: answer ``take_win`` or ``play_bot`` within
    ``seconds_left``."""

    seat: BoundedSeat
    seconds_left: Seconds | None = None


class Over(_Message, frozen=True, tag="over"):
    """The game ended: the winning seat (``None``: a draw), why in one word (the game's
    own, ``"left"`` or ``"forfeit"``), the replay's file name, and the final state
    hash."""

    _printable = ("reason", "hash")
    winner: BoundedSeat | None
    reason: Annotated[str, Meta(min_length=1, max_length=16)]
    replay: FileName | None
    hash: Annotated[str, Meta(min_length=1, max_length=64)] | None = None


class RematchAsked(_Message, frozen=True, tag="rematch"):
    """That seat wants another game."""

    seat: BoundedSeat


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


# --- what a server sends in an online session, and a seat's rating after a game -------


class AccountView(Struct, frozen=True, forbid_unknown_fields=True):
    """An account as its owner sees it: its id, its name as shown (made safe by the
    server, checked printable here), and whether it chose one (a guest has not)."""

    id: AccountId
    name: Name
    named: bool


class RatingLine(Struct, frozen=True, forbid_unknown_fields=True):
    """The account's rating in one game and variant, as shown."""

    game: GameName
    variant: Variant
    rating: ShownRating
    spread: ShownRating
    games: Count
    wins: Count


class Signed(_Message, frozen=True, tag="signed"):
    """An online session's welcome (and the answer to ``redeem_link_code``): the account,
    and a ``token`` for the device to keep in place of its own when there is a new one
    (a new guest account, a linked device, a token renewed)."""

    v: Version
    account: AccountView
    token: AccountToken | None = None
    online: Count = 0
    """Accounts online on this server now."""

    def problem(self) -> str | None:
        if not self.account.name.isprintable():
            return "the account's name holds characters that are not printable"
        return super().problem()


class AccountInfo(_Message, frozen=True, tag="account"):
    """The account and its ratings (the answer to ``account`` and ``rename``)."""

    account: AccountView
    ratings: Annotated[list[RatingLine], Meta(max_length=100)] = []

    def problem(self) -> str | None:
        if not self.account.name.isprintable():
            return "the account's name holds characters that are not printable"
        return super().problem()


class LinkCode(_Message, frozen=True, tag="link_code"):
    """A one-time code that links another device, and the minutes it lasts."""

    code: Annotated[str, Meta(pattern=r"^[0-9A-Z]{4}-[0-9A-Z]{4}$")]
    minutes: Annotated[int, Meta(ge=1, le=24 * 60)]


class Problem(_Message, frozen=True, tag="problem"):
    """A request refused, the session kept: what was asked (``about``: the refused
    message's type) and why, in words for the player."""

    _printable = ("reason",)
    about: Annotated[str, Meta(pattern=r"^[a-z_]{1,24}$")]
    reason: Reason


class Queued(_Message, frozen=True, tag="queued"):
    """In the queue of ``game``'s ``variant``, with the rating it matches by."""

    game: GameName
    variant: Variant
    rating: ShownRating


class QueueStatus(_Message, frozen=True, tag="queue_status"):
    """About once a second while in the queue: the seconds waited, the players waiting
    in this queue, and the players online."""

    waited_s: Count
    waiting: Count
    online: Count


class BotOffer(_Message, frozen=True, tag="bot_offer"):
    """No opponent yet: the bot of the ``level`` whose rating is nearest the player's
    (``rating``; ``None`` for a game whose levels are not rated, whose games against
    it are then not rated: ``rated``). The player stays in the queue until they
    answer ``accept_bot`` or are matched."""

    level: BotLevel
    rating: ShownRating | None = None
    rated: bool = True


class Matched(_Message, frozen=True, tag="matched"):
    """A game is ready: sit in ``room`` with the seat's ``token`` (a ``hello`` with
    ``room`` and ``token``, as to take a seat back), in seat ``seat``, against
    ``opponent`` (a player's name, or a bot's ``bot`` level), rated or not; ``daily``
    for today's deal, ``counted`` whether this attempt counts."""

    _printable = ("opponent",)
    room: RoomCode
    token: Token
    seat: BoundedSeat
    game: GameName
    variant: Variant
    opponent: Name
    opponent_rating: ShownRating | None = None
    bot: BotLevel | None = None
    rated: bool = True
    daily: bool = False
    counted: bool = False


class Cancelled(_Message, frozen=True, tag="cancelled"):
    """Out of the queue, or the invite withdrawn: the answer to ``cancel``."""


class Invited(_Message, frozen=True, tag="invited"):
    """``name`` invites this player to a game of ``game``'s ``variant``: answer with
    ``answer_invite`` and this ``id``."""

    _printable = ("name",)
    id: InviteId
    name: Name
    game: GameName
    variant: Variant


class InviteSent(_Message, frozen=True, tag="invite_sent"):
    """The invite ``id`` is on ``name``'s screen; ``matched`` or ``invite_answer`` follows."""

    _printable = ("name",)
    id: InviteId
    name: Name


class InviteAnswer(_Message, frozen=True, tag="invite_answer"):
    """The invite ``id`` came to nothing: ``name`` declined, went away, or the time to
    answer ran out (``reason``); or, to the one invited, the inviter withdrew it."""

    _printable = ("name", "reason")
    id: InviteId
    name: Name
    reason: Reason


class BoardLine(Struct, frozen=True, forbid_unknown_fields=True):
    """A place on a board: its rank, the account's name as shown, and the figure the
    board ranks by (a rating, a week's gain, or a daily's win, points and time)."""

    rank: Annotated[int, Meta(ge=1, le=10**9)]
    name: Name
    rating: ShownRating | None = None
    """All time: the rating as shown; this week: the rating gained."""
    games: Count | None = None
    wins: Count | None = None
    won: bool | None = None
    """Today's deal: won, with the points and the time."""
    points: Annotated[int, Meta(ge=-(10**7), le=10**7)] | None = None
    time_ms: Count | None = None


class BoardPage(_Message, frozen=True, tag="board"):
    """A page of one board (``period``: ``all``, an ISO week, a UTC day), its places in
    all, the viewer's own place wherever it is, and the viewer's rating after each of
    their last rated games in this game and variant (oldest first). ``note`` says why a
    board is empty when it cannot fill (a game without a daily deal)."""

    game: GameName
    variant: Variant
    board: BoardKind
    period: Annotated[str, Meta(pattern=r"^[0-9A-Za-z-]{1,16}$")]
    total: Count
    page: Count
    size: Annotated[int, Meta(ge=1, le=100)]
    entries: Annotated[list[BoardLine], Meta(max_length=100)]
    own: BoardLine | None = None
    history: Annotated[list[ShownRating], Meta(max_length=100)] = []
    note: Reason | None = None

    def problem(self) -> str | None:
        lines = [*self.entries, *([] if self.own is None else [self.own])]
        if not all(line.name.isprintable() for line in lines):
            return "a board's names hold characters that are not printable"
        if self.note is not None and not self.note.isprintable():
            return "note holds characters that are not printable"
        return super().problem()


class SeatRating(Struct, frozen=True, forbid_unknown_fields=True):
    """One seat's rating before and after a game, as shown."""

    seat: BoundedSeat
    before: ShownRating
    after: ShownRating


class Rated(_Message, frozen=True, tag="rated"):
    """After ``over``, on a server with accounts, once the result is recorded: each
    rated seat's rating before and after, or why the game rated no one (``unrated``);
    ``note`` says what became of a daily attempt."""

    _printable = ("unrated", "note")
    seats: Annotated[list[SeatRating], Meta(max_length=2)] = []
    unrated: Reason | None = None
    note: Reason | None = None


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
    | Signed
    | AccountInfo
    | LinkCode
    | Problem
    | Queued
    | QueueStatus
    | BotOffer
    | Matched
    | Cancelled
    | Invited
    | InviteSent
    | InviteAnswer
    | BoardPage
    | Rated
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
        kind = expected.removeprefix("Invalid value ")
        if kind.strip("'") in SERVER_DECIDES:
            return f"a client cannot send {kind}: the server decides results, ratings, boards"
        return f"unknown message type {kind}"
    return reason


def encode(message: ClientMessage | ServerMessage) -> str:
    """One message as the text of a frame (compact JSON, its ``type`` first, then its
    fields in the order of its Struct; an optional field at its default left out)."""
    return _ENCODER.encode(message).decode("utf-8")


_ENCODER: Final = msgspec.json.Encoder()
