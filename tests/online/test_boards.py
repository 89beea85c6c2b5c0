"""The three boards on both backends: order, pages, the viewer's own place, weeks in
UTC, one counted daily attempt; and ranks that agree with a full sort (Hypothesis)."""

from __future__ import annotations

import random
import tempfile
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.online.boards import AllTimeFigures, Board, BoardPage, DayFigures, WeekFigures
from spit.online.errors import ResultRefused
from spit.online.results import DailyScore, Reason
from spit.online.standings import place
from spit.online.store import OnlineStore
from tests.online.conftest import Clock, run
from tests.online.games import result


async def accounts(store: OnlineStore, count: int, prefix: str = "Player") -> list[str]:
    made = []
    for number in range(count):
        account = (await store.create_guest("192.0.2.1")).account.id
        await store.rename(account, f"{prefix} {number}")
        made.append(account)
    return made


async def everyone(store: OnlineStore, board: Board, **kw: object) -> BoardPage:
    return await store.board("spit", "classic", board, size=100, **kw)  # type: ignore[arg-type]


def test_the_all_time_board_ranks_by_the_conservative_rating(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        players = await accounts(store, 12)
        rng = random.Random(7)
        for _ in range(40):
            one, two = rng.sample(players, 2)
            clock.advance(minutes=3)
            await store.record_result(result(clock.now, one, two, winners=(rng.randrange(2),)))
        full = await everyone(store, Board.ALL)
        assert full.total == len(full.entries) == 12
        assert [e.rank for e in full.entries] == list(range(1, 13))
        ordinals = []
        for entry in full.entries:
            rating = await store.rating(entry.account_id, "spit", "classic")
            assert rating is not None and isinstance(entry.figures, AllTimeFigures)
            assert entry.figures.rating == rating.rating.shown
            assert entry.figures.games == rating.games
            ordinals.append(rating.rating.ordinal)
        assert ordinals == sorted(ordinals, reverse=True)

        last = full.entries[-1]
        page = await store.board("spit", "classic", Board.ALL, size=5, viewer=last.account_id)
        assert [e.rank for e in page.entries] == [1, 2, 3, 4, 5]
        assert page.viewer == last, "one's own place, though off the first page"
        third = await store.board("spit", "classic", Board.ALL, page=2, size=5)
        assert third.entries == full.entries[10:]
        assert (await store.board("spit", "classic", Board.ALL, page=3, size=5)).entries == ()
        assert (await store.board("spit", "classic", Board.ALL, viewer="nobody")).viewer is None

    run(where, body, clock=clock)


def test_the_week_is_an_iso_week_in_utc(where: str, clock: Clock) -> None:
    sunday_night = datetime(2026, 12, 6, 23, 59, 59, tzinfo=UTC)
    monday = datetime(2026, 12, 7, 0, 0, tzinfo=UTC)
    monday_in_tokyo_sunday_in_utc = datetime(2026, 12, 7, 8, 0, tzinfo=timezone(timedelta(hours=9)))

    async def body(store: OnlineStore) -> None:
        ann, bob, cid, dan = await accounts(store, 4)
        await store.record_result(result(sunday_night, ann, bob))
        await store.record_result(result(monday_in_tokyo_sunday_in_utc, cid, dan))
        await store.record_result(result(monday, bob, ann))
        last_week = await everyone(store, Board.WEEK, when=sunday_night)
        this_week = await everyone(store, Board.WEEK, when=monday)
        assert (last_week.period, this_week.period) == ("2026-W49", "2026-W50")
        assert {e.account_id for e in last_week.entries} == {ann, bob, cid, dan}
        assert {e.account_id for e in this_week.entries} == {ann, bob}
        best = this_week.entries[0]
        assert best.account_id == bob and isinstance(best.figures, WeekFigures)
        assert best.figures.gain > 0 and best.figures.games == 1 and best.figures.wins == 1
        worst = this_week.entries[-1].figures
        assert isinstance(worst, WeekFigures) and worst.gain < 0

    run(where, body, clock=clock)


def test_the_week_adds_up_the_rating_gained(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob = await accounts(store, 2)
        for winner in (0, 0, 1):
            clock.advance(minutes=5)
            await store.record_result(result(clock.now, ann, bob, winners=(winner,)))
        history = await store.history(ann, "spit", "classic")
        page = await everyone(store, Board.WEEK, viewer=ann)
        assert page.viewer is not None and isinstance(page.viewer.figures, WeekFigures)
        gained = sum(c.after.mu - c.before.mu for c in history) * 60
        assert page.viewer.figures.gain == round(gained)

    run(where, body, clock=clock)


def test_one_counted_daily_attempt_a_day(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob, cid, dan = await accounts(store, 4)
        attempts = {who: await store.start_daily(who, "spit", "classic") for who in (ann, bob, cid)}
        assert all(a.counted and a.day == "2026-12-02" for a in attempts.values())
        again = await store.start_daily(ann, "spit", "classic")
        assert not again.counted and again.attempt_id is None
        assert (await store.start_daily(ann, "spit", "points")).counted, "per variant"

        def daily(who: str, won: bool, points: int, time_ms: int) -> object:
            attempt = attempts[who].attempt_id
            assert attempt is not None
            score = DailyScore(attempt_id=attempt, points=points, time_ms=time_ms)
            return result(clock.now, who, "bot:normal", winners=(0 if won else 1,), daily=score)

        clock.advance(minutes=4)
        await store.record_result(daily(ann, True, 52, 95_000))  # type: ignore[arg-type]
        await store.record_result(daily(bob, True, 52, 90_000))  # type: ignore[arg-type]
        await store.record_result(daily(cid, False, 52, 60_000))  # type: ignore[arg-type]
        with pytest.raises(ResultRefused, match="daily attempt"):
            await store.record_result(daily(ann, True, 52, 10_000))  # type: ignore[arg-type]
        page = await everyone(store, Board.DAY, viewer=cid)
        assert [e.account_id for e in page.entries] == [bob, ann, cid]
        figures = page.entries[0].figures
        assert isinstance(figures, DayFigures) and figures.won and figures.time_ms == 90_000
        assert page.viewer is not None and page.viewer.rank == 3
        assert dan not in {e.account_id for e in page.entries}
        clock.advance(days=1)
        assert (await store.start_daily(ann, "spit", "classic")).counted, "a new day"
        assert (await everyone(store, Board.DAY)).entries == ()

    run(where, body, clock=clock)


def test_an_aborted_daily_attempt_can_be_started_again(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        (ann,) = await accounts(store, 1)
        first = await store.start_daily(ann, "spit", "classic")
        assert first.attempt_id is not None
        aborted = result(
            clock.now,
            ann,
            "bot:normal",
            winners=(),
            reason=Reason.ABORTED,
            daily=DailyScore(attempt_id=first.attempt_id, time_ms=1000),
        )
        await store.record_result(aborted)
        assert (await store.start_daily(ann, "spit", "classic")).counted

    run(where, body, clock=clock)


# -- the ranks, against a full sort -------------------------------------------------


async def _ranks_agree(store: OnlineStore, scores: list[int], size: int) -> None:
    names = [f"{i:04d}" for i in range(len(scores))]
    async with store.db.write() as tx:
        for name in names:
            await tx.execute("INSERT INTO accounts (id, created_ms) VALUES (?, 0)", (name,))
        for name, score in zip(names, scores, strict=True):
            await tx.execute(
                "INSERT INTO weekly (game, variant, week, account_id, gain, games, wins) "
                "VALUES ('spit', 'classic', '2026-W49', ?, 0, 1, 0)",
                (name,),
            )
            await place(tx, Board.WEEK, "spit", "classic", "2026-W49", name, 0)
            await place(tx, Board.WEEK, "spit", "classic", "2026-W49", name, score)
    expected = sorted(zip(scores, names, strict=True), key=lambda p: (-p[0], p[1]))
    order = [name for _, name in expected]
    when = datetime(2026, 12, 2, tzinfo=UTC)
    for page in range(len(scores) // size + 1):
        got = await store.board("spit", "classic", Board.WEEK, page=page, size=size, when=when)
        assert [e.account_id for e in got.entries] == order[page * size : (page + 1) * size]
        assert got.total == len(scores)
    for rank, name in enumerate(order, start=1):
        got = await store.board("spit", "classic", Board.WEEK, viewer=name, when=when)
        assert got.viewer is not None and got.viewer.rank == rank


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(st.integers(-3000, 3000), st.integers(-(2**40), 2**40)), min_size=1, max_size=40
    ),
    st.integers(1, 7),
)
@pytest.mark.slow
def test_ranks_and_pages_agree_with_a_full_sort(scores: list[int], size: int) -> None:
    """Scores spread over many buckets and crowded in a few, with ties: every page is
    a slice of the full sort, and every rank its place in it (SQLite)."""
    with tempfile.TemporaryDirectory() as folder:
        where = str(Path(folder) / "online.db")
        run(where, lambda store: _ranks_agree(store, scores, size))


def test_ranks_and_pages_agree_on_both_backends(where: str) -> None:
    """The same check on a fixed board, on each backend: scores over many buckets,
    crowded ones and ties."""
    rng = random.Random(3)
    scores = [
        rng.choice([rng.randrange(-5000, 5000), rng.randrange(0, 300), 1024]) for _ in range(60)
    ]
    run(where, lambda store: _ranks_agree(store, scores, 7))
