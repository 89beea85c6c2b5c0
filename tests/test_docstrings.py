"""Docstrings say what and why in a few lines (issue 26); performance history goes to
docs/performance.md. A function's docstring is too long when it runs past 3 lines and
past its body, or past ``MAX_LINES`` lines at all.
"""

from __future__ import annotations

import ast
import functools
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MAX_LINES = 12
"""No function's docstring is longer than this, whatever its body."""

BUDGET = 0
"""How many functions may have a docstring longer than 3 lines and longer than their
body."""


@dataclass(frozen=True, slots=True)
class Docstring:
    path: str
    function: str
    line: int
    doc_lines: int
    body_lines: int

    @property
    def longer_than_body(self) -> bool:
        return self.doc_lines > 3 and 0 < self.body_lines < self.doc_lines

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.line} {self.function}: "
            f"{self.doc_lines} lines of docstring, {self.body_lines} of body"
        )


def docstrings(source: str, path: str) -> Iterator[Docstring]:
    """Every function's docstring in ``source``, with its length and its body's (the
    lines from the first statement after the docstring to the end of the last)."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if ast.get_docstring(node, clean=False) is None:
            continue
        doc, *body = node.body
        doc_lines = (doc.end_lineno or doc.lineno) - doc.lineno + 1
        body_lines = (body[-1].end_lineno or body[-1].lineno) - body[0].lineno + 1 if body else 0
        yield Docstring(path, node.name, doc.lineno, doc_lines, body_lines)


@functools.cache
def package_docstrings() -> tuple[Docstring, ...]:
    """Every function's docstring in ``spit/``, read once for all the tests."""
    found: list[Docstring] = []
    for file in sorted((ROOT / "spit").rglob("*.py")):
        path = file.relative_to(ROOT).as_posix()
        found.extend(docstrings(file.read_text(encoding="utf-8"), path))
    return tuple(found)


@pytest.mark.slow
def test_docstrings_no_longer_than_their_bodies() -> None:
    long = [d for d in package_docstrings() if d.longer_than_body]
    counted = list(long)
    assert len(counted) <= BUDGET, "\n".join(map(str, counted))


def test_no_function_docstring_past_the_limit() -> None:
    long = [d for d in package_docstrings() if d.doc_lines > MAX_LINES]
    assert not long, "\n".join(map(str, long))


def test_the_measure_finds_a_long_docstring() -> None:
    source = textwrap.dedent('''
        def short():
            """One line."""
            return 1

        def stub():
            """A protocol's method: a docstring and nothing else,
            however long it is,
            is not counted against a body.
            """

        async def chatty(x):
            """Four lines
            of docstring
            over a body
            of two."""
            y = x + 1
            return y

        def huge():
            """Thirteen lines.
            2
            3
            4
            5
            6
            7
            8
            9
            10
            11
            12
            """
            a = 1
            b = 2
            c = 3
            d = 4
            e = 5
            f = 6
            g = 7
            h = 8
            i = 9
            j = 10
            k = 11
            l = 12
            return a
    ''')
    found = {d.function: d for d in docstrings(source, "example.py")}
    assert [name for name, d in found.items() if d.longer_than_body] == ["chatty"]
    assert (found["chatty"].doc_lines, found["chatty"].body_lines) == (4, 2)
    assert found["stub"].body_lines == 0
    assert [name for name, d in found.items() if d.doc_lines > MAX_LINES] == ["huge"]
