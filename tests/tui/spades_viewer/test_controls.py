"""Every control of the Spades viewer, pressed as a person would, on the finished
golden game (see ``driver``)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.spades_viewer.driver import FINISHED, SpadesViewerApp, parts, text

SIZE = (80, 24)


async def test_it_opens_paused_at_the_start_with_both_seats_and_the_header() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, _ = parts(pilot)
        assert viewer.index == 0 and not viewer.playing
        shown = text(viewer)
        assert "Spades replay · North vs South · first to 500" in shown
        assert "North · hard bot" in shown and "South · easy bot" in shown
        assert "Hand 1: North draws first." in shown and "Blind nil?" in shown
        assert "❚❚ 1×  input 0/449  hand 1/8" in shown
        assert "? keys  Esc back" in shown


@pytest.mark.slow
async def test_right_and_left_step_one_input_and_say_what_it_was() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, _ = parts(pilot)
        await pilot.press("right", "right", "right")
        assert viewer.index == 3
        shown = text(viewer)
        assert "North discards 6♠ and takes 4♣." in shown
        assert "South declines blind nil." in shown  # the step before, above it
        assert "input 3/449" in shown and "The draw" in shown
        assert "face down: 6♠" in shown  # what North has put down so far
        await pilot.press("left")
        assert viewer.index == 2 and "South declines blind nil." in text(viewer)
        await pilot.press("left", "left", "left")
        assert viewer.index == 0


async def test_both_hands_are_face_up_and_sorted_as_in_play() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        await pilot.press("down")  # the bidding is over: 13 cards each
        seats = viewer.table().seats
        for player in (0, 1):
            cards = [c.card for c in seats[player].hand]
            assert sorted(cards) == sorted(timeline.frames[viewer.index].state.hands[player])
            assert len(cards) == 13
        shown = text(viewer)
        assert "K♥" in shown and "Trick 1" in shown and "South bids 3." in shown


async def moves(pilot: Pilot[Any], steps: list[tuple[tuple[str, ...], int]]) -> None:
    """Press each step's keys and check the frame they land on."""
    viewer = parts(pilot)[1]
    for keys, expected in steps:
        await pilot.press(*keys)
        assert viewer.index == expected, keys


@pytest.mark.slow
async def test_up_and_down_jump_between_tricks_brackets_too() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        marks = timeline.marks
        await moves(pilot, [(("down",), marks[0]), (("down", "right_square_bracket"), marks[2])])
        shown = text(viewer)
        assert "South takes trick 2" in shown and "trick 2 of 13" in shown
        assert "wins the trick." in shown
        into_trick_3 = ("right", "up")
        await moves(pilot, [(into_trick_3, marks[2]), (("left_square_bracket",), marks[1])])


@pytest.mark.slow
async def test_page_keys_jump_between_hands() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        hands = timeline.round_marks
        await moves(pilot, [(("pagedown", "pagedown"), hands[2])])
        assert "hand 3/8" in text(viewer) and "Hand 3: North draws first." in text(viewer)
        steps = [(("right", "pageup"), hands[2]), (("pageup",), hands[1])]
        await moves(pilot, [*steps, (("pagedown",) * 7, timeline.last)])


async def test_home_and_end_and_the_result_at_the_end() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        await pilot.press("end")
        assert viewer.index == timeline.last
        shown = text(viewer)
        assert "North wins, 523 to 377" in shown and "Game over" in shown
        assert "Hand 8. North: bid 4, took 4, +40" in shown
        assert "input 449/449  hand 8/8" in shown
        await pilot.press("right")
        assert viewer.index == timeline.last
        await pilot.press("home")
        assert viewer.index == 0


async def test_play_follows_the_clock_at_the_chosen_speed_and_pause_stops_it() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        app, viewer, timeline = parts(pilot)
        await pilot.press("space")
        assert viewer.playing and "▶ 1×" in text(viewer)
        app.clock.advance(timeline.times[10])
        viewer.tick()
        assert viewer.index == 10
        await pilot.press("plus")  # twice as fast from here
        app.clock.advance((timeline.times[20] - timeline.times[10]) // 2)
        viewer.tick()
        assert viewer.index == 20 and "▶ 2×" in text(viewer)
        await pilot.press("space")
        assert not viewer.playing and "❚❚ 2×" in text(viewer)
        app.clock.advance(60_000)
        viewer.tick()
        assert viewer.index == 20


@pytest.mark.slow
async def test_nothing_ticks_while_paused() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        _, viewer, _ = parts(pilot)
        timer = viewer._timer
        assert timer is not None and not timer._active.is_set()
        await pilot.press("space")
        assert timer._active.is_set()
        await pilot.press("space")
        assert not timer._active.is_set()


async def test_stepping_pauses_and_playing_on_goes_from_there() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        app, viewer, timeline = parts(pilot)
        await pilot.press("space", "right")
        assert not viewer.playing and viewer.index == 1
        await pilot.press("space")
        app.clock.advance(timeline.times[3] - timeline.times[1])
        viewer.tick()
        assert viewer.index == 3


async def test_playing_to_the_end_stops_there_and_play_starts_again() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=SIZE) as pilot:
        app, viewer, timeline = parts(pilot)
        await pilot.press("space")
        app.clock.advance(timeline.times[-1] + 10_000)
        viewer.tick()
        assert viewer.index == timeline.last and not viewer.playing
        await pilot.press("space")
        assert viewer.playing and viewer.index == 0


async def test_a_window_too_small_says_how_large_to_make_it() -> None:
    async with SpadesViewerApp(FINISHED).run_test(size=(80, 23)) as pilot:
        _, viewer, _ = parts(pilot)
        assert "Make the window at least 80×24" in text(viewer)
        assert "(it is 80×23 now)." in text(viewer)


@pytest.mark.slow
async def test_the_ascii_style_shows_only_ascii_at_every_hand() -> None:
    """The ASCII card style is for terminals without Unicode: the header, the seats'
    lines and the status line keep to ASCII too, from the draw to the end."""
    async with SpadesViewerApp(FINISHED, card_style="ascii").run_test(size=SIZE) as pilot:
        _, viewer, timeline = parts(pilot)
        for _ in range(timeline.rounds + 2):
            shown = text(viewer)
            assert shown.isascii(), sorted({c for c in shown if not c.isascii()})
            await pilot.press("pagedown", "down", "right")
        assert "Spades replay - North vs South - first to 500" in shown
