"""The card style is a ``CardStyle`` in the program and the same plain string in
``settings.toml``: read, written back, and a hand-written file's other lines kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from spit.settings.file import SettingsWriter, read_settings
from spit.settings.model import CARD_STYLES, CardStyle, Settings


@pytest.mark.parametrize("style", list(CardStyle))
def test_a_style_reads_as_the_enum_and_writes_as_its_name(tmp_path: Path, style: CardStyle) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('# my settings\ncard_style = "unicode"\n', encoding="utf-8")
    SettingsWriter(path).write(Settings(), replace(Settings(), card_style=style))
    assert path.read_text(encoding="utf-8") == f'# my settings\ncard_style = "{style}"\n'
    settings, warnings = read_settings(path)
    assert (settings.card_style, warnings) == (style, [])
    assert type(settings.card_style) is CardStyle


@pytest.mark.parametrize("text", ['"ASCII"', '"box"', "1", "true"])
def test_a_style_that_is_none_of_them_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f"card_style = {text}\n", encoding="utf-8")
    settings, warnings = read_settings(path)
    assert settings.card_style is CardStyle.UNICODE
    assert len(warnings) == 1 and '"unicode" or "ascii"' in warnings[0]


def test_the_names_offered_are_the_enum_values_in_order() -> None:
    assert CARD_STYLES == ("unicode", "ascii")
