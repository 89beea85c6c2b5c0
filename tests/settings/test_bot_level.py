"""The bot level is a ``BotLevel`` in the program and the same plain string in
``settings.toml`` (read and written back: ``test_choices.py``). Reading stays lenient
(issue 10): a value that is no level is a warning, the default is used, and the file
is left exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.games.spit.bots import LEVEL_TABLE, LEVELS, BotLevel
from spit.settings.file import read_settings
from spit.settings.model import CardStyle


@pytest.mark.parametrize(
    "text", ['"Normal"', '"grandmaster"', '""', "5", "true", "[]", '"normal "', '"hard\\u0007"']
)
def test_a_level_that_is_none_of_them_warns_and_the_file_is_left_as_it_is(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "settings.toml"
    original = f'theme = "nord"\nbot_level = {text}\ncard_style = "ascii"\n'.encode()
    path.write_bytes(original)
    settings, warnings = read_settings(path)
    assert settings.bot_level is BotLevel.NORMAL
    assert (settings.theme, settings.card_style) == ("nord", CardStyle.ASCII)  # the rest is used
    assert len(warnings) == 1 and "bot_level" in warnings[0] and '"expert"' in warnings[0]
    assert "\x07" not in warnings[0]
    assert path.read_bytes() == original


def test_the_levels_are_the_bots_levels_in_order() -> None:
    assert tuple(BotLevel) == LEVELS and list(LEVEL_TABLE) == list(BotLevel)
