"""Every setting that is one of a few choices is an enum in the program (a
``CardStyle``, a ``BotLevel``, a ``Variant``) and the same plain string in
``settings.toml``: each value is read as its member and written back as its name, with
a hand-written file's comments and other lines kept."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest
from msgspec.structs import replace

from spit.engine import Variant
from spit.games.spit.identity import BotLevel
from spit.settings.file import SettingsWriter, read_settings
from spit.settings.model import CardStyle, Settings, settings_from_data

CHOICES = [
    (key, member)
    for key, kind in (("card_style", CardStyle), ("bot_level", BotLevel), ("variant", Variant))
    for member in kind
]


@pytest.mark.parametrize(("key", "member"), CHOICES)
def test_a_choice_reads_as_its_member_and_writes_as_its_name(
    tmp_path: Path, key: str, member: StrEnum
) -> None:
    path = tmp_path / "settings.toml"
    first = getattr(Settings(), key)
    path.write_text(f'# mine\n{key} = "{first}" # as I like it\n', encoding="utf-8")
    SettingsWriter(path).write(Settings(), replace(Settings(), **{key: member}))
    assert path.read_text(encoding="utf-8") == f'# mine\n{key} = "{member}" # as I like it\n'
    settings, warnings = read_settings(path)
    assert (getattr(settings, key), warnings) == (member, [])
    assert type(getattr(settings, key)) is type(member)
    from_data, problems = settings_from_data({key: member.value})
    assert problems == [] and type(getattr(from_data, key)) is type(member)
