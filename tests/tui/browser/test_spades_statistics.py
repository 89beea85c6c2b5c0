"""A game of Spades played with key presses to its end is counted in Statistics, in the
modes table and in the Spades section, with the figures of its replay."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from spit.games.spades.identity import NAME as SPADES
from spit.games.spades.replay import load_spades_replay, resimulation
from spit.games.spades.stats import bid_record
from spit.stats import Mode
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import ResultOverlay
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.statistics import levels_tables
from spit.tui.spades.screen import SpadesScreen
from tests.stats.games import HUMAN, bot, play
from tests.tui.spades.driver import Player

from .driver import settle
from .test_statistics import cells, open_statistics, panel_text


@pytest.mark.slow
async def test_a_spades_game_played_to_its_end_is_counted(replays: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        screen = SpadesScreen("easy", 11, replay_dir=replays, target=100, bot_delay=0)
        app.push_screen(screen)
        await pilot.pause()
        player = Player(pilot, screen)
        await player.play_until(lambda s: isinstance(s.app.screen, ResultOverlay))
        state, path = screen.game.state, screen.replay_path
        assert screen.game.finished and path is not None and player.presses > 20
        await pilot.press("escape")  # leave: back to the menu
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        stats = await open_statistics(app, pilot)
        figures = stats.figures
        assert figures is not None
        counted = {(r.game, r.mode, r.level): r.games for r in figures.results}
        assert counted == {(SPADES, Mode.VS_BOT, "easy"): 1}
        (spades,) = figures.levels
        bids = bid_record(state.history, 0)
        assert (spades.level, spades.games, spades.wins) == ("easy", 1, int(state.winner == 0))
        assert (spades.mean_score, spades.best_score) == (state.scores[0], state.scores[0])
        assert spades.mean_rounds == state.hand
        assert spades.own == asdict(bids)
        [(title, table)] = levels_tables(figures.levels)
        assert title == "Spades"
        row = cells(table)[0]
        assert row[:5] == [
            "easy",
            "1",
            str(spades.wins),
            str(state.scores[0]),
            str(state.scores[0]),
        ]
        text = " ".join(panel_text(app, "#stats-levels").split())
        assert "Against Games Won Avg score Best Hands Bids made Nils made" in text
        assert "nil bids (blind ones too) made out of those bid" in text
    sim = resimulation(load_spades_replay(path))
    sim.seek()
    assert sim.state == state  # the figures are those of the replay


@pytest.mark.slow
async def test_no_spades_section_without_a_game_of_spades(replays: Path) -> None:
    play(replays, 4, (HUMAN, bot("hard")))
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_statistics(app, pilot)
        assert app.screen.query_one("#stats-levels").display is False
