"""The practice round, played with real key presses: the hints name the player's own
keys, each kind of move is taught until it is made, the bot is the slow one, and
nothing is recorded; the menu offers it once, How to play always."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Markdown

from spit.core.clock import FakeClock
from spit.engine import Action, Play, legal_actions
from spit.engine.timers import StagePhase
from spit.games.spit.game import useful_intents
from spit.settings.model import Settings, settings_path
from spit.tui.app import SpitApp
from spit.tui.shell.how_to_play import HowToPlay
from spit.tui.spades.help import help_text
from spit.tui.spit.practice import PracticeScreen
from spit.tui.spit.practice.coach import KINDS, Hint
from spit.tui.spit.practice.slow_bot import CARD_MS
from tests.tui.game.driver import binding_id
from tests.tui.shell.menu_keys import MENU

RULE_ID = re.compile(r"\b(R|S|SD|D)\d\d\b")
"""A rule's or a decision's number in the docs (R01, S02, SD01, D12)."""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SPIT_TUI_HOME", str(tmp_path / ".spit-tui"))
    return tmp_path / ".spit-tui"


def _own_play(screen: PracticeScreen) -> Action | None:
    """A play (or else a move) of the player's, as a player who has learnt them makes."""
    if screen.match.stage.phase is not StagePhase.PLAYING:
        return None
    actions = legal_actions(screen.match.state, 0)
    plays = [a for a in actions if isinstance(a, Play)]
    return (plays or actions or [None])[0]


def _binding(screen: PracticeScreen) -> str | None:
    """The binding the hint on screen asks for."""
    hint = screen.hint
    assert hint is not None
    if hint.aim is None:
        return None
    stock, pile = hint.aim
    if hint.kind == "move":
        return f"p1.move.{stock + 1}"
    return f"p1.play.{1 if hint.kind == 'slap' else stock + 1}.{('left', 'right')[pile]}"


async def play_the_hints(
    pilot: Pilot[Any],
    clock: FakeClock,
    limit: int = 3000,
    stop: str = "done",
    on_hint: Callable[[Hint], Awaitable[None]] | None = None,
) -> list[str]:
    """Do what each hint says, with its key, until every kind is taught (or the hint
    of kind ``stop`` shows); the hints seen, in order. ``on_hint`` looks at each new
    hint on screen before it is followed."""
    screen = pilot.app.screen
    assert isinstance(screen, PracticeScreen)
    seen: list[str] = []
    for _ in range(limit):
        hint = screen.hint
        assert hint is not None
        if not seen or seen[-1] != hint.text:
            seen.append(hint.text)
            if on_hint is not None:
                await on_hint(hint)
        if hint.kind == stop:
            return seen
        binding = _binding(screen)
        if binding is not None:
            key = screen.keys[binding]
            assert screen._spelt(binding) in hint.text  # the key the hint names
            await pilot.press(key)
        elif (action := _own_play(screen)) is not None:  # a kind taught: no more hints
            await pilot.press(screen.keys[binding_id(0, action)])
        else:
            clock.advance(250)
            screen.tick()
            await pilot.pause()
        if screen.match.stage.phase is StagePhase.GAME_OVER:
            break
    raise AssertionError(f"not every kind was taught: {screen.coach.taught}, hints {seen}")


@pytest.mark.slow
@pytest.mark.parametrize(
    "overrides",
    [{}, {"p1.play.1.left": "1", "p1.play.1.right": "2", "p1.move.1": "3", "p1.play.2.left": "4"}],
)
async def test_the_hints_teach_every_move_with_the_players_keys(
    home: Path, overrides: dict[str, str]
) -> None:
    clock = FakeClock()
    app = SpitApp(settings=Settings(key_overrides=overrides, practice_offered=True), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        assert screen.hint is not None and screen.hint.kind == "start"
        seen = await play_the_hints(pilot, clock)
        assert screen.coach.taught == set(KINDS)
        kinds = [h for h in seen if "press" in h or "slap" in h]
        assert any("to play it" in h for h in kinds)
        assert any("move your" in h for h in kinds)
        assert any("slap the smaller pile" in h for h in kinds)
        await pilot.press("escape")
        clock.advance(600)
        await pilot.press("y")
    assert not (home / "data" / "replays").exists() or not list(
        (home / "data" / "replays").iterdir()
    )


def test_the_bot_is_slow_and_makes_no_mistakes() -> None:
    from spit.tui.spit.practice.slow_bot import make_slow_bot

    bot = make_slow_bot(1, 7)
    assert bot.model.typical_play_ms >= CARD_MS * 0.9
    assert all(
        getattr(bot.model, f) == 0.0
        for f in ("overlook", "wrong_slap", "wrong_pile")
        if hasattr(bot.model, f)
    )


@pytest.mark.slow
async def test_the_menu_offers_it_once(home: Path) -> None:
    async with SpitApp().run_test(size=(80, 24)) as pilot:
        assert pilot.app.screen.query("#practice-offer")
        assert not settings_path().exists()  # looking at the menu writes nothing yet
    assert tomllib.loads(settings_path().read_text())["practice_offered"] is True
    async with SpitApp().run_test(size=(80, 24)) as pilot:
        assert not pilot.app.screen.query("#practice-offer")
        await pilot.press("p")  # still there, without the offer
        assert isinstance(pilot.app.screen, PracticeScreen)


@pytest.mark.slow
async def test_how_to_play_opens_it_and_it_comes_back_there() -> None:
    clock = FakeClock()
    app = SpitApp(settings=Settings(practice_offered=True), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["how_to_play"])
        assert isinstance(app.screen, HowToPlay)
        await pilot.press("p")
        assert isinstance(app.screen, PracticeScreen)
        await pilot.press("escape")
        clock.advance(600)
        await pilot.press("y")
        assert isinstance(app.screen, HowToPlay)


@pytest.mark.slow
async def test_the_rules_shown_name_no_rule_ids() -> None:
    app = SpitApp(settings=Settings(practice_offered=True))
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.press(MENU["how_to_play"], "r")
        source = app.screen.query_one("#rules-text", Markdown).source
    assert "Spit in short" in source
    assert not RULE_ID.search(source)
    assert not RULE_ID.search(help_text()) and not RULE_ID.search(help_text(ascii_only=True))


@pytest.mark.slow
async def test_no_play_is_said_in_words_not_only_by_the_mark(home: Path) -> None:
    """The practice deal starts with no card of the player's on a pile: the table's
    mark says "no play", and the hint line says what that means."""
    from tests.tui.screen_text import screen_lines

    clock = FakeClock()
    app = SpitApp(settings=Settings(practice_offered=True), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        clock.advance(screen.match.game.timing.start_countdown_ms + 100)
        screen.tick()
        await pilot.pause()
        assert screen.match.stage.phase is StagePhase.PLAYING
        assert not useful_intents(screen.match.state, screen.match.stage, 0)
        assert screen.hint is not None and screen.hint.kind == "none"
        lines = screen_lines(app)
    assert "no play" in "\n".join(lines)
    assert (
        lines[-1].strip()
        == "No card of yours fits a pile now (no play): wait for the piles to change."
    )
