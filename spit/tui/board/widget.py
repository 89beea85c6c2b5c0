"""The board: the whole table in one widget, drawn with Textual's line API.

``show(view)`` redraws only when the view changed, and then only the lines that
changed are repainted, so a game in progress costs a few small repaints per card and
nothing at all while nobody plays. Colours come from component classes that use the
theme's variables, so the table reads well on dark and light themes.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from spit.tui.board.canvas import Canvas
from spit.tui.board.draw import draw_table
from spit.tui.board.view import TableView
from spit.tui.cards import CardPainter

Row = tuple[tuple[str, str], ...]

ROLES = (
    "face",
    "edge",
    "ink-red",
    "ink-black",
    "ink-green",
    "ink-blue",
    "back",
    "count",
    "space",
    "hot",
    "bad",
    "good",
    "aim",
    "dim",
    "key",
    "title",
    "name",
    "big",
    "alert",
)
"""Every role the drawing code uses; each is styled by ``.board--<role>``."""


class Board(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"board--{role}" for role in ROLES}
    DEFAULT_CSS = """
    Board {
        width: 1fr;
        height: 1fr;
        background: $background;
        color: $foreground;
        & > .board--face { background: $surface; }
        & > .board--edge { color: $foreground-muted; }
        & > .board--ink-red { color: $text-error; text-style: bold; }
        & > .board--ink-black { color: $foreground; text-style: bold; }
        & > .board--ink-green { color: $text-success; text-style: bold; }
        & > .board--ink-blue { color: $text-primary; text-style: bold; }
        & > .board--back { color: $primary-muted; background: $primary-background; }
        & > .board--count { background: $primary; color: auto 90%; text-style: bold; }
        & > .board--space { color: $foreground-muted; }
        & > .board--hot { color: $accent; text-style: bold; }
        & > .board--bad { color: $text-error; text-style: bold; }
        & > .board--good { color: $text-success; }
        & > .board--aim { color: $text-primary; text-style: bold; }
        & > .board--dim { color: $text-muted; }
        & > .board--key { color: $text-accent; text-style: bold; }
        & > .board--title { text-style: bold; }
        & > .board--name { color: $text-primary; text-style: bold; }
        & > .board--big { color: $accent; text-style: bold; }
        & > .board--alert { color: $text-warning; text-style: bold; }
    }
    """

    def __init__(self, painter: CardPainter, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.painter = painter
        self._view: TableView | None = None
        self._rows: list[Row] = []
        self._strips: list[Strip] = []
        self._drawn_size = (0, 0)
        self._styles: dict[str, Style] = {}

    @property
    def view(self) -> TableView | None:
        return self._view

    def show(self, view: TableView) -> None:
        """Draw ``view``; a no-op when it is what is already shown."""
        if view != self._view:
            self._view = view
            self._redraw()

    def text(self) -> str:
        """What the board shows, as plain text (for tests and debugging)."""
        return "\n".join("".join(text for text, _ in row) for row in self._rows)

    def on_resize(self) -> None:
        self._redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._drawn_size = (0, 0)
        self._redraw()

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def draw(self, width: int, height: int) -> Canvas | None:
        """The picture to show, or ``None`` before there is one. A board for another
        game (``spit.tui.spades.board``) overrides this and keeps its own view."""
        if self._view is None:
            return None
        return draw_table(self._view, width, height, self.painter)

    def _redraw(self) -> None:
        width, height = self.size
        canvas = self.draw(width, height) if width and height else None
        if canvas is None:
            return
        rows = canvas.rows()
        if (width, height) != self._drawn_size:
            self._strips = [self._strip(row, width) for row in rows]
            self._drawn_size = (width, height)
            self.refresh()
        else:
            changed = [y for y, row in enumerate(rows) if row != self._rows[y]]
            for y in changed:
                self._strips[y] = self._strip(rows[y], width)
            if changed:
                self.refresh(*(Region(0, y, width, 1) for y in changed))
        self._rows = rows

    def _strip(self, row: Row, width: int) -> Strip:
        return Strip([Segment(text, self._style(role)) for text, role in row], width)

    def _role_style(self, component: str) -> Style:
        """What ``component`` sets, and only that, so roles can be layered ("face
        ink-red"); colours come from the full style, where translucent theme colours
        (``$text-muted``) have been blended with the background."""
        part = self.get_component_rich_style(component, partial=True)
        full = self.get_component_rich_style(component)
        if part.color is not None:
            part += Style(color=full.color)
        if part.bgcolor is not None:
            part += Style(bgcolor=full.bgcolor)
        return part

    def _style(self, role: str) -> Style:
        style = self._styles.get(role)
        if style is None:
            style = self.rich_style
            for name in role.split():
                style += self._role_style(f"board--{name}")
            self._styles[role] = style
        return style
