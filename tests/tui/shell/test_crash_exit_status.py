"""A crash never ends a command with status 0: each ``spit-tui`` command that runs the
app, in a real process (Textual's headless driver, so no terminal is needed), with a
fault put into the app."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

CRASHING = """\
import sys
from spit.tui.app import SpitApp

def crash(self):
    raise RuntimeError("a bug")

SpitApp.on_ready = crash
from spit.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run(
    arguments: list[str], home: Path, code: str, press: str = ""
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SPIT_TUI_HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
        "TEXTUAL_PRESS": press,
    }
    return subprocess.run(
        [sys.executable, "-c", code, *arguments],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


@pytest.mark.slow  # a process of its own for each command
@pytest.mark.parametrize(
    "arguments", [[], ["play"], ["play", "--bot", "easy"], ["spades"], ["replays"]]
)
def test_a_crash_in_any_command_exits_non_zero(tmp_path: Path, arguments: list[str]) -> None:
    done = run(arguments, tmp_path, CRASHING)
    assert done.returncode == 1, done.stderr
    assert "a bug" in done.stderr + done.stdout


@pytest.mark.slow
def test_a_clean_exit_is_still_zero(tmp_path: Path) -> None:
    done = run([], tmp_path, "import sys; from spit.cli import main; sys.exit(main([]))", "q")
    assert done.returncode == 0, done.stderr
