"""The app logs how long it took to start, once its first frame is out, and never on
screen (as Posting does: ``spit._start_time`` records the start)."""

from __future__ import annotations

import logging
import re
import subprocess
import sys

import pytest

from spit.core.clock import FakeClock
from spit.settings.model import Settings
from spit.tui.app import SpitApp

from .screen_text import screen_lines


@pytest.mark.slow
async def test_the_app_logs_when_it_has_started(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="spit.tui.app")
    app = SpitApp(settings=Settings(card_style="ascii"), clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        started = [r.getMessage() for r in caplog.records if r.name == "spit.tui.app"]
        assert len(started) == 1 and re.fullmatch(r"started in \d+ ms", started[0])
        assert not any("started in" in line for line in screen_lines(app))


def test_the_start_is_recorded_before_the_command_line_imports_anything() -> None:
    """``spit.cli`` imports ``spit._start_time`` first, so the figure counts every
    import of the program's own (``python -X importtime`` lists them in order)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import spit.cli"],
        capture_output=True,
        text=True,
        check=True,
    )
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    ours = [name for name in imported if name.startswith("spit.")]
    assert ours[0] == "spit._start_time"
    assert "argparse" not in imported[: imported.index("spit._start_time")]
