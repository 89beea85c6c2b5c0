"""The replay viewer: a saved game on the live table, with a timeline to move along.

The replay is worked out once when the screen is made (``spit.games.spit.timeline``);
after that every key is a jump to a position, which ``Playback`` reaches from the
nearest snapshot, and the board redraws only the lines that changed. Playing,
pausing, the speed, the problem panel and the size guard are every viewer's
(``spit.tui.shared.viewer_base``); this screen adds the timeline bar and the moves along it.
"""

from __future__ import annotations

from typing import ClassVar, Final

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from spit.games.spit.timeline import START, Position, Timeline, open_timeline
from spit.tui.shared.canvas import Canvas
from spit.tui.shared.viewer_base import SPEEDS as SPEEDS
from spit.tui.shared.viewer_base import ViewerScreen, forfeit_notice
from spit.tui.shared.viewer_keys import ASCII_HINT, HINT, ViewerHelp, bindings
from spit.tui.spit.board.draw import COMPACT_MIN_HEIGHT, MIN_WIDTH, draw_table
from spit.tui.spit.board.story import clock
from spit.tui.spit.board.widget import SpitBoard
from spit.tui.spit.viewer.playback import Playback
from spit.tui.spit.viewer.timeline_bar import ROWS, BarState, TimelineBar

SEEK_MS: Final = 5000
MIN_HEIGHT: Final = COMPACT_MIN_HEIGHT + ROWS
"""The table without its blank rows, and the timeline bar."""


class ReplayBoard(SpitBoard):
    """The live game's board, drawn without its blank rows when room is short."""

    def draw(self, width: int, height: int) -> Canvas | None:
        view = self.view
        if view is None:
            return None
        return draw_table(view, width, height, self.painter, compact=True)


class SpitViewerScreen(ViewerScreen):
    """The replay at ``path``, in an app with ``Services``. ``clock`` is for tests (a FakeClock).
    The card style and colours are the app's settings, unless given here."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings())
    DEFAULT_CSS = """
    SpitViewerScreen {
        layout: vertical;
    }
    SpitViewerScreen #too-small {
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
    }
    SpitViewerScreen #too-small { display: none; }
    SpitViewerScreen.-small #too-small { display: block; }
    SpitViewerScreen.-small ReplayBoard, SpitViewerScreen.-small TimelineBar {
        display: none;
    }
    """

    timeline: Timeline | None = None
    playback: Playback
    board: ReplayBoard
    bar: TimelineBar

    def _open(self) -> None:
        self.timeline = open_timeline(self.path)

    @property
    def position(self) -> Position:
        return self.playback.position

    # -- lifecycle -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        timeline = self.timeline
        if timeline is None:
            yield from self._compose_problem()
            return
        painter = self._painter()
        self.playback = Playback(timeline, painter, "? keys  Esc back")
        self.board = ReplayBoard(painter, id="board")
        hint = ASCII_HINT if painter.ascii else HINT
        self.bar = TimelineBar(timeline, hint, ascii_only=painter.ascii)
        yield self.board
        yield self.bar
        yield Static(id="too-small")

    def _unfinished(self) -> str | None:
        timeline = self.playback.timeline
        if timeline.finished:
            return None
        return f"This game was not finished: the recording stops at {clock(timeline.end.t)}."

    def _forfeit(self) -> str | None:
        replay = self.playback.timeline.replay
        players, forfeit = replay.header.players, replay.forfeit
        names = (players[0].name, players[1].name)
        return forfeit_notice(names, None if forfeit is None else forfeit.player)

    def _fits(self, width: int, height: int) -> bool:
        return width >= MIN_WIDTH and height >= MIN_HEIGHT

    def _too_small(self, width: int, height: int) -> None:
        times = self.board.painter.times
        self.query_one("#too-small", Static).update(
            f"Make the window at least {MIN_WIDTH}{times}{MIN_HEIGHT}\n"
            f"(it is {width}{times}{height} now)."
        )

    # -- playback ------------------------------------------------------------------

    def _advance_to(self, ms: int) -> None:
        timeline = self.playback.timeline
        if ms >= timeline.end.t:
            self.playback.go_to(timeline.end)
            self._pause()
        else:
            self.playback.go_to(max(timeline.at_time(ms), self.position))

    def _shown_ms(self) -> int:
        return self.position.t

    def _at_end(self) -> bool:
        return self.playback.at_end

    def _rewind(self) -> None:
        self.playback.go_to(START)

    def _go(self, target: Position, *, stop: bool = False) -> None:
        if stop:
            self._pause()
        self.playback.go_to(target)
        if self.playing and self.playback.at_end:
            self._pause()
        self._reanchor()
        self._redraw()

    def _redraw(self) -> None:
        self.board.show(self.playback.view())
        speed = f"{self.speed:g}{self.board.painter.times}"
        self.bar.show(BarState(self.position.t, self.position.inputs, self.playing, speed))

    def _help(self, ascii_only: bool) -> ViewerHelp:
        return ViewerHelp(ascii_only=ascii_only)

    @on(TimelineBar.Seek)
    def _clicked(self, message: TimelineBar.Seek) -> None:
        self._go(self.playback.timeline.at_time(message.t))

    # -- keys ----------------------------------------------------------------------

    def action_seek(self, ms: int) -> None:
        if self._viewing():
            self._go(self.playback.timeline.at_time(self.position.t + ms))

    def action_event(self, step: int) -> None:
        if self._viewing():
            timeline = self.playback.timeline
            mark = timeline.mark_after if step > 0 else timeline.mark_before
            self._go(mark(self.position))

    def action_round(self, step: int) -> None:
        if self._viewing():
            timeline = self.playback.timeline
            round_start = timeline.round_after if step > 0 else timeline.round_before
            self._go(round_start(self.position))

    def action_step(self, step: int) -> None:
        if self._viewing():
            timeline = self.playback.timeline
            move = timeline.input_after if step > 0 else timeline.input_before
            self._go(move(self.position), stop=True)

    def action_start(self) -> None:
        if self._viewing():
            self._go(START)

    def action_end(self) -> None:
        if self._viewing():
            self._go(self.playback.timeline.end)
