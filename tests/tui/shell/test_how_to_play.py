"""How to play lists every game's own keys, as the player has mapped them."""

from __future__ import annotations

from types import MappingProxyType

from textual.widgets import Static

from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shell.how_to_play import HowToPlay, other_game_keys
from spit.tui.spades.key_map import SPADES_KEYS

from .menu_keys import MENU


def test_a_games_keys_name_each_job_and_the_fixed_keys_in_runs() -> None:
    text = other_game_keys(SPADES_KEYS, {}, ascii_only=False)
    lines = text.splitlines()
    assert lines[0] == "Spades keys"
    assert any(
        line.split() == ["Space", "pick", "the", "highlighted", "card", "for", "an", "exchange"]
        for line in lines
    )
    assert any(line.startswith("  A-N ") and "a card's letter (fixed)" in line for line in lines)
    assert any(line.startswith("  0-9 ") for line in lines)
    assert any(line.startswith("  Q, Esc, Ctrl+C ") for line in lines)


def test_a_remapped_key_is_shown_and_ascii_stays_ascii() -> None:
    text = other_game_keys(SPADES_KEYS, {"spades.pick": "x"}, ascii_only=True)
    assert any(line.split()[:2] == ["X", "pick"] for line in text.splitlines())
    assert "Space" not in text
    assert text.isascii()


async def test_how_to_play_shows_spades_keys_with_the_players_remapping() -> None:
    settings = Settings(game_keys=MappingProxyType({"spades.confirm": "z"}))
    app = SpitApp(settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["how_to_play"])
        assert isinstance(app.screen, HowToPlay)
        shown = app.screen.query_one("#spades-keys", Static).render()
        assert any(line.split()[:2] == ["Z", "play,"] for line in str(shown).splitlines())
