"""Edits of a sealed replay file that keep every line valid JSON, the kinds a hostile
tester tried (issue 10): a time moved, a header value changed, a line dropped,
duplicated, swapped with the next or inserted (a refused input, which the rules check
alone lets through). Each comes with the line the seal must name: the first line that
differs from the file as written (``first_changed_line``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_TIME = re.compile(rb'"t": ([0-9]+)')
HEADER_EDITS = (
    (b'"name": "', b'"name": "Me'),
    (b'"kind": "bot"', b'"kind": "human"'),
    (b'"created": "2026', b'"created": "2027'),
    (b'"level": "', b'"level": "x'),
    (b'"seed": ', b'"seed": 1'),
    (b'"version": "1.1"', b'"version": "1.0"'),
    (b'"version": "1.2"', b'"version": "1.1"'),
    (b'"version": "1.3"', b'"version": "1.2"'),
    (b'"version": "1.4"', b'"version": "1.3"'),
    (b'"version": "1.5"', b'"version": "1.4"'),
    (b'"network": true', b'"network": false'),
    (b'"date": "2', b'"date": "1'),
    (b'"target": ', b'"target": 1'),
)
"""Header values changed: names, kinds, the start time, a level, a seed, the version,
a daily challenge's date, a network game's mark."""


@dataclass(frozen=True, slots=True)
class Edit:
    what: str
    data: bytes
    line: int
    """The line the seal must name as edited."""


def first_changed_line(original: bytes, edited: bytes) -> int:
    """The number of the line of ``edited`` where it first differs from ``original``,
    or the next line that is not blank (the reader skips blank lines). A ``\r`` put
    before a line's ``\n`` changes nothing of that line (the reader takes ``\r\n``
    as a line end), so such a line counts as the same."""
    number = _first_changed_line(original, edited)
    lines, before = edited.split(b"\n"), original.split(b"\n")
    while (
        number < len(lines)
        and number <= len(before)
        and lines[number - 1] == before[number - 1] + b"\r"
    ):
        number += 1
        while number < len(lines) and not lines[number - 1].strip():
            number += 1
    return number


def _first_changed_line(original: bytes, edited: bytes) -> int:
    """``first_changed_line`` by bytes alone."""
    same, differ = 0, min(len(original), len(edited)) + 1  # a common prefix, and not one
    while differ - same > 1:  # halving: each comparison runs in C, a byte loop would not
        mid = (same + differ) // 2
        same, differ = (mid, differ) if original[:mid] == edited[:mid] else (same, mid)
    number = edited.count(b"\n", 0, same) + 1
    lines = edited.split(b"\n")
    while number < len(lines) and not lines[number - 1].strip():
        number += 1
    return number


def edits(data: bytes) -> Iterator[Edit]:
    """Every edit of every line of ``data`` (a sealed file ending in a complete line)
    that must be reported as edited: the last line is never dropped, since a file cut
    there reads as an interrupted recording, which it then is."""
    lines = data.splitlines(keepends=True)

    def edit(what: str, new: list[bytes]) -> Edit:
        edited = b"".join(new)
        return Edit(what, edited, first_changed_line(data, edited))

    for old, new in HEADER_EDITS:
        if old in lines[0]:
            yield edit(f"header: {new.decode()}", [lines[0].replace(old, new, 1), *lines[1:]])
    for i, line in enumerate(lines):
        before, after = lines[:i], lines[i + 1 :]
        number = i + 1
        time = _TIME.search(line)
        if time is not None:
            later = str(int(time[1]) + 1).encode()
            moved = line[: time.start(1)] + later + line[time.end(1) :]
            yield edit(f"line {number}: t one millisecond later", [*before, moved, *after])
        if 0 < i < len(lines) - 1:
            yield edit(f"line {number} dropped", [*before, *after])
        yield edit(f"line {number} duplicated", [*before, line, line, *after])
        if 0 < i < len(lines) - 1:
            yield edit(
                f"lines {number} and {number + 1} swapped", [*before, after[0], line, *after[1:]]
            )
        if i > 0:
            t = int(time[1]) if time is not None else 0
            refused = (
                f'{{"type": "input", "t": {t}, "player": "p1", "action": "spit", "accepted": false'
            )
            for ending in ("}\n", ', "chain": "0badc0de"}\n'):
                inserted = (refused + ending).encode()
                yield edit(
                    f"a refused input after line {number}", [*before, line, inserted, *after]
                )
