"""Only the entry points of the server and the simulator set Python's cycle collector:
a library module that turned it off, froze or collected would change every program
that imports it (the TUI, the tests, a server running beside a game)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SPIT = Path(__file__).resolve().parents[1] / "spit"

SETTERS = frozenset(
    {"collect", "disable", "enable", "freeze", "unfreeze", "set_threshold", "set_debug"}
)
"""The ``gc`` functions that change what the collector does (reading it is free)."""

ENTRY_POINTS = frozenset(
    {
        "commands/serve.py",
        "commands/serve_collector.py",  # the serve command's schedule, beside it
        "commands/sim.py",
    }
)


def _settings(path: Path) -> list[str]:
    calls = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "gc"
            and node.func.attr in SETTERS
        ):
            calls.append(f"gc.{node.func.attr} (line {node.lineno})")
    return calls


@pytest.mark.slow
def test_only_the_entry_points_set_the_collector() -> None:
    found = {
        path.relative_to(SPIT).as_posix(): calls
        for path in sorted(SPIT.rglob("*.py"))
        if (calls := _settings(path))
    }
    assert set(found) <= ENTRY_POINTS, found


def test_the_check_finds_a_setting(tmp_path: Path) -> None:
    assert not _settings(Path(__file__))
    example = tmp_path / "example.py"
    example.write_text("import gc\n\ngc.disable()\nprint(gc.isenabled())\n", encoding="utf-8")
    assert _settings(example) == ["gc.disable (line 3)"]
