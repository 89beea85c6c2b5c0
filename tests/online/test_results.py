"""Results, ratings and their history on both backends; the rating policy."""

from __future__ import annotations

import asyncio
import itertools

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.online.boards import AllTimeFigures, Board
from spit.online.errors import ResultRefused
from spit.online.rating import START, Rating, rate
from spit.online.results import DailyScore, Reason
from spit.online.store import OnlineStore
from tests.online.conftest import BOTS, Clock, run
from tests.online.games import result


async def accounts(store: OnlineStore, count: int) -> list[str]:
    return [(await store.create_guest("192.0.2.1")).account.id for _ in range(count)]


def test_a_win_moves_both_ratings_and_their_history(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob = await accounts(store, 2)
        recorded = await store.record_result(result(clock.now, ann, bob))
        assert recorded.unrated is None
        (won, lost) = recorded.changes
        assert won.after.mu > START.mu > lost.after.mu
        rating = await store.rating(ann, "spit", "classic")
        assert rating is not None and (rating.games, rating.wins, rating.draws) == (1, 1, 0)
        clock.advance(minutes=5)
        await store.record_result(result(clock.now, bob, ann))
        history = await store.history(ann, "spit", "classic")
        assert [change.change > 0 for change in history] == [True, False]
        assert history[1].before == history[0].after, "each change starts where the last ended"
        assert await store.rating(ann, "spades", "classic") is None, "ratings are per game"
        assert await store.rating(ann, "spit", "points") is None, "and per variant"

    run(where, body, clock=clock)


def test_a_draw_between_equals_keeps_them_equal(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob = await accounts(store, 2)
        recorded = await store.record_result(result(clock.now, ann, bob, winners=()))
        one, two = recorded.changes
        assert one.after.mu == pytest.approx(two.after.mu) == pytest.approx(START.mu)
        assert one.after.sigma < START.sigma, "a draw still tells something"
        rating = await store.rating(ann, "spit", "classic")
        assert rating is not None and (rating.wins, rating.draws) == (0, 1)

    run(where, body, clock=clock)


def test_a_draw_with_a_stronger_bot_is_recorded_as_a_tie(where: str, clock: Clock) -> None:
    """The draw is stored as such (no winner, counted among the draws and on the
    all-time board), and moves the ratings as openskill's tie: towards each other."""

    async def body(store: OnlineStore) -> None:
        (ann,) = await accounts(store, 1)
        recorded = await store.record_result(result(clock.now, ann, "bot:expert", winners=()))
        assert recorded.unrated is None
        (change,) = recorded.changes
        expert = Rating(*BOTS["spit"]["expert"])
        tied = rate([START, expert], [])
        assert change.after == tied[0] and change.after.mu > START.mu
        rating = await store.rating(ann, "spit", "classic")
        assert rating is not None and (rating.games, rating.wins, rating.draws) == (1, 0, 1)
        page = await store.board("spit", "classic", Board.ALL, size=10)
        [entry] = page.entries
        assert isinstance(entry.figures, AllTimeFigures)
        assert (entry.figures.games, entry.figures.wins, entry.figures.draws) == (1, 0, 1)

    run(where, body, clock=clock)


def test_forfeits_and_leaves_are_losses_for_the_leaver(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob, cid, dan = await accounts(store, 4)
        forfeit = await store.record_result(
            result(clock.now, ann, bob, winners=(1,), reason=Reason.FORFEIT)
        )
        left = await store.record_result(
            result(clock.now, cid, dan, winners=(1,), reason=Reason.LEFT)
        )
        for recorded in (forfeit, left):
            leaver, stayer = recorded.changes
            assert leaver.after.mu < START.mu < stayer.after.mu

    run(where, body, clock=clock)


def test_aborted_games_rate_no_one(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob = await accounts(store, 2)
        recorded = await store.record_result(
            result(clock.now, ann, bob, winners=(), reason=Reason.ABORTED)
        )
        assert recorded.unrated == "aborted" and recorded.changes == ()
        friendly = await store.record_result(result(clock.now, ann, bob, rated=False))
        assert friendly.unrated == "not played for ratings"
        assert await store.rating(ann, "spit", "classic") is None

    run(where, body, clock=clock)


def test_bots_are_rated_on_the_players_scale_and_never_move(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        (ann,) = await accounts(store, 1)
        bots = await store.bot_ratings("spit")
        assert bots["normal"] == Rating(*BOTS["spit"]["normal"])
        beat_expert = await store.record_result(result(clock.now, ann, "bot:expert"))
        (change,) = beat_expert.changes
        assert change.after.mu > START.mu
        assert await store.bot_ratings("spit") == bots
        unknown = await store.record_result(result(clock.now, ann, "bot:grandmaster"))
        assert unknown.unrated is not None and "grandmaster" in unknown.unrated
        spades = await store.record_result(result(clock.now, ann, "bot:normal", game="spades"))
        assert spades.unrated is not None, "Spades has no bot ratings yet"

    run(where, body, clock=clock)


def test_a_result_is_recorded_once(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob = await accounts(store, 2)
        game = result(clock.now, ann, bob)
        first = await store.record_result(game)
        again = await store.record_result(game)
        assert again.duplicate and again.result_id == first.result_id and not again.changes
        assert len(await store.history(ann, "spit", "classic")) == 1

    run(where, body, clock=clock)


def test_results_that_cannot_be_the_servers_are_refused_and_change_nothing(
    where: str, clock: Clock
) -> None:
    async def body(store: OnlineStore) -> None:
        ann, bob = await accounts(store, 2)
        bad = [
            result(clock.now, ann, "no-such-account"),
            result(clock.now, ann, bob, winners=(2,)),
            result(clock.now, ann, bob, winners=(0,), reason=Reason.ABORTED),
            result(clock.now, ann, bob, winners=(), reason=Reason.FORFEIT),
            result(clock.now.replace(tzinfo=None), ann, bob),
            result(clock.now, ann, bob, daily=DailyScore(attempt_id=999, time_ms=1)),
            msgspec.structs.replace(result(clock.now, ann, bob), seats=()),
        ]
        for game in bad:
            with pytest.raises(ResultRefused):
                await store.record_result(game)
        claim = msgspec.json.decode(msgspec.json.encode(result(clock.now, ann, bob)))
        with pytest.raises(ResultRefused, match="only a result the server made"):
            await store.record_result(claim)  # type: ignore[arg-type]  # a client's claim
        assert await store.rating(ann, "spit", "classic") is None
        assert await store.history(ann, "spit", "classic") == []

    run(where, body, clock=clock)


def test_an_account_in_two_seats_rates_no_one(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        (ann,) = await accounts(store, 1)
        recorded = await store.record_result(result(clock.now, ann, ann))
        assert recorded.unrated == "an account in two seats"

    run(where, body, clock=clock)


# -- the rating update itself (no database) -------------------------------------------

ratings = st.builds(
    Rating, st.floats(min_value=0, max_value=50), st.floats(min_value=0.5, max_value=8.5)
)


@settings(max_examples=40)
@given(st.lists(ratings, min_size=2, max_size=4), st.data())
def test_the_update_does_not_depend_on_the_seat_order(
    before: list[Rating], data: st.DataObject
) -> None:
    winners = data.draw(st.sets(st.integers(0, len(before) - 1), max_size=len(before) - 1))
    order = data.draw(st.permutations(range(len(before))))
    after = rate(before, sorted(winners))
    shuffled = rate([before[i] for i in order], [order.index(w) for w in winners])
    for new_index, old_index in enumerate(order):
        assert shuffled[new_index].mu == pytest.approx(after[old_index].mu)
        assert shuffled[new_index].sigma == pytest.approx(after[old_index].sigma)


@given(ratings, ratings)
def test_a_winner_gains_and_a_loser_loses(one: Rating, two: Rating) -> None:
    won, lost = rate([one, two], [0])
    assert won.mu >= one.mu and lost.mu <= two.mu  # (sigma may grow a little: the drift)


def test_results_recorded_at_once_all_count(where: str, clock: Clock) -> None:
    """Many results at once among a few accounts (PostgreSQL runs them side by side on
    its pool, where two can deadlock on the boards' histogram and are run again):
    every one is counted once, and each board's histogram adds up to its places."""

    async def body(store: OnlineStore) -> None:
        players = await accounts(store, 6)
        games = [
            result(clock.now, a, b, winners=(n % 2,))
            for n, (a, b) in enumerate(itertools.permutations(players, 2))
        ]
        await asyncio.gather(*(store.record_result(game) for game in games))
        await asyncio.gather(*(store.record_result(game) for game in games[:5]))  # again
        played = 0
        for player in players:
            rating = await store.rating(player, "spit", "classic")
            assert rating is not None and rating.games == 10
            played += rating.games
        assert played == 2 * len(games)
        async with store.db.read() as tx:
            sums = await tx.all(
                "SELECT board, (SELECT COUNT(*) FROM standings AS s WHERE s.board = b.board), "
                "SUM(places) FROM standing_buckets AS b GROUP BY board"
            )
        assert {row[0] for row in sums} == {"all", "week"}
        assert all(row[1] == row[2] == 6 for row in sums)

    run(where, body, clock=clock)
