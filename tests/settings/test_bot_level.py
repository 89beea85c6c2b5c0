"""Spit's bot level is one of its settings (``spit.settings.model.game_settings``), the
same plain string in ``settings.toml`` as before there were games' own settings.
Reading stays lenient (issue 10): a value that is no level is a warning, the default
is used, and the file is left exactly as it was. Which names are levels is known once
the bots are loaded, so a name that is none is found after the first frame
(``late_warnings``), and anything that is not text at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.games.spit.bots import LEVEL_TABLE, LEVELS, BotLevel
from spit.settings.file import late_warnings, read_settings
from spit.settings.model import BOT_LEVEL, CardStyle, game_setting


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
    if not warnings:  # text: checked once the program is drawn
        settings, warnings = late_warnings(path, settings)
    assert BOT_LEVEL not in settings.game_options
    assert game_setting(settings, "spit", BOT_LEVEL) == "normal"  # the middle level
    assert (settings.theme, settings.card_style) == ("nord", CardStyle.ASCII)  # the rest is used
    assert len(warnings) == 1 and "bot_level" in warnings[0] and '"expert"' in warnings[0]
    assert warnings[0].startswith("line 2: ")
    assert 'using "normal"' in warnings[0]
    assert "\x07" not in warnings[0]
    assert path.read_bytes() == original


def test_the_levels_are_the_bots_levels_in_order() -> None:
    assert tuple(BotLevel) == LEVELS and list(LEVEL_TABLE) == list(BotLevel)


@pytest.mark.slow
def test_a_level_read_from_the_file_loads_no_bots_until_checked(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "settings.toml"
    path.write_text('bot_level = "hard"\n', encoding="utf-8")
    probe = (
        "import sys; from pathlib import Path; from spit import composition; "
        "composition.install(); from spit.settings.file import read_settings, late_warnings; "
        f"s, w = read_settings(Path({str(path)!r})); "
        "print('spit.games.spit.bots' in sys.modules, w, s.game_options['bot_level']); "
        f"s, w = late_warnings(Path({str(path)!r}), s); "
        "print('spit.games.spit.bots' in sys.modules, w, s.game_options['bot_level'])"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    ).stdout.splitlines()
    assert shown == ["False [] hard", "True [] hard"]
