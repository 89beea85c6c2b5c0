"""The card style is a ``CardStyle`` in the program and the same plain string in
``settings.toml`` (read and written back: ``test_choices.py``); a value that is none
of them is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.settings.file import read_settings
from spit.settings.model import CARD_STYLES, CardStyle


@pytest.mark.parametrize("text", ['"ASCII"', '"box"', "1", "true"])
def test_a_style_that_is_none_of_them_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f"card_style = {text}\n", encoding="utf-8")
    settings, warnings = read_settings(path)
    assert settings.card_style is CardStyle.UNICODE
    assert len(warnings) == 1 and '"unicode" or "ascii"' in warnings[0]


def test_the_names_offered_are_the_enum_values_in_order() -> None:
    assert CARD_STYLES == ("unicode", "ascii")
