"""Every setting that is one of a few choices is read as one of them and written back as
its name, with a hand-written file's comments and other lines kept: the card style as
a ``CardStyle``, and the games' own choices (Spit's bot level and variant, from its
descriptor) as the plain names the file holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from spit.engine import Variant
from spit.games.spit.identity import BotLevel
from spit.settings.file import SettingsWriter, read_settings
from spit.settings.model import (
    CardStyle,
    Settings,
    game_setting,
    settings_from_data,
    with_game_setting,
)


@pytest.mark.parametrize("member", list(CardStyle))
def test_the_card_style_reads_as_its_member_and_writes_as_its_name(
    tmp_path: Path, member: CardStyle
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('# mine\ncard_style = "unicode" # as I like it\n', encoding="utf-8")
    SettingsWriter(path).write(Settings(), replace(Settings(), card_style=member))
    assert path.read_text(encoding="utf-8") == f'# mine\ncard_style = "{member}" # as I like it\n'
    settings, warnings = read_settings(path)
    assert (settings.card_style, warnings) == (member, [])
    assert type(settings.card_style) is CardStyle
    from_data, problems = settings_from_data({"card_style": member.value})
    assert problems == [] and type(from_data.card_style) is CardStyle


GAME_CHOICES = [
    *(("bot_level", level.value) for level in BotLevel),
    *(("variant", variant.value) for variant in Variant),
]


@pytest.mark.parametrize(("key", "value"), GAME_CHOICES)
def test_a_games_choice_reads_as_its_name_and_is_written_in_place(
    tmp_path: Path, key: str, value: str
) -> None:
    path = tmp_path / "settings.toml"
    first = game_setting(Settings(), "spit", key)
    path.write_text(f'# mine\n{key} = "{first}" # as I like it\n', encoding="utf-8")
    old, _ = read_settings(path)
    SettingsWriter(path).write(old, with_game_setting(old, key, value))
    assert path.read_text(encoding="utf-8") == f'# mine\n{key} = "{value}" # as I like it\n'
    settings, warnings = read_settings(path)
    assert warnings == [] and game_setting(settings, "spit", key) == value
    assert type(game_setting(settings, "spit", key)) is str
