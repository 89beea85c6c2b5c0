"""What every replay viewer does the same way (``spit.tui.shared.viewer_base``), tried on the
Spit viewer and the Spades viewer alike: the help, the speeds, leaving, and a file
that cannot be shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen

from spit.games.replays import load_any_replay, verify_any
from spit.tui.shared.viewer_base import SPEEDS
from spit.tui.shared.viewer_keys import ViewerHelp
from tests.replay.goldens import broken_copy
from tests.tui.spades_viewer import driver as spades
from tests.tui.viewer import driver as spit
from tests.tui.viewer.driver import ViewerApp

SIZE = (80, 24)


@pytest.fixture(params=["spit", "spades"])
def game(request: pytest.FixtureRequest) -> tuple[type[ViewerApp], Path]:
    """A viewer, and a finished game for it."""
    if request.param == "spit":
        return ViewerApp, spit.FINISHED
    return spades.SpadesViewerApp, spades.FINISHED


@pytest.fixture
def app(game: tuple[type[ViewerApp], Path]) -> ViewerApp:
    """A viewer on a finished game."""
    kind, finished = game
    return kind(finished)


@pytest.mark.slow
async def test_help_lists_the_keys_pauses_and_any_key_goes_back(app: ViewerApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "question_mark")
        assert isinstance(app.screen, ViewerHelp) and not app.viewer.playing
        await pilot.press("x")
        assert app.screen is app.viewer and app.viewer.playing


@pytest.mark.slow
async def test_speed_goes_from_a_quarter_to_sixteen_times(app: ViewerApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["minus"] * 4)
        assert app.viewer.speed == 0.25 == SPEEDS[0]
        await pilot.press(*["equals_sign"] * 8)
        assert app.viewer.speed == 16 == SPEEDS[-1]


async def test_escape_leaves_a_replay_that_was_all_there_was(app: ViewerApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running


async def test_a_replay_pushed_over_another_screen_goes_back_to_it(app: ViewerApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        below = Screen[None]()
        await app.switch_screen(below)
        await app.push_screen(app.viewer)
        await pilot.press("q")
        assert app.screen is below


async def test_an_inconsistent_replay_shows_the_error_and_its_line(
    game: tuple[type[ViewerApp], Path], tmp_path: Path
) -> None:
    kind, finished = game
    path = broken_copy(finished.name, tmp_path)
    result = verify_any(load_any_replay(path))
    app = kind(path)
    async with app.run_test(size=SIZE) as pilot:
        problem = app.viewer.problem
        assert problem is not None and not problem.unreadable
        assert (problem.line, problem.message) == (result.line, result.error)
        shown = " ".join(str(s.render()) for s in app.viewer.query("Static"))
        assert "This replay cannot be shown" in shown and f"line {result.line}:" in shown
        await pilot.press("space", "right", "question_mark", "down", "end")  # nothing to move
        assert app.screen is app.viewer
        await pilot.press("escape")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.slow
async def test_a_file_with_only_a_header_has_nothing_to_watch(
    game: tuple[type[ViewerApp], Path], tmp_path: Path
) -> None:
    kind, finished = game
    path = tmp_path / f"empty.{finished.name.split('.', 1)[1]}"
    path.write_text(finished.read_text(encoding="utf-8").splitlines()[0] + "\n")
    async with kind(path).run_test(size=SIZE) as pilot:
        problem = pilot.app.viewer.problem  # type: ignore[attr-defined]
        assert problem is not None and not problem.unreadable
        assert "nothing to watch" in problem.message


async def test_a_window_too_small_pauses_and_ignores_the_keys(
    app: ViewerApp, game: tuple[type[ViewerApp], Path]
) -> None:
    smallest = (80, 24) if game[0] is spades.SpadesViewerApp else (80, 23)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.resize_terminal(smallest[0], smallest[1] - 1)
        await pilot.pause()
        assert not app.viewer.playing and app.viewer.has_class("-small")
        await pilot.press("space")
        assert not app.viewer.playing
        await pilot.resize_terminal(*smallest)
        await pilot.pause()
        assert not app.viewer.has_class("-small")
