"""Each card keeps its letter for the whole hand; what the bot's seat says follows the
phase; the target score comes from ``--target`` or the settings, and the replay
records it."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.cli import main
from spit.games.spades.engine import Phase, to_move
from spit.games.spades.keys import HAND_KEYS, hand_letters
from spit.games.spades.replay import load_spades_replay
from spit.settings.model import Settings
from spit.tui.spades.front_ends import TARGETS
from spit.tui.spades.screen import SpadesScreen
from tests.tui.start_screens import catch_start_screens

from .driver import Player, screen_of, spades_app


def _shown_letters(screen: SpadesScreen) -> dict[int, str]:
    """The letter drawn under each card of the hand on the table."""
    table = screen.board.table
    assert table is not None
    return {item.card: item.key for item in table.hand}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
async def test_a_card_keeps_its_letter_through_the_play_of_a_hand(seed: int) -> None:
    async with spades_app(seed=seed).run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = screen_of(pilot)
        await player.play_until(lambda s: s.game.state.phase is Phase.PLAY)
        first = _shown_letters(screen)
        assert sorted(first.values()) == sorted(HAND_KEYS[: len(first)])
        seen = 0
        while screen.game.state.phase is Phase.PLAY and screen.game.state.hand == 1:
            now = _shown_letters(screen)
            assert now == {card: first[card] for card in now}  # the same letters, fewer cards
            seen = max(seen, len(first) - len(now))
            await player.turn()
        assert seen >= 10  # the hand was played, almost to its end


@pytest.mark.slow
async def test_a_letter_plays_its_card_after_the_cards_before_it_are_gone() -> None:
    async with spades_app().run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = screen_of(pilot)
        await player.play_until(lambda s: s.game.state.phase is Phase.PLAY)
        first = _shown_letters(screen)
        await player.play_until(
            lambda s: to_move(s.game.state) == 0 and len(s.game.observe(0).hand) <= len(first) - 3
        )
        letters = hand_letters(screen.game.observe(0))
        legal = {a.card for a in screen.game.legal_actions(0) if hasattr(a, "card")}
        card = max(legal, key=lambda c: HAND_KEYS.index(letters[c]))
        assert letters[card] == first[card]
        await pilot.press(letters[card])
        assert card not in screen.game.observe(0).hand


@pytest.mark.slow
async def test_the_bots_seat_says_bids_first_only_while_bidding() -> None:
    async with spades_app().run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = screen_of(pilot)
        said: dict[Phase, set[bool]] = {}
        while screen.game.state.hand == 1 and screen.game.state.phase is not Phase.HAND_OVER:
            table = screen.board.table
            assert table is not None
            phase = screen.game.state.phase
            said.setdefault(phase, set()).add("bids first" in table.opponent_lines)
            await player.turn()
        assert said[Phase.BID] == {True}  # the player draws first in hand 1, the bot bids first
        assert said[Phase.DRAW] == {False} and said[Phase.PLAY] == {False}


@pytest.mark.parametrize("target", [150, 250, 1000])
def test_the_target_option(monkeypatch: pytest.MonkeyPatch, target: int) -> None:
    started = catch_start_screens(monkeypatch, SpadesScreen)
    assert main(["spades", "--target", str(target), "--no-record"]) == 0
    assert started[0].target == target


@pytest.mark.parametrize("target", TARGETS)
def test_the_target_setting(target: int) -> None:
    screen = SpadesScreen.from_settings(Settings(game_options={"spades_target": target}))
    assert screen.target == target


@pytest.mark.parametrize(
    ("typed", "message"),
    [("0", "must be between 1 and"), ("-5", "must be between 1 and"), ("abc", "not a whole")],
)
def test_a_bad_target_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], typed: str, message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["spades", "--target", typed])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


@pytest.mark.slow
async def test_a_short_game_is_played_to_its_target_and_recorded(tmp_path: Path) -> None:
    async with spades_app(target=150, replay_dir=tmp_path).run_test(size=(80, 24)) as pilot:
        player = Player(pilot)
        screen = screen_of(pilot)
        assert "first to 150" in screen.board.text()
        await player.play_until(lambda s: s.game.stage.over)
        assert max(screen.game.state.scores) >= 150
        assert "--target 150" in " ".join(screen._result().lines)
        path = screen.replay_path
    assert path is not None
    assert load_spades_replay(path).header.target == 150
