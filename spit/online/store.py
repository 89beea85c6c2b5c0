"""``OnlineStore``: what a server calls to make its games count.

Every method is a coroutine and one short transaction, so the asyncio server awaits
it between messages. What it offers:

- **accounts**: ``create_guest`` on first contact, ``authenticate`` (a token in, the
  account out, and a fresh token when the old one is getting on), ``rename``,
  ``revoke_tokens`` (sign out every device), ``make_link_code`` and
  ``redeem_link_code`` (a second device);
- **results**: ``start_daily`` when an account starts the day's deal, and
  ``record_result`` when any game ends: the result, the ratings it changes and the
  boards, in one transaction, durable when the call returns;
- **reading**: ``rating``, ``history``, ``board`` (a page, and the viewer's own place).

Every refusal is a ``spit.online.errors.OnlineError`` with a message for the player.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from msgspec import Struct

from spit.online import boards, codes, names, standings
from spit.online.boards import (
    Board,
    BoardPage,
)
from spit.online.database import Conflict, Database, Retry, Transaction, open_database
from spit.online.errors import (
    LinkCodeRefused,
    NameRefused,
    NameTaken,
    RateLimited,
    ResultRefused,
    StoreError,
    TokenProblem,
    TokenRefused,
    UnknownAccount,
)
from spit.online.rates import Action, Limiter, LimitsLimiter
from spit.online.rating import START, BotRatings, Rating, rate, unrated_because
from spit.online.results import GameResult, Reason
from spit.online.tokens import TokenSigner

WRITE_ATTEMPTS: Final = 5
"""Tries of a result's transaction that lost a race with another's."""

HISTORY: Final = 30
"""Rating changes a history read returns unless asked otherwise: the latest."""


class Account(Struct, frozen=True):
    id: str
    name: str | None
    """As typed; ``None`` until one is chosen. Show ``shown``, never this."""
    created: datetime

    @property
    def shown(self) -> str:
        """The name made safe to show, or the guest name."""
        return names.shown(self.name, self.id)


class Issued(Struct, frozen=True):
    """An account and a new token for it, for the device to keep."""

    account: Account
    token: str


class Authenticated(Struct, frozen=True):
    account: Account
    renewed_token: str | None
    """A fresh token to give the device in place of its own; ``None`` if it is recent."""


class LinkCode(Struct, frozen=True):
    code: str
    """As shown: ``7KQ2-MX4D``."""
    expires: datetime


class DailyAttempt(Struct, frozen=True):
    day: str
    """The deal's UTC day."""
    counted: bool
    """Whether this attempt counts (the account's first of the day)."""
    attempt_id: int | None
    """For ``spit.online.results.DailyScore``; ``None`` if it does not count."""


class PlayerRating(Struct, frozen=True):
    rating: Rating
    games: int
    wins: int
    draws: int


class RatingChange(Struct, frozen=True):
    result_id: int
    game_key: str
    finished: datetime
    before: Rating
    after: Rating

    @property
    def change(self) -> int:
        """As shown: the shown ratings' difference."""
        return self.after.shown - self.before.shown


class SeatChange(Struct, frozen=True):
    seat: int
    account_id: str
    before: Rating
    after: Rating


class Recorded(Struct, frozen=True):
    result_id: int
    unrated: str | None
    """Why it rated no one; ``None`` if it did."""
    changes: tuple[SeatChange, ...]
    duplicate: bool = False
    """The game was recorded before (the same ``game_key``): nothing was changed."""


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def _time(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


class OnlineStore:
    """See the module docstring. ``open`` makes one; ``close`` ends it."""

    def __init__(
        self,
        db: Database,
        signer: TokenSigner,
        *,
        limiter: Limiter,
        clock: Callable[[], datetime],
    ) -> None:
        self.db = db
        self._signer = signer
        self._limiter = limiter
        self._clock = clock

    @classmethod
    async def open(
        cls,
        where: str | Path,
        keys: Sequence[bytes],
        *,
        limiter: Limiter | None = None,
        clock: Callable[[], datetime] | None = None,
        pool_size: int = 4,
        bots: BotRatings | None = None,
    ) -> OnlineStore:
        """The store in ``where`` (a SQLite file's path or a ``postgresql://`` URL),
        migrated to the latest schema, its bots' ratings seeded from ``bots``; tokens
        signed with ``keys`` (``spit.online.keys.server_keys``). Raises ``StoreError``."""
        now = clock or (lambda: datetime.now(UTC))
        db = await open_database(where, pool_size=pool_size)
        try:
            await db.migrate()
            store = cls(
                db, TokenSigner(keys, clock=now), limiter=limiter or LimitsLimiter(), clock=now
            )
            await store.seed_bots(bots or {})
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    def _now_ms(self) -> int:
        return _ms(self._clock())

    # -- accounts -------------------------------------------------------------------

    async def create_guest(self, address: str) -> Issued:
        """A new account without a name, and its token: for a device that comes with
        none. ``RateLimited`` past ``Action.CREATE``'s rate for ``address``."""
        if not self._limiter.allows(Action.CREATE, address):
            raise RateLimited("too many accounts made from your address: try again later")
        self._limiter.spend(Action.CREATE, address)
        account_id = secrets.token_hex(16)
        now = self._now_ms()
        async with self.db.write() as tx:
            await tx.execute(
                "INSERT INTO accounts (id, created_ms) VALUES (?, ?)", (account_id, now)
            )
        account = Account(account_id, None, _time(now))
        return Issued(account, self._signer.issue(account_id, 0))

    async def authenticate(self, token: str) -> Authenticated:
        """The account a token is for; ``TokenRefused`` if it is forged, expired,
        revoked or for an account this server does not have."""
        claims = self._signer.read(token)
        async with self.db.read() as tx:
            row = await tx.one(
                "SELECT name, created_ms, token_generation FROM accounts WHERE id = ?",
                (claims.account_id,),
            )
        if row is None:
            raise TokenRefused(
                TokenProblem.UNKNOWN_ACCOUNT, "this server has no account for this token"
            )
        name, created_ms, generation = row
        if claims.generation != generation:
            raise TokenRefused(
                TokenProblem.REVOKED,
                "this token was revoked (the account was signed out of every device): "
                "link this device again with a code from a device still signed in",
            )
        account = Account(claims.account_id, name, _time(created_ms))
        renewed = (
            self._signer.issue(account.id, generation)
            if self._signer.needs_renewal(claims)
            else None
        )
        return Authenticated(account, renewed)

    async def account(self, account_id: str) -> Account:
        """The account with this id; ``UnknownAccount`` if there is none."""
        async with self.db.read() as tx:
            row = await tx.one("SELECT name, created_ms FROM accounts WHERE id = ?", (account_id,))
        if row is None:
            raise UnknownAccount("there is no such account")
        return Account(account_id, row[0], _time(row[1]))

    async def find_by_name(self, name: str) -> Account | None:
        """The account whose name is ``name`` or looks like it (case and confusables
        folded); ``None`` if none, or if ``name`` could be no one's."""
        try:
            keys = names.check(name)
        except NameRefused:
            return None
        async with self.db.read() as tx:
            row = await tx.one(
                "SELECT a.id, a.name, a.created_ms FROM name_keys AS k "
                "JOIN accounts AS a ON a.id = k.account_id WHERE k.key IN (?, ?) LIMIT 1",
                (keys.folded, keys.looks),
            )
        return None if row is None else Account(row[0], row[1], _time(row[2]))

    async def rename(self, account_id: str, name: str) -> Account:
        """Give the account the name ``name``. ``NameRefused`` for a name that breaks
        a rule, ``NameTaken`` if another account's name is it or looks like it,
        ``RateLimited`` past ``Action.RENAME``'s rate (a refused name costs nothing)."""
        keys = names.check(name)
        current = await self.account(account_id)
        if current.name == name:
            return current
        if not self._limiter.allows(Action.RENAME, account_id):
            raise RateLimited("the name was changed too often lately: try again tomorrow")
        try:
            async with self.db.write() as tx:
                changed = await tx.execute(
                    "UPDATE accounts SET name = ?, renamed_ms = ? WHERE id = ?",
                    (name, self._now_ms(), account_id),
                )
                await tx.execute("DELETE FROM name_keys WHERE account_id = ?", (account_id,))
                for key in sorted({keys.folded, keys.looks}):
                    await tx.execute(
                        "INSERT INTO name_keys (key, account_id) VALUES (?, ?)", (key, account_id)
                    )
        except Conflict:
            raise NameTaken(
                f"{names.shown(name, account_id)!r} is taken, or looks the same as a name "
                "that is: choose another"
            ) from None
        if not changed:
            raise UnknownAccount("there is no such account")
        self._limiter.spend(Action.RENAME, account_id)
        return Account(account_id, name, current.created)

    async def revoke_tokens(self, account_id: str) -> str:
        """Revoke every token of the account (every device is signed out); a new
        token, for the device that asked."""
        async with self.db.write() as tx:
            row = await tx.one(
                "UPDATE accounts SET token_generation = token_generation + 1 WHERE id = ? "
                "RETURNING token_generation",
                (account_id,),
            )
        if row is None:
            raise UnknownAccount("there is no such account")
        return self._signer.issue(account_id, int(row[0]))

    async def make_link_code(self, account_id: str) -> LinkCode:
        """A one-time code that links another device to the account, good for
        ``codes.LIFETIME``; it replaces the account's earlier code."""
        await self.account(account_id)
        if not self._limiter.allows(Action.LINK_CODE, account_id):
            raise RateLimited("too many link codes lately: use the last one, or try later")
        self._limiter.spend(Action.LINK_CODE, account_id)
        code = codes.new_code()
        expires = self._clock() + codes.LIFETIME
        async with self.db.write() as tx:
            await tx.execute(  # the account's earlier codes, and everyone's dead ones
                "DELETE FROM link_codes WHERE account_id = ? OR expires_ms <= ?",
                (account_id, self._now_ms()),
            )
            await tx.execute(
                "INSERT INTO link_codes (code_hash, account_id, expires_ms) VALUES (?, ?, ?)",
                (codes.code_hash(code.replace("-", "")), account_id, _ms(expires)),
            )
        return LinkCode(code, expires)

    async def redeem_link_code(self, typed: str, address: str) -> Issued:
        """The account a live code was made for, and a token for this device; the
        code is used up. ``LinkCodeRefused`` for a wrong, expired or used code (each
        costs ``address`` one of its ``Action.WRONG_CODE`` tries), ``RateLimited``
        once they are spent."""
        if not self._limiter.allows(Action.WRONG_CODE, address):
            raise RateLimited("too many wrong codes from your address: try again later")
        code = codes.normalise(typed)
        found = None
        if code is not None:
            async with self.db.write() as tx:
                found = await tx.one(
                    "UPDATE link_codes SET used_ms = ? WHERE code_hash = ? AND used_ms IS NULL "
                    "AND expires_ms > ? RETURNING account_id",
                    (self._now_ms(), codes.code_hash(code), self._now_ms()),
                )
        if found is None:
            self._limiter.spend(Action.WRONG_CODE, address)
            raise LinkCodeRefused("that code is not valid: a code lasts 10 minutes and works once")
        account_id = str(found[0])
        async with self.db.read() as tx:
            row = await tx.one(
                "SELECT name, created_ms, token_generation FROM accounts WHERE id = ?",
                (account_id,),
            )
        if row is None:
            raise UnknownAccount("there is no such account")
        account = Account(account_id, row[0], _time(row[1]))
        return Issued(account, self._signer.issue(account_id, int(row[2])))

    # -- bots -----------------------------------------------------------------------

    async def seed_bots(self, table: BotRatings) -> None:
        """Set the bot levels' fixed ratings (``rating.BotRatings``); levels
        not in ``table`` keep theirs."""
        async with self.db.write() as tx:
            for game, levels in table.items():
                for level, (mu, sigma) in levels.items():
                    await tx.execute(
                        "INSERT INTO bots (game, level, mu, sigma) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (game, level) DO UPDATE SET mu = excluded.mu, "
                        "sigma = excluded.sigma",
                        (game, level, mu, sigma),
                    )

    async def bot_ratings(self, game: str) -> dict[str, Rating]:
        """The game's bot levels and their fixed ratings."""
        async with self.db.read() as tx:
            return await self._bots(tx, game)

    @staticmethod
    async def _bots(tx: Transaction, game: str) -> dict[str, Rating]:
        rows = await tx.all("SELECT level, mu, sigma FROM bots WHERE game = ?", (game,))
        return {level: Rating(mu, sigma) for level, mu, sigma in rows}

    # -- results --------------------------------------------------------------------

    async def start_daily(self, account_id: str, game: str, variant: str) -> DailyAttempt:
        """An account starts today's deal (UTC): the first attempt of its day counts,
        and is recorded now, so leaving it and starting again does not; a later one is
        played for nothing."""
        day = boards.period(Board.DAY, self._clock())
        await self.account(account_id)
        try:
            async with self.db.write() as tx:
                row = await tx.one(
                    "INSERT INTO daily (game, variant, day, account_id, started_ms) "
                    "VALUES (?, ?, ?, ?, ?) RETURNING id",
                    (game, variant, day, account_id, self._now_ms()),
                )
        except Conflict:
            return DailyAttempt(day, False, None)
        assert row is not None
        return DailyAttempt(day, True, int(row[0]))

    async def record_result(self, result: GameResult) -> Recorded:
        """Record a finished game as the server decided it, rate it by the policy of
        ``spit.online.rating``, and enter it on the boards, all in one transaction:
        when this returns, it is on disk. A game recorded before (its ``game_key``)
        is not recorded twice. ``ResultRefused`` for a result that cannot be the
        server's (see ``spit.online.results``)."""
        _check_shape(result)
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                return await self._record(result)
            except (Retry, Conflict):
                # Two writers crossed (a deadlock between two results' histogram rows,
                # or the same game recorded twice at once): the next try sees the
                # other's commit.
                if attempt == WRITE_ATTEMPTS:
                    raise StoreError("the database stayed too busy to record the result") from None
        raise AssertionError("unreachable")

    async def _record(self, result: GameResult) -> Recorded:
        accounts = sorted({s.account_id for s in result.seats if s.account_id is not None})
        async with self.db.write() as tx:
            known = await tx.one("SELECT id FROM results WHERE game_key = ?", (result.game_key,))
            if known is not None:
                return Recorded(int(known[0]), None, (), duplicate=True)
            marks = ", ".join("?" for _ in accounts)
            found = await tx.all(
                f"SELECT id FROM accounts WHERE id IN ({marks}) ORDER BY id" + self.db.lock_suffix,
                accounts,
            )
            if len(found) != len(accounts):
                raise ResultRefused("a seat names an account this server does not have")
            bots = await self._bots(tx, result.game)
            unrated = unrated_because(result, bots)
            result_id = await self._insert_result(tx, result, unrated)
            changes: tuple[SeatChange, ...] = ()
            if unrated is None:
                changes = await self._rate(tx, result, result_id, bots)
            if result.daily is not None:
                await self._enter_daily(tx, result, result_id)
        return Recorded(result_id, unrated, changes)

    async def _insert_result(self, tx: Transaction, result: GameResult, unrated: str | None) -> int:
        row = await tx.one(
            "INSERT INTO results (game_key, game, variant, reason, draw, finished_ms, replay, "
            "final_hash, unrated, recorded_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                result.game_key,
                result.game,
                result.variant,
                result.reason.value,
                int(result.draw),
                _ms(result.finished),
                result.replay,
                result.final_hash,
                unrated,
                self._now_ms(),
            ),
        )
        assert row is not None
        result_id = int(row[0])
        for seat in result.seats:
            await tx.execute(
                "INSERT INTO result_seats (result_id, seat, account_id, bot, won, score) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    result_id,
                    seat.seat,
                    seat.account_id,
                    seat.bot,
                    int(seat.seat in result.winners),
                    seat.score,
                ),
            )
        return result_id

    async def _rate(
        self, tx: Transaction, result: GameResult, result_id: int, bots: Mapping[str, Rating]
    ) -> tuple[SeatChange, ...]:
        """Rate the game's accounts: their ratings, history and weekly gains, and
        their places on the all-time and weekly boards."""
        game, variant = result.game, result.variant
        before: list[Rating] = []
        for seat in result.seats:
            if seat.account_id is None:
                before.append(bots[seat.bot or ""])
                continue
            row = await tx.one(
                "SELECT mu, sigma FROM ratings WHERE game = ? AND variant = ? AND account_id = ?",
                (game, variant, seat.account_id),
            )
            before.append(START if row is None else Rating(row[0], row[1]))
        winners = [i for i, seat in enumerate(result.seats) if seat.seat in result.winners]
        after = rate(before, winners)
        week = boards.period(Board.WEEK, result.finished)
        finished_ms = _ms(result.finished)
        changes = []
        for index, seat in enumerate(result.seats):
            if seat.account_id is None:
                continue
            account, old, new = seat.account_id, before[index], after[index]
            won, draw = int(index in winners), int(result.draw)
            await tx.execute(
                "INSERT INTO ratings (game, variant, account_id, mu, sigma, games, wins, draws, "
                "updated_ms) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) "
                "ON CONFLICT (game, variant, account_id) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, games = ratings.games + 1, "
                "wins = ratings.wins + excluded.wins, draws = ratings.draws + excluded.draws, "
                "updated_ms = excluded.updated_ms",
                (game, variant, account, new.mu, new.sigma, won, draw, finished_ms),
            )
            await tx.execute(
                "INSERT INTO rating_changes (result_id, account_id, game, variant, finished_ms, "
                "mu_before, sigma_before, mu_after, sigma_after) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    result_id,
                    account,
                    game,
                    variant,
                    finished_ms,
                    old.mu,
                    old.sigma,
                    new.mu,
                    new.sigma,
                ),
            )
            gained = await tx.one(
                "INSERT INTO weekly (game, variant, week, account_id, gain, games, wins) "
                "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (game, variant, week, account_id) "
                "DO UPDATE SET gain = weekly.gain + excluded.gain, games = weekly.games + 1, "
                "wins = weekly.wins + excluded.wins RETURNING gain",
                (game, variant, week, account, new.mu - old.mu, won),
            )
            assert gained is not None
            await standings.place(tx, Board.ALL, game, variant, boards.ALL_TIME, account,
                         boards.all_time_score(new))  # fmt: skip
            await standings.place(tx, Board.WEEK, game, variant, week, account,
                         boards.week_score(float(gained[0])))  # fmt: skip
            changes.append(SeatChange(seat.seat, account, old, new))
        return tuple(changes)

    async def _enter_daily(self, tx: Transaction, result: GameResult, result_id: int) -> None:
        """The result of a counted daily attempt: its place on the day's board; an
        aborted one is voided, and the player may start again."""
        daily = result.daily
        assert daily is not None
        row = await tx.one(
            "SELECT account_id, game, variant, day, result_id FROM daily WHERE id = ?",
            (daily.attempt_id,),
        )
        if row is None or row[4] is not None:
            raise ResultRefused("no daily attempt of this number is being played")
        account, game, variant, day, _ = row
        seats = [s for s in result.seats if s.account_id == account]
        if not seats or (game, variant) != (result.game, result.variant):
            raise ResultRefused("the daily attempt is another account's, or another game's")
        if result.reason is Reason.ABORTED:
            await tx.execute("DELETE FROM daily WHERE id = ?", (daily.attempt_id,))
            return
        won = seats[0].seat in result.winners
        await tx.execute(
            "UPDATE daily SET result_id = ?, won = ?, points = ?, time_ms = ? WHERE id = ?",
            (result_id, int(won), daily.points, daily.time_ms, daily.attempt_id),
        )
        score = boards.day_score(won, daily.points, daily.time_ms)
        await standings.place(tx, Board.DAY, game, variant, day, account, score)

    # -- reading --------------------------------------------------------------------

    async def rating(self, account_id: str, game: str, variant: str) -> PlayerRating | None:
        """The account's rating in a game and variant; ``None`` before its first
        rated game there."""
        async with self.db.read() as tx:
            row = await tx.one(
                "SELECT mu, sigma, games, wins, draws FROM ratings "
                "WHERE game = ? AND variant = ? AND account_id = ?",
                (game, variant, account_id),
            )
        if row is None:
            return None
        return PlayerRating(Rating(row[0], row[1]), row[2], row[3], row[4])

    async def history(
        self, account_id: str, game: str, variant: str, limit: int = HISTORY
    ) -> list[RatingChange]:
        """The account's last ``limit`` rating changes in a game and variant, oldest
        first: in the order they were rated (the order results were recorded), so each
        starts where the one before ended."""
        async with self.db.read() as tx:
            rows = await tx.all(
                "SELECT c.result_id, r.game_key, c.finished_ms, c.mu_before, c.sigma_before, "
                "c.mu_after, c.sigma_after FROM rating_changes AS c "
                "JOIN results AS r ON r.id = c.result_id "
                "WHERE c.account_id = ? AND c.game = ? AND c.variant = ? "
                "ORDER BY c.result_id DESC LIMIT ?",
                (account_id, game, variant, max(0, min(limit, 1000))),
            )
        return [
            RatingChange(rid, key, _time(ms), Rating(mu0, s0), Rating(mu1, s1))
            for rid, key, ms, mu0, s0, mu1, s1 in reversed(rows)
        ]

    async def board(
        self,
        game: str,
        variant: str,
        board: Board,
        *,
        page: int = 0,
        size: int = boards.PAGE_SIZE,
        viewer: str | None = None,
        when: datetime | None = None,
    ) -> BoardPage:
        """A page of one of the game's boards (of the period ``when`` falls in: now by
        default), and ``viewer``'s own place on it wherever it is, read together in one
        snapshot (``spit.online.standings.read``)."""
        period = boards.period(board, when or self._clock())
        size = max(1, min(size, boards.MOST_PER_PAGE))
        page = max(0, page)
        key = (board.value, game, variant, period)
        async with self.db.read() as tx:
            entries, own, total = await standings.read(tx, board, key, page * size, size, viewer)
        return BoardPage(game, variant, board, period, total, page, size, tuple(entries), own)


def _check_shape(result: GameResult) -> None:
    """Refuse a result whose parts do not fit together (no database needed)."""
    if not isinstance(result, GameResult):
        raise ResultRefused("only a result the server made can be recorded")
    numbers = [seat.seat for seat in result.seats]
    if len(set(numbers)) != len(numbers) or not numbers:
        raise ResultRefused("the seats are not numbered one each")
    for seat in result.seats:
        if (seat.account_id is None) == (seat.bot is None):
            raise ResultRefused(f"seat {seat.seat} holds neither an account nor a bot, or both")
    if not set(result.winners) <= set(numbers) or len(set(result.winners)) != len(result.winners):
        raise ResultRefused("a winner is not a seat of the game")
    if result.reason is Reason.ABORTED and result.winners:
        raise ResultRefused("an aborted game has no winner")
    if result.reason in (Reason.FORFEIT, Reason.LEFT) and not result.winners:
        raise ResultRefused("a game given up or left has a winner: the one who stayed")
    if result.finished.tzinfo is None:
        raise ResultRefused("the time a game ended is an aware datetime")
    if result.daily is not None and result.daily.time_ms < 0:
        raise ResultRefused("a daily time is not negative")
    if not result.game_key or not result.game or len(result.game_key) > 200:
        raise ResultRefused("a result names its game and has a key")
