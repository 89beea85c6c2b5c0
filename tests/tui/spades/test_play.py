"""Playing Spades against the bot with real key presses, from the draw to the result
and a rematch, and every way a key can be refused along the way."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from spit.core.clock import FakeClock
from spit.engine import Dealer
from spit.games.spades.engine import (
    SPADES,
    Action,
    Applied,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Exchange,
    Keep,
    Phase,
    State,
    apply,
    new_game,
    observe,
    shuffled_hand,
    to_move,
)
from spit.games.spades.keys import display_order, hand_letters
from spit.games.spades.replay import load_spades_replay, verify_spades
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.overlays import ConfirmQuit, ResultOverlay
from spit.tui.spades.help import SpadesHelp
from spit.tui.spades.screen import SpadesScreen
from spit.tui.spades.view import Controls, present

from .driver import Player, screen_of, spades_app

pytestmark = pytest.mark.slow  # games of Spades played key by key


def result_shown(screen: SpadesScreen) -> bool:
    return isinstance(screen.app.screen, ResultOverlay)


async def test_a_whole_game_then_a_rematch(tmp_path: Path) -> None:
    app = spades_app(target=100, replay_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen
        await player.play_until(result_shown)
        game = screen.game
        assert game.stage.over and max(game.state.scores) >= 100
        assert screen.board.text().count("Hand ") >= 1
        first_replay, first_seed = screen.replay_path, screen.seed
        assert first_replay is not None
        result = verify_spades(load_spades_replay(first_replay))
        assert (result.valid, result.finished, result.winner) == (True, True, game.state.winner)
        assert result.rounds == game.state.hand >= 2
        await pilot.press("enter")  # rematch
        assert app.screen is screen and screen.game is not game
        assert (screen.game.state.hand, screen.game.state.scores) == (1, (0, 0))
        assert screen.seed == first_seed + 1
        assert screen.replay_path not in (None, first_replay)
        assert "Hand 1: you draw first." in screen.board.text()


async def test_a_full_hand_is_scored_and_the_next_one_starts() -> None:
    async with spades_app().run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen
        await player.play_until(lambda s: s.game.state.phase is Phase.HAND_OVER)
        state = screen.game.state
        (result,) = state.history
        text = screen.board.text()
        assert f"Hand 1. You: bid {result.bids[0]}, took {result.tricks[0]}" in text
        assert "Enter: next hand" in text
        score_line = next(line for line in text.splitlines() if "score" in line)
        assert score_line.split()[-2:] == [str(state.scores[0]), str(state.scores[1])]
        await pilot.press("enter")
        assert screen.game.state.hand == 2
        assert "Hand 2: Hard bot draws first." in screen.board.text()


async def test_blind_nil_and_the_exchange() -> None:
    async with spades_app().run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen
        await pilot.press("b")
        assert screen.game.state.blind[0]
        await player.play_until(lambda s: s.game.state.phase is Phase.EXCHANGE)
        text = screen.board.text()
        assert "Give away up to 3 cards" in text and "(0 chosen)" in text
        await pilot.press("a", "b", "b", "right", "right", "space", "m")
        assert len(screen.controls.chosen) == 3
        await pilot.press("e")
        assert "At most three cards" in screen.board.text()
        assert len(screen.controls.chosen) == 3
        given = set(screen.controls.chosen)
        await pilot.press("enter")
        state = screen.game.state
        assert len(state.received[0]) == 3 and set(state.discards[0][-3:]) == given
        assert state.phase is Phase.PLAY  # a blind nil is the bid: the bot bid, and leads
        assert "(no spades until they are broken)" in screen.board.text() or state.trick


async def test_bids_are_typed_checked_and_corrected() -> None:
    async with spades_app().run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen
        await player.play_until(
            lambda s: s.game.state.phase is Phase.BID and to_move(s.game.state) == 0
        )
        await pilot.press("enter")
        assert "Type your bid first" in screen.board.text()
        await pilot.press("1", "5")
        assert "[15]" in screen.board.text() and "A bid is 0 (nil) to 13" in screen.board.text()
        await pilot.press("enter")
        assert "15 is too many" in screen.board.text()
        assert screen.game.state.phase is Phase.BID
        await pilot.press("backspace", "backspace", "up", "up", "up")
        assert screen.controls.bid == "2"  # up from nothing starts at 0
        await pilot.press("down", "enter")
        assert screen.game.state.bids[0] == 1


async def test_a_card_that_may_not_be_played_is_refused_and_recorded(tmp_path: Path) -> None:
    async with spades_app(replay_dir=tmp_path).run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen

        def following(s: SpadesScreen) -> bool:
            view = s.game.observe(0)
            if view.phase is not Phase.PLAY or view.to_move != 0 or not view.trick:
                return False
            return len(s.cursor_stops()) < len(view.hand)

        await player.play_until(following)
        stops = screen.cursor_stops()
        wrong = next(i for i in range(len(screen.game.observe(0).hand)) if i not in stops)
        before = screen.game.state
        card = display_order(screen.game.observe(0).hand)[wrong]
        await pilot.press(hand_letters(screen.game.observe(0))[card])
        assert screen.game.state is before
        assert "You must follow the suit led." in screen.board.text()
        replay_path = screen.replay_path
        assert replay_path is not None
        replay = load_spades_replay(replay_path)
        assert replay.inputs[-1].accepted is False
        assert verify_spades(replay).valid


async def test_help_and_leaving() -> None:
    app = spades_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, SpadesHelp)
        await pilot.press("x")
        assert app.screen is screen
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert app.screen is screen
        await pilot.press("escape", "y")
    assert app.return_code == 0


async def until(pilot: Pilot[int], done: Callable[[], bool]) -> bool:
    """Let the app run until ``done()``, for up to about five seconds."""
    for _ in range(500):
        if done():
            return True
        await pilot.pause(0.01)
    return done()


async def test_the_bot_acts_after_its_pause() -> None:
    async with spades_app(bot_delay=0.02).run_test(size=(80, 24)) as pilot:
        screen = screen_of(pilot)
        await pilot.press("n")
        assert await until(pilot, lambda: to_move(screen.game.state) == 0)
        assert screen.game.state.phase is Phase.DRAW


async def test_the_bot_waits_while_an_overlay_is_up() -> None:
    clock = FakeClock()
    async with spades_app(bot_delay=60, clock=clock).run_test(size=(80, 24)) as pilot:
        screen = screen_of(pilot)
        await pilot.press("n")  # decline blind nil: the bot is to move, in 18 s (a draw)
        assert "Hard bot is thinking..." in screen.board.text()
        clock.advance(10_000)
        await pilot.press("question_mark")
        clock.advance(60_000)
        screen.wake()  # its pause would be over, but the help is up: the game is paused
        assert to_move(screen.game.state) == 1 and screen.game.state.phase is Phase.BLIND
        await pilot.press("x")
        clock.advance(7_000)
        screen.wake()
        assert to_move(screen.game.state) == 1, "the pause does not count the time the help was up"
        clock.advance(1_000)
        screen.wake()
        assert to_move(screen.game.state) == 0 and screen.game.state.phase is Phase.DRAW


async def test_caps_lock_letters_work_as_their_keys() -> None:
    app = spades_app()
    async with app.run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen
        await pilot.press("N")  # Caps Lock on: no blind nil
        assert screen.game.state.phase is Phase.DRAW and to_move(screen.game.state) == 0
        await pilot.press("K")
        assert len(screen.game.state.hands[0]) == 1
        await pilot.press("D")
        assert len(screen.game.state.hands[0]) == 2
        await player.play_until(
            lambda s: s.game.state.phase is Phase.PLAY and to_move(s.game.state) == 0
        )
        held = len(screen.game.state.hands[0])
        key = "ABCDEFGHIJKLM"[screen.cursor_stops()[0]]
        await pilot.press(key)
        assert len(screen.game.state.hands[0]) == held - 1
        await pilot.press("Q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("N")
        assert app.screen is screen


async def test_a_window_too_small_hides_the_table_so_keys_and_the_bot_wait() -> None:
    clock = FakeClock()
    async with spades_app(bot_delay=60, clock=clock).run_test(size=(80, 24)) as pilot:
        screen = screen_of(pilot)
        await pilot.press("n")
        clock.advance(60_000)
        screen.wake()  # the bot declines too: the player draws
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert "Make the window at least 80×24" in screen.board.text()
        before = screen.game.state
        await pilot.press("k", "d")  # the top card cannot be seen: nothing happens
        assert screen.game.state is before
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("k")
        assert len(screen.game.state.hands[0]) == 1
        await pilot.resize_terminal(70, 20)  # with the bot to move, it waits
        await pilot.pause()
        clock.advance(60_000)
        screen.wake()
        assert to_move(screen.game.state) == 1 and len(screen.game.state.hands[1]) == 0
        await pilot.press("q")  # leaving still asks
        assert isinstance(screen.app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        clock.advance(60_000)
        screen.wake()
        assert to_move(screen.game.state) == 0 and len(screen.game.state.hands[1]) == 1


async def test_the_ascii_card_style_keeps_the_whole_table_to_ascii() -> None:
    async with spades_app(card_style="ascii").run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        seen: list[str] = []

        def played_a_hand(s: SpadesScreen) -> bool:
            seen.append(s.board.text())
            return s.game.state.phase is Phase.HAND_OVER

        await player.play_until(played_a_hand)
        assert all(text.isascii() for text in seen), next(t for t in seen if not t.isascii())


async def test_a_bag_penalty_is_explained_with_the_hands_score() -> None:
    async with spades_app(seed=5).run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = player.screen

        def penalty_charged(s: SpadesScreen) -> bool:
            history = s.game.state.history
            return s.game.state.phase is Phase.HAND_OVER and any(history[-1].penalties)

        await player.play_until(penalty_charged, limit=5000)
        state = screen.game.state
        text = screen.board.text()
        for player_index, name in ((0, "You reach"), (1, "Hard bot reaches")):
            if state.history[-1].penalties[player_index]:
                bags = state.bags[player_index] // 10 * 10
                assert f"{name} {bags} bags: -100." in text
        assert "Enter: next hand" in text


def test_the_bid_prompt_names_the_bots_blind_nil_in_full() -> None:
    state = new_game(*shuffled_hand(Dealer(1)))
    state = apply_all(state, [(0, DeclineBlindNil()), (1, DeclareBlindNil())])
    while state.phase is Phase.DRAW:
        state = apply_all(state, [(to_move(state), Keep())])
    state = apply_all(state, [(1, Exchange(()))])
    assert state.phase is Phase.BID and to_move(state) == 0
    names = ("You", "Hard bot")
    table = present(observe(state, 0), Controls(), names, CardPainter("unicode"))
    assert table.prompt[0].endswith("Hard bot bid blind nil.")


def apply_all(state: State, moves: list[tuple[int | None, Action]]) -> State:
    for player, action in moves:
        assert player is not None
        outcome = apply(state, player, action)
        assert isinstance(outcome, Applied)
        state = outcome.state
    return state


def test_a_lead_with_only_spades_left_is_not_told_to_avoid_spades() -> None:
    state = new_game(*shuffled_hand(Dealer(1)))
    state = apply_all(state, [(0, DeclineBlindNil()), (1, DeclineBlindNil())])
    while state.phase is not Phase.PLAY:
        player = to_move(state)
        action: Action = Keep() if state.phase is Phase.DRAW else Bid(1)
        state = apply_all(state, [(player, action)])
    spades = tuple(c for c in range(52) if c & 3 == SPADES)
    others = tuple(c for c in range(52) if c & 3 != SPADES)[:13]
    state = state._replace(hands=(spades, others), turn=0, trick=())
    assert not state.broken and to_move(state) == 0
    names = ("You", "Hard bot")
    table = present(observe(state, 0), Controls(), names, CardPainter("unicode"))
    assert "no spades" not in table.prompt[0] and "only spades" in table.prompt[0]
    assert all(card.usable for card in table.hand)


@pytest.mark.parametrize("recorded", [True, False])
async def test_leaving_says_whether_the_game_is_kept(recorded: bool, tmp_path: Path) -> None:
    app = spades_app(replay_dir=tmp_path if recorded else None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        note = str(app.screen.query_one("#leave-note", Static).render())
        assert ("The replay keeps what was played so far" in note) is recorded
        assert ("not recorded" in note) is not recorded
