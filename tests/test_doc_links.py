"""No document of the project points outside the repository (issue 11).

A link or a path in a document that leaves the repository (``../shared/...``, an
absolute path, ``file:``) is broken for everyone who has only the repository: a
clone, a release, the package. Sources kept elsewhere are named instead. Web
addresses are fine; a link inside the repository must also lead to a file there.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|^\s*\[[^\]]+\]:\s*(\S+)", re.M)
"""The target of a Markdown link or image, inline or by reference."""
PATH = re.compile(r"(?<![\w./-])(\.\./[^\s`'\")\]]*)")
"""A relative path that starts by going up, anywhere in the text (a code span too)."""
WEB = re.compile(r"^[a-z][a-z0-9+.-]*://", re.I)


def documents() -> list[Path]:
    """Every Markdown file the repository tracks."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.md"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return sorted(ROOT / name for name in listed.split("\0") if name)


def leaves(document: Path, target: str) -> str | None:
    """Why ``target``, written in ``document``, is a bad link; ``None`` if it is fine."""
    if WEB.match(target) and not target.lower().startswith("file:"):
        return None
    if target.startswith("#"):
        return None
    if target.lower().startswith("file:") or target.startswith(("/", "~", "\\")):
        return "points outside the repository"
    place = (document.parent / target.split("#", 1)[0]).resolve()
    if not place.is_relative_to(ROOT):
        return "points outside the repository"
    if not place.exists():
        return "points to nothing"
    return None


def targets(text: str) -> list[str]:
    """Every link target and up-going path in ``text``."""
    return [m.group(1) or m.group(2) for m in LINK.finditer(text)] + PATH.findall(text)


def problems(document: Path) -> list[str]:
    return [
        f"{document.relative_to(ROOT)}: {target} {why}"
        for target in targets(document.read_text(encoding="utf-8"))
        if (why := leaves(document, target)) is not None
    ]


def test_there_are_documents_to_check() -> None:
    assert ROOT / "README.md" in documents()


@pytest.mark.parametrize("document", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_links_outside_the_repository(document: Path) -> None:
    assert problems(document) == []


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("see [the rules](../shared/rules_sources/README.md)", True),
        ("kept in `../shared/rules_sources/`", True),
        ("[a](/etc/passwd)", True),
        ("[a](file:///tmp/x)", True),
        ("[ref]: ../../elsewhere.md", True),
        ("[a](docs/missing.md)", True),
        ("[a](docs/bots.md) and [b](https://jsonlines.org/) and [c](#keys)", False),
    ],
)
def test_the_check_catches_each_kind(text: str, bad: bool) -> None:
    assert any(leaves(ROOT / "README.md", target) for target in targets(text)) is bad
