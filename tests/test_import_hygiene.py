"""Layering: the rules engine stays pure, and nothing below the TUI imports the UI.

- ``spit.engine`` imports neither ``textual``, ``rich``, ``asyncio``, ``time`` nor
  ``random``: no UI, no clock, no event loop and no global random state.
- everything below ``spit.tui`` imports neither ``textual`` nor ``rich``: it runs
  headless.

Two checks each: a static scan of the source (every ``import`` statement, anywhere in
the file), and a real import in a fresh interpreter followed by a look at
``sys.modules`` (which also catches indirect imports through other modules). ``time``
cannot be checked the second way, because CPython imports it during start-up; and
``random`` only in an interpreter started with ``-S``, because ``.pth`` files in
site-packages may import it.
"""

from __future__ import annotations

import ast
import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spit"

ENGINE_FORBIDDEN = {"textual", "rich", "asyncio", "time", "random"}
HEADLESS_FORBIDDEN = {"textual", "rich"}
HEADLESS_PACKAGES = (
    "spit.games.spit.session",
    "spit.games.spit.bots",
    "spit.core",
    "spit.games.spit.replay",
    "spit.games.spades.replay",
    "spit.settings",
    "spit.sim",
    "spit.stats",
    "spit.games.spades.engine",
    "spit.games.spades.bots",
    "spit.games.spades.session",
)

ALLOWED_LAYERS: dict[str, set[str]] = {
    "core": set(),  # and ``spit.__version__``, which names the writer of a file
    "engine": {"core"},
    "games": {"core", "engine", "paths"},
    "settings": {"core", "engine", "games", "paths"},
    "sim": {"core", "engine", "games", "paths"},
    "stats": {"core", "engine", "games", "paths"},
    "tui": {"core", "engine", "games", "paths", "settings", "sim", "stats", "saved_games"},
}
"""Which of the project's own packages each package may import: dependencies point one
way, from the front ends down to the pure rules (README, "How the code is laid out")."""


def imported_modules(path: Path) -> set[str]:
    """Top-level names of every module imported anywhere in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and _dynamic_import(node):
            names.add(node.args[0].value.split(".")[0])
    return names


def _dynamic_import(call: ast.Call) -> bool:
    """``__import__("x")`` or ``importlib.import_module("x")`` with a literal name."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return (
        name in ("__import__", "import_module")
        and bool(call.args)
        and isinstance(call.args[0], ast.Constant)
        and isinstance(call.args[0].value, str)
    )


def modules_after_import(module: str, *flags: str) -> set[str]:
    """``sys.modules`` of a fresh interpreter after ``import module``."""
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"import {module}\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, *flags, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=ROOT,
    )
    return {name.split(".")[0] for name in done.stdout.split()}


def present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def test_engine_source_imports_nothing_forbidden() -> None:
    files = sorted((PACKAGE / "engine").rglob("*.py"))
    assert files
    for path in files:
        bad = imported_modules(path) & ENGINE_FORBIDDEN
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_engine_import_pulls_in_no_ui_or_event_loop() -> None:
    loaded = modules_after_import("spit.engine")
    assert "spit" in loaded
    assert not loaded & {"textual", "rich", "asyncio"}, sorted(loaded & ENGINE_FORBIDDEN)


def test_engine_import_pulls_in_no_random_module() -> None:
    # -S: no site-packages .pth files, which may import random themselves.
    baseline = modules_after_import("sys", "-S")
    assert "random" not in baseline
    loaded = modules_after_import("spit.engine", "-S")
    assert "random" not in loaded
    assert not loaded & {"textual", "rich", "asyncio"}


def test_engine_leaves_the_global_random_state_alone() -> None:
    from spit.engine import Applied, Dealer, Phase, apply, deal_round, legal_actions, new_game

    random.seed(99)
    before = random.getstate()
    dealer = Dealer(5)
    state = new_game(dealer.first_deal())
    n = 0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            orders = (dealer.shuffle(state.collected[0]), dealer.shuffle(state.collected[1]))
            state = deal_round(state, orders).state
            continue
        player = n % 2
        actions = legal_actions(state, player)
        if not actions:
            player = 1 - player
            actions = legal_actions(state, player)
        outcome = apply(state, player, actions[0])
        assert isinstance(outcome, Applied)
        state = outcome.state
        n += 1
    assert random.getstate() == before


@pytest.mark.parametrize("package", HEADLESS_PACKAGES)
def test_headless_packages_source_imports_no_ui(package: str) -> None:
    directory = PACKAGE / package.split(".")[1]
    files = sorted(directory.rglob("*.py")) if directory.is_dir() else []
    if not files:
        pytest.skip(f"{package} has no source yet")
    for path in files:
        bad = imported_modules(path) & HEADLESS_FORBIDDEN
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


@pytest.mark.parametrize("package", HEADLESS_PACKAGES)
def test_headless_packages_import_pulls_in_no_ui(package: str) -> None:
    if not present(package):
        pytest.skip(f"{package} does not exist yet")
    loaded = modules_after_import(package)
    assert not loaded & HEADLESS_FORBIDDEN, sorted(loaded & HEADLESS_FORBIDDEN)


def test_the_scanner_sees_every_kind_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import time\n"
        "import os.path as p\n"
        "from rich.console import Console\n"
        "from . import sibling\n"
        "def f():\n"
        "    import asyncio\n"
        "    return __import__('textual'), importlib.import_module('random.x')\n",
        encoding="utf-8",
    )
    assert imported_modules(sample) == {"time", "os", "rich", "asyncio", "textual", "random"}


def project_imports(path: Path) -> set[str]:
    """The ``spit`` subpackages that ``path`` imports (``spit.engine`` -> ``engine``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            top, _, rest = name.partition(".")
            sub = rest.split(".")[0]
            if (
                top == "spit"
                and sub
                and sub != "__version__"
                and (PACKAGE / sub).is_dir() | (PACKAGE / f"{sub}.py").is_file()
            ):
                found.add(sub)
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED_LAYERS))
def test_dependencies_point_one_way(package: str) -> None:
    allowed = ALLOWED_LAYERS[package] | {package}
    for path in sorted((PACKAGE / package).rglob("*.py")):
        bad = project_imports(path) - allowed
        assert not bad, f"{path.relative_to(ROOT)} imports spit.{sorted(bad)} (a higher layer)"
