"""Every viewer control, pressed as a person would, on the finished golden game."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.games.spit.timeline import START, Position, Timeline
from spit.tui.app import SpitApp
from spit.tui.shared.viewer_keys import ViewerHelp
from spit.tui.spit.viewer import SpitViewerScreen
from tests.tui.viewer.driver import FINISHED, HAND_WRITTEN, ViewerApp

SIZE = (80, 24)


def parts(pilot: Pilot[None]) -> tuple[ViewerApp, SpitViewerScreen, Timeline]:
    app = pilot.app
    assert isinstance(app, ViewerApp)
    timeline = app.viewer.timeline
    assert timeline is not None
    return app, app.viewer, timeline


async def test_it_opens_paused_at_the_start_with_the_table_and_the_bar() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, _ = parts(pilot)
        assert viewer.position == START and not viewer.playing
        text = viewer.board.text()
        assert "Replay · Round 1 · standard game" in text
        assert "Lefty" in text and "Righty" in text and "Round 1: get ready" in text
        bar = str(viewer.bar.render())
        assert "0:00 / 0:59" in bar and "input 0/135" in bar


async def test_play_follows_the_clock_at_the_chosen_speed_and_pause_stops_it() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        app, viewer, timeline = parts(pilot)
        await pilot.press("space")
        assert viewer.playing
        app.clock.advance(2000)
        viewer.tick()
        assert viewer.position == timeline.at_time(2000)
        await pilot.press("plus")
        app.clock.advance(1000)
        viewer.tick()
        assert viewer.position.t == 4000
        await pilot.press("space")
        assert not viewer.playing
        app.clock.advance(5000)
        viewer.tick()
        assert viewer.position.t == 4000


async def test_playing_to_the_end_stops_there_and_play_starts_again() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        app, viewer, timeline = parts(pilot)
        await pilot.press("space")
        app.clock.advance(timeline.end.t + 10_000)
        viewer.tick()
        assert viewer.position == timeline.end and not viewer.playing
        assert viewer.playback.view().centre.big == "P2 WINS"
        await pilot.press("space")
        assert viewer.playing and viewer.position == START


@pytest.mark.slow
async def test_arrows_seek_five_seconds_within_the_game() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        await pilot.press("right", "right")
        assert viewer.position == timeline.at_time(10_000)
        await pilot.press("left")
        assert viewer.position == timeline.at_time(5000)
        await pilot.press("left", "left")
        assert viewer.position == START
        await pilot.press("end", "right")
        assert viewer.position == timeline.end
        await pilot.press("home")
        assert viewer.position == START


@pytest.mark.slow
async def test_up_and_down_jump_between_events() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        marks = [p for p, _ in timeline.marks if p > START]
        for expected in marks[:4]:
            await pilot.press("down")
            assert viewer.position == expected
        await pilot.press("up")
        assert viewer.position == marks[2]


@pytest.mark.slow
async def test_page_keys_and_brackets_jump_between_rounds() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        rounds = timeline.round_positions()
        await pilot.press("pagedown")
        assert viewer.position == rounds[1]
        assert "Round 2" in viewer.board.text()
        await pilot.press("right_square_bracket")
        assert viewer.position == rounds[2]
        await pilot.press("right_square_bracket")
        assert viewer.position == timeline.end
        await pilot.press("left")  # into round 3
        await pilot.press("pageup")
        assert viewer.position == rounds[2]
        await pilot.press("left_square_bracket")
        assert viewer.position == rounds[1]


@pytest.mark.slow
async def test_comma_and_full_stop_step_one_input_and_pause() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        await pilot.press("space", "full_stop")
        assert not viewer.playing
        assert viewer.position == timeline.after_input(1)
        await pilot.press("full_stop", "full_stop", "comma")
        assert viewer.position == timeline.after_input(2)
        assert "input 2/135" in str(viewer.bar.render())


async def test_a_refused_input_is_shown_with_what_was_tried() -> None:
    async with ViewerApp(HAND_WRITTEN).run_test(size=SIZE) as pilot:
        _, viewer, _ = parts(pilot)
        await pilot.press("full_stop", "full_stop", "full_stop")
        text = viewer.board.text()
        assert "P1 too slow: 3♣ on the pile" in text
        assert "too slow!" in text


async def test_a_click_on_the_bar_jumps_there() -> None:
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        width = viewer.bar.size.width - 2
        await pilot.click(viewer.bar, offset=(1 + (width - 1) // 2, 1))
        assert viewer.position == timeline.at_time((width - 1) // 2 * timeline.end.t // (width - 1))


@pytest.mark.slow
async def test_position_is_never_before_the_inputs_already_shown() -> None:
    """Play right after stepping into a millisecond shared by several inputs."""
    async with ViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        viewer.playback.go_to(Position(1, timeline.inputs[0].t))
        await pilot.press("space")
        viewer.tick()
        assert viewer.position >= Position(1, timeline.inputs[0].t)


@pytest.mark.slow
async def test_in_the_spit_app_question_mark_is_the_viewers_help() -> None:
    viewer = SpitViewerScreen(FINISHED, FakeClock())
    app = SpitApp(start_screen=viewer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, ViewerHelp)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not app.is_running
