"""Playing the game screen with real key presses, on a FakeClock."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Static

from spit.core.clock import FakeClock
from spit.engine import Applied, Move, Play, Rejected, Variant, apply, legal_actions
from spit.engine.timers import StagePhase
from spit.games.spit.game import Session
from spit.games.spit.replay import load_replay, verify
from spit.settings.model import theme_names
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import (
    QUIT_GRACE_MS,
    RESULT_GRACE_MS,
    ConfirmQuit,
    HelpOverlay,
    ResultOverlay,
)
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.game_screen import SpitScreen
from tests.tui.contrast import contrast
from tests.tui.game.driver import SEED, Driver, game_app


def _playing(match: Session) -> bool:
    return match.stage.phase is StagePhase.PLAYING


@pytest.mark.slow
async def test_two_players_play_a_whole_game_and_it_is_recorded(tmp_path: Path) -> None:
    clock = FakeClock()
    app = game_app(clock, record=True, replay_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        assert "Round 1: get ready" in driver.text
        await driver.play_until(lambda m: m.stage.phase is StagePhase.SLAP)
        assert "Slap the smaller pile!" in driver.text
        await driver.play_until(lambda m: m.stage.phase is StagePhase.ROUND_OVER)
        assert "Round 1 over" in driver.text
        assert "Player 2 slapped the" in driver.text
        await driver.play_until(lambda m: m.state.round == 2)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.GAME_OVER)
        await pilot.pause()
        assert isinstance(app.screen, ResultOverlay)
        assert driver.match.state.round == 3
        # Every key the policy pressed was legal, so every input was accepted.
        replay = load_replay(next(tmp_path.glob("*.spit.jsonl")))
        checked = verify(replay)
        assert checked.valid and checked.finished
        assert checked.inputs == driver.match.input_count == 83
        assert checked.winner == driver.match.state.winner

        clock.advance(RESULT_GRACE_MS)
        await pilot.press("enter")  # a rematch deals the next seed
        assert app.screen is driver.screen
        assert driver.screen.seed == SEED + 1
        assert driver.match.state.round == 1
        assert driver.match.stage.phase is StagePhase.COUNTDOWN
        assert len(list(tmp_path.glob("*.spit.jsonl"))) == 2


async def test_refused_keys_say_why() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.press(0, Play(0, 0))
        assert "wait for it" in driver.text  # before the first spit
        await driver.play_until(_playing)
        await driver.press(0, Play(0, 0))  # seed 7: player 1 cannot play at first
        view = driver.screen.board.view
        assert view is not None
        assert view.sides[0].message == "not playable"
        assert view.sides[0].flash_stock == 0
        await driver.wait(500)
        assert driver.screen.board.view.sides[0].flash_stock is None  # type: ignore[union-attr]
        await driver.wait(1000)
        assert "not playable" not in driver.text


def _race(match: Session) -> tuple[Play, Play] | None:
    """A play of player 2's that turns one of player 1's plays on the same pile illegal."""
    if match.stage.phase is not StagePhase.PLAYING:
        return None
    state = match.state
    for second in legal_actions(state, 1):
        if not isinstance(second, Play):
            continue
        after = apply(state, 1, second)
        assert isinstance(after, Applied)
        for first in legal_actions(state, 0):
            if not isinstance(first, Play) or first.pile != second.pile:
                continue
            if isinstance(apply(after.state, 0, first), Rejected):
                return second, first
    return None


async def test_losing_a_race_is_too_slow() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: _race(m) is not None)
        race = _race(driver.match)
        assert race is not None
        await driver.press(1, race[0])
        await driver.wait(200)
        await driver.press(0, race[1])
        assert "too slow!" in driver.text
        assert driver.screen.board.view.highlight_pile == race[0].pile  # type: ignore[union-attr]


@pytest.mark.slow
async def test_pause_freezes_the_match_and_keys() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await pilot.press("backspace")
        assert driver.match.paused
        assert driver.screen.pause_reasons == {"user"}
        assert "Paused" in driver.text
        await driver.wait(60_000)
        assert driver.match.stage.phase is StagePhase.COUNTDOWN
        await driver.press(1, Play(0, 1))
        assert "paused" in driver.text
        assert driver.match.input_count == 0
        await pilot.press("backspace")
        assert not driver.match.paused
        await driver.wait(3000)
        assert driver.match.stage.phase is StagePhase.PLAYING
        assert driver.match.time == 3000


async def test_help_shows_the_keys_and_pauses() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await pilot.press("question_mark")
        assert isinstance(pilot.app.screen, HelpOverlay)
        assert driver.match.paused
        keys = pilot.app.screen.query_one("#help-keys").render()
        assert "Player 2" in str(keys)
        await pilot.press("q")  # any key closes it, and plays nothing
        assert pilot.app.screen is driver.screen
        assert not driver.match.paused
        assert driver.match.input_count == 0


@pytest.mark.slow
async def test_quit_asks_first_and_then_exits_the_app() -> None:
    clock = FakeClock()
    app = game_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmQuit)
        assert driver.match.paused
        await pilot.press("n")
        assert app.screen is driver.screen
        assert not driver.match.paused
        await pilot.press("escape", "y")  # player 2's Y, pressed as the question came up
        assert isinstance(app.screen, ConfirmQuit)
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("Y")  # Caps Lock on
    assert app.return_code == 0


async def test_quit_returns_to_the_screen_below() -> None:
    class Below(Screen[None]):
        pass

    clock = FakeClock()
    app = game_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        below = Below()
        await app.push_screen(below)
        game = SpitScreen(GameConfig(seed=SEED, record=False), clock)
        await app.push_screen(game)
        await pilot.press("escape")
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("enter")
        assert app.screen is below
        assert app.is_running


async def test_too_small_pauses_until_the_window_grows() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(70, 20)) as pilot:
        driver = Driver(pilot, clock)
        assert "Make the window at least 80×24" in driver.text
        assert driver.screen.pause_reasons == {"small"}
        await driver.wait(10_000)
        assert driver.match.stage.phase is StagePhase.COUNTDOWN
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not driver.match.paused
        assert "Round 1: get ready" in driver.text


async def test_idle_table_stops_the_tick() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        assert driver.screen.ticking  # the countdown is due
        await driver.play_until(_playing)
        await driver.wait(1000)  # "SPIT!" has faded
        assert driver.match.next_due() is None
        assert not driver.screen.ticking


@pytest.mark.slow
async def test_against_a_bot_with_the_arrow_keys() -> None:
    clock = FakeClock()
    async with game_app(clock, bot_level="beginner").run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(_playing)
        cursor = (0, 0)
        used = set()
        for _ in range(400):
            match = driver.match
            if match.state.round > 1 or match.stage.phase is StagePhase.GAME_OVER:
                break
            actions = legal_actions(match.state, 0) if _playing(match) else []
            if match.stage.phase is StagePhase.SLAP:
                await pilot.press("up", "space")  # slap the left pile
                used.add("slap")
            elif actions:
                action = actions[0]
                stock = action.stock if isinstance(action, Play | Move) else 0
                steps = (stock - cursor[0]) % 5
                await pilot.press(*["right"] * steps)
                if isinstance(action, Play):
                    await pilot.press("up" if action.pile == 0 else "down", "space")
                    cursor = (stock, action.pile)
                else:
                    await pilot.press("enter")
                    cursor = (stock, cursor[1])
                used.add(type(action).__name__)
            await driver.wait(300)
        assert driver.match.state.round > 1 or driver.match.stage.phase is StagePhase.GAME_OVER
        assert {"Play", "slap"} <= used
        inputs = driver.match.input_count
        assert inputs > 20
        board = driver.screen.board.view
        assert board is not None and board.sides[1].keys is None  # the bot has no keys


async def test_caps_lock_and_other_layouts() -> None:
    clock = FakeClock()
    async with game_app(clock, keymap_preset="azerty").run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(_playing)
        assert " A  " in driver.text and " W  " in driver.text  # AZERTY keys on the table
        await pilot.press("A")  # Caps Lock: player 1's stockpile 1 onto the left pile
        assert "not playable" in driver.text
        assert driver.match.input_count == 1


async def test_spit_tui_play_lands_on_the_table_and_leaves_the_app() -> None:
    config = GameConfig(seed=SEED, record=False)
    clock = FakeClock()
    app = SpitApp(start_game=config, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SpitScreen)
        await pilot.press("escape")
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("y")
    assert app.return_code == 0


@pytest.mark.slow
async def test_points_variant_shows_the_scores() -> None:
    clock = FakeClock()
    async with game_app(clock, variant=Variant.POINTS).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        assert "points to 100" in driver.text
        await driver.play_until(lambda m: m.stage.phase is StagePhase.ROUND_OVER)
        scores = driver.match.state.scores
        assert f"Points: P1 {scores[0]} (+{scores[0]})" in driver.text
        assert f"{scores[1]} points" in driver.text


async def test_help_key_closes_its_own_overlay_in_the_real_app() -> None:
    app = SpitApp(start_game=GameConfig(seed=SEED, record=False), clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpOverlay)
        await pilot.press("question_mark")
        assert app.screen is game
        assert isinstance(game, SpitScreen) and not game.match.paused


async def test_nobody_slaps_and_each_takes_their_own_pile() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.SLAP)
        assert "4 s to slap" in driver.text
        await driver.wait(1000)
        assert "3 s to slap" in driver.text
        await driver.to_deadline()
        assert "Nobody slapped: own piles taken" in driver.text
        await driver.press(0, Play(0, 0))  # a slap key just too late
        assert "too slow!" in driver.text


@pytest.mark.slow
async def test_keys_still_being_pressed_at_game_over_do_not_answer_the_result() -> None:
    """Player 1's q and r (and Enter, the cursor's move) are play keys: mashed as the
    last card lands, they must not leave the game or start a rematch unseen."""
    clock = FakeClock()
    app = game_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.GAME_OVER)
        await pilot.pause()
        assert isinstance(app.screen, ResultOverlay)
        await pilot.press("q", "r", "enter", "escape")
        assert isinstance(app.screen, ResultOverlay)
        assert driver.match.stage.phase is StagePhase.GAME_OVER
        clock.advance(RESULT_GRACE_MS)
        await pilot.press("R")  # a rematch, with Caps Lock on
        assert app.screen is driver.screen
        assert driver.match.stage.phase is StagePhase.COUNTDOWN


async def test_the_question_mark_with_help_remapped_does_not_leave_the_game_running() -> None:
    app = SpitApp(
        start_game=GameConfig(seed=SEED, record=False, key_overrides={"help": "f1"}),
        clock=FakeClock(),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, SpitScreen)
        await pilot.press("question_mark")
        assert app.screen is game or game.match.paused
        await pilot.press("f1")
        assert isinstance(app.screen, HelpOverlay) and game.match.paused


@pytest.mark.slow
@pytest.mark.parametrize("theme", theme_names())
async def test_the_big_banner_can_be_read_on_every_theme(theme: str) -> None:
    """PAUSED (like the countdown, SPIT! and SLAP!) in big letters: at least 3:1 against
    the table, the least for large text (the light theme's accent orange was 1.5:1)."""
    clock = FakeClock()
    async with game_app(clock, theme=theme).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await pilot.press("backspace")
        board = driver.screen.board
        background = board.rich_style.bgcolor
        assert background is not None
        banner = [
            segment.style
            for y in range(board.size.height)
            for segment in board.render_line(y)
            if "┏━┓" in segment.text and segment.style is not None
        ]
        assert banner
        for style in banner:
            assert style.color is not None
            ink = style.color.get_truecolor()
            paper = (style.bgcolor or background).get_truecolor()
            assert contrast(tuple(ink), tuple(paper)) >= 3, theme


@pytest.mark.slow
async def test_the_ascii_style_draws_only_ascii_on_the_table() -> None:
    """The ASCII card style is for terminals without Unicode: the header, the footer
    and the round summary (the points variant's longest) keep to ASCII too."""
    clock = FakeClock()
    app = game_app(clock, card_style="ascii", variant=Variant.POINTS)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        seen = [driver.text]
        await driver.play_until(lambda m: m.stage.phase is StagePhase.PLAYING)
        seen.append(driver.text)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.ROUND_OVER)
        seen.append(driver.text)
        assert "Points:" in seen[-1]
        for text in seen:
            assert text.isascii(), [c for c in text if not c.isascii()]


@pytest.mark.parametrize("record", [True, False])
async def test_leaving_says_whether_the_game_is_kept(record: bool, tmp_path: Path) -> None:
    clock = FakeClock()
    app = game_app(clock, record=record, replay_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the replay file is opened after the first frame
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmQuit)
        note = str(app.screen.query_one("#leave-note", Static).render())
        assert ("The replay keeps what was played so far" in note) is record
        assert ("not recorded" in note) is not record


def _faces(text: str) -> int:
    """How many card faces the table shows (a face has a rank in its top corner)."""
    return len(re.findall(r"[│|](?:10|[2-9JQKA])[♣♦♥♠CDHS]? *[│|]", text))


@pytest.mark.slow
@pytest.mark.parametrize("reason", ["user", "help", "quit", "small"])
async def test_a_pause_in_play_hides_the_cards_then_counts_down(reason: str) -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(_playing)
        assert _faces(driver.text) >= 10
        keys = {"user": "backspace", "help": "question_mark", "quit": "escape"}
        if reason == "small":
            await pilot.resize_terminal(70, 20)
        else:
            await pilot.press(keys[reason])
        await pilot.pause()
        assert driver.screen.pause_reasons == {reason}
        assert driver.screen.board.view.hidden  # type: ignore[union-attr]
        assert _faces(driver.screen.board.text()) == 0 or reason == "small"
        assert "can play" not in driver.text and "no play" not in driver.text
        if reason == "small":
            await pilot.resize_terminal(80, 24)
        elif reason == "quit":
            await pilot.press("n")
        else:
            await pilot.press(keys[reason] if reason == "user" else "x")
        await pilot.pause()
        assert driver.screen.pause_reasons == {"resume"} and driver.match.paused
        assert _faces(driver.text) >= 10  # the cards again, to look at before play
        assert "Get ready: play goes on" in driver.text
        inputs = driver.match.input_count
        await driver.press(0, legal_play(driver.match, 0))
        assert driver.match.input_count == inputs and "wait for it" in driver.text
        await driver.wait(2999)
        assert driver.match.paused
        await driver.wait(1)
        assert not driver.match.paused and driver.screen.pause_reasons == set()
        assert not driver.screen.ticking or driver.match.next_due() is not None


async def test_pausing_again_during_the_countdown_pauses_at_once() -> None:
    clock = FakeClock()
    async with game_app(clock).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(_playing)
        await pilot.press("backspace", "backspace")
        assert driver.screen.pause_reasons == {"resume"}
        await pilot.press("backspace")
        assert driver.screen.pause_reasons == {"user"}
        await driver.wait(10_000)
        assert driver.match.paused and driver.screen.pause_reasons == {"user"}
        assert "Paused" in driver.text


def legal_play(match: Session, player: int) -> Play | Move:
    """Any card ``player`` could play or move now (so a refusal is the pause's doing)."""
    actions = [a for a in legal_actions(match.state, player) if isinstance(a, Play | Move)]
    return actions[0] if actions else Play(0, 0)


def _count_bells(app: App[None]) -> list[int]:
    rung: list[int] = []
    app.bell = lambda: rung.append(1)  # type: ignore[method-assign]
    return rung


@pytest.mark.slow
@pytest.mark.parametrize("bell", [True, False])
async def test_the_bell_rings_for_a_lost_race_and_a_lost_slap_only_if_asked(bell: bool) -> None:
    clock = FakeClock()
    app = game_app(clock, bell=bell)
    async with app.run_test(size=(80, 24)) as pilot:
        rung = _count_bells(app)
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: _race(m) is not None)
        race = _race(driver.match)
        assert race is not None and rung == []
        await driver.press(1, race[0])
        await driver.wait(200)
        await driver.press(0, race[1])
        assert "too slow!" in driver.text
        assert len(rung) == (1 if bell else 0)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.SLAP)
        before = len(rung)
        await driver.step()  # player 2 slaps: player 1 lost the slap
        assert driver.match.stage.phase is StagePhase.ROUND_OVER
        assert len(rung) == before + (1 if bell else 0)


def test_only_a_human_losing_rings_the_bell() -> None:
    from spit.engine import Slapped
    from spit.engine.timers import SlapWindowClosed
    from spit.game import TimedEvent
    from spit.play.session import InputHandled, InputRecord
    from spit.tui.spit.game_screen import _lost_a_race

    def timed(*events: object) -> list[TimedEvent]:
        return [TimedEvent(0, e) for e in events]  # type: ignore[arg-type]

    slow = InputRecord(0, 1, Play(0, 0), False, "not_adjacent", too_slow=True)
    wrong = InputRecord(0, 0, Play(0, 0), False, "not_adjacent")
    you = (0,)
    assert _lost_a_race(timed(Slapped(1, 0, (3, 4))), you)  # the bot slapped first
    assert not _lost_a_race(timed(Slapped(0, 0, (3, 4))), you)  # you did
    assert not _lost_a_race(timed(SlapWindowClosed(), Slapped(0, 0, (3, 4))), you)  # nobody
    assert not _lost_a_race(timed(InputHandled(slow)), you)  # the bot was too slow
    assert _lost_a_race(timed(InputHandled(slow)), (0, 1))  # on one keyboard: either
    assert not _lost_a_race(timed(InputHandled(wrong)), (0, 1))  # a mistake is no race
    assert _lost_a_race(timed(Slapped(0, 1, (3, 4))), (0, 1))


@pytest.mark.parametrize("hint", [True, False])
async def test_the_play_hint_can_be_turned_off(hint: bool) -> None:
    clock = FakeClock()
    async with game_app(clock, show_play_hint=hint).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(_playing)
        assert ("can play" in driver.text or "no play" in driver.text) is hint


def test_the_hint_and_bell_settings_reach_the_game() -> None:
    from spit.settings.model import Settings

    config = GameConfig.from_settings(Settings(show_play_hint=False, bell=True))
    assert config.show_play_hint is False and config.bell is True
    config = GameConfig.from_settings(Settings())
    assert config.show_play_hint is True and config.bell is False
