"""The statistics screen's rows come from the registry: a game registered after the
program's (the tests' War) gets its rows, after the others', with no code of its own;
and a game's results land in its own rows."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from spit.games.descriptor import GameDescriptor
from spit.stats import Mode, ModeResults, StatsDB
from spit.tui.shared.front_ends import FrontEnds
from spit.tui.shell.statistics import _mode_rows, read_figures, results_table
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
