"""The Spades engine stays pure: no clock, no randomness, no I/O, no user interface, and
no imports from the layers above it. The bot package may use ``random`` (through its
own seeded ``random.Random``) but never a user interface."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import spit.games.spades.bots
import spit.games.spades.engine

IMPURE = {
    "random",
    "time",
    "asyncio",
    "textual",
    "rich",
    "os",
    "sys",
    "io",
    "datetime",
    "secrets",
    "socket",
    "threading",
    "subprocess",
    "pathlib",
    "platformdirs",
}
HIGHER = {
    "spit.games.spit.session",
    "spit.tui",
    "spit.games.spit.bots",
    "spit.replay",
    "spit.commands",
    "spit.cli",
    "spit.games.spades.bots",
    "spit.sim",
}


def imports(package: object) -> dict[str, set[str]]:
    """Module file name -> every module it imports."""
    folder = Path(package.__file__).parent  # type: ignore[attr-defined]
    found: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
        found[path.name] = names
    return found


@pytest.mark.parametrize(("module", "names"), sorted(imports(spit.games.spades.engine).items()))
def test_engine_modules_import_nothing_impure(module: str, names: set[str]) -> None:
    for name in names:
        assert name.split(".")[0] not in IMPURE, f"{module} imports {name}"
        assert not any(name == h or name.startswith(h + ".") for h in HIGHER), (module, name)


@pytest.mark.parametrize(("module", "names"), sorted(imports(spit.games.spades.bots).items()))
def test_bot_modules_import_no_user_interface(module: str, names: set[str]) -> None:
    for name in names:
        assert name.split(".")[0] not in {"textual", "rich", "time", "asyncio", "os"}, name
        spit_game = ("spit.tui", "spit.games.spit.session", "spit.games.spit.bots")
        assert not name.startswith(spit_game), name
