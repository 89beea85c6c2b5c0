"""Nothing outside a game's own packages tests a game's name: what differs between
games is asked of the registry (``spit.games.registry``), so that adding a game never
means finding the places that compare names.

The scan reads every string literal of the source (``ast``, so comments and prose in
docstrings do not count, while ``== "spades"``, ``"spit"`` in a tuple, and a suffix
written out do) and fails on any that is a registered game's name or replay suffix,
outside the places that may name their game: the game's package in ``spit/games/``,
its screens in ``spit/tui/``, and Spit's rules in ``spit/engine``; and the places that
know every game: the composition root (``spit/composition.py``) and the command line
above it, whose subcommands are named after the games (``spit-tui spades``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from spit.games import registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "spit"

ALLOWED: dict[str, tuple[str, ...]] = {}
"""File (relative to the repository) -> words it may hold as text shown to people.
Empty: no place needs one today. Add an entry only for a user-visible word (a label,
a message) that is a game's name by coincidence, never for a test of a name."""


EVERY_GAME: tuple[Path, ...] = (PACKAGE / "composition.py", PACKAGE / "cli.py")
"""The places that know every game."""


def _own_places(game: str) -> tuple[Path, ...]:
    places = (PACKAGE / "games" / game, PACKAGE / "tui" / game, *EVERY_GAME)
    return (*places, PACKAGE / "engine") if game == registry.games()[0].name else places


def _words() -> dict[str, str]:
    """Each literal that gives a game away -> the game it names."""
    found = {}
    for game in registry.games():
        found[game.name] = game.name
        found[game.suffix] = game.name
    return found


def _literals(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def names_outside_their_games(root: Path = PACKAGE) -> list[str]:
    words = _words()
    bad = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        for line, text in _literals(path):
            game = words.get(text)
            if game is None or text in ALLOWED.get(relative, ()):
                continue
            if not any(path.is_relative_to(place) for place in _own_places(game)):
                bad.append(f"{relative}:{line}: {text!r}")
    return bad


@pytest.mark.slow
def test_no_game_is_named_outside_its_own_packages() -> None:
    assert names_outside_their_games() == []


def test_the_scan_finds_a_name_test(tmp_path: Path) -> None:
    """The scan itself: each way a name slips in is found, in any file outside."""
    sources = [
        'if game == "spades":\n    pass\n',
        'GAMES = ("spit", "x")\n',
        'SUFFIX = ".spades.jsonl"\n',
        'def f(game: str = "spit") -> bool:\n    return game in {"spades"}\n',
    ]
    for number, source in enumerate(sources):
        (tmp_path / f"m{number}.py").write_text(source, encoding="utf-8")
    (tmp_path / "fine.py").write_text('"""Spit and Spades, in prose."""\nX = "spits"\n')
    found = names_outside_their_games(tmp_path)
    assert [entry.split(":")[0] for entry in found] == [
        str(tmp_path / f"m{n}.py") for n in (0, 1, 2, 3, 3)
    ]
