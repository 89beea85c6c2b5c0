"""Both players' names are on the table from its first frame, for the player who
hosts (told the other's name only by ``new_game``) and for the one who joins (told
both in the welcome), in either game: never the "Opponent" stand-in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spit.games import registry
from spit.net.client import NetClient
from spit.net.hosting import HostedGame
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.client_state import OPPONENT
from spit.tui.net.link import open_join
from spit.tui.net.screens import ConnectingScreen
from spit.tui.net.table import NetTableScreen
from spit.tui.spades.board import SpadesBoard
from spit.tui.spit.board.widget import SpitBoard
from tests.tui.net.helpers import SEED, HostingApp, until


def _record_names(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of each table the boards are given to draw, in order."""
    drawn: list[str] = []
    spit_show, spades_show = SpitBoard.show, SpadesBoard.show_table

    def spit(board: SpitBoard, view: Any) -> None:
        drawn.append(f"{view.header} | {view.sides[0].name} | {view.sides[1].name}")
        spit_show(board, view)

    def spades(board: SpadesBoard, table: Any) -> None:
        drawn.append(f"{' | '.join(table.columns)} | {' '.join(table.opponent_lines)}")
        spades_show(board, table)

    monkeypatch.setattr(SpitBoard, "show", spit)
    monkeypatch.setattr(SpadesBoard, "show_table", spades)
    return drawn


def _check(drawn: list[str], other: str) -> None:
    assert drawn, "the table drew nothing"
    assert other in drawn[0]
    assert not [line for line in drawn if OPPONENT in line]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["spit", "spades"])
async def test_the_hosts_first_frame_names_the_player_who_joined(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    drawn = _record_names(monkeypatch)
    hosting = HostingApp(tmp_path, game=game)
    app = hosting.app
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: hosting.link is not None and hosting.link.hosted is not None)
        assert hosting.link is not None and hosting.link.hosted is not None
        bob = NetClient()
        await bob.connect(hosting.link.hosted.local.uri, "Bob", room=hosting.link.hosted.code)
        await until(pilot, lambda: isinstance(app.screen, NetTableScreen) and bool(drawn))
        await pilot.pause(0.1)
        await bob.close()
    _check(drawn, "Bob")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["spit", "spades"])
async def test_the_joiners_first_frame_names_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    drawn = _record_names(monkeypatch)
    hosted = await HostedGame.start(registry.by_name(game), port=0, replay_dir=None, seed=SEED)
    try:
        ann = NetClient()
        await ann.connect(hosted.local.uri, "Ann", room=hosted.code)

        async def opener() -> Any:
            return await open_join(hosted.local, hosted.code, "Bob")

        app = SpitApp(
            settings=Settings(replay_dir=tmp_path),
            start_screen=ConnectingScreen("Connecting...", opener),
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NetTableScreen) and bool(drawn))
            await pilot.pause(0.1)
            await ann.close()
    finally:
        await hosted.close()
    _check(drawn, "Ann")
