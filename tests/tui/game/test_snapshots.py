"""What the table looks like, from a fixed deal with the clock frozen.

Regenerate after an intended change with ``pytest tests/tui/game --snapshot-update``
and look at the SVGs in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.engine import Variant
from spit.engine.timers import CountdownKind, StagePhase
from spit.games.spit.game import Session
from tests.tui.game.driver import Driver, game_app

Check = Callable[[Session], bool]


def _setup(clock: FakeClock, done: Check, steps_after: int = 0) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        driver = Driver(pilot, clock, fast=True)
        await driver.play_until(done)
        for _ in range(steps_after):
            await driver.step()
        if driver.match.stage.phase is StagePhase.GAME_OVER:
            await driver.story_told()
        await pilot.pause()

    return run_before


def _phase(phase: StagePhase) -> Check:
    return lambda match: match.stage.phase is phase


def _snap(snap_compare: Any, done: Check | None = None, steps: int = 0, **options: Any) -> bool:
    size = options.pop("size", (80, 24))
    clock = FakeClock()
    app = game_app(clock, **options)
    before = _setup(clock, done, steps) if done is not None else None
    return bool(snap_compare(app, terminal_size=size, run_before=before))


class TestTable:
    @pytest.mark.slow
    def test_start_countdown(self, snap_compare: Any) -> None:
        assert _snap(snap_compare)

    @pytest.mark.slow
    def test_playing_with_the_last_card_highlighted(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _phase(StagePhase.PLAYING), steps=6)

    @pytest.mark.slow
    def test_stall_countdown(self, snap_compare: Any) -> None:
        def stalled(match: Session) -> bool:
            return match.stage.countdown is CountdownKind.STALL

        assert _snap(snap_compare, stalled)

    @pytest.mark.slow
    def test_slap_prompt(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _phase(StagePhase.SLAP))

    @pytest.mark.slow
    def test_round_summary(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _phase(StagePhase.ROUND_OVER))

    @pytest.mark.slow
    def test_big_terminal_has_big_cards(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _phase(StagePhase.PLAYING), steps=6, size=(120, 40))

    def test_a_big_window_is_filled(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _phase(StagePhase.PLAYING), steps=6, size=(200, 60))

    def test_ascii_four_colour_light(self, snap_compare: Any) -> None:
        options = {"card_style": "ascii", "four_colour": True, "theme": "textual-light"}
        assert _snap(snap_compare, _phase(StagePhase.PLAYING), steps=6, **options)

    @pytest.mark.slow
    def test_against_a_bot_with_the_arrow_selection(self, snap_compare: Any) -> None:
        clock = FakeClock()
        app = game_app(clock, bot_level="normal")

        async def run_before(pilot: Pilot[None]) -> None:
            driver = Driver(pilot, clock, fast=True)
            await driver.to_deadline()
            await pilot.press("right", "right", "down")

        assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


class TestScreens:
    @pytest.mark.slow
    def test_help_overlay(self, snap_compare: Any) -> None:
        clock = FakeClock()
        assert snap_compare(game_app(clock), terminal_size=(80, 24), press=["question_mark"])

    def test_paused(self, snap_compare: Any) -> None:
        clock = FakeClock()
        assert snap_compare(game_app(clock), terminal_size=(80, 24), press=["backspace"])

    def test_paused_in_play_hides_the_cards(self, snap_compare: Any) -> None:
        clock = FakeClock()
        app = game_app(clock)

        async def run_before(pilot: Pilot[None]) -> None:
            driver = Driver(pilot, clock, fast=True)
            await driver.play_until(_phase(StagePhase.PLAYING))
            await pilot.press("backspace")

        assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)

    @pytest.mark.slow
    def test_the_countdown_after_a_pause(self, snap_compare: Any) -> None:
        clock = FakeClock()
        app = game_app(clock)

        async def run_before(pilot: Pilot[None]) -> None:
            driver = Driver(pilot, clock, fast=True)
            await driver.play_until(_phase(StagePhase.PLAYING))
            await pilot.press("backspace", "backspace")
            await driver.wait(1000)

        assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)

    @pytest.mark.slow
    def test_result_of_a_points_game_in_ascii(self, snap_compare: Any) -> None:
        options = {"card_style": "ascii", "variant": Variant.POINTS}
        assert _snap(snap_compare, _phase(StagePhase.GAME_OVER), **options)

    def test_too_small(self, snap_compare: Any) -> None:
        assert snap_compare(game_app(FakeClock()), terminal_size=(60, 20))

    @pytest.mark.slow
    def test_result(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _phase(StagePhase.GAME_OVER))
