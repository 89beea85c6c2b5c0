"""Spades in the statistics, from real replays: the summary (who won, the scores, the
hands, bids made and nils), the figures by level, and older databases filled in."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from spit.games.spades.engine import State
from spit.games.spades.identity import NAME as SPADES
from spit.games.spades.replay import load_spades_replay, resimulation
from spit.games.spades.sim import SIMULATOR
from spit.games.spades.stats import bid_record
from spit.sim import run_games
from spit.stats import Mode, StatsDB, UnusableReplay, summarize

from .games import spades_game


def final_state(path: Path) -> State:
    sim = resimulation(load_spades_replay(path))
    sim.seek()
    assert sim.state is not None
    return sim.state


@pytest.mark.parametrize(("seed", "level"), [(1, "easy"), (2, "hard"), (3, "easy")])
def test_a_game_against_a_bot_is_summarised(tmp_path: Path, seed: int, level: str) -> None:
    path = spades_game(tmp_path, seed, level)
    state = final_state(path)
    game = summarize(path)
    assert (game.game, game.mode, game.human_seat, game.opponent_level) == (
        SPADES,
        Mode.VS_BOT,
        0,
        level,
    )
    assert (game.winner, game.rounds) == (state.winner, state.hand)
    for seat, player in enumerate(game.players):
        bids = bid_record(state.history, seat)
        assert player.score == state.scores[seat] and player.won == (seat == state.winner)
        assert (player.bids, player.bids_made, player.nils, player.nils_made) == (
            bids.bids,
            bids.bids_made,
            bids.nils,
            bids.nils_made,
        )
        assert player.bids + player.nils == state.hand  # every hand has one bid a player
    assert game.players[0].name == "You" and game.players[1].level == level


@pytest.mark.slow
def test_a_game_not_played_to_its_end_has_no_summary(tmp_path: Path) -> None:
    """The summary written once for every game: a Spades game cut short is unfinished."""
    from tests.replay.spades_games import record_spades_game

    cut, _, _ = record_spades_game(tmp_path / "cut", 4, stop_after=30)
    with pytest.raises(UnusableReplay) as raised:
        summarize(cut)
    assert raised.value.unfinished


@pytest.mark.slow
def test_simulated_games_count_as_bots_only(tmp_path: Path) -> None:
    records = run_games(SIMULATOR, 2, 3, "easy", "hard", target=100, replay_dir=tmp_path).records
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=tmp_path) as db:
        assert db.report.recorded == 2
        (row,) = db.results_by_mode()
        assert (row.game, row.mode, row.games, row.wins) == (SPADES, Mode.BOT_VS_BOT, 2, None)
        games = db.recent_games(-1)
        assert db.level_results(SPADES) == []  # nobody's own figures
    by_hands = sorted((g.rounds, sorted(p.score or 0 for p in g.players)) for g in games)
    assert by_hands == sorted((r.rounds, sorted(r.counts["scores"])) for r in records)


@pytest.mark.slow
def test_the_figures_by_level(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    paths = [
        spades_game(replays, seed, level) for seed, level in ((1, "easy"), (2, "easy"), (3, "hard"))
    ]
    states = [final_state(p) for p in paths]
    with StatsDB.open(tmp_path / "stats.sqlite3", replays=replays) as db:
        results = {r.level: r for r in db.level_results(SPADES)}
    easy = results["easy"]
    assert (easy.games, easy.wins) == (2, sum(s.winner == 0 for s in states[:2]))
    assert easy.mean_score == sum(s.scores[0] for s in states[:2]) / 2
    assert easy.best_score == max(s.scores[0] for s in states[:2])
    assert easy.mean_rounds == sum(s.hand for s in states[:2]) / 2
    assert easy.own["bids_made"] == sum(bid_record(s.history, 0).bids_made for s in states[:2])
    assert easy.own["nils"] == sum(bid_record(s.history, 0).nils for s in states[:2])
    assert results["hard"].games == 1


def test_a_version_3_database_reads_its_spades_games_again(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    path = spades_game(replays, 5, "easy")
    db_path = tmp_path / "stats.sqlite3"
    with StatsDB.open(db_path, replays=replays):
        pass
    conn = sqlite3.connect(db_path)  # as version 3 left it: no bids, no nils
    for column in ("bids", "bids_made", "nils", "nils_made"):
        conn.execute(f"ALTER TABLE players DROP COLUMN {column}")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()
    with StatsDB.open(db_path, replays=replays) as db:
        assert db.report.recorded == 1  # read again
        (game,) = db.recent_games(-1)
    expected = bid_record(final_state(path).history, 0)
    assert (game.players[0].bids, game.players[0].nils) == (expected.bids, expected.nils)
