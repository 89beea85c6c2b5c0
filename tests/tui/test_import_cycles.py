"""The TUI has no import cycle, and its groups depend on one another one way only.

The graph is built from the source with ``ast``: every ``import`` anywhere in a file
(at the top, inside a function, under ``TYPE_CHECKING``) is an edge, since a lazy
import is a dependency all the same, only a later one. Packages without an
``__init__.py`` count too (import-linter's graph, grimp, leaves those out). Importing
``a.b.c`` also runs ``a/b/__init__.py``; that implied edge is left out, as otherwise
every package that re-exports its own modules would be a cycle.

The groups (``spit/tui``): ``shared`` pieces belong to no game and know none; each
game's screens (``spit``, ``spades``) know the shared pieces and the network screens
(``net``, which know only the shared pieces) but not each other nor the shell; the
``shell`` knows the shared pieces and the network screens; the app knows everyone. Screens reach
the app through ``spit.tui.shared.services`` and ``spit.tui.shared.navigation``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "spit"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules that the module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(_known(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else _known(base, modules))
    found.discard("")
    return found


def _known(dotted: str, modules: dict[str, Path]) -> str:
    """The longest prefix of ``dotted`` that is one of the project's modules, or ``""``
    (an import from outside the project)."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return ""


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {name: imports_of(name, path, modules) - {name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each group of modules that import one another round in a circle (the strongly
    connected components of more than one module, by Tarjan's algorithm), as one
    circle through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so that a deep chain of imports cannot reach the recursion limit.
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(_circle(graph, component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def _circle(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest way round from the first module of ``component`` back to it."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & component):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"{sorted(component)} is not a cycle")


def _group(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["spit", "tui"] and len(parts) > 2 else None


ALLOWED: dict[str, set[str]] = {
    "shared": set(),
    "net": {"shared"},
    "spit": {"shared", "net"},
    "spades": {"shared", "net"},
    "shell": {"shared", "net"},
    "app": {"shared", "net", "spit", "spades", "shell"},
}
"""Which other groups of ``spit/tui`` each group may import."""


@pytest.mark.slow
def test_the_tui_has_no_import_cycle() -> None:
    tui_cycles = [c for c in cycles(import_graph()) if any(_group(m) for m in c)]
    assert not tui_cycles, "import cycles in spit/tui:\n" + "\n".join(
        " -> ".join(circle) for circle in tui_cycles
    )


@pytest.mark.slow
def test_each_group_of_the_tui_imports_only_the_groups_below_it() -> None:
    wrong = [
        f"{importer} -> {imported}"
        for importer, targets in sorted(import_graph().items())
        for imported in sorted(targets)
        if (group := _group(importer)) is not None
        and (other := _group(imported)) is not None
        and other != group
        and other not in ALLOWED[group]
    ]
    assert not wrong, "imports against the TUI's grouping:\n" + "\n".join(wrong)


def test_the_check_finds_a_cycle_and_names_it() -> None:
    graph = {
        "a": {"b"},
        "b": {"c", "d"},
        "c": {"a"},
        "d": set(),
        "e": {"e2"},
        "e2": {"e"},
        "f": {"a"},
    }
    assert cycles(graph) == [["a", "b", "c", "a"], ["e", "e2", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_lazy_relative_and_type_checking_imports(tmp_path: Path) -> None:
    modules = {name: Path() for name in ("spit.x", "spit.x.y", "spit.x.z", "spit.w")}
    source = tmp_path / "y.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from spit.w import Thing\n"
        "def later():\n    from . import z\n"
        "import os, spit.x\n"
    )
    assert imports_of("spit.x.y", source, modules) == {"spit.w", "spit.x.z", "spit.x"}
