"""The client side of an online session: the account, the queue, invites, boards.

``sign_in`` opens a session with the server at an address as the account whose token
this machine keeps for it (``spit.net.credentials``), or as a new guest account when
it keeps none, and keeps any new token the server gives. A token the server refuses
(forged, expired, revoked) raises ``AccountRefused`` with the server's reason: the
caller offers to start a new guest account (``sign_in(..., fresh=True)``).

``OnlineClient`` keeps what the server last said (the queue's status, a bot offer, a
match, invites, problems) for a screen to read when ``changed`` is set, as
``spit.net.client.NetClient`` does for a game; requests with one answer (the account,
a rename, a link code, a board) are awaited (``ask``). Every frame is checked against
the protocol (``parse_server``) before it is used.
"""

from __future__ import annotations

import asyncio
import contextlib
from ssl import SSLContext
from typing import Final, TypeVar

from msgspec.structs import replace
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from spit.net.addresses import Address
from spit.net.credentials import AccountTokens
from spit.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    AcceptBot,
    AccountInfo,
    AnswerInvite,
    AskAccount,
    AskBoard,
    BoardKind,
    BoardPage,
    BotOffer,
    Cancel,
    Cancelled,
    ClientMessage,
    Close,
    Hello,
    Invite,
    InviteAnswer,
    Invited,
    InviteSent,
    JoinQueue,
    LinkCode,
    MakeLinkCode,
    Matched,
    PlayDaily,
    Problem,
    ProtocolError,
    Queued,
    QueueStatus,
    RedeemLinkCode,
    Refused,
    Rename,
    ServerMessage,
    Signed,
    encode,
    parse_server,
)

M = TypeVar("M", bound=ServerMessage)

ASKED: Final = frozenset({"account", "rename", "make_link_code", "redeem_link_code", "board"})
"""Requests with one answer: a ``problem`` about one of them answers it."""

CLIENT_NAME: Final = "online"
"""The ``hello``'s name (the schema asks for one; the account's name is the one shown)."""


class AccountRefused(Exception):
    """The server refused this machine's token for it (forged, expired, revoked): the
    message is the server's reason (pass it through ``safe_text`` to show it)."""


class OnlineRefused(Exception):
    """The server refused a request and kept the session (``problem``): a name taken,
    a code that is not valid, too many requests; the message is its reason."""


class OnlineClient:
    """One online session (see the module docstring)."""

    def __init__(self) -> None:
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._answers: asyncio.Queue[ServerMessage] = asyncio.Queue(maxsize=8)
        self._asking = asyncio.Lock()
        self.signed: Signed | None = None
        """The server's welcome: the account (and a new token, if it gave one)."""
        self.online = 0
        """Accounts online on the server, as it last said."""
        self.queued: Queued | None = None
        self.status: QueueStatus | None = None
        self.offer: BotOffer | None = None
        self.matched: Matched | None = None
        """The last match: the room to sit in, and the seat's token."""
        self.invites: dict[int, Invited] = {}
        """Invites to this player still open, by id."""
        self.sent: InviteSent | None = None
        """This player's invite out, until it is answered."""
        self.answer: InviteAnswer | None = None
        """The last invite that came to nothing (declined, lapsed, withdrawn)."""
        self.problems: list[Problem] = []
        """Refusals of what has no answer of its own (a queue join, an invite)."""
        self.ended: str | None = None
        """Why the session ended, once it has (the server's words)."""
        self.changed = asyncio.Event()

    @property
    def connected(self) -> bool:
        return self.signed is not None and self.ended is None

    async def connect(
        self, uri: str, token: str | None = None, *, ssl: SSLContext | None = None
    ) -> Signed:
        """Open the session as the account of ``token`` (none: a new guest account).
        Raises ``AccountRefused`` for a token refused, ``ProtocolError`` for any other
        refusal or a bad answer, and what ``websockets`` raises for a line that fails."""
        ws = await connect(uri, max_size=MAX_SERVER_MESSAGE, open_timeout=10, ssl=ssl)
        self._ws = ws
        hello = Hello(v=PROTOCOL_VERSION, name=CLIENT_NAME, online=True, account=token)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(hello))
        try:
            first = parse_server(await ws.recv())
        except ConnectionClosed as gone:
            reason = gone.rcvd.reason if gone.rcvd is not None else ""
            raise ProtocolError(reason or "the server closed the connection") from None
        if isinstance(first, Refused):
            await ws.close()
            if first.code == Close.ACCOUNT:
                raise AccountRefused(first.reason)
            raise ProtocolError(first.reason, Close.REFUSED, retry_after=first.retry_after)
        if not isinstance(first, Signed):
            await ws.close()
            raise ProtocolError(f"the server sent {first.kind} first")
        self.signed = first
        self.online = first.online
        self.ended = None
        self._reader = asyncio.get_running_loop().create_task(self._read_all(ws))
        return first

    async def close(self) -> None:
        ws, reader = self._ws, self._reader
        self._ws = self._reader = None
        if ws is not None:
            await ws.close()
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader

    # --- requests with one answer ------------------------------------------------------

    async def account(self) -> AccountInfo:
        return await self.ask(AskAccount(), AccountInfo)

    async def rename(self, name: str) -> AccountInfo:
        """Choose the account's name; ``signed`` carries the new one once it is taken."""
        info = await self.ask(Rename(name=name), AccountInfo)
        if self.signed is not None:
            self.signed = replace(self.signed, account=info.account)
        return info

    async def make_link_code(self) -> LinkCode:
        return await self.ask(MakeLinkCode(), LinkCode)

    async def redeem_link_code(self, code: str) -> Signed:
        """This machine becomes the account the code was made for: the answer carries
        its token, for the caller to keep (``sign_in`` does)."""
        signed = await self.ask(RedeemLinkCode(code=code), Signed)
        self.signed = signed
        return signed

    async def board(
        self, game: str, variant: str, board: BoardKind = "all", page: int = 0
    ) -> BoardPage:
        return await self.ask(
            AskBoard(game=game, variant=variant, board=board, page=page), BoardPage
        )

    async def ask(self, message: ClientMessage, answer: type[M], timeout_s: float = 15.0) -> M:
        """Send a request and wait for its answer. Raises ``OnlineRefused`` (the
        server's ``problem``), ``ProtocolError`` (another answer, or the session
        ended), ``TimeoutError``."""
        async with self._asking:
            while not self._answers.empty():
                self._answers.get_nowait()
            await self._send(message)
            got = await asyncio.wait_for(self._answers.get(), timeout_s)
        if isinstance(got, Problem):
            raise OnlineRefused(got.reason)
        if isinstance(got, Refused):
            raise ProtocolError(got.reason)
        if not isinstance(got, answer):
            raise ProtocolError(f"the server answered {got.kind} to {message.kind}")
        return got

    # --- requests answered over time ---------------------------------------------------

    async def join_queue(self, game: str, variant: str) -> None:
        self.matched = self.offer = self.status = None
        await self._send(JoinQueue(game=game, variant=variant))

    async def cancel(self) -> None:
        """Out of the queue, and one's invite withdrawn."""
        self.queued = self.offer = self.status = self.sent = None
        await self._send(Cancel())

    async def accept_bot(self) -> None:
        await self._send(AcceptBot())

    async def invite(self, name: str, game: str, variant: str) -> None:
        self.answer = None
        await self._send(Invite(name=name, game=game, variant=variant))

    async def answer_invite(self, invite_id: int, accept: bool) -> None:
        self.invites.pop(invite_id, None)
        await self._send(AnswerInvite(id=invite_id, accept=accept))

    async def play_daily(self, game: str) -> None:
        self.matched = None
        await self._send(PlayDaily(game=game))

    # --- reading -----------------------------------------------------------------------

    async def _send(self, message: ClientMessage) -> None:
        if self._ws is None or self.ended is not None:
            raise ProtocolError(self.ended or "the session is closed")
        await self._ws.send(encode(message))

    async def _read_all(self, ws: ClientConnection) -> None:
        try:
            async for frame in ws:
                self._take(parse_server(frame))
                self.changed.set()
        except ProtocolError as error:
            self.ended = f"the server sent a bad message: {error.reason}"
            await ws.close(int(error.code), error.reason[:120])
        except ConnectionClosed:
            pass
        finally:
            if self.ended is None:
                self.ended = ws.close_reason or "the connection was closed"
            with contextlib.suppress(asyncio.QueueFull):  # an ask waiting hears of it
                self._answers.put_nowait(Refused(code=1000, reason=self.ended))
            self.changed.set()

    def _take(self, message: ServerMessage) -> None:
        match message:
            case Problem() if message.about in ASKED:
                self._answer(message)
            case Problem():
                self.problems.append(message)
                if message.about in ("invite", "answer_invite"):
                    self.sent = None
            case AccountInfo() | LinkCode() | BoardPage() | Signed():
                self._answer(message)
            case Queued():
                self.queued, self.offer = message, None
            case QueueStatus():
                self.status = message
                self.online = message.online
            case BotOffer():
                self.offer = message
            case Matched():
                self.matched = message
                self.queued = self.status = self.offer = self.sent = None
            case Cancelled():
                self.queued = self.status = self.offer = self.sent = None
            case Invited():
                self.invites[message.id] = message
            case InviteSent():
                self.sent = message
            case InviteAnswer():
                self.invites.pop(message.id, None)
                if self.sent is not None and self.sent.id == message.id:
                    self.sent = None
                self.answer = message
            case Refused():
                self.ended = message.reason

    def _answer(self, message: ServerMessage) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self._answers.put_nowait(message)


async def sign_in(
    address: Address,
    tokens: AccountTokens,
    *,
    ssl: SSLContext | None = None,
    fresh: bool = False,
) -> OnlineClient:
    """An online session with the server at ``address``, as the account this machine
    keeps a token for there (``fresh``: forget it, and start a new guest account); a
    token the server gives (a new account, one renewed) is kept. Raises
    ``AccountRefused``, ``ProtocolError``, ``CredentialsError`` and what connecting
    raises (``spit.tui.net.link.reaching`` turns those into words)."""
    if fresh:
        tokens.forget(address)
    client = OnlineClient()
    signed = await client.connect(address.uri, tokens.get(address), ssl=ssl)
    if signed.token is not None:
        tokens.put(address, signed.token)
    return client


async def redeem(
    client: OnlineClient, address: Address, tokens: AccountTokens, code: str
) -> Signed:
    """Redeem a link code in ``client``'s session and keep the account's token."""
    signed = await client.redeem_link_code(code)
    if signed.token is not None:
        tokens.put(address, signed.token)
    return signed
