"""The board: a game's whole table in one widget, drawn with Textual's line API.

A game's board (``spit.tui.spit.board.widget``, ``spit.tui.spades.board``) says what
to draw (``draw``) and asks for a redraw when what it shows changed; this one turns
the drawing's roles into styles and, of the rows the drawing touched, makes new
strips of and repaints only the ones that really changed, so a game in progress costs
a few small repaints per card and nothing at all while nobody plays.
Colours come from component classes that use the theme's variables, so the table
reads well on dark and light themes.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import CardPainter

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
    SCOPED_CSS = False
    """Every rule below names ``Board`` itself; unscoped, one can look at the app's
    ``-light-mode`` class."""
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
    /* The accent is a pale colour in light themes (1.5:1 on textual-light's table):
    there the big letters and the highlight take its text shade, made to be read. */
    .-light-mode Board {
        & > .board--hot { color: $text-accent; }
        & > .board--big { color: $text-accent; }
    }
    """

    def __init__(self, painter: CardPainter, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.painter = painter
        self._canvas: Canvas | None = None
        """What is shown, drawn."""
        self._strips: list[Strip] = []
        self._canvas_size = Size(0, 0)
        """The content size, as of the last resize: ``self.size`` is worked out anew at
        each use, which costs more than drawing a card."""
        self._outer_size = Size(0, 0)
        """``outer_size`` when ``_canvas_size`` was taken."""
        self._drawn_size = Size(0, 0)
        self._styles: dict[str, Style] = {}
        self._segments: dict[str, dict[str, Segment]] = {}
        """Role -> text -> its segment: a card row has some forty runs, and making their
        segments anew would cost more than the rest of a key press."""
        self._new_segments = 0

    def text(self) -> str:
        """What the board shows, as plain text (for tests and debugging)."""
        return "" if self._canvas is None else self._canvas.plain()

    def on_resize(self) -> None:
        self._resized()

    def _resized(self) -> None:
        self._outer_size = self.outer_size
        self._canvas_size = self.size
        self._redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._segments.clear()
        self._new_segments = 0
        self._drawn_size = Size(0, 0)
        self._redraw()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines, drawn for the current size first if it changed. The Resize event
        is handled after the frame that follows a resize, so without this the first
        frame would show an empty board, and the table would wait for the next frame."""
        if self.outer_size != self._outer_size:
            self._resized()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def draw(self, width: int, height: int) -> Canvas | None:
        """The picture (a new canvas, or the same with its changed rows marked), or ``None``."""
        return None

    def _redraw(self) -> None:
        width, height = size = self._canvas_size
        canvas = self.draw(width, height) if width and height else None
        if canvas is None:
            return
        shown, self._canvas = self._canvas, canvas
        if size != self._drawn_size or shown is None:
            canvas.take_changes()
            self._strips = [self._strip(canvas, y, width) for y in range(height)]
            self._drawn_size = size
            self.refresh()
            return
        changed = canvas.take_changes() if canvas is shown else canvas.changes_from(shown)
        for y in changed:
            self._strips[y] = self._strip(canvas, y, width)
        if changed:
            self.refresh(*_bands(changed, width))

    def _strip(self, canvas: Canvas, y: int, width: int) -> Strip:
        return Strip(canvas.runs(y, self._segment), width)

    def _segment(self, text: str, role: str) -> Segment:
        by_text = self._segments.get(role)
        if by_text is None:
            by_text = self._segments[role] = {}
        segment = by_text.get(text)
        if segment is None:
            self._new_segments += 1
            if self._new_segments > 4096:  # footers and scores keep coming: start afresh
                self._new_segments = 0
                self._segments.clear()
                by_text = self._segments[role] = {}
            segment = by_text[text] = Segment(text, self._style(role))
        return segment

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


def _bands(rows: list[int], width: int) -> list[Region]:
    """The ``rows`` (in order) as full-width regions, neighbours joined: fewer regions
    cost Textual less to mark and to repaint."""
    bands = []
    start = end = rows[0]
    for y in rows[1:]:
        if y != end + 1:
            bands.append(Region(0, start, width, end - start + 1))
            start = y
        end = y
    bands.append(Region(0, start, width, end - start + 1))
    return bands
