"""What import-linter cannot see about the layering: imports at run time.

The import rules themselves (the layers, the engines' and the core's forbidden
imports, no cycles) are contracts in ``pyproject.toml``, checked by
``tests/test_import_contracts.py``. import-linter reads import statements; these tests
look at what really happens:

- a real import in a fresh interpreter, then a look at ``sys.modules``: the engine pulls
  in no ``textual``, ``rich``, ``asyncio`` or ``random``, and nothing below the TUI pulls
  in ``textual`` or ``rich``. ``time`` cannot be checked this way, because CPython
  imports it during start-up; and ``random`` only in an interpreter started with
  ``-S``, because ``.pth`` files in site-packages may import it;
- playing a whole game leaves the global random state as it was;
- nothing below the command line imports a module by a name in a string
  (``importlib.import_module``, ``__import__``), which the contracts could not check.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spit"

HEADLESS_FORBIDDEN = {"textual", "rich"}
HEADLESS_PACKAGES = (
    "spit.core",
    "spit.engine",
    "spit.games",
    "spit.games.replays",
    "spit.games.files",
    "spit.game",
    "spit.play",
    "spit.replay",
    "spit.games.spit.game",
    "spit.games.spit.bots",
    "spit.games.spit.replay",
    "spit.games.spit.sim",
    "spit.games.spit.timeline",
    "spit.replay.feed",
    "spit.games.spades.engine",
    "spit.games.spades.bots",
    "spit.games.spades.game",
    "spit.games.spades.replay",
    "spit.games.spades.timeline",
    "spit.settings.model",
    "spit.settings.file",
    "spit.settings.keymap",
    "spit.saved_games",
    "spit.sim",
    "spit.stats",
    "spit.paths",
)
"""Everything below ``spit.tui``, down to the modules that import lazily."""

BY_NAME_ALLOWED = {PACKAGE / "cli.py", PACKAGE / "games" / "registry.py"}
"""The command line loads a subcommand's module by name, so that ``spit-tui --help``
imports none of them; it is the top layer, which the contracts cannot be broken by."""


def dynamic_imports(path: Path) -> list[int]:
    """The line of each ``__import__(...)`` or ``importlib.import_module(...)`` call in
    ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ("__import__", "import_module"):
                found.append(node.lineno)
    return found


def modules_after_import(module: str, *flags: str) -> set[str]:
    """``sys.modules`` of a fresh interpreter after ``import module``. Under ``-S`` the
    installed packages (msgspec...) stay reachable, without their ``.pth`` files."""
    code = (
        "import site, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "sys.path.extend(site.getsitepackages())\n"
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


def test_engine_import_pulls_in_no_ui_or_event_loop() -> None:
    loaded = modules_after_import("spit.engine")
    assert "spit" in loaded
    assert not loaded & {"textual", "rich", "asyncio"}


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


@pytest.mark.slow
@pytest.mark.parametrize("package", HEADLESS_PACKAGES)
def test_headless_packages_import_pulls_in_no_ui(package: str) -> None:
    loaded = modules_after_import(package)
    assert not loaded & HEADLESS_FORBIDDEN, sorted(loaded & HEADLESS_FORBIDDEN)


@pytest.mark.slow
def test_nothing_imports_by_a_name_in_a_string() -> None:
    files = sorted(set(PACKAGE.rglob("*.py")) - BY_NAME_ALLOWED)
    assert files
    found = [f"{path.relative_to(ROOT)}:{line}" for path in files for line in dynamic_imports(path)]
    assert found == []


def test_the_scanner_sees_imports_by_name(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\ndef f():\n    return __import__('textual'), importlib.import_module(name)\n",
        encoding="utf-8",
    )
    assert dynamic_imports(sample) == [3, 3]
