"""The architecture's import rules, checked by import-linter (``docs/architecture.md``).

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``): the layers, the
engines' and the core's forbidden imports, the two games kept apart, and no cycles.
This test runs ``lint-imports`` the way a developer would, so the suite (and CI, which
runs the README's test command) fails with its report when an import breaks one.

Every package is named by a contract, and every contract is shown to bite: for each
contract read from ``pyproject.toml``, a copy of the package gets an import that breaks
it, and that contract, by name, must fail.
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


@pytest.mark.slow
def test_every_import_contract_is_kept() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in contract_names():
        assert f"{name} KEPT" in " ".join(done.stdout.split()), name


def test_the_contracts_cover_the_rules_of_the_architecture() -> None:
    names = " | ".join(contract_names()).lower()
    for rule in (
        "layers",
        "engines are pure",
        "core",
        "neither game",
        "games are independent",
        "shared layers import no game",
        "cycles",
        "headless",
    ):
        assert rule in names, rule


def named_modules() -> set[str]:
    """Every module a contract names other than by ancestry (the acyclic contract names
    only ``spit``): layers, sources, forbidden and independent modules."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    named: set[str] = set()
    for contract in config["tool"]["importlinter"]["contracts"]:
        for key in ("layers", "source_modules", "forbidden_modules", "modules"):
            for entry in contract.get(key, []):
                named.update(part.strip() for part in entry.split("|"))
    return named


def packages_to_cover() -> list[str]:
    """Each module and package right under ``spit`` but ``spit.games`` (which only
    groups), and each game's package under ``spit.games``."""
    found = [
        f"spit.{path.stem}"
        for path in sorted((ROOT / "spit").iterdir())
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()
    ]
    games = [
        f"spit.games.{path.name}"
        for path in sorted((ROOT / "spit" / "games").iterdir())
        if (path / "__init__.py").is_file()
    ]
    return [name for name in found if name != "spit.games"] + games


@pytest.mark.parametrize("package", packages_to_cover())
def test_every_package_is_in_a_contract(package: str) -> None:
    """A package no contract names can import anything (``import textual`` at the top
    of ``spit/net/room.py`` passed every contract before ``spit.net`` was named)."""
    assert package in named_modules(), f"{package} is in no contract of pyproject.toml"


BREAKS: dict[str, list[tuple[str, str]]] = {
    "The layers": [
        ("spit/games/spit/replay.py", "import spit.tui.app\n"),
        ("spit/replay/reader.py", "import spit.games.replays\n"),
        ("spit/net/protocol.py", "import spit.settings.model\n"),
    ],
    "Spit's own layers": [
        ("spit/games/spit/game.py", "import spit.games.spit.replay\n"),
    ],
    "Spades' own layers": [
        ("spit/games/spades/engine/deal.py", "import spit.games.spades.bots\n"),
    ],
    "The engines are pure": [
        ("spit/engine/deal.py", "import time\n"),
        ("spit/engine/deal.py", "import textual\n"),
    ],
    "The session runs on an injected clock": [
        ("spit/play/session.py", "import random\n"),
        ("spit/game.py", "import time\n"),
    ],
    "The bots keep no clock": [
        ("spit/games/spades/bots/__init__.py", "import time\n"),
    ],
    "The core belongs to no game": [
        ("spit/core/cards.py", "import spit.settings.model\n"),
    ],
    "The online store knows no game": [
        ("spit/online/rating.py", "import spit.games.spit.bots.ratings\n"),
        ("spit/online/store.py", "import spit.paths\n"),
    ],
    "What several server processes share": [
        ("spit/net/shared/relay.py", "import spit.games.registry\n"),
        ("spit/net/shared/notices.py", "import spit.net.server\n"),
    ],
    "Only spit.net.shared talks to Redis": [
        ("spit/net/server.py", "import redis\n"),
        ("spit/online/store.py", "import redis.asyncio\n"),
    ],
    "Neither game imports": [
        ("spit/games/spades/engine/deal.py", "import spit.engine.rules\n"),
    ],
    "The games are independent: Spit's packages": [
        ("spit/games/spit/daily.py", "import spit.games.spades.identity\n"),
        ("spit/tui/spit/front_ends.py", "import spit.tui.spades.front_ends\n"),
    ],
    "The games are independent: Spades' packages": [
        ("spit/games/spades/identity.py", "import spit.games.spit.identity\n"),
        ("spit/tui/spades/front_ends.py", "import spit.tui.spit.front_ends\n"),
    ],
    "The shared layers import no game": [
        ("spit/play/session.py", "import spit.engine\n"),
        ("spit/replay/verify.py", "import spit.games.spades.replay\n"),
        ("spit/net/room.py", "import spit.games.spades.identity\n"),
        ("spit/tui/shell/menu.py", "import spit.tui.spades.front_ends\n"),
        ("spit/games/registry.py", "import spit.games.spit.descriptor\n"),
    ],
    "Everything below the TUI runs headless": [
        ("spit/sim/stats.py", "import rich\n"),
        ("spit/net/room.py", "import textual\n"),
        ("spit/online/boards.py", "import rich\n"),
    ],
    "The TUI's layers": [
        ("spit/tui/shared/canvas.py", "import spit.tui.app\n"),
    ],
    "No import cycles": [
        ("spit/tui/shared/canvas.py", "import spit.tui.shell.menu\n"),
    ],
}
"""For each contract (by the start of its name), imports that break it, each added at
the end of a module of a copy of the package."""


def breaks_of(contract: str) -> list[tuple[str, str]]:
    keys = [key for key in BREAKS if contract.startswith(key)]
    assert len(keys) == 1, f"no break (or more than one entry) in BREAKS for {contract!r}"
    return BREAKS[keys[0]]


def broken_contracts(tmp_path: Path, module: str, line: str) -> list[str]:
    """The names of the contracts ``lint-imports`` reports broken once ``line`` is added
    to ``module`` in a copy of the package."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "spit", copy / "spit", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + line, encoding="utf-8")
    done = lint_imports(copy)
    assert done.returncode == 1, done.stdout + done.stderr
    report = " ".join(done.stdout.split())
    shutil.rmtree(copy)
    return [name for name in contract_names() if f"{name} BROKEN" in report]


@pytest.mark.slow
@pytest.mark.parametrize("contract", contract_names())
def test_a_broken_rule_fails_its_contract(tmp_path: Path, contract: str) -> None:
    """Every contract in ``pyproject.toml`` (the list is read from there, so a new one
    has no test until it has a break in ``BREAKS``) fails on each of its breaks."""
    for module, line in breaks_of(contract):
        assert contract in broken_contracts(tmp_path, module, line), (module, line)
