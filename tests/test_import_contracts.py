"""The architecture's import rules, checked by import-linter (``docs/architecture.md``).

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``): the layers, the
engines' and the core's forbidden imports, the two games kept apart, and no cycles.
This test runs ``lint-imports`` the way a developer would, so the suite (and CI, which
runs the README's test command) fails with its report when an import breaks one.

The second test proves the contracts bite: it copies the package, adds one import that
breaks a rule, and expects that contract, by name, to fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUN_LINTER = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the ``spit`` package under ``root``, with ``root``'s
    ``pyproject.toml``, and no cache written into the tree."""
    env = {**os.environ, "PYTHONPATH": str(root), "NO_COLOR": "1", "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-c", RUN_LINTER, "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def contract_names() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [contract["name"] for contract in config["tool"]["importlinter"]["contracts"]]


def test_every_import_contract_is_kept() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in contract_names():
        assert f"{name} KEPT" in " ".join(done.stdout.split()), name


def test_the_contracts_cover_the_rules_of_the_architecture() -> None:
    names = " | ".join(contract_names()).lower()
    for rule in ("layers", "engines are pure", "core", "neither game", "cycles", "headless"):
        assert rule in names, rule


BREAKS = [
    pytest.param("spit/engine/deal.py", "import time\n", "engines are pure", id="engine-clock"),
    pytest.param("spit/engine/deal.py", "import textual\n", "engines are pure", id="engine-ui"),
    pytest.param(
        "spit/games/spades/engine/deal.py",
        "import spit.engine.rules\n",
        "Neither game imports",
        id="spades-engine-uses-spit-engine",
    ),
    pytest.param(
        "spit/core/cards.py", "import spit.settings.model\n", "The core", id="core-upwards"
    ),
    pytest.param(
        "spit/games/spit/game.py",
        "import spit.games.spit.replay.records\n",
        "Spit's own layers",
        id="game-uses-replay",
    ),
    pytest.param(
        "spit/play/session.py", "import time\n", "injected clock", id="session-reads-the-clock"
    ),
    pytest.param(
        "spit/games/spit/replay/records.py", "import spit.tui.app\n", "The layers", id="upwards"
    ),
    pytest.param("spit/sim/stats.py", "import rich\n", "headless", id="headless-ui"),
    pytest.param(
        "spit/tui/shared/canvas.py", "import spit.tui.shell.menu\n", "cycles", id="tui-cycle"
    ),
]


@pytest.mark.parametrize(("module", "line", "contract"), BREAKS)
def test_a_broken_rule_fails_its_contract(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    shutil.copytree(ROOT / "spit", tmp_path / "spit", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + line, encoding="utf-8")
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    broken = [
        name for name in contract_names() if f"{name} BROKEN" in " ".join(done.stdout.split())
    ]
    assert any(contract.lower() in name.lower() for name in broken), (broken, done.stdout)
