"""A grid of characters, each with a role, that the board draws the table on.

Drawing into a grid and then cutting each row into runs of one role is simpler than
composing many widgets, and far cheaper: the whole table is one widget whose lines
are rebuilt only when something on it changed.
"""

from __future__ import annotations

from collections.abc import Iterable

from spit.tui.cards import Line, Picture


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._roles = [[""] * width for _ in range(height)]

    def text(self, x: int, y: int, text: str, role: str = "") -> None:
        """Write ``text`` from column ``x`` of row ``y``; whatever falls outside is cut."""
        if not 0 <= y < self.height:
            return
        chars, roles = self._chars[y], self._roles[y]
        for i, char in enumerate(text):
            col = x + i
            if 0 <= col < self.width:
                chars[col] = char
                roles[col] = role

    def centred(self, x: int, width: int, y: int, text: str, role: str = "") -> None:
        """Write ``text`` centred in the ``width`` columns from ``x`` (cut to fit)."""
        text = text[:width]
        self.text(x + (width - len(text)) // 2, y, text, role)

    def line(self, x: int, y: int, runs: Line) -> None:
        for text, role in runs:
            self.text(x, y, text, role)
            x += len(text)

    def picture(self, x: int, y: int, picture: Picture) -> None:
        for dy, runs in enumerate(picture):
            self.line(x, y + dy, runs)

    def lines(self, x: int, y: int, texts: Iterable[str], role: str = "") -> None:
        for dy, text in enumerate(texts):
            self.text(x, y + dy, text, role)

    def rows(self) -> list[tuple[tuple[str, str], ...]]:
        """Each row as runs of ``(text, role)``, neighbours with the same role merged."""
        out = []
        for chars, roles in zip(self._chars, self._roles, strict=True):
            runs: list[tuple[str, str]] = []
            start, current = 0, roles[0]
            for col, role in enumerate(roles):
                if role != current:
                    runs.append(("".join(chars[start:col]), current))
                    start, current = col, role
            runs.append(("".join(chars[start:]), current))
            out.append(tuple(runs))
        return out
