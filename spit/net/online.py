"""Online play on a server with accounts: sessions, quick match, invites, boards, and
the results the server decided.

``spit-tui serve`` gives its ``GameServer`` an ``OnlineService`` over an
``spit.online.store.OnlineStore``. A client opens an *online session* (``hello`` with
``online``, and the account's token in ``account``; without one the server makes a
guest account and sends its token in ``signed``). Over it the player:

- reads and renames the account, makes or redeems a link code (``account``,
  ``rename``, ``make_link_code``, ``redeem_link_code``);
- waits in the quick-match queue (``queue``; ``spit.net.matchmaking`` pairs by rating),
  is offered the bot nearest their rating after ``Limits.bot_offer_s`` (``bot_offer``,
  ``accept_bot``), or cancels (``cancel``);
- invites a friend who is online by name (``invite``), who accepts or declines
  (``invited``, ``answer_invite``; ``spit.net.presence``);
- reads the boards with their own place and rating history (``board``);
- plays today's deal against the day's bot (``daily``).

A match becomes a room the server opens (``GameServer.open_match``): ``matched`` gives
each player the room's code and their seat's token, and the client sits down with a
``hello`` of ``room`` and ``token``, as when taking a seat back, so the room is an
ordinary one: server-authoritative, fairly ordered, nothing hidden sent, rejoined the
same way. Its chairs are named by the accounts' names.

When a game of such a room ends (by its rules, a forfeit, a leave, the grace running
out), the server builds the ``GameResult`` from the table's own result and the seats'
accounts, records it (``record_result``: on disk when it returns) and only then tells
each player their rating's change (``rated``). The policy is the store's
(``spit.online.rating``): a leaver loses, a game the server failed in is rated for no
one. A room closed with its game unfinished: against a bot, the player who went away
loses it (left); between two players who both went away, or when the server failed,
it is recorded aborted. A daily game's result enters today's board only once the
server has read its replay back and re-played it (``verify_any``) to the same end.

No client message carries a result, a rating or a board entry (``spit.net.protocol``):
every figure comes from a game the server ran. Rooms opened by code (``create``,
``spit-tui host``) are friendly: their games are not recorded.

The queue, presence and invites are behind small interfaces with in-memory
implementations; with ``join_cluster`` several processes share the queue, presence
and rate counters in Redis (``spit.net.shared``): a pairing of players of two
processes opens the room on the first's, and the second's process tells its player,
who reaches the room through any process (``spit.net.shared.relay``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol
from urllib.parse import parse_qs

from msgspec.structs import replace
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spit.core.safe_text import safe_text
from spit.core.seats import SEATS, Seat
from spit.games.registry import by_name
from spit.games.replays import parse_any_replay, verify_any
from spit.net.limits import Limits, TokenBucket
from spit.net.matchmaking import MatchQueue, MemoryQueue, Pairing, Waiting
from spit.net.presence import Invites, MemoryInvites, MemoryPresence, PendingInvite, Presence
from spit.net.protocol import (
    PROTOCOL_VERSION,
    AcceptBot,
    AccountInfo,
    AccountView,
    AnswerInvite,
    AskAccount,
    AskBoard,
    BoardLine,
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
    Rated,
    RatingLine,
    RedeemLinkCode,
    Rename,
    SeatRating,
    ServerMessage,
    Signed,
    encode,
    parse_client,
)
from spit.net.rates import ActionRates, AddressRates
from spit.net.shared.notices import (
    Answer,
    Invitation,
    Lost,
    Notice,
    Pair,
    SeatFound,
    SharedPlan,
    SharedSeat,
    Waiter,
)
from spit.net.tables import table_factory
from spit.net.variants import GameVariant, online_games, variant, variants
from spit.online.boards import AllTimeFigures, Board, BoardEntry, DayFigures, WeekFigures
from spit.online.errors import OnlineError, RateLimited, StoreError, TokenRefused
from spit.online.rating import START, Rating
from spit.online.results import DailyScore, GameResult, Reason, Seated
from spit.online.store import Account, OnlineStore

if TYPE_CHECKING:
    from spit.net.room import NetTable, Room, TableFactory
    from spit.net.shared.redis_cluster import LostRoom, RedisCluster

log = logging.getLogger(__name__)

OUTBOX: Final = 256
"""Frames waiting to go out to one session; a session that lets more pile up is too
slow to follow, and is closed."""
SESSION_BURST: Final = 20
SESSION_RATE: Final = 4.0
"""Messages an online session may send at once, and a second after that: a person
clicks far less; beyond both a message is dropped, and many dropped close it."""
FLOOD_CLOSE: Final = 200
LINK_MINUTES: Final = 10
HISTORY: Final = 30
"""Rating changes a board's answer carries of the viewer's history."""
MAX_QUERY: Final = 512
"""Characters of a ``GET /leaderboard`` query string read at most."""

REASONS: Final[Mapping[str, Reason]] = {
    "cards": Reason.CARDS,
    "points": Reason.POINTS,
    "left": Reason.LEFT,
    "forfeit": Reason.FORFEIT,
}
"""A table's word for how its game ended -> the store's; any other word of a game's
own (its rules decided it) is ``POINTS``."""

REMOTE_INVITES: Final = 10_000
"""Invites of other processes remembered at most (the oldest forgotten)."""

_DATABASE_DOWN: Final = "the server's records cannot be reached just now: try again later"


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """A seat of a room the server opens for a match: a player (by their account, shown
    by its name) or a bot (by its level)."""

    name: str
    account: str | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class DailyGame:
    """A game's deal of one UTC day: its variant, the bot to play, and the day's seed
    (which the server mixes with a secret of its own: ``OnlineService.daily_seed``)."""

    variant: str
    bot: str
    seed: int


DailyDeals = Mapping[str, Callable[[date], DailyGame]]
"""Each game's daily deal, by its registered name: given by the command, for
``spit.net`` knows no game (a game without one has no daily board)."""


class MatchRooms(Protocol):
    """What the service needs of its server (``spit.net.server.GameServer``): rooms
    for matches, where they are recorded, and the per-address count of wrong codes
    (a refused token is one)."""

    rates: AddressRates

    @property
    def replay_dir(self) -> Path | None: ...

    def open_match(
        self, game: str, make_table: TableFactory, seats: Sequence[MatchSeat]
    ) -> Room: ...


MatchTables = Callable[[str, Mapping[str, Any], "int | None", "Path | None"], "TableFactory"]
"""How a match's tables are made: (game, the variant's options with ``bot_level`` for a
bot's seat, a seed or ``None`` for random ones, the replays' folder) -> a room's
factory. By default the registry's (``spit.net.server.table_factory``); a test makes
its games short."""


@dataclass
class _Plan:
    """What the server knows of a room it opened for a match, beyond the room: the
    game's variant, who sits where, whether it is played for ratings, the daily
    attempt it is, and which of its games were recorded."""

    game: str
    variant: str
    seats: tuple[MatchSeat, ...]
    rated: bool
    daily: bool = False
    """A room of today's deal: its first game is the attempt, its rematches friendly."""
    daily_attempt: int | None = None
    """The store's attempt, when the first game counts (the account's first of the day)."""
    recorded: int = 0
    key: str = field(default_factory=lambda: secrets.token_hex(8))
    """Makes each game's key unique (``GameResult.game_key``): ``key-N``."""
    room: Room | None = None

    def shared(self) -> SharedPlan:
        """What the other processes keep of it (``spit.net.shared``), to end its game
        as the policy says if this process dies."""
        return SharedPlan(
            game=self.game,
            variant=self.variant,
            seats=tuple(SharedSeat(s.account, s.bot) for s in self.seats),
            rated=self.rated,
            key=self.key,
            games=0 if self.room is None else self.room.games,
            recorded=self.recorded,
        )


class _Session:
    """One online session: its connection, the account, and what it waits for."""

    def __init__(self, ws: ServerConnection, account: Account, address: str) -> None:
        self.ws = ws
        self.account = account
        self.address = address
        self.outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=OUTBOX)
        self.offer: BotOffer | None = None
        """The bot offered to this session's player while in the queue."""
        self.too_slow = False

    def send(self, message: ServerMessage) -> None:
        """Queue a message for the session's writer; a session too slow to take them
        is closed."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """``send`` for a message encoded already (one another process made)."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            if not self.too_slow:
                self.too_slow = True
                asyncio.get_running_loop().create_task(
                    self.ws.close(int(Close.BEHIND), "too slow to follow the server")
                )


class OnlineService:
    """See the module docstring. ``store`` keeps the accounts and records;
    ``queue``, ``presence`` and ``invites`` default to in-memory ones; ``dailies`` are
    the games' daily deals, their seeds mixed with ``daily_secret``; ``clock`` is the
    server's monotonic one (seconds), ``wall`` the time of day (aware UTC)."""

    def __init__(
        self,
        store: OnlineStore,
        *,
        limits: Limits | None = None,
        queue: MatchQueue | None = None,
        presence: Presence | None = None,
        invites: Invites | None = None,
        dailies: DailyDeals | None = None,
        daily_secret: bytes = b"",
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], datetime] | None = None,
        tables: MatchTables | None = None,
    ) -> None:
        self.store = store
        self._tables = tables or _registry_tables
        self.limits = limits or Limits()
        self.queue = queue or MemoryQueue()
        self.presence = presence or MemoryPresence()
        self.invites = invites or MemoryInvites(self.limits.invite_s)
        self.dailies = dict(dailies or {})
        self._daily_secret = daily_secret
        self._clock = clock
        self._wall = wall or (lambda: datetime.now(UTC))
        self.rates = ActionRates(self._rate_texts())
        self._server: MatchRooms | None = None
        self._sessions: dict[str, set[_Session]] = {}
        """Account id -> its open sessions (an account may be online on two devices)."""
        self._queued: dict[str, _Session] = {}
        """Account id -> the session that put it in the queue."""
        self._inviting: dict[str, _Session] = {}
        """Account id -> the session its invite was sent from."""
        self._plans: dict[str, _Plan] = {}
        """Room code -> the plan of a room opened for a match."""
        self._bots: dict[str, dict[str, Rating]] = {}
        """Game -> its bot levels' ratings, read once from the store."""
        self.cluster: RedisCluster | None = None
        """The processes this one shares its queue and presence with (``join_cluster``)."""
        self._remote_invites: dict[int, str] = {}
        """Invite id -> the process of its inviter, for invites made on another process."""

    def join_cluster(self, cluster: RedisCluster) -> None:
        """Share the queue, presence and rate counters with the other processes on
        ``cluster``'s Redis (``spit.net.shared``), and take their notices."""
        from spit.net.shared.cluster_online import SharedPresence, SharedQueue

        self.cluster = cluster
        queue, presence = SharedQueue(cluster, self._clock), SharedPresence(cluster)
        self.queue, self.presence = queue, presence
        self.rates = ActionRates(self._rate_texts(), storage=cluster.rate_storage())
        cluster.presence_now = presence.local.sessions
        cluster.waiting_now = queue.waiters
        cluster.plans_now = lambda: {code: plan.shared() for code, plan in self._plans.items()}
        cluster.on_notice = self._notice
        cluster.on_lost = self._lost

    def _rate_texts(self) -> dict[str, str]:
        return {
            "queue": self.limits.queue_joins,
            "invite": self.limits.invites,
            "board": self.limits.board_reads,
        }

    def attach(self, server: MatchRooms) -> None:
        """The server whose rooms the matches are played in (``GameServer`` calls it)."""
        self._server = server

    @property
    def server(self) -> MatchRooms:
        assert self._server is not None, "attach the service to its server first"
        return self._server

    def now(self) -> float:
        return self._clock()

    # --- signing in ----------------------------------------------------------------

    async def sign_in(self, token: str, address: str) -> Account:
        """The account a token is for (a seat's ``hello`` with ``account``). Raises
        ``ProtocolError``: ``Close.ACCOUNT`` for a token refused, with the store's
        reason; a token refused counts against the address as a wrong code."""
        account, _renewed = await self._authenticate(token, address)
        return account

    async def _authenticate(self, token: str, address: str) -> tuple[Account, str | None]:
        rates = self.server.rates
        left = rates.blocked_for(address)
        if left > 0:
            raise ProtocolError(
                f"too many refused codes or tokens from your address: try again in "
                f"{math.ceil(left)} s",
                Close.BUSY,
                retry_after=math.ceil(left),
            )
        try:
            found = await self.store.authenticate(token)
        except TokenRefused as refused:
            rates.wrong_code(address)
            raise ProtocolError(refused.message, Close.ACCOUNT) from None
        except StoreError:
            log.exception("the store failed to authenticate a token")
            raise ProtocolError(_DATABASE_DOWN, Close.INTERNAL) from None
        return found.account, found.renewed_token

    async def _new_guest(self, address: str) -> tuple[Account, str]:
        try:
            issued = await self.store.create_guest(address)
        except RateLimited as limited:
            raise ProtocolError(limited.message, Close.BUSY, retry_after=3600) from None
        except StoreError:
            log.exception("the store failed to make a guest account")
            raise ProtocolError(_DATABASE_DOWN, Close.INTERNAL) from None
        log.info("guest account %s made for %s", issued.account.id[:8], address)
        return issued.account, issued.token

    # --- one session ---------------------------------------------------------------

    async def session(self, ws: ServerConnection, hello: Hello, address: str) -> None:
        """Serve one online session until it closes. Raises ``ProtocolError`` (a
        refused token, a message that breaks the protocol, a flood)."""
        if hello.room is not None or hello.token is not None or hello.password is not None:
            raise ProtocolError("an online session comes without a room, token or password")
        if hello.account is None:
            account, token = await self._new_guest(address)
            issued: str | None = token
        else:
            account, issued = await self._authenticate(hello.account, address)
        me = _Session(ws, account, address)
        self._arrive(me)
        writer = asyncio.get_running_loop().create_task(self._write(me))
        try:
            me.send(
                Signed(
                    v=PROTOCOL_VERSION,
                    account=_view(account),
                    token=issued,
                    online=self.presence.count(),
                )
            )
            for invite in self.invites.sent_to(account.id):
                await self._show_invite(invite, [me])
            bucket = TokenBucket(SESSION_BURST, SESSION_RATE)
            async for frame in ws:
                message = parse_client(frame)
                if not bucket.take(self.now()):
                    if bucket.dropped > FLOOD_CLOSE:
                        raise ProtocolError("too many messages", Close.FLOOD)
                    continue
                await self._take(me, message)
        finally:
            await self._depart(me)
            await self._drain(me, writer)

    async def _write(self, me: _Session) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await me.ws.send(await me.outbox.get())

    @staticmethod
    async def _drain(me: _Session, writer: asyncio.Task[None]) -> None:
        """Let the writer send what is queued (a moment at most), then stop it."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(0.5):
                while not me.outbox.empty() and not writer.done():
                    await asyncio.sleep(0.01)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer

    def _arrive(self, me: _Session) -> None:
        self._sessions.setdefault(me.account.id, set()).add(me)
        self.presence.arrive(me.account.id)

    async def _depart(self, me: _Session) -> None:
        """The session ends: out of the queue, its invite withdrawn, offline."""
        await self._leave_waits(me)
        account = me.account.id
        sessions = self._sessions.get(account, set())
        sessions.discard(me)
        if not sessions:
            self._sessions.pop(account, None)
        self.presence.depart(account)

    async def _leave_waits(self, me: _Session) -> None:
        account = me.account.id
        if self._queued.get(account) is me:
            self.queue.leave(account)
            del self._queued[account]
        me.offer = None
        if self._inviting.get(account) is me:
            del self._inviting[account]
            withdrawn = self.invites.withdraw(account)
            if withdrawn is not None:
                self._tell_invitee(withdrawn, "the invite was withdrawn")
                await self._share_invite(withdrawn, me, "the invite was withdrawn")

    async def _take(self, me: _Session, message: ClientMessage) -> None:
        """One message of a session; a refusal that keeps the session is a
        ``problem``."""
        try:
            await self._answer(me, message)
        except OnlineError as refused:
            me.send(Problem(about=message.kind, reason=_reason(refused.message)))
        except StoreError:
            log.exception("the store failed on a %s", message.kind)
            me.send(Problem(about=message.kind, reason=_DATABASE_DOWN))
        except ValueError as wrong:
            me.send(Problem(about=message.kind, reason=_reason(str(wrong))))

    async def _answer(self, me: _Session, message: ClientMessage) -> None:
        match message:
            case AskAccount():
                me.send(await self._account_info(me.account))
            case Rename():
                account = await self.store.rename(me.account.id, message.name)
                for session in self._sessions.get(account.id, set()):
                    session.account = account
                me.send(await self._account_info(account))
            case MakeLinkCode():
                made = await self.store.make_link_code(me.account.id)
                me.send(LinkCode(code=made.code, minutes=LINK_MINUTES))
            case RedeemLinkCode():
                issued = await self.store.redeem_link_code(message.code, me.address)
                await self._depart(me)
                me.account = issued.account
                self._arrive(me)
                count = self.presence.count()
                me.send(
                    Signed(
                        v=PROTOCOL_VERSION,
                        account=_view(me.account),
                        token=issued.token,
                        online=count,
                    )
                )
            case JoinQueue():
                await self._join_queue(me, message)
            case Cancel():
                await self._leave_waits(me)
                me.send(Cancelled())
            case AcceptBot():
                await self._accept_bot(me)
            case Invite():
                await self._invite(me, message)
            case AnswerInvite():
                await self._answer_invite(me, message)
            case AskBoard():
                me.send(await self.board(message, me.account.id))
            case PlayDaily():
                await self._daily(me, message.game)
            case _:
                raise ProtocolError(f"{message.kind} is for a seat, not an online session")

    async def _account_info(self, account: Account) -> AccountInfo:
        lines: list[RatingLine] = []
        for game in online_games():
            for each in variants(game):
                found = await self.store.rating(account.id, game, each.key)
                if found is not None:
                    lines.append(
                        RatingLine(
                            game=game,
                            variant=each.key,
                            rating=found.rating.shown,
                            spread=found.rating.spread,
                            games=found.games,
                            wins=found.wins,
                        )
                    )
        return AccountInfo(account=_view(account), ratings=lines)

    # --- the queue ------------------------------------------------------------------

    async def _join_queue(self, me: _Session, message: JoinQueue) -> None:
        chosen = variant(message.game, message.variant)
        if not self.rates.hit("queue", me.account.id, me.address):
            raise RateLimited("too many queue joins lately: wait a minute and try again")
        rating = await self._rating(me.account.id, chosen)
        await self._leave_waits(me)
        self.queue.join(Waiting(me.account.id, chosen.game, chosen.key, rating, self.now()))
        self._queued[me.account.id] = me
        me.send(Queued(game=chosen.game, variant=chosen.key, rating=rating))
        me.send(self._status(me.account.id))

    async def _rating(self, account: str, chosen: GameVariant) -> int:
        found = await self.store.rating(account, chosen.game, chosen.key)
        return (START if found is None else found.rating).shown

    def _status(self, account: str) -> QueueStatus:
        waiting = self.queue.find(account)
        waited = 0 if waiting is None else int(self.now() - waiting.since)
        pool = 0 if waiting is None else self.queue.waiting(waiting.game, waiting.variant)
        return QueueStatus(waited_s=waited, waiting=pool, online=self.presence.count())

    def start(self) -> asyncio.Task[None]:
        """Run the queue's ticks until the task is cancelled (``GameServer.listening``)."""
        return asyncio.get_running_loop().create_task(self._tick_forever())

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.queue_tick_s)
            try:
                await self.tick()
            except Exception:  # the queue's failure stops no game
                log.exception("the quick-match queue failed a tick")

    async def tick(self) -> None:
        """Pair whom the queue pairs, offer bots to the long waiting, tell everyone
        waiting how long they have, and let unanswered invites lapse."""
        if self.cluster is not None:
            await self.cluster.ready()
        for pairing in self.queue.pair(self.now()):
            self._open_pair(pairing)
        for waiting in list(self.queue.everyone()):
            me = self._queued.get(waiting.account)
            if me is None:
                continue
            if me.offer is None and self.now() - waiting.since >= self.limits.bot_offer_s:
                me.offer = await self._bot_offer(waiting)
                me.send(me.offer)
            me.send(self._status(waiting.account))
        for lapsed in self.invites.lapsed(self.now()):
            inviter = self._inviting.pop(lapsed.inviter, None)
            name = await self._name(lapsed.invitee)
            if inviter is not None:
                inviter.send(InviteAnswer(id=lapsed.id, name=name, reason="no answer in time"))
            self._tell_invitee(lapsed, "the invite lapsed")

    def _open_pair(self, pairing: Pairing) -> None:
        first = self._queued.pop(pairing.first.account, None)
        second = self._queued.pop(pairing.second.account, None)
        if first is None or second is None:  # gone meanwhile: the other waits again
            for gone, kept in ((first, pairing.second), (second, pairing.first)):
                if gone is not None:
                    self._queued[kept.account] = gone
                    self.queue.join(kept)
            return
        chosen = variant(pairing.first.game, pairing.first.variant)
        ratings = (pairing.first.rating, pairing.second.rating)
        self._start_match(chosen, [first, second], ratings, rated=True)

    def _start_match(
        self,
        chosen: GameVariant,
        players: Sequence[_Session],
        ratings: Sequence[int | None],
        *,
        rated: bool,
    ) -> None:
        """Open a room for two players and tell each where to sit."""
        seats = tuple(MatchSeat(p.account.shown, account=p.account.id) for p in players)
        make = self._tables(chosen.game, chosen.options, None, self.server.replay_dir)
        room = self.server.open_match(chosen.game, make, seats)
        self._plans[room.code] = _Plan(chosen.game, chosen.key, seats, rated, room=room)
        self._share_plan(room.code)
        for index, me in enumerate(players):
            me.offer = None
            me.send(self._matched(room, chosen, seats, ratings, index, rated=rated))

    @staticmethod
    def _matched(
        room: Room,
        chosen: GameVariant,
        seats: Sequence[MatchSeat],
        ratings: Sequence[int | None],
        index: int,
        *,
        rated: bool,
    ) -> Matched:
        other = 1 - index
        return Matched(
            room=room.code,
            token=room.chairs[index].token,
            seat=Seat(index),
            game=chosen.game,
            variant=chosen.key,
            opponent=seats[other].name,
            opponent_rating=ratings[other],
            rated=rated,
        )

    # --- across processes (``spit.net.shared``) ---------------------------------------

    async def _notice(self, notice: Notice) -> None:
        """A notice from another process (or the pairing role, maybe this one's)."""
        match notice:
            case Pair():
                await self._pair_notice(notice)
            case SeatFound():
                me = self._queued.pop(notice.account, None)
                self.queue.leave(notice.account)
                if me is None:  # an invite's: any of the account's sessions here
                    me = next(iter(self._sessions.get(notice.account, ())), None)
                if me is not None:
                    me.offer = None
                    me.send_text(notice.matched)
            case Invitation():
                await self._invitation(notice)
            case Answer():
                await self._invite_answered(notice)
            case Lost():
                for account in notice.accounts:
                    for session in self._sessions.get(account, set()):
                        session.send(Problem(about="matched", reason=notice.reason))
            case _:
                pass

    async def _pair_notice(self, pair: Pair) -> None:
        """The pairing process paired this process's player (``first``) with
        ``second``, perhaps of another process: open their room here, and tell the
        other process where its player sits. One who left meanwhile puts the other
        back in the queue."""
        cluster = self.cluster
        assert cluster is not None
        first = self._queued.pop(pair.first.account, None)
        self.queue.leave(pair.first.account)
        if first is None:
            cluster.put_waiting(pair.second)
            return
        chosen = variant(pair.first.game, pair.first.variant)
        ratings = (pair.first.rating, pair.second.rating)
        if pair.second.process == cluster.id:
            second = self._queued.pop(pair.second.account, None)
            self.queue.leave(pair.second.account)
            if second is None:
                self._queued[pair.first.account] = first
                self.queue.join(self._local_waiting(pair.first))
                return
            self._start_match(chosen, [first, second], ratings, rated=True)
            return
        name = await self._name(pair.second.account)
        await self._open_across(
            first, pair.second.account, name, pair.second.process, chosen, ratings
        )

    async def _open_across(
        self,
        first: _Session,
        account: str,
        name: str,
        process: str,
        chosen: GameVariant,
        ratings: Sequence[int | None],
    ) -> None:
        """Open a rated room here for this process's ``first`` and ``account``, online
        on ``process``, and send that process the second seat (``Seat``)."""
        cluster = self.cluster
        assert cluster is not None
        await cluster.ready()
        seats = (
            MatchSeat(first.account.shown, account=first.account.id),
            MatchSeat(name, account=account),
        )
        make = self._tables(chosen.game, chosen.options, None, self.server.replay_dir)
        room = self.server.open_match(chosen.game, make, seats)
        self._plans[room.code] = _Plan(chosen.game, chosen.key, seats, True, room=room)
        self._share_plan(room.code)
        first.offer = None
        first.send(self._matched(room, chosen, seats, ratings, 0, rated=True))
        matched = encode(self._matched(room, chosen, seats, ratings, 1, rated=True))
        await cluster.tell(process, SeatFound(account=account, matched=matched))

    async def _invitation(self, notice: Invitation) -> None:
        """Another process's invite to an account online here (or its withdrawal):
        kept here too, as if made here, and shown; the answer goes back to it."""
        if self.cluster is None or notice.process == self.cluster.id:
            return
        sessions = self._sessions.get(notice.invitee, set())
        if notice.reason is not None:
            if self.invites.take(notice.id) is not None:
                self._remote_invites.pop(notice.id, None)
                for session in sessions:
                    session.send(
                        InviteAnswer(id=notice.id, name=notice.inviter_name, reason=notice.reason)
                    )
            return
        if not sessions:
            return
        invite = self.invites.make(
            notice.inviter,
            notice.invitee,
            notice.game,
            notice.variant,
            self.now(),
            invite_id=notice.id,
        )
        self._remote_invites[invite.id] = notice.process
        while len(self._remote_invites) > REMOTE_INVITES:
            del self._remote_invites[next(iter(self._remote_invites))]
        shown = Invited(
            id=invite.id, name=notice.inviter_name, game=invite.game, variant=invite.variant
        )
        for session in sessions:
            session.send(shown)

    async def _invite_answered(self, answer: Answer) -> None:
        """The invitee, online on another process, answered this process's invite."""
        invite = self.invites.take(answer.id)
        inviter = self._inviting.get(answer.inviter)
        if invite is None or inviter is None:
            return  # withdrawn or lapsed meanwhile: the invitee was told so
        del self._inviting[answer.inviter]
        if not answer.accept:
            inviter.send(InviteAnswer(id=invite.id, name=answer.invitee_name, reason="declined"))
            return
        await self._leave_waits(inviter)
        chosen = variant(invite.game, invite.variant)
        ratings = [await self._rating(a, chosen) for a in (answer.inviter, answer.invitee)]
        await self._open_across(
            inviter, answer.invitee, answer.invitee_name, answer.invitee_process, chosen, ratings
        )

    def _share_plan(self, code: str) -> None:
        """Put a new match's plan in Redis now, not at the next beat: a process killed
        the moment after still has its room ended as the policy says."""
        if self.cluster is not None:
            self.cluster.share_plan(code, self._plans[code].shared())

    def _local_waiting(self, waiter: Waiter) -> Waiting:
        since = self.now() - max(0.0, time.time() - waiter.since)
        return Waiting(waiter.account, waiter.game, waiter.variant, waiter.rating, since)

    async def _lost(self, process: str, rooms: list[LostRoom]) -> None:
        """Another process died with matched rooms open (this one reaps it): the game
        after each room's last recorded one is recorded aborted (it rates no one, as a
        game the server failed in; one recorded already is not recorded twice), and
        the players are told wherever they are online."""
        accounts: list[str] = []
        for lost in rooms:
            plan = lost.plan
            seats = plan.seats
            accounts += [seat.account for seat in seats if seat.account]
            games = max(plan.games, plan.recorded + 1)
            result = GameResult(
                game_key=f"{plan.key}-{games}",
                game=plan.game,
                variant=plan.variant,
                seats=tuple(
                    Seated(seat=index, account_id=seat.account, bot=seat.bot)
                    for index, seat in enumerate(seats)
                ),
                winners=(),
                reason=Reason.ABORTED,
                finished=self._wall(),
                replay="",
                final_hash="",
                rated=False,
            )
            try:
                await self.store.record_result(result)
            except OnlineError:
                log.exception("room %s of process %s: its end not recorded", lost.room, process)
        if rooms and self.cluster is not None:
            reason = (
                "the server process of your game stopped: the game is over, recorded "
                "aborted (it rates no one); start a new one"
            )
            rooms_lost = [lost.room for lost in rooms]
            await self.cluster.tell(None, Lost(accounts=accounts, rooms=rooms_lost, reason=reason))

    async def _bot_levels(self, game: str) -> dict[str, Rating]:
        if game not in self._bots:
            self._bots[game] = await self.store.bot_ratings(game)
        return self._bots[game]

    async def _bot_offer(self, waiting: Waiting) -> BotOffer:
        """The bot whose rating is nearest the player's; for a game whose levels are
        not rated (Spades, for now), its middle level, and the game not rated."""
        rated = await self._bot_levels(waiting.game)
        if rated:
            level, rating = min(rated.items(), key=lambda item: abs(item[1].shown - waiting.rating))
            return BotOffer(level=level, rating=rating.shown)
        levels = [str(level) for level in by_name(waiting.game).bots.levels()]
        return BotOffer(level=levels[len(levels) // 2], rated=False)  # as a table's own bot

    async def _accept_bot(self, me: _Session) -> None:
        waiting = self.queue.find(me.account.id)
        offer = me.offer
        if waiting is None or offer is None or self._queued.get(me.account.id) is not me:
            raise ValueError("no bot is on offer: the offer comes after a while in the queue")
        await self._leave_waits(me)
        chosen = variant(waiting.game, waiting.variant)
        self._start_bot_game(me, chosen, offer.level, offer.rating, rated=offer.rated)

    def _start_bot_game(
        self,
        me: _Session,
        chosen: GameVariant,
        level: str,
        bot_rating: int | None,
        *,
        rated: bool,
        seed: int | None = None,
        attempt: int | None = None,
        daily: bool = False,
    ) -> None:
        seats = (
            MatchSeat(me.account.shown, account=me.account.id),
            MatchSeat(_bot_name(level), bot=level),
        )
        options = {**chosen.options, "bot_level": level}
        make = self._tables(chosen.game, options, seed, self.server.replay_dir)
        room = self.server.open_match(chosen.game, make, seats)
        self._plans[room.code] = _Plan(
            chosen.game, chosen.key, seats, rated, daily, attempt, room=room
        )
        self._share_plan(room.code)
        me.send(
            Matched(
                room=room.code,
                token=room.chairs[0].token,
                seat=SEATS[0],
                game=chosen.game,
                variant=chosen.key,
                opponent=seats[1].name,
                opponent_rating=bot_rating,
                bot=level,
                rated=rated,
                daily=daily,
                counted=attempt is not None,
            )
        )

    # --- invites --------------------------------------------------------------------

    async def _invite(self, me: _Session, message: Invite) -> None:
        chosen = variant(message.game, message.variant)
        if not self.rates.hit("invite", me.account.id, me.address):
            raise RateLimited("too many invites lately: wait a minute and try again")
        friend = await self.store.find_by_name(message.name)
        if friend is None or not self.presence.is_online(friend.id):
            shown = safe_text(message.name, limit=24)
            raise ValueError(f"nobody called {shown!r} is online on this server now")
        if friend.id == me.account.id:
            raise ValueError("that is your own name: invite someone else")
        await self._leave_waits(me)
        number = None if self.cluster is None else await self.cluster.next_id("invite")
        invite = self.invites.make(
            me.account.id, friend.id, chosen.game, chosen.key, self.now(), invite_id=number
        )
        self._inviting[me.account.id] = me
        me.send(InviteSent(id=invite.id, name=friend.shown))
        await self._show_invite(invite, self._sessions.get(friend.id, set()))
        await self._share_invite(invite, me)

    async def _share_invite(
        self, invite: PendingInvite, inviter: _Session, reason: str | None = None
    ) -> None:
        """Tell the other processes of an invite (``reason``: withdrawn), for the
        invitee's sessions there."""
        if self.cluster is None:
            return
        notice = Invitation(
            id=invite.id,
            inviter=invite.inviter,
            inviter_name=inviter.account.shown,
            invitee=invite.invitee,
            game=invite.game,
            variant=invite.variant,
            process=self.cluster.id,
            reason=reason,
        )
        await self.cluster.tell(None, notice)

    async def _show_invite(
        self, invite: PendingInvite, sessions: set[_Session] | list[_Session]
    ) -> None:
        inviter = await self._name(invite.inviter)
        for session in sessions:
            session.send(
                Invited(id=invite.id, name=inviter, game=invite.game, variant=invite.variant)
            )

    def _tell_invitee(self, invite: PendingInvite, reason: str) -> None:
        inviter = self._inviting_name(invite)
        for session in self._sessions.get(invite.invitee, set()):
            session.send(InviteAnswer(id=invite.id, name=inviter, reason=reason))

    def _inviting_name(self, invite: PendingInvite) -> str:
        sessions = self._sessions.get(invite.inviter)
        return next(iter(sessions)).account.shown if sessions else "the inviter"

    async def _name(self, account: str) -> str:
        sessions = self._sessions.get(account)
        if sessions:
            return next(iter(sessions)).account.shown
        return (await self.store.account(account)).shown

    async def _answer_invite(self, me: _Session, message: AnswerInvite) -> None:
        mine = {invite.id for invite in self.invites.sent_to(me.account.id)}
        invite = self.invites.take(message.id) if message.id in mine else None
        if invite is None:
            raise ValueError("that invite is no longer open")
        inviter = self._inviting.pop(invite.inviter, None)
        elsewhere = self._remote_invites.pop(invite.id, None)
        if inviter is None and elsewhere is not None and self.cluster is not None:
            if message.accept:
                await self._leave_waits(me)
            answer = Answer(
                id=invite.id,
                inviter=invite.inviter,
                invitee=me.account.id,
                invitee_name=me.account.shown,
                invitee_process=self.cluster.id,
                accept=message.accept,
            )
            await self.cluster.tell(elsewhere, answer)  # the room comes as a ``Seat``
            return
        if inviter is None:
            raise ValueError("the player who invited you is no longer online")
        if not message.accept:
            inviter.send(InviteAnswer(id=invite.id, name=me.account.shown, reason="declined"))
            return
        await self._leave_waits(me)
        await self._leave_waits(inviter)
        chosen = variant(invite.game, invite.variant)
        ratings = [await self._rating(p.account.id, chosen) for p in (inviter, me)]
        self._start_match(chosen, [inviter, me], ratings, rated=True)

    # --- the daily deal --------------------------------------------------------------

    async def _daily(self, me: _Session, game: str) -> None:
        title = by_name(game).title if game in online_games() else safe_text(game, limit=24)
        make = self.dailies.get(game)
        if make is None:
            raise ValueError(f"{title} has no daily deal yet: its daily board stays empty")
        if self.server.replay_dir is None:
            raise ValueError("this server records no replays, so it cannot check a daily game")
        today = self._wall().astimezone(UTC).date()
        deal = make(today)
        chosen = variant(game, deal.variant)
        attempt = await self.store.start_daily(me.account.id, game, chosen.key)
        await self._leave_waits(me)
        rated = await self._bot_levels(game)
        bot = rated.get(deal.bot)
        self._start_bot_game(
            me,
            chosen,
            deal.bot,
            None if bot is None else bot.shown,
            rated=True,
            seed=self.daily_seed(game, today, deal.seed),
            attempt=attempt.attempt_id if attempt.counted else None,
            daily=True,
        )

    def daily_seed(self, game: str, day: date, seed: int) -> int:
        """The seed of ``game``'s deal of ``day`` on this server: the game's own seed of the
        day mixed with the server's secret, the same for every player here but not to be
        rehearsed with the local ``spit-tui daily``, which has the game's seed alone."""
        text = f"{game} {day.isoformat()} {seed}".encode()
        digest = hmac.new(self._daily_secret, text, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    # --- results ----------------------------------------------------------------------

    def result_due(self, room: Room) -> bool:
        """Whether the room's game just ended and is still to be recorded."""
        plan = self._plans.get(room.code)
        table = room.table
        return (
            plan is not None and table is not None and table.finished and plan.recorded < room.games
        )

    async def game_over(self, room: Room) -> list[tuple[int, str]]:
        """Record the room's game just over (``result_due``); the ``rated`` frame for
        each seat a player sits in, once the result is on disk."""
        plan = self._plans[room.code]
        plan.recorded = room.games
        table = room.table
        assert table is not None
        winner, word = table.result() or (None, "aborted")
        reason = REASONS.get(word, Reason.POINTS)
        note: str | None = None
        daily: DailyScore | None = None
        if plan.daily_attempt is not None and room.games == 1:
            daily, note = await self._daily_score(plan.daily_attempt, table, winner)
            if daily is None:
                reason, winner = Reason.ABORTED, None
        result = self._result(room, plan, table, winner, reason, daily)
        rated = await self._record(result)
        if daily is not None:
            note = "today's deal: entered on the day's board"
        elif plan.daily and plan.daily_attempt is None and room.games == 1:
            note = "today's deal: your counted attempt of the day was played before"
        if note is not None:
            rated = replace(rated, note=note)
        message = encode(rated)
        return [(i, message) for i, seat in enumerate(plan.seats) if seat.account is not None]

    async def room_closed(self, room: Room, *, failed: bool) -> None:
        """The room is closing: a game it leaves unfinished is recorded (see the module
        docstring): aborted when the server failed or both players went away; against
        a bot, lost by the player who went away."""
        plan = self._plans.get(room.code)
        table = room.table
        if plan is None or table is None:
            self._plans.pop(room.code, None)
            return
        try:
            if not table.finished and not failed and any(s.bot for s in plan.seats):
                for index, seat in enumerate(plan.seats):
                    if seat.bot is None:
                        table.forfeit(SEATS[index], left=True)
            if table.finished:
                if plan.recorded < room.games:
                    await self.game_over(room)
            elif plan.recorded < room.games:
                plan.recorded = room.games
                result = self._result(room, plan, table, None, Reason.ABORTED, None)
                await self._record(result)
        finally:
            self._plans.pop(room.code, None)

    def _result(
        self,
        room: Room,
        plan: _Plan,
        table: NetTable,
        winner: int | None,
        reason: Reason,
        daily: DailyScore | None,
    ) -> GameResult:
        scores = _scores(table)
        path = table.replay_path
        first_of_daily = plan.daily_attempt is not None and room.games == 1
        return GameResult(
            game_key=f"{plan.key}-{room.games}",
            game=plan.game,
            variant=plan.variant,
            seats=tuple(
                Seated(
                    seat=index,
                    account_id=seat.account,
                    bot=seat.bot,
                    score=None if scores is None else scores[index],
                )
                for index, seat in enumerate(plan.seats)
            ),
            winners=() if winner is None or reason is Reason.ABORTED else (winner,),
            reason=reason,
            finished=self._wall(),
            replay="" if path is None else path.name,
            final_hash=table.state_hash(),
            rated=plan.rated and (room.games == 1 or not plan.daily),
            daily=daily if first_of_daily else None,
        )

    async def _record(self, result: GameResult) -> Rated:
        """Record a result; what to tell its players."""
        try:
            recorded = await self.store.record_result(result)
        except OnlineError:
            log.exception("the result of %s could not be recorded", result.game_key)
            return Rated(unrated="the result could not be recorded (logged)")
        return Rated(
            seats=[
                SeatRating(seat=Seat(c.seat), before=c.before.shown, after=c.after.shown)
                for c in recorded.changes
            ],
            unrated=recorded.unrated,
        )

    async def _daily_score(
        self, attempt: int, table: NetTable, winner: int | None
    ) -> tuple[DailyScore | None, str | None]:
        """The daily game's measure, read from its replay re-played: ``None`` (and
        why) when the replay does not re-play to the table's own end."""
        path = table.replay_path
        if path is None:
            return None, "today's deal was not recorded, so it is not on the board"
        checked = await asyncio.to_thread(_verify, path, table.state_hash(), winner)
        if isinstance(checked, str):
            log.error("daily replay %s refused: %s", path, checked)
            return None, "today's deal could not be checked on the server; try it again"
        rounds, duration_ms = checked
        return DailyScore(attempt_id=attempt, points=-rounds, time_ms=duration_ms), None

    # --- the boards ------------------------------------------------------------------

    async def board(self, asked: AskBoard, viewer: str | None) -> BoardPage:
        """A page of a board, with ``viewer``'s place and rating history. Today's deal
        has one board a day, of the day's variant, whichever variant is asked."""
        chosen = variant(asked.game, asked.variant)
        kind = Board(asked.board)
        make = self.dailies.get(chosen.game)
        if kind is Board.DAY and make is not None:
            chosen = variant(chosen.game, make(self._wall().astimezone(UTC).date()).variant)
        page = await self.store.board(chosen.game, chosen.key, kind, page=asked.page, viewer=viewer)
        history: list[int] = []
        if viewer is not None:
            changes = await self.store.history(viewer, chosen.game, chosen.key, limit=HISTORY)
            history = [change.after.shown for change in changes]
        note = None
        if kind is Board.DAY and chosen.game not in self.dailies:
            note = f"{by_name(chosen.game).title} has no daily deal yet, so no daily board"
        return BoardPage(
            game=page.game,
            variant=page.variant,
            board=asked.board,
            period=page.period,
            total=page.total,
            page=page.page,
            size=page.size,
            entries=[_line(entry) for entry in page.entries],
            own=None if page.viewer is None else _line(page.viewer),
            history=history,
            note=note,
        )

    async def board_json(self, query: str, address: str) -> tuple[HTTPStatus, dict[str, object]]:
        """``GET /leaderboard?game=&variant=&board=&page=&name=``: a board as plain
        JSON, for a browser page: names and figures, no account's id; ``name`` adds
        that player's place. A bad query is 400 with the reason; more reads than
        ``Limits.board_reads`` from one address, 429."""
        if not self.rates.hit("board", address):
            return HTTPStatus.TOO_MANY_REQUESTS, {"error": "too many reads: try again in a minute"}
        try:
            asked, name = _board_query(query)
            viewer = None
            if name is not None:
                found = await self.store.find_by_name(name)
                viewer = None if found is None else found.id
            page = await self.board(asked, viewer)
        except ValueError as wrong:
            return HTTPStatus.BAD_REQUEST, {"error": safe_text(wrong)}
        except StoreError:
            log.exception("a board could not be read")
            return HTTPStatus.SERVICE_UNAVAILABLE, {"error": _DATABASE_DOWN}
        body: dict[str, object] = {
            "game": page.game,
            "variant": page.variant,
            "board": page.board,
            "period": page.period,
            "total": page.total,
            "page": page.page,
            "size": page.size,
            "entries": [_public(line) for line in page.entries],
            "own": None if page.own is None else _public(page.own),
        }
        if page.note is not None:
            body["note"] = page.note
        return HTTPStatus.OK, body


# --- helpers ----------------------------------------------------------------------------


def _registry_tables(
    game: str, options: Mapping[str, Any], seed: int | None, replay_dir: Path | None
) -> TableFactory:
    return table_factory(game, options, replay_dir=replay_dir, seed=seed)


def _view(account: Account) -> AccountView:
    return AccountView(id=account.id, name=account.shown, named=account.name is not None)


def _reason(text: str) -> str:
    """A refusal's words as a ``problem`` carries them: safe, and not too long."""
    shown = safe_text(text)
    return shown if len(shown) <= 200 else shown[:197] + "..."


def _bot_name(level: str) -> str:
    return f"{level} bot"[:24]


def _scores(table: NetTable) -> tuple[int, int] | None:
    """The seats' final scores, when the game's public view has a ``scores`` pair."""
    scores = table.public_view().get("scores")
    if not isinstance(scores, list | tuple) or len(scores) != 2:
        return None
    if not all(type(score) is int for score in scores):
        return None
    return int(scores[0]), int(scores[1])


def _verify(path: Path, final_hash: str, winner: int | None) -> tuple[int, int] | str:
    """Re-play a replay the server wrote: (rounds, game time) if it re-plays to the end
    the table reached (``final_hash``, the same winner), else why not."""
    try:
        replay = parse_any_replay(path.read_bytes(), path)
        checked = verify_any(replay)
    except Exception as error:  # any failure to read it back: not verified
        return f"unreadable: {safe_text(error)}"
    if not checked.trusted:  # against the rules, or its lines edited since written
        return f"does not re-play as written: {checked.error or 'edited'} (line {checked.line})"
    if checked.final_hash != final_hash:
        return "re-plays to another end than the table's"
    if checked.finished and checked.winner != winner:
        return "re-plays to another winner"
    return checked.rounds, checked.duration_ms


def _line(entry: BoardEntry) -> BoardLine:
    figures = entry.figures
    name = safe_text(entry.name, limit=24)
    match figures:
        case AllTimeFigures():
            return BoardLine(
                rank=entry.rank,
                name=name,
                rating=figures.rating,
                games=figures.games,
                wins=figures.wins,
            )
        case WeekFigures():
            return BoardLine(
                rank=entry.rank,
                name=name,
                rating=figures.gain,
                games=figures.games,
                wins=figures.wins,
            )
        case DayFigures():
            return BoardLine(
                rank=entry.rank,
                name=name,
                won=figures.won,
                points=figures.points,
                time_ms=figures.time_ms,
            )


def _public(line: BoardLine) -> dict[str, object]:
    """A board's place as ``GET /leaderboard`` shows it: the fields it has."""
    out: dict[str, object] = {"rank": line.rank, "name": line.name}
    for key in ("rating", "games", "wins", "won", "points", "time_ms"):
        value = getattr(line, key)
        if value is not None:
            out[key] = value
    return out


def _board_query(query: str) -> tuple[AskBoard, str | None]:
    """A ``GET /leaderboard`` query as a board request, and the ``name`` asked about.
    Raises ``ValueError`` with the reason."""
    if len(query) > MAX_QUERY:
        raise ValueError("the query is too long")
    fields = parse_qs(query, max_num_fields=8)
    if any(len(values) > 1 for values in fields.values()):
        raise ValueError("each of game, variant, board, page and name comes once")
    unknown = sorted(set(fields) - {"game", "variant", "board", "page", "name"})
    if unknown:
        raise ValueError(f"unknown field {safe_text(unknown[0], limit=24)!r}")
    one = {key: values[0] for key, values in fields.items()}
    game = one.get("game") or online_games()[0]
    chosen = variant(game, one.get("variant") or None)
    board = {"daily": "day"}.get(one.get("board", "all"), one.get("board", "all"))
    if board not in ("all", "week", "day"):
        raise ValueError("board is all, week or daily")
    page_text = one.get("page", "0")
    if not (page_text.isascii() and page_text.isdigit()) or int(page_text) > 100_000:
        raise ValueError("page is a whole number from 0")
    name = one.get("name")
    asked = AskBoard(game=chosen.game, variant=chosen.key, board=board, page=int(page_text))  # type: ignore[arg-type]
    return asked, name
