"""The rating (``spit.stats.rating``), the bots' fixed ratings, the counting rules (only
sealed games, the first of each deal) and the bests per level and variant."""

from __future__ import annotations

import itertools
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from spit.core.replay.fields import DEFAULT_PLAYERS, PlayerInfo
from spit.core.replay.seal import Seal
from spit.games.spit.bots import LEVELS
from spit.games.spit.bots.ratings import (
    ANCHOR,
    EXTRAPOLATED_SIGMA,
    RATINGS,
    bot_rating,
    rating_at_skill,
)
from spit.stats import MIGRATIONS, RECORDS, GameSummary, Rating, StatsDB, game_news, summarize
from spit.stats.rating import new_model, rate_pair
from tests.replay.agents import RandomAgent
from tests.replay.games import recorded_match

from .games import HUMAN, START, bot, play, seals


def replayed(
    directory: Path, seed: int, again: int, players: tuple[PlayerInfo, PlayerInfo], minute: int
) -> Path:
    """The deal of ``seed`` played again (other play: players seeded ``again``)."""
    writer, match = recorded_match(
        directory,
        seed,
        players=players,
        agents=[RandomAgent(0, again), RandomAgent(1, again)],
        created=START + timedelta(minutes=minute),
    )
    match.run_to_end(3_600_000)
    writer.close()
    return writer.path


# -- openskill, as documented -------------------------------------------------------


def test_the_model_is_openskills_plackett_luce_with_its_defaults() -> None:
    model = new_model()
    assert isinstance(model, PlackettLuce)
    assert (model.mu, model.sigma, model.beta, model.tau) == (25.0, 25 / 3, 25 / 6, 25 / 300)


def test_the_librarys_documented_example_gives_its_documented_values() -> None:
    """openskill's README: a1, a2 beat b1, b2 (its values are without drift, tau=0)."""
    model = PlackettLuce(tau=0.0)
    a1, a2 = model.rating(), model.rating(mu=32.444, sigma=5.123)
    b1, b2 = model.rating(mu=43.381, sigma=2.421), model.rating(mu=25.188, sigma=6.211)
    [[x1, x2], [y1, y2]] = model.rate([[a1, a2], [b1, b2]])
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))


def test_a_pair_is_rated_as_the_library_rates_a_two_team_game() -> None:
    model = new_model()
    winner, loser = Rating(25.0, 25 / 3), Rating(*RATINGS["normal"])
    [[won], [lost]] = model.rate(
        [[model.rating(mu=25.0, sigma=25 / 3)], [model.rating(*RATINGS["normal"])]]
    )
    assert rate_pair(model, winner, loser) == (
        Rating(won.mu, won.sigma),
        Rating(lost.mu, lost.sigma),
    )


ratings = st.builds(
    Rating, st.floats(-20, 70, allow_nan=False), st.floats(0.05, 12, allow_nan=False)
)


@given(ratings, st.sampled_from(LEVELS))
def test_beating_a_bot_never_lowers_a_rating_and_losing_never_raises_it(
    you: Rating, level: str
) -> None:
    model = new_model()
    fixed = Rating(*RATINGS[level])
    won, _ = rate_pair(model, you, fixed)
    _, lost = rate_pair(model, fixed, you)
    assert won.mu >= you.mu >= lost.mu


def test_each_level_is_rated_above_the_one_below_and_the_anchor_at_the_start() -> None:
    mus = [RATINGS[level][0] for level in LEVELS]
    assert mus == sorted(mus) and len(set(mus)) == len(mus)
    assert RATINGS[ANCHOR][0] == new_model().mu
    assert bot_rating("not a level") is None


def test_a_level_past_the_table_is_rated_on_the_line_through_the_measured_ones() -> None:
    below, top = rating_at_skill(0.9), rating_at_skill(1.0)
    assert rating_at_skill(1.1) == pytest.approx(top + (top - below))
    assert rating_at_skill(1.5) > RATINGS["expert"][0]
    assert max(sigma for _, sigma in RATINGS.values()) < EXTRAPOLATED_SIGMA


# -- the database's ratings ---------------------------------------------------------


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann against several levels, the same deal twice, and a two-player game."""
    directory = tmp_path_factory.mktemp("rated")
    for seed, level in ((1, "normal"), (2, "easy"), (3, "hard"), (4, "normal")):
        play(directory, seed, (HUMAN, bot(level)))
    replayed(directory, 1, 99, (HUMAN, bot("normal")), minute=30)  # the deal of game 1
    play(directory, 5, (PlayerInfo("human", "bo"), PlayerInfo("human", "ANN")))
    play(directory, 6, (HUMAN, bot("mystery")))
    return directory


def open_db(tmp_path: Path, replays: Path) -> StatsDB:
    return StatsDB.open(tmp_path / "stats.sqlite3", replays=replays)


def test_ratings_follow_the_games_in_order_and_bots_keep_theirs(
    tmp_path: Path, folder: Path
) -> None:
    with seals(), open_db(tmp_path, folder) as db:
        history = db.rating_history("ann")
        games = {g.game_key: g for g in db.recent_games(-1)}
    assert [h.started for h in history] == sorted(h.started for h in history)
    # 4 games against known levels and the two-player game; not the deal played again
    # nor the bot of no known level.
    assert len(history) == 5
    assert history[0].before == Rating(25.0, 25 / 3)
    for earlier, later in itertools.pairwise(history):
        assert later.before == earlier.after
    for h in history:
        game = games[h.game_key]
        ann = next(p for p in game.players if p.name.casefold() == "ann")
        assert (h.after.mu > h.before.mu) == ann.won


def test_a_deal_played_again_counts_once(tmp_path: Path, folder: Path) -> None:
    with seals(), open_db(tmp_path, folder) as db:
        games = db.recent_games(-1)
        again = next(g for g in games if g.started == START + timedelta(minutes=30))
        first = next(g for g in games if g.started == START + timedelta(minutes=1))
        assert again.deal_key == first.deal_key and again.game_key != first.game_key
        assert db.why_not_counted(again) == "a deal played before"
        assert db.why_not_counted(first) is None
        assert db.rating_changes(again) == [] and db.new_bests(again) == []
        assert again.game_key not in {b.game_key for b in _bests(db)}


def _bests(db: StatsDB) -> list[object]:
    return [
        best
        for row in db.bests_by_level()
        for name in RECORDS
        if (best := getattr(row.bests, name)) is not None
    ]


def test_a_two_player_game_rates_both_names_folded(tmp_path: Path, folder: Path) -> None:
    with seals(), open_db(tmp_path, folder) as db:
        [game] = [g for g in db.recent_games(-1) if g.players[0].name == "bo"]
        changes = db.rating_changes(game)
        everyone = db.ratings()
    assert [c.name for c in changes] == ["bo", "ANN"]
    assert changes[1].before != Rating(25.0, 25 / 3)  # Ann's rating from the bot games
    assert sorted(name.casefold() for name, _, _ in everyone) == ["ann", "bo"]


def test_the_seats_own_names_rate_nobody(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    path = play(replays, 7, DEFAULT_PLAYERS)  # two people at one keyboard, not named
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        [game] = db.recent_games()
        assert db.why_not_counted(game) is None and db.rating_changes(game) == []
    assert path.exists()


def test_games_not_sealed_count_for_nothing(tmp_path: Path, folder: Path) -> None:
    with seals(Seal.EDITED), open_db(tmp_path, folder) as db:
        assert db.ratings() == [] and db.bests_by_level() == []
        game = db.recent_games(1)[0]
        assert db.why_not_counted(game) == "its replay is edited"


@pytest.mark.slow
def test_folding_one_game_at_a_time_gives_the_ratings_of_a_rebuild(
    tmp_path: Path, folder: Path
) -> None:
    files = sorted(folder.glob("*.spit.jsonl"), key=lambda p: summarize(p).started)
    empty = tmp_path / "empty"
    empty.mkdir()
    with seals(), StatsDB.open(tmp_path / "one.sqlite3", replays=empty) as db:
        for path in files:
            db.record_game(path)
        one_by_one = db.ratings(), db.rating_history("ann")
        db.rebuild_from_replays(folder)
        assert (db.ratings(), db.rating_history("ann")) == one_by_one
    with seals(), StatsDB.open(tmp_path / "backwards.sqlite3", replays=empty) as db:
        for path in reversed(files):  # each older than the last: refolded from the start
            db.record_game(path)
        assert (db.ratings(), db.rating_history("ann")) == one_by_one


# -- bests per level and variant ----------------------------------------------------


def test_bests_per_level_are_those_of_the_counted_games(tmp_path: Path, folder: Path) -> None:
    with seals(), open_db(tmp_path, folder) as db:
        counted = [
            g for g in db.recent_games(-1) if g.human is not None and db.why_not_counted(g) is None
        ]
        rows = {(r.level, r.variant): r.bests for r in db.bests_by_level()}
    assert set(rows) == {(g.opponent_level, g.variant) for g in counted}
    for (level, variant), bests in rows.items():
        mine = [g for g in counted if (g.opponent_level, g.variant) == (level, variant)]
        wins = [g.active_ms for g in mine if g.human and g.human.won]
        assert (bests.fastest_win.value if bests.fastest_win else None) == (
            min(wins) if wins else None
        )
        assert bests.most_cards_per_minute is not None
        assert bests.most_cards_per_minute.value == max(
            g.human.cards_per_minute for g in mine if g.human
        )
        assert bests.longest_run is not None
        assert bests.longest_run.value == max(g.human.fastest_run for g in mine if g.human)


@pytest.mark.slow
def test_the_result_tells_the_records_a_game_broke(tmp_path: Path) -> None:
    """Games against one level, one after the other: each tells exactly the records
    it broke, against the best of the games before it."""
    replays = tmp_path / "replays"
    seen: list[GameSummary] = []
    told = 0
    for seed in range(1, 7):
        path = play(replays, seed, (HUMAN, bot("normal")))
        news = game_news(path)
        assert news is not None and news.not_counted is None
        game = summarize(path)
        assert game.human is not None
        before = [g.human for g in seen if g.human is not None]
        expected = set()
        wins = [g.active_ms for g in seen if g.human and g.human.won]
        if game.human.won and (not wins or game.active_ms < min(wins)):
            expected.add("fastest_win")  # the first win is a best: the fastest so far
        cpm = [h.cards_per_minute for h in before if h.cards_played]
        if game.human.cards_played and (not cpm or game.human.cards_per_minute > max(cpm)):
            expected.add("most_cards_per_minute")
        runs = [h.fastest_run for h in before if h.fastest_run]
        if game.human.fastest_run and (not runs or game.human.fastest_run > max(runs)):
            expected.add("longest_run")
        assert {b.name for b in news.new_bests} == expected
        assert [r.name for r in news.ratings] == ["Ann"]
        seen.append(game)
        told += len(expected)
    assert told >= 3  # these seeds break records: the test is not vacuous


@pytest.mark.slow
def test_games_whose_replays_are_gone_are_rated_at_the_next_open(
    tmp_path: Path, folder: Path
) -> None:
    """As after the migration that brought the ratings: the games are there, their
    replays gone, no rating yet."""
    database = tmp_path / "stats.sqlite3"
    with seals(), StatsDB.open(database, replays=folder) as db:
        expected = db.ratings()
    conn = sqlite3.connect(database, isolation_level=None)
    conn.execute("DELETE FROM ratings")
    conn.close()
    empty = tmp_path / "gone"
    empty.mkdir()
    with StatsDB.open(database, replays=empty) as db:
        assert db.ratings() == expected


@pytest.mark.slow
def test_the_migration_reads_the_spit_games_again_for_their_deals(
    tmp_path: Path, folder: Path
) -> None:
    """A database of the version before the deals and the ratings (made from a new
    one by undoing that step and those after it that changed a column) gets both from
    the replays at its next open."""
    database = tmp_path / "stats.sqlite3"
    with seals(), StatsDB.open(database, replays=folder) as db:
        expected = db.ratings(), sorted(g.deal_key or "" for g in db.recent_games(-1))
    conn = sqlite3.connect(database, isolation_level=None)
    before = next(i for i, step in enumerate(MIGRATIONS) if "rating" in step.description)
    for column in ("daily_day", "started"):  # the unfinished daily games (step 10)
        conn.execute(f"ALTER TABLE files DROP COLUMN {column}")
    conn.execute("DROP INDEX games_by_challenge")
    for column in ("challenge_kind", "challenge_day", "challenge_step"):
        conn.execute(f"ALTER TABLE games DROP COLUMN {column}")
    conn.execute("DROP TABLE ratings")
    conn.execute("DROP INDEX games_by_deal")
    conn.execute("ALTER TABLE games DROP COLUMN deal_key")
    conn.execute(f"PRAGMA user_version = {before}")
    conn.close()
    with seals(), StatsDB.open(database, replays=folder) as db:
        found = db.ratings(), sorted(g.deal_key or "" for g in db.recent_games(-1))
        assert db.notice is None and db.report.recorded == len(db.recent_games(-1))
    assert found == expected and "" not in found[1]


def test_each_game_has_its_own_rating(tmp_path: Path) -> None:
    """A game of Spades between two people rates them in Spades, apart from Spit."""
    from spit.games.spades.identity import NAME as SPADES
    from spit.games.spit.identity import NAME as SPIT
    from spit.play.deals import SeededDeals
    from spit.play.session import Session
    from tests.games.battery_games import ENTRIES

    entry = ENTRIES["spades"]
    assert entry.writer is not None
    replays = tmp_path / "replays"
    writer = entry.writer(replays, 13)
    game = entry.game()
    session = Session(game, SeededDeals(game, 13), agents=entry.players(13), recorders=[writer])
    session.run_to_end(3_600_000)
    writer.close()
    outcome = game.outcome(session.state)
    assert outcome is not None and outcome.winner is not None
    with StatsDB.open(tmp_path / "stats.db", replays=replays) as db:
        summary = db.record_game(writer.path)
        assert summary is not None and db.why_not_counted(summary) is None
        rated = {name: found for name, found, _ in db.ratings(SPADES)}
        assert db.ratings(SPIT) == []  # nobody's Spit rating moved
        assert db.ratings() == db.ratings(SPADES)  # the game of the latest rated game
        winner = summary.players[outcome.winner].name
        assert rated[winner].mu > max(r.mu for n, r in rated.items() if n != winner)
        assert [r.name for r in db.rating_history(winner, game=SPADES)] == [winner]
