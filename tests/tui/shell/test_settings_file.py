"""The settings file: lenient reading (warnings, never a crash), strict writing."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.bots import LEVELS
from spit.engine import Variant
from spit.tui.game_config import CARD_STYLES
from spit.tui.settings import (
    Settings,
    load_settings,
    parse_settings,
    save_settings,
    to_toml,
)


def test_missing_file_gives_defaults_without_warning(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nope.toml") == (Settings(), [])


def test_written_file_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.toml"
    chosen = Settings(
        theme="textual-light",
        card_style="ascii",
        four_colour=True,
        variant=Variant.POINTS,
        bot_level="hard",
        replay_dir=tmp_path / "my replays",
        record_replays=False,
    )
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, [])
    assert tomllib.loads(path.read_text())["theme"] == "textual-light"


@settings(deadline=None)  # a shared CI machine may pause any example
@given(st.text().filter(str.strip), st.sampled_from(CARD_STYLES), st.sampled_from(LEVELS))
def test_any_replay_dir_round_trips(directory: str, style: str, level: str) -> None:
    chosen = Settings(card_style=style, bot_level=level, replay_dir=Path("/", directory))
    assert parse_settings(to_toml(chosen)) == (chosen, [])


def test_bad_toml_warns_and_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("theme = [unclosed\n")
    settings, warnings = load_settings(path)
    assert settings == Settings()
    assert len(warnings) == 1
    assert str(path) in warnings[0]
    assert "not valid TOML" in warnings[0]


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ('theme = "no-such-theme"', "theme must be one of"),
        ("four_colour = 1", "four_colour must be true or false"),
        ('variant = "speed"', "variant must be one of"),
        ('keymap_preset = "dvorak"', "keymap_preset must be one of"),
        ('card_style = "emoji"', "card_style must be one of"),
        ("replay_dir = 3", "replay_dir must be a string"),
        ('key_overrides = "q"', "key_overrides must be a table"),
        ('colour = "red"', "unknown setting 'colour' ignored"),
    ],
)
def test_bad_value_warns_and_keeps_the_rest(line: str, complaint: str) -> None:
    settings, warnings = parse_settings(f'bot_level = "hard"\n{line}\n')
    assert len(warnings) == 1
    assert complaint in warnings[0]
    if not line.startswith("bot_level"):
        assert settings.bot_level == "hard"


def test_unreadable_file_warns(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe not utf-8")
    settings, warnings = load_settings(path)
    assert settings == Settings()
    assert "cannot be read" in warnings[0]


def test_overrides_are_kept_read_only() -> None:
    settings, _ = parse_settings("")
    assert isinstance(settings.key_overrides, MappingProxyType)


def test_remapped_keys_read_back() -> None:
    text = 'keymap_preset = "azerty"\n[key_overrides]\n"p1.move.1" = "1"\n'
    settings, warnings = parse_settings(text)
    assert warnings == []
    assert settings.keymap_preset == "azerty"
    assert settings.key_overrides == {"p1.move.1": "1"}


@pytest.mark.parametrize(
    ("overrides", "complaint"),
    [
        ('"p1.move.1" = "q"', "Q is bound to p1.play.1.left and p1.move.1"),
        ('"p3.move.1" = "1"', "unknown key binding 'p3.move.1'"),
        ('"p1.move.1" = "ctrl+a"', "cannot be a play key"),
    ],
)
def test_unusable_remapping_is_dropped_with_a_warning(overrides: str, complaint: str) -> None:
    settings, warnings = parse_settings(f'bot_level = "hard"\n[key_overrides]\n{overrides}\n')
    assert settings == Settings(bot_level="hard")
    assert len(warnings) == 1
    assert complaint in warnings[0]
    assert "key remapping ignored" in warnings[0]


def test_unknown_user_in_replay_dir_warns() -> None:
    settings, warnings = parse_settings('replay_dir = "~no-such-user-here/replays"\n')
    assert settings.replay_dir is None
    assert "cannot expand" in warnings[0]
