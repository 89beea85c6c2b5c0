"""War's rules (``RULES.md``), its place in the menu, and its table opened by the app
through its screens (the battery, ``tests/games/test_battery.py``, plays the rest)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from spit.core.cards import parse_card
from spit.core.clock import FakeClock
from spit.core.outcome import Rejected
from spit.core.seats import SEATS
from spit.games.descriptor import GameDescriptor
from spit.play.deals import ScriptedDeals
from spit.play.session import Session
from spit.settings.model import Settings
from spit.tui.shared.front_ends import FrontEnds

from .descriptor import DESCRIPTOR, FRONT_ENDS
from .engine import FLIP, Deal, Reason, Stage, TrickTaken
from .game import WarGame

Install = Callable[[GameDescriptor, FrontEnds], None]


def deal(first: str, second: str) -> Deal:
    return Deal(tuple(map(parse_card, first.split())), tuple(map(parse_card, second.split())))


def test_equal_points_are_a_draw_and_a_war_scores_nobody() -> None:
    game = WarGame(rounds=1)
    state = game.start(deal("2C 3C 4C AC", "2D 3D 4D KD")).state
    for seat in (0, 1, 0, 1, 0, 1):
        state = game.apply(state, Stage(), 0, SEATS[seat], FLIP).state  # type: ignore[union-attr]
    assert state.points == (0, 0)
    applied = game.apply(state, Stage(), 0, SEATS[0], FLIP)
    assert not isinstance(applied, Rejected)
    last = game.apply(applied.state, applied.stage, 0, SEATS[1], FLIP)
    assert not isinstance(last, Rejected) and last.stage.over and last.round_over
    assert TrickTaken(0, (parse_card("AC"), parse_card("KD"))) in last.events
    outcome = game.outcome(last.state)
    assert outcome is not None and outcome.winners == (SEATS[0],) and outcome.scores == (1, 0)
    drawn = Session(game, ScriptedDeals([deal("2C 3C 4C 5C", "2D 3D 4D 5D")]))
    for seat in (0, 1) * 4:
        drawn.submit_at(drawn.time, SEATS[seat], FLIP)
    outcome = game.outcome(drawn.state)
    assert outcome is not None and outcome.draw and outcome.scores == (0, 0)


def test_only_the_leader_then_the_other_flips_and_leaders_alternate_by_round() -> None:
    game = WarGame(rounds=2)
    session = Session(game, ScriptedDeals([deal("2C 3C 4C 5C", "6D 7D 8D 9D")] * 2))
    assert session.legal_actions(SEATS[1]) == ()
    refused = session.submit_at(0, SEATS[1], FLIP)
    assert not refused.accepted and getattr(refused, "reason", None) is Reason.NOT_YOUR_TURN
    for seat in (0, 1) * 4:
        assert session.submit_at(0, SEATS[seat], FLIP).accepted
    assert session.rounds == 2 and session.state.to_move == 1 and session.state.points == (0, 4)


@pytest.mark.parametrize(
    "bad", [deal("2C 3C 4C", "6D 7D 8D 9D"), deal("2C 3C 4C 5C", "5C 7D 8D 9D")]
)
def test_a_deal_that_does_not_fit_is_refused(bad: Deal) -> None:
    with pytest.raises(ValueError, match=r"War deals|at most once"):
        WarGame().start(bad)


def test_the_menu_gains_wars_key_and_no_other_entry_moves(extra_game: Install) -> None:
    from spit.tui.shell import menu

    before = menu._entries()
    extra_game(DESCRIPTOR, FRONT_ENDS)
    after = menu._entries()
    assert [entry for entry in after if entry[0] != "war"] == list(before)
    assert ("war", "w", "War against a bot") in after


@pytest.mark.slow
def test_the_app_opens_wars_table_and_a_key_flips(extra_game: Install) -> None:
    from spit.tui.app import SpitApp
    from spit.tui.shared.navigation import StartGame

    from .screen import WarScreen

    extra_game(DESCRIPTOR, FRONT_ENDS)
    clock = FakeClock()

    async def play() -> None:
        app = SpitApp(settings=Settings(practice_offered=True), clock=clock)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(StartGame("war"))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, WarScreen)
            assert "Round 1 of 3, your turn" in screen.board.text()
            await pilot.press("f")
            assert screen.session.state.table[0] is not None
            assert "the bot's turn" in screen.board.text()
            clock.advance(1_000)
            screen.tick()
            assert screen.session.state.table == (None, None)  # the trick is taken
            assert "your turn" in screen.board.text()

    asyncio.run(play())


def test_war_imports_no_other_game_nor_the_composition_root() -> None:
    """What the games' independence contracts (``pyproject.toml``) say of the program's
    games, for a game import-linter does not see (it checks ``spit`` only)."""
    import ast
    from pathlib import Path

    forbidden: tuple[str, ...] = ("spit.engine", "spit.games.spit", "spit.games.spades")
    forbidden += ("spit.tui.spit", "spit.tui.spades", "spit.composition", "spit.cli")
    for source in Path(__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(forbidden), f"{source.name} imports {name}"
