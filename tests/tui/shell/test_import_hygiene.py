"""Start-up stays lean: each entry point imports only what it uses (checked in a fresh
interpreter, as Harlequin does, because the test process has imported everything)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_parsing_a_command_imports_no_other_command() -> None:
    loaded = modules_after("import spit.cli\nspit.cli.build_parser('play').parse_args(['play'])")
    assert "spit.commands.play" in loaded
    assert not {"spit.commands.sim", "spit.commands.replay", "spit.sim", "textual"} & loaded


@pytest.mark.slow
def test_the_game_does_not_load_the_menu_screens() -> None:
    loaded = modules_after("import spit.tui.app, spit.tui.spit.game_screen")
    assert not {m for m in loaded if m.startswith("spit.tui.shell")}
