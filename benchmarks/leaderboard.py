"""Leaderboard reads with 100,000 accounts, in SQLite and in PostgreSQL (issue 28's
goal: a read's 99th percentile at 5 ms or less).

    nice -n 10 python benchmarks/leaderboard.py --accounts 100000 --games 300000

A server's history is made up first, then loaded in bulk (loading it one
``record_result`` at a time would take an hour; the benchmark measures reads): every
account has a hidden skill, and ``--games`` games over the last eight weeks pair two
random accounts (or an account and a bot of Spit's ladder, one game in four), the
stronger more likely to win (a logistic curve: 200 shown points is about 3 to 1),
with a draw now and then, forfeits and leaves. They are rated with openskill in
order, as the store would (``spit.online.rating.rate``), and the tables are filled
as the store fills them: the results and their seats, each account's rating and its
history, this week's gains, and today's daily deal played by ``--daily`` accounts;
each board's places and their histogram, with ``spit.online.boards``' own scores
and buckets. PostgreSQL is a throwaway server on 127.0.0.1 (``tests/online/
postgres.py``), reached over TCP on loopback.

What is timed is what the server will call, ``OnlineStore.board``, one read after
another, each for a random account on the board (so with its own place, usually far
off the first page):

- **first page**: the top 20, and the viewer's place;
- **any page**: a random page of 20 (the histogram finds where it starts), and the
  viewer's place;

for each board (all time, this week, today), ``--reads`` reads each. Then
``--writes`` results are recorded one by one into the full database (the write
path's latency: the result, the ratings, the history, two boards' places and
histograms, on disk).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import random
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spit.games.spit.bots.ratings import RATINGS as BOT_RATINGS
from spit.online import boards, names
from spit.online.boards import Board
from spit.online.rates import NoLimits
from spit.online.rating import START, Rating, rate
from spit.online.results import GameResult, Reason, Seated
from spit.online.store import OnlineStore
from tests.online.postgres import missing_reason, throwaway_postgres

GAME, VARIANT = "spit", "classic"
KEYS = [secrets.token_bytes(32)]


@dataclass
class History:
    """The rows of every table, as the store would have written them."""

    now: datetime
    accounts: list[tuple[object, ...]] = field(default_factory=list)
    name_keys: list[tuple[object, ...]] = field(default_factory=list)
    results: list[tuple[object, ...]] = field(default_factory=list)
    seats: list[tuple[object, ...]] = field(default_factory=list)
    changes: list[tuple[object, ...]] = field(default_factory=list)
    ratings: dict[str, list[float]] = field(default_factory=dict)
    weekly: dict[str, list[float]] = field(default_factory=dict)
    daily: list[tuple[object, ...]] = field(default_factory=list)
    standings: list[tuple[object, ...]] = field(default_factory=list)
    buckets: list[tuple[object, ...]] = field(default_factory=list)


def make_history(accounts: int, games: int, daily: int, seed: int) -> History:
    rng = random.Random(seed)
    now = datetime.now(UTC).replace(microsecond=0)
    history = History(now)
    ids = [f"{rng.getrandbits(128):032x}" for _ in range(accounts)]
    skill = {account: rng.gauss(25, 7) for account in ids}
    for number, account in enumerate(ids):
        name = f"Player {number}" if rng.random() < 0.8 else None
        history.accounts.append((account, name, 0, _ms(now - timedelta(days=60)), None))
        if name is not None:
            keys = names.check(name)
            history.name_keys += [(key, account) for key in sorted({keys.folded, keys.looks})]
    bots = {level: Rating(*pair) for level, pair in BOT_RATINGS.items()}
    week = boards.period(Board.WEEK, now)
    start = now - timedelta(weeks=8)
    step = (now - start) / max(games, 1)
    for number in range(games):
        finished = start + step * number
        one = rng.choice(ids)
        if rng.random() < 0.25:
            level = min(bots, key=lambda name: abs(bots[name].mu - skill[one] + rng.gauss(0, 4)))
            seated: list[tuple[str | None, str | None]] = [(one, None), (None, level)]
            strengths = [skill[one], bots[level].mu]
        else:
            two = rng.choice(ids)
            while two == one:
                two = rng.choice(ids)
            seated = [(one, None), (two, None)]
            strengths = [skill[one], skill[two]]
        chance = 1 / (1 + math.exp(-(strengths[0] - strengths[1]) / 3))
        draw = rng.random() < 0.02
        winners: tuple[int, ...] = () if draw else ((0,) if rng.random() < chance else (1,))
        reason = rng.choices([Reason.CARDS, Reason.FORFEIT, Reason.LEFT], weights=[90, 5, 5])[0]
        if draw:
            reason = Reason.CARDS
        _rate_game(history, number + 1, finished, seated, winners, reason, bots, week)
    _daily(history, ids, daily, rng)
    _places(history, week)
    return history


def _rate_game(
    history: History,
    result_id: int,
    finished: datetime,
    seated: list[tuple[str | None, str | None]],
    winners: tuple[int, ...],
    reason: Reason,
    bots: dict[str, Rating],
    week: str,
) -> None:
    ms = _ms(finished)
    history.results.append(
        (result_id, f"game-{result_id}", GAME, VARIANT, reason.value, int(not winners), ms,
         f"replays/{result_id}.spit", f"{result_id:016x}", None, ms)
    )  # fmt: skip
    before = []
    for account, bot in seated:
        if account is None:
            before.append(bots[bot or ""])
        else:
            row = history.ratings.get(account)
            before.append(START if row is None else Rating(row[0], row[1]))
    after = rate(before, list(winners))
    for seat, ((account, bot), old, new) in enumerate(zip(seated, before, after, strict=True)):
        won = int(seat in winners)
        history.seats.append((result_id, seat, account, bot, won, None))
        if account is None:
            continue
        row = history.ratings.setdefault(account, [0, 0, 0, 0, 0, 0])
        row[:2] = [new.mu, new.sigma]
        row[2] += 1
        row[3] += won
        row[4] += int(not winners)
        row[5] = ms
        history.changes.append(
            (result_id, account, GAME, VARIANT, ms, old.mu, old.sigma, new.mu, new.sigma)
        )
        if boards.period(Board.WEEK, finished) == week:
            gains = history.weekly.setdefault(account, [0.0, 0, 0])
            gains[0] += new.mu - old.mu
            gains[1] += 1
            gains[2] += won


def _daily(history: History, ids: Sequence[str], count: int, rng: random.Random) -> None:
    day = boards.period(Board.DAY, history.now)
    for number, account in enumerate(rng.sample(list(ids), min(count, len(ids)))):
        won = rng.random() < 0.5
        points = rng.randrange(20, 53)
        time_ms = rng.randrange(40_000, 400_000)
        history.daily.append(
            (number + 1, GAME, VARIANT, day, account, _ms(history.now), None, int(won),
             points, time_ms)
        )  # fmt: skip


def _places(history: History, week: str) -> None:
    day = boards.period(Board.DAY, history.now)
    boards_rows: list[tuple[Board, str, str, int]] = []
    for account, (mu, sigma, *_) in history.ratings.items():
        score = boards.all_time_score(Rating(mu, sigma))
        boards_rows.append((Board.ALL, boards.ALL_TIME, account, score))
    for account, (gain, *_) in history.weekly.items():
        boards_rows.append((Board.WEEK, week, account, boards.week_score(gain)))
    for row in history.daily:
        account, won, points, time_ms = row[4], row[7], row[8], row[9]
        score = boards.day_score(bool(won), int(points), int(time_ms))  # type: ignore[call-overload]
        boards_rows.append((Board.DAY, day, str(account), score))
    histogram: Counter[tuple[str, str, int]] = Counter()
    for board, period, account, score in boards_rows:
        bucket = boards.bucket(board, score)
        history.standings.append((board.value, GAME, VARIANT, period, account, score, bucket))
        histogram[(board.value, period, bucket)] += 1
    history.buckets = [
        (board, GAME, VARIANT, period, bucket, places)
        for (board, period, bucket), places in histogram.items()
    ]


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def _tables(history: History) -> list[tuple[str, Sequence[str], Iterable[tuple[object, ...]]]]:
    ratings = [
        (GAME, VARIANT, account, mu, sigma, games, wins, draws, ms)
        for account, (mu, sigma, games, wins, draws, ms) in history.ratings.items()
    ]
    weekly = [
        (GAME, VARIANT, boards.period(Board.WEEK, history.now), account, gain, games, wins)
        for account, (gain, games, wins) in history.weekly.items()
    ]
    return [
        ("accounts", ("id", "name", "token_generation", "created_ms", "renamed_ms"),
         history.accounts),
        ("name_keys", ("key", "account_id"), history.name_keys),
        ("results", ("id", "game_key", "game", "variant", "reason", "draw", "finished_ms",
                     "replay", "final_hash", "unrated", "recorded_ms"), history.results),
        ("result_seats", ("result_id", "seat", "account_id", "bot", "won", "score"),
         history.seats),
        ("ratings", ("game", "variant", "account_id", "mu", "sigma", "games", "wins", "draws",
                     "updated_ms"), ratings),
        ("rating_changes", ("result_id", "account_id", "game", "variant", "finished_ms",
                            "mu_before", "sigma_before", "mu_after", "sigma_after"),
         history.changes),
        ("weekly", ("game", "variant", "week", "account_id", "gain", "games", "wins"), weekly),
        ("daily", ("id", "game", "variant", "day", "account_id", "started_ms", "result_id",
                   "won", "points", "time_ms"), history.daily),
        ("standings", ("board", "game", "variant", "period", "account_id", "score", "bucket"),
         history.standings),
        ("standing_buckets", ("board", "game", "variant", "period", "bucket", "places"),
         history.buckets),
    ]  # fmt: skip


def load_sqlite(path: Path, history: History) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for table, columns, rows in _tables(history):
        marks = ", ".join("?" for _ in columns)
        conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


def load_postgres(url: str, history: History) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        with conn.transaction(), conn.cursor() as cursor:
            for table, columns, rows in _tables(history):
                with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            for table in ("results", "daily"):
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT MAX(id) FROM {table}))"
                )
        conn.execute("VACUUM ANALYZE")


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(where: str, history: History, reads: int, writes: int, seed: int) -> None:
    rng = random.Random(seed)
    store = await OnlineStore.open(where, KEYS, limiter=NoLimits(), bots={GAME: BOT_RATINGS})
    on_board = {
        Board.ALL: list(history.ratings),
        Board.WEEK: list(history.weekly),
        Board.DAY: [str(row[4]) for row in history.daily],
    }
    try:
        print(
            f"  {'board':<6} {'places':>7}  {'read':<11} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}"
        )
        for board, accounts in on_board.items():
            first = await store.board(GAME, VARIANT, board)
            for label, deep in (("first page", False), ("any page", True)):
                timings = []
                for _ in range(reads):
                    viewer = rng.choice(accounts)
                    page = rng.randrange(max(1, first.total // boards.PAGE_SIZE)) if deep else 0
                    began = time.perf_counter()
                    got = await store.board(GAME, VARIANT, board, page=page, viewer=viewer)
                    timings.append((time.perf_counter() - began) * 1000)
                    assert got.viewer is not None and got.entries
                print(
                    f"  {board.value:<6} {first.total:>7}  {label:<11} "
                    f"{statistics.median(timings):>7.2f} {percentile(timings, 0.99):>7.2f} "
                    f"{max(timings):>7.2f}"
                )
        timings = []
        players = list(history.ratings)
        for number in range(writes):
            one, two = rng.sample(players, 2)
            game = GameResult(
                game_key=f"bench-{number}-{rng.getrandbits(32)}", game=GAME, variant=VARIANT,
                seats=(Seated(seat=0, account_id=one), Seated(seat=1, account_id=two)),
                winners=(rng.randrange(2),), reason=Reason.CARDS, finished=datetime.now(UTC),
                replay="r", final_hash="h",
            )  # fmt: skip
            began = time.perf_counter()
            await store.record_result(game)
            timings.append((time.perf_counter() - began) * 1000)
        if timings:
            print(
                f"  record_result ({writes} results): p50 {statistics.median(timings):.2f} ms, "
                f"p99 {percentile(timings, 0.99):.2f} ms"
            )
    finally:
        await store.close()


async def migrate(where: str) -> None:
    store = await OnlineStore.open(where, KEYS, limiter=NoLimits(), bots={GAME: BOT_RATINGS})
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=300_000)
    parser.add_argument("--daily", type=int, default=20_000, help="today's daily attempts")
    parser.add_argument("--reads", type=int, default=2_000, help="reads of each kind")
    parser.add_argument("--writes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()

    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
          f"sqlite {sqlite3.sqlite_version}")  # fmt: skip
    began = time.perf_counter()
    history = make_history(args.accounts, args.games, args.daily, args.seed)
    print(
        f"history: {len(history.accounts)} accounts, {len(history.results)} results, "
        f"{len(history.ratings)} rated, {len(history.weekly)} this week, "
        f"{len(history.daily)} daily attempts today ({time.perf_counter() - began:.0f} s)"
    )
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "online.db"
            asyncio.run(migrate(str(path)))
            load_sqlite(path, history)
            print(f"SQLite ({path.stat().st_size / 1e6:.0f} MB):")
            asyncio.run(measure(str(path), history, args.reads, args.writes, args.seed))
    if args.backend in ("postgresql", "both"):
        reason = missing_reason()
        if reason is not None:
            print(f"PostgreSQL: skipped, {reason}")
            return
        with throwaway_postgres() as server:
            url = server.new_database()
            asyncio.run(migrate(url))
            load_postgres(url, history)
            print("PostgreSQL (127.0.0.1, TCP):")
            asyncio.run(measure(url, history, args.reads, args.writes, args.seed))


if __name__ == "__main__":
    main()
