"""The bar under the replayed table: where the rounds, spits and slaps are, where the
replay is now, and the playback state with the main keys.

Three lines: the marks (each round's number where it starts, ``·`` for a spit, ``!``
for a slap), the bar itself with the current position on it, and the status line.
The marks depend only on the width and are worked out once per width; ``show`` redraws
only when something visible changed, so playback at 30 Hz costs a repaint only when
the position moves a column or the clock shows another second. A click on the bar
asks to jump there (``Seek``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from spit.games.spit.timeline import Mark, Timeline
from spit.tui.spit.board.story import clock

ROWS = 3
_MARGIN = 1


@dataclass(frozen=True, slots=True)
class BarState:
    """Everything the bar shows besides the marks."""

    t: int
    inputs: int
    playing: bool
    speed: str
    """As shown: ``"1×"``, ``"0.25×"``."""


@dataclass(frozen=True, slots=True)
class _Glyphs:
    played: str
    rest: str
    cursor: str
    spit: str
    slap: str
    tick: str
    playing: str
    paused: str


_UNICODE = _Glyphs("━", "─", "●", "·", "!", "╵", "▶", "❚❚")
_ASCII = _Glyphs("=", "-", "O", ".", "!", "'", ">", "||")


class TimelineBar(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "timeline--played",
        "timeline--rest",
        "timeline--cursor",
        "timeline--round",
        "timeline--spit",
        "timeline--slap",
        "timeline--state",
        "timeline--keys",
    }
    DEFAULT_CSS = """
    TimelineBar {
        height: 3;
        width: 1fr;
        background: $background;
        color: $foreground;
        & > .timeline--played { color: $accent; }
        & > .timeline--rest { color: $foreground-muted; }
        & > .timeline--cursor { color: $text-accent; text-style: bold; }
        & > .timeline--round { color: $text-primary; text-style: bold; }
        & > .timeline--spit { color: $text-success; text-style: bold; }
        & > .timeline--slap { color: $text-warning; text-style: bold; }
        & > .timeline--state { text-style: bold; }
        & > .timeline--keys { color: $text-muted; }
    }
    """

    class Seek(Message):
        """The bar was clicked at game time ``t``."""

        def __init__(self, t: int) -> None:
            super().__init__()
            self.t = t

    def __init__(self, timeline: Timeline, hint: str, *, ascii_only: bool = False) -> None:
        super().__init__()
        self.timeline = timeline
        self.hint = hint
        self.glyphs = _ASCII if ascii_only else _UNICODE
        self._state: BarState | None = None
        self._marks: tuple[int, list[tuple[str, str]]] | None = None
        """The marks line for one width: (width, one (char, role) per column)."""

    def show(self, state: BarState) -> None:
        """Show ``state``; a repaint only if the bar would look different."""
        before = self._state
        self._state = state
        if before is None or self._looks(before) != self._looks(state):
            self.refresh()

    def _looks(self, state: BarState) -> tuple[object, ...]:
        return (self._column(state.t), clock(state.t), state.inputs, state.playing, state.speed)

    @property
    def _width(self) -> int:
        return max(1, self.size.width - 2 * _MARGIN)

    def _column(self, t: int) -> int:
        end = self.timeline.end.t
        return t * (self._width - 1) // end if end else 0

    def on_click(self, event: events.Click) -> None:
        if event.y >= ROWS - 1:
            return  # the status line
        column = min(max(event.x - _MARGIN, 0), self._width - 1)
        end = self.timeline.end.t
        self.post_message(self.Seek(column * end // max(1, self._width - 1)))

    def render(self) -> Text:
        state = self._state
        if state is None:
            return Text()
        style = self._role
        out = Text(no_wrap=True, overflow="crop")
        out.append(" " * _MARGIN)
        for char, role in self._marks_line():
            out.append(char, style(role) if role else None)
        out.append("\n" + " " * _MARGIN)
        g, here = self.glyphs, self._column(state.t)
        out.append(g.played * here, style("played"))
        out.append(g.cursor, style("cursor"))
        out.append(g.rest * (self._width - here - 1), style("rest"))
        out.append("\n")
        out.append_text(self._status(state))
        return out

    def _status(self, state: BarState) -> Text:
        timeline, g = self.timeline, self.glyphs
        mode = g.playing if state.playing else g.paused
        left = (
            f"{' ' * _MARGIN}{mode} {state.speed}  {clock(state.t)} / {clock(timeline.end.t)}"
            f"  input {state.inputs}/{len(timeline.inputs)}"
        )
        if not timeline.finished:
            left += "  (unfinished)"
        elif timeline.replay.forfeit is not None:
            left += "  (by forfeit)"
        room = self.size.width - len(left) - _MARGIN
        hint = self.hint if len(self.hint) + 2 <= room else ""
        line = Text(left, self._role("state"), no_wrap=True, overflow="crop")
        line.append(" " * max(0, room - len(hint)))
        line.append(hint, self._role("keys"))
        return line

    def _marks_line(self) -> list[tuple[str, str]]:
        width = self._width
        if self._marks is None or self._marks[0] != width:
            self._marks = (width, self._draw_marks(width))
        return self._marks[1]

    def _draw_marks(self, width: int) -> list[tuple[str, str]]:
        """Spits, then slaps over them, then the rounds over everything: a tick where
        each starts, its number over the tick where there is room."""
        cells: list[tuple[str, str]] = [(" ", "")] * width
        g, timeline = self.glyphs, self.timeline
        for kind, glyph in ((Mark.SPIT, g.spit), (Mark.SLAP, g.slap)):
            for first, every, count in timeline.marks.spans(kind):
                for column in self._columns(first, every, count):
                    cells[column] = (glyph, kind.value)
        rounds = [self._column(p.t) for p in timeline.round_positions()]
        for column in rounds:
            cells[column] = (g.tick, "round")
        free = 0
        for number, column in enumerate(rounds, start=1):
            label = str(number)
            if column >= free and column + len(label) <= width:
                for i, char in enumerate(label):
                    cells[column + i] = (char, "round")
                free = column + len(label) + 1
        return cells

    def _columns(self, first: int, every: int, count: int) -> Iterable[int]:
        """The columns of ``count`` moments ``every`` ms apart from ``first`` (a run of
        stalls), each column once: no more work than the width, however many spits."""
        if every * (self._width - 1) <= self.timeline.end.t:  # a column apart at most
            return range(self._column(first), self._column(first + (count - 1) * every) + 1)
        return (self._column(first + step * every) for step in range(count))  # < width

    def _role(self, role: str) -> Style:
        return self.get_component_rich_style(f"timeline--{role}")
