"""``docs/architecture.md`` names only modules that exist (issue 13).

The map of the code is only useful while it matches the code: every path under
``spit/`` (``spit/games/spit/bots/``) and every dotted module name
(``spit.play.session.Session``) the document writes in a code span or a code block
must be there. A dotted name may end in an attribute of its module (a class, a
function, a constant); the module's source must define it. A path of the example game
of "Adding a game" (``spit/games/hearts/``, ``<game>``) is an example, not a claim.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "architecture.md"

PATH = re.compile(r"(?<![\w./-])spit/[\w/<>.-]*")
DOTTED = re.compile(r"(?<![\w./-])spit(?:\.\w+)+")
EXAMPLES = ("hearts", "<")
"""What marks a path of the example game in the recipe for adding one."""


def code(text: str) -> str:
    """The code spans and code blocks of a Markdown text."""
    blocks = re.findall(r"```.*?```", text, re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    return "\n".join(blocks + spans)


def named(text: str) -> list[str]:
    """Every path and dotted module name in ``text``'s code, examples left out."""
    found = [match.rstrip(".") for match in PATH.findall(text) + DOTTED.findall(text)]
    return sorted({name for name in found if not any(mark in name for mark in EXAMPLES)})


def missing(name: str) -> str | None:
    """Why ``name`` names nothing in the tree; ``None`` if it is there."""
    if "/" in name:
        return None if (ROOT / name).exists() else "no such file or folder"
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        source = next(
            (p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None
        )
        if source is None:
            continue
        rest = parts[cut:]
        if not rest:
            return None
        text = source.read_text(encoding="utf-8")
        name = rest[0]
        defined = (
            rf"^\s*(?:class|def)\s+{name}\b|^\s*{name}\s*[:=]|import .*\b{name}\b|^\s+{name},$"
        )
        if len(rest) <= 2 and re.search(defined, text, re.M):
            return None
        return f"{source.relative_to(ROOT)} defines no {rest[0]}"
    return "no such module"


def test_the_document_names_modules() -> None:
    assert len(named(code(DOCUMENT.read_text(encoding="utf-8")))) > 20


@pytest.mark.parametrize("name", named(code(DOCUMENT.read_text(encoding="utf-8"))))
def test_every_module_named_exists(name: str) -> None:
    assert missing(name) is None, f"docs/architecture.md names {name}: {missing(name)}"


@pytest.mark.parametrize(
    ("name", "there"),
    [
        ("spit/core/cards.py", True),
        ("spit/games/spit/bots/", True),
        ("spit/core/nothing.py", False),
        ("spit.core.clock", True),
        ("spit.core.clock.Clock", True),
        ("spit.play.session.Session", True),
        ("spit.core.clock.NoSuchClock", False),
        ("spit.nowhere", False),
    ],
)
def test_the_check_tells_real_names_from_missing_ones(name: str, there: bool) -> None:
    assert (missing(name) is None) is there


def lines_of(files: list[Path]) -> int:
    """Lines as ``wc -l`` counts them."""
    return sum(path.read_text(encoding="utf-8").count("\n") for path in files)


def own_code(game: str) -> int:
    """A game's code outside its engine and bots, as the document's command counts it."""
    files = (ROOT / "spit" / "games" / game).rglob("*.py")
    return lines_of([p for p in files if not {"bots", "engine"} & set(p.parts)])


def test_the_games_line_counts_are_the_ones_stated_and_meet_issue_27s_targets() -> None:
    """Issue 27: Spit's and Spades' own code together is at most half of the 6,310
    lines of when it was filed, and War's code beyond its rules at most 350."""
    text = " ".join(DOCUMENT.read_text(encoding="utf-8").split())
    spit, spades = own_code("spit"), own_code("spades")
    war = lines_of([ROOT / "tests" / "war" / f"{name}.py" for name in WAR_BEYOND_RULES])
    assert f"Spit's own code beyond its rules and bots is {spit:,} lines" in text
    assert f"and Spades' {spades:,} (2,651 then): {spit + spades:,} together" in text
    assert f"is {war:,} lines, counted by `wc -l`" in text
    assert spit + spades <= 6_310 // 2
    assert war <= 350


WAR_BEYOND_RULES = ("game", "bot", "descriptor", "screen", "__init__")
"""War's files beside its rules (``engine.py``) and its tests."""
