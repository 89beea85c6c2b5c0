"""``spit-tui spades``: its options become the screen's and the app lands on it (bad
options: ``tests/test_cli_errors.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spit.cli import build_parser, commands, main
from spit.tui.spades.screen import SpadesScreen
from tests.tui.start_screens import catch_start_screens


def _screen(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> SpadesScreen:
    started = catch_start_screens(monkeypatch, SpadesScreen)
    assert main(["spades", *argv]) == 0
    return started[0]


def test_the_command_is_listed() -> None:
    assert commands()["spades"][0] == "spit.commands.spades"
    assert "spades" in build_parser().format_help()


def test_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    argv = ["--level", "easy", "--seed", "12", "--replay-dir", str(tmp_path)]
    screen = _screen(monkeypatch, argv)
    assert (screen.level, screen.requested_seed, screen.replay_dir) == ("easy", 12, tmp_path)
    assert screen.record


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _screen(monkeypatch, ["--no-record"])
    assert (screen.level, screen.requested_seed, screen.record) == ("hard", None, False)
    assert screen.replay_dir is None


def test_an_unknown_level_is_refused_by_the_screen_too() -> None:
    with pytest.raises(ValueError, match="unknown Spades bot level"):
        SpadesScreen("expert")


@pytest.mark.slow
def test_the_options_are_read_without_importing_textual() -> None:
    code = (
        "import contextlib, sys, spit.cli\n"
        "with contextlib.suppress(SystemExit):\n"
        "    spit.cli.main(['spades', '--help'])\n"
        "print('textual' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "--level {easy,hard}" in done.stdout
    assert done.stdout.split()[-1] == "False"
