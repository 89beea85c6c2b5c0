"""The statistics screen's rows come from the registry: a game registered after the
program's (the tests' War) gets its rows, after the others', with no code of its own;
and a game's results land in its own rows. The table against each level has, after the
columns every game has, only the columns the game declares (``GameStats.levels``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from rich.table import Table

from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.games.spades.identity import NAME as SPADES
from spit.stats import LevelResults, Mode, ModeResults, StatsDB
from spit.stats.queries import OWN_FIGURES
from spit.tui.shared.front_ends import FrontEnds
from spit.tui.shell.statistics import (
    _mode_rows,
    level_columns,
    levels_note,
    levels_tables,
    read_figures,
    results_table,
)
from tests.war.descriptor import DESCRIPTOR, FORMAT, FRONT_ENDS, Header

Install = Callable[[GameDescriptor, FrontEnds], None]


def _labels(results: list[ModeResults]) -> list[str]:
    return [row.label for row in _mode_rows(results)]


def test_a_registered_game_gets_its_rows_after_the_others(extra_game: Install) -> None:
    before = _labels([])
    extra_game(DESCRIPTOR, FRONT_ENDS)
    after = _labels([])
    assert after[: len(before)] == before  # no row of the program's games moves
    assert after[len(before) :] == ["War vs steady", "War, two players"]


def test_a_war_game_is_counted_in_its_row(extra_game: Install, tmp_path: Path) -> None:
    from spit.core.replay.fields import PlayerInfo
    from spit.play.deals import SeededDeals
    from spit.play.session import Session
    from spit.replay.writer import ReplayWriter
    from tests.war.bot import WarBot
    from tests.war.game import WarGame

    extra_game(DESCRIPTOR, FRONT_ENDS)
    replays = tmp_path / "replays"
    players = (PlayerInfo("human", "Ann"), PlayerInfo("bot", "Bot", "steady"))
    header = Header(players=players, seed=5, created=datetime(2026, 12, 1, tzinfo=UTC).isoformat())
    writer = ReplayWriter.begin(FORMAT, replays, header, when=datetime.now().astimezone())
    game = WarGame()
    agents = [WarBot(0, 5), WarBot(1, 6)]
    session = Session(game, SeededDeals(game, 5), agents=agents, recorders=[writer])
    session.run_to_end(3_600_000)
    writer.close()
    with StatsDB.open(tmp_path / "stats.db", replays=replays) as db:
        assert [(r.game, r.mode, r.level) for r in db.results_by_mode()] == [
            ("war", Mode.VS_BOT, "steady")
        ]
    figures = read_figures(replays)
    [row] = [row for row in _mode_rows(figures.results) if row.label == "War vs steady"]
    assert row.games == 1 and row.wins is not None
    assert results_table(figures.results).row_count == len(_mode_rows(figures.results)) + 1


COMMON = ["Against", "Games", "Won", "Avg score", "Best"]


def cells(table: Table) -> list[list[str]]:
    columns = [[str(cell) for cell in column.cells] for column in table.columns]
    return [list(row) for row in zip(*columns, strict=True)]


def _against(game: str, **own: int) -> LevelResults:
    totals = dict.fromkeys(OWN_FIGURES, 0) | own
    return LevelResults(game, "easy", 3, 2, 0, 120.0, 150, 7.0, totals)


def test_each_game_shows_only_the_columns_it_declares(extra_game: Install) -> None:
    extra_game(DESCRIPTOR, FRONT_ENDS)
    games = registry.games()
    assert [g.name for g in games if level_columns(g)] == [SPADES]  # Spit, War: none
    results = [_against(g.name, bids=4, bids_made=3, nils=2, nils_made=1) for g in games]
    tables = dict(levels_tables(results))
    for game in games:
        headings = [str(column.header) for column in tables[game.title].columns]
        rounds = f"{game.round_word.capitalize()}s"
        own = [c.heading for c in level_columns(game)]
        assert headings == [*COMMON, rounds, *own]
        assert ("Bids made" in headings) is (game.name == SPADES)
    (spades,) = [game for game in games if game.name == SPADES]
    [row] = cells(tables[spades.title])
    assert row == ["easy", "3", "2", "120", "150", "7.0", "75%", "1 of 2"]


def test_spades_columns_without_a_bid_of_their_kind_show_a_dash() -> None:
    [(_, table)] = levels_tables([_against(SPADES, nils=1)])
    assert cells(table)[0][-2:] == ["-", "0 of 1"]


def test_the_note_says_what_every_column_shown_says_once() -> None:
    spades = level_columns(registry.by_name(SPADES))
    assert levels_note([*spades, *spades]) == (
        "Your games against each level: your final score (the average and the best), "
        "rounds a game, the share of your bids of one trick or more that you made, "
        "and your nil bids (blind ones too) made out of those bid."
    )
