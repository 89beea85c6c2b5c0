"""What reading the settings leaves until the first frame is out (a bot level, whose
check loads the bots) is checked then, in a thread: a level the game has not is said
in a notice naming the file and its line, and not used."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.settings.model import BOT_LEVEL, game_setting
from spit.tui.app import SpitApp
from tests.tui.net.helpers import until


@pytest.mark.slow
async def test_a_level_that_is_none_is_said_after_the_first_frame(settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text('practice_offered = true\nbot_level = "grandmaster"\n')
    app = SpitApp()
    assert app.settings.game_options[BOT_LEVEL] == "grandmaster"  # text, at first look
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app._notifications))
        [notice] = [n.message for n in app._notifications]
        assert "settings.toml" in notice and 'line 2: bot_level must be "beginner"' in notice
        assert BOT_LEVEL not in app.settings.game_options
        assert game_setting(app.settings, "spit", BOT_LEVEL) == "normal"
    assert 'bot_level = "grandmaster"' in settings_file.read_text(), "the file is left as it is"
