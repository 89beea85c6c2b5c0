"""A grid of characters, each with a role, that the board draws the table on.

Drawing into a grid and then cutting each row into runs of one role is simpler than
composing many widgets, and far cheaper: the whole table is one widget whose lines
are rebuilt only when something on it changed. A canvas can be kept and drawn on
again: it tells which rows changed since the board last looked (``take_changes``),
and drawing can be clipped to a box, so that one part of the table can be cleared and
drawn again without touching its neighbours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from spit.tui.shared.cards import Line, Picture

T = TypeVar("T")

Box = tuple[int, int, int, int]
"""``(x, y, width, height)``."""
Row = tuple[tuple[str, str], ...]
"""A row of the canvas as runs of ``(text, role)``."""


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._roles = [[""] * width for _ in range(height)]
        self._clip = (0, 0, width, height)
        """Left, top, right, bottom: writes outside are cut."""
        self._damaged = set(range(height))
        """Rows drawn on since ``take_changes`` last looked."""
        self._taken: list[tuple[list[str], list[str]] | None] = [None] * height
        """Each row as ``take_changes`` last saw it."""

    def text(self, x: int, y: int, text: str, role: str = "") -> None:
        """Write ``text`` from column ``x`` of row ``y``; whatever falls outside (the
        canvas, or the clip box) is cut."""
        left, top, right, bottom = self._clip
        if not top <= y < bottom:
            return
        start = x if x > left else left
        end = x + len(text)
        if end > right:
            end = right
        if start < end:
            self._chars[y][start:end] = text[start - x : end - x]
            self._roles[y][start:end] = [role] * (end - start)

    def centred(self, x: int, width: int, y: int, text: str, role: str = "") -> None:
        """Write ``text`` centred in the ``width`` columns from ``x`` (cut to fit)."""
        text = text[:width]
        self.text(x + (width - len(text)) // 2, y, text, role)

    def line(self, x: int, y: int, runs: Line) -> None:
        """Write ``runs`` one after the other from column ``x`` of row ``y`` (``text``
        for each run, made one loop: cards are drawn run by run)."""
        left, top, right, bottom = self._clip
        if not top <= y < bottom:
            return
        chars, roles = self._chars[y], self._roles[y]
        for text, role in runs:
            end = x + len(text)
            start = x if x > left else left
            stop = end if end < right else right
            if start < stop:
                chars[start:stop] = text[start - x : stop - x]
                roles[start:stop] = [role] * (stop - start)
            x = end

    def picture(self, x: int, y: int, picture: Picture) -> None:
        for dy, runs in enumerate(picture):
            self.line(x, y + dy, runs)

    def lines(self, x: int, y: int, texts: Iterable[str], role: str = "") -> None:
        for dy, text in enumerate(texts):
            self.text(x, y + dy, text, role)

    def clip(self, box: Box | None) -> None:
        """Cut every write to ``box`` from now on (``None``: to the canvas)."""
        if box is None:
            self._clip = (0, 0, self.width, self.height)
        else:
            x, y, width, height = box
            self._clip = (
                max(0, x),
                max(0, y),
                min(self.width, x + width),
                min(self.height, y + height),
            )

    def clear(self) -> None:
        """Blank the clip box and count its rows as drawn on."""
        left, top, right, bottom = self._clip
        if left >= right:
            return
        blank, none = [" "] * (right - left), [""] * (right - left)
        for y in range(top, bottom):
            self._chars[y][left:right] = blank
            self._roles[y][left:right] = none
        self._damaged.update(range(top, bottom))

    def take_changes(self) -> list[int]:
        """The rows that changed since the last call, in order (all of them, the first
        time): only rows drawn on since then are compared."""
        changed = []
        for y in sorted(self._damaged):
            chars, roles, taken = self._chars[y], self._roles[y], self._taken[y]
            if taken is None or taken[0] != chars or taken[1] != roles:
                self._taken[y] = (chars[:], roles[:])
                changed.append(y)
        self._damaged.clear()
        return changed

    def changes_from(self, other: Canvas) -> list[int]:
        """The rows that differ from ``other``'s, a canvas of the same size."""
        return [
            y
            for y in range(self.height)
            if self._chars[y] != other._chars[y] or self._roles[y] != other._roles[y]
        ]

    def plain(self) -> str:
        """The text on the canvas, without roles."""
        return "\n".join("".join(chars) for chars in self._chars)

    def runs(self, y: int, make: Callable[[str, str], T]) -> list[T]:
        """Row ``y`` cut into runs of one role, each made into ``make(text, role)``: the
        board makes its segments straight away, with no runs in between."""
        chars, roles = self._chars[y], self._roles[y]
        line = "".join(chars)
        out = []
        start, current = 0, roles[0]
        for col, role in enumerate(roles):
            if role != current:
                out.append(make(line[start:col], current))
                start, current = col, role
        out.append(make(line[start:], current))
        return out

    def row(self, y: int) -> Row:
        """Row ``y`` as runs of ``(text, role)``, neighbours with the same role merged."""
        return tuple(self.runs(y, _run))

    def rows(self) -> list[Row]:
        """Every row, as ``row`` gives it."""
        return [self.row(y) for y in range(self.height)]


def _run(text: str, role: str) -> tuple[str, str]:
    return text, role
