"""The games' own settings come from their descriptors (``game_settings``): the options
a room of each game takes and, for a game whose bot chooser starts where the settings
say, its bot level. The first game's keys are the options' own names and another's
start with the game's name, so that a settings file written by the release before
this one (``variant``, ``bot_level``, ``spades_target`` at the top) reads the same,
and is edited in place."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

from msgspec.structs import replace

from spit.games import registry
from spit.settings.file import SettingsWriter, read_settings
from spit.settings.model import (
    BOT_LEVEL,
    Problem,
    Settings,
    game_setting,
    game_settings,
    settings_from_data,
    with_game_setting,
)

LAST_RELEASE = """\
# spit-tui settings. The Settings screen changes only the
# lines it must; comments and other lines are kept.
theme = "nord"
variant = "points"
bot_level = "hard"
spades_target = 250
bell = true # rings
online_server = "club.example.org:7788"

[key_overrides]
"p1.move.1" = "3"
"""
"""A file as the release before this one wrote it: every game's setting at the top."""


def test_the_games_settings_are_their_room_options_and_bot_level() -> None:
    found = {key: (each.game, each.name) for key, each in game_settings().items()}
    assert found == {
        "variant": ("spit", "variant"),
        "bot_level": ("spit", BOT_LEVEL),
        "spades_target": ("spades", "target"),
    }
    spit, spades = registry.by_name("spit"), registry.by_name("spades")
    assert [o.key for o in spit.room_choices] == ["variant"]
    assert spades.bots.default is not None, "Spades' chooser starts at its own level"


def test_a_file_of_the_last_release_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(LAST_RELEASE, encoding="utf-8")
    settings, warnings = read_settings(path)
    assert warnings == []
    assert (settings.theme, settings.bell, settings.online_server) == (
        "nord",
        True,
        "club.example.org:7788",
    )
    assert game_setting(settings, "spit", "variant") == "points"
    assert game_setting(settings, "spit", BOT_LEVEL) == "hard"
    assert game_setting(settings, "spades", "target") == 250
    assert dict(settings.key_overrides) == {"p1.move.1": "3"}


def test_a_games_setting_changed_edits_its_own_line_only(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(LAST_RELEASE, encoding="utf-8")
    old, _ = read_settings(path)
    new = with_game_setting(with_game_setting(old, "spades_target", 500), "variant", "standard")
    assert SettingsWriter(path).write(old, new) == []
    expected = LAST_RELEASE.replace("spades_target = 250", "spades_target = 500")
    assert path.read_text(encoding="utf-8") == expected.replace('"points"', '"standard"')
    assert read_settings(path) == (new, [])


def test_a_new_file_holds_the_games_settings_at_the_top(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    new = with_game_setting(replace(Settings(), theme="nord"), "bot_level", "easy")
    SettingsWriter(path).write(Settings(), new)
    text = path.read_text(encoding="utf-8")
    assert 'theme = "nord"\n' in text and 'bot_level = "easy"\n' in text
    assert read_settings(path) == (new, [])


def test_unset_the_games_settings_are_the_games_defaults() -> None:
    settings = Settings()
    assert game_setting(settings, "spit", "variant") == "standard"
    assert game_setting(settings, "spit", BOT_LEVEL) == "normal"
    assert game_setting(settings, "spades", "target") == 500


def test_a_target_written_by_hand_is_any_the_game_takes(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("spades_target = 1000\n", encoding="utf-8")
    settings, warnings = read_settings(path)
    assert warnings == [] and game_setting(settings, "spades", "target") == 1000


def test_a_new_games_settings_start_with_its_name(extra_game: Callable[..., None]) -> None:
    """A game added later brings settings of its own, named after it; the others keep
    their keys."""
    from spit.game import Option
    from spit.tui.shared.front_ends import front_ends

    spades = registry.by_name("spades")
    options = (Option("deck", "Deck", values=("short", "long")),)
    info = replace(spades.info, key="hearts", title="Hearts", options=options)
    bots = replace(spades.bots, default=None)
    hearts = replace(
        spades, info=info, bots=bots, files=replace(spades.files, suffix=".hearts.jsonl")
    )
    extra_game(hearts, replace(front_ends("spades"), menu=()))
    keys = set(game_settings())
    assert keys == {"variant", "bot_level", "spades_target", "hearts_deck", "hearts_bot_level"}
    settings, problems = read_settings_text('hearts_deck = "long"\nhearts_deck_x = 1\n')
    assert game_setting(settings, "hearts", "deck") == "long"
    assert [problem.text for problem in problems] == [
        'there is no setting "hearts_deck_x" (left as it is); did you mean hearts_deck?'
    ]


def read_settings_text(text: str) -> tuple[Settings, list[Problem]]:
    return settings_from_data(tomllib.loads(text))
