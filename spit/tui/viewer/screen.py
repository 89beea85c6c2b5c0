"""The replay viewer: a saved game on the live table, with a timeline to move along.

The replay is worked out once when the screen is made (``spit.tui.viewer.timeline``);
after that every key is a jump to a position, which ``Playback`` reaches from the
nearest snapshot, and the board redraws only the lines that changed. Playback runs
an interval only while playing: the position is read from the clock (the time
playback started, times the speed), never counted in ticks, so a late tick skips
nothing. A file that cannot be shown (unreadable, not consistent, or with no deal)
gives a screen with the reason and the way back instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from spit.match import Clock, MonotonicClock
from spit.tui.board.canvas import Canvas
from spit.tui.board.draw import COMPACT_MIN_HEIGHT, MIN_WIDTH, draw_table
from spit.tui.board.story import clock
from spit.tui.board.widget import Board
from spit.tui.cards import CardPainter
from spit.tui.viewer.keys import ASCII_HINT, HINT, ViewerHelp, bindings
from spit.tui.viewer.playback import Playback
from spit.tui.viewer.timeline import START, NotViewable, Position, Timeline, open_timeline
from spit.tui.viewer.timeline_bar import ROWS, BarState, TimelineBar

if TYPE_CHECKING:
    from spit.tui.app import SpitApp

TICK_HZ: Final = 30
SPEEDS: Final = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
SEEK_MS: Final = 5000
MIN_HEIGHT: Final = COMPACT_MIN_HEIGHT + ROWS
"""The table without its blank rows, and the timeline bar."""


class ReplayBoard(Board):
    """The live game's board, drawn without its blank rows when room is short."""

    def draw(self, width: int, height: int) -> Canvas | None:
        view = self.view
        if view is None:
            return None
        return draw_table(view, width, height, self.painter, compact=True)


class ReplayViewerScreen(Screen[None]):
    """The replay at ``path``, in a ``SpitApp``. ``clock`` is for tests (a FakeClock).
    The card style and colours are the app's settings, unless given here."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = list(bindings())
    DEFAULT_CSS = """
    ReplayViewerScreen {
        background: $background;
        layout: vertical;
    }
    ReplayViewerScreen #too-small, ReplayViewerScreen #problem {
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
    }
    ReplayViewerScreen #too-small { display: none; }
    ReplayViewerScreen.-small #too-small { display: block; }
    ReplayViewerScreen.-small ReplayBoard, ReplayViewerScreen.-small TimelineBar {
        display: none;
    }
    ReplayViewerScreen #problem {
        align: center middle;
    }
    ReplayViewerScreen #problem > Static {
        width: 100%;
        max-width: 76;
        text-align: center;
        margin-bottom: 1;
    }
    ReplayViewerScreen #problem .title { text-style: bold; color: $text-error; }
    ReplayViewerScreen #problem .dim { color: $text-muted; }
    ReplayViewerScreen #problem .hint { color: $text-accent; }
    """

    def __init__(
        self,
        path: Path,
        clock: Clock | None = None,
        *,
        card_style: str | None = None,
        four_colour: bool | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.clock: Clock = clock or MonotonicClock()
        self._card_style = card_style
        self._four_colour = four_colour
        self.timeline: Timeline | None = None
        self.problem: NotViewable | None = None
        """Why the replay cannot be shown, if it cannot."""
        try:
            self.timeline = open_timeline(self.path)
        except NotViewable as error:
            self.problem = error
        self.playing = False
        self.speed = 1.0
        self._anchor = (0, 0)
        """(clock ms, game ms) when playback last started or changed speed."""
        self._timer: Timer | None = None
        self._small = False
        self.playback: Playback
        self.board: ReplayBoard
        self.bar: TimelineBar

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

    def _compose_problem(self) -> ComposeResult:
        problem = self.problem
        assert problem is not None
        where = f"line {problem.line}: " if problem.line is not None else ""
        with Vertical(id="problem"):
            yield Static("This replay cannot be shown", classes="title")
            yield Static(self.path.name, classes="dim", markup=False)
            yield Static(f"{where}{problem.message}", markup=False)
            yield Static("Esc: back", classes="hint")

    def _painter(self) -> CardPainter:
        settings = self._spit_app.settings
        style = self._card_style or settings.card_style
        four = settings.four_colour if self._four_colour is None else self._four_colour
        return CardPainter(style, four)

    @property
    def _spit_app(self) -> SpitApp:
        return cast("SpitApp", self.app)

    def on_mount(self) -> None:
        timeline = self.timeline
        if timeline is None:
            return
        self._timer = self.set_interval(1 / TICK_HZ, self.tick, pause=True)
        self._check_size(self.app.size.width, self.app.size.height)
        self._redraw()
        if not timeline.finished:
            self.notify(
                f"This game was not finished: the recording stops at {clock(timeline.end.t)}.",
                title="Unfinished game",
                timeout=6,
            )

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        if self.timeline is None:
            return
        self._small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(self._small, "-small")
        if self._small:
            self._pause()
            self.query_one("#too-small", Static).update(
                f"Make the window at least {MIN_WIDTH}×{MIN_HEIGHT}\n(it is {width}×{height} now)."
            )

    # -- playback ------------------------------------------------------------------

    def tick(self) -> None:
        """Move the replay on to the clock. The interval calls this while playing;
        tests call it after moving a FakeClock."""
        if not self.playing:
            return
        timeline = self.playback.timeline
        start_clock, start_t = self._anchor
        t = start_t + int((self.clock.now_ms() - start_clock) * self.speed)
        if t >= timeline.end.t:
            self.playback.go_to(timeline.end)
            self._pause()
        else:
            self.playback.go_to(max(timeline.at_time(t), self.position))
        self._redraw()

    def _play(self) -> None:
        if self._small:
            return
        if self.playback.at_end:
            self.playback.go_to(START)
        self.playing = True
        self._reanchor()
        if self._timer is not None:
            self._timer.resume()

    def _pause(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.pause()

    def _reanchor(self) -> None:
        self._anchor = (self.clock.now_ms(), self.position.t)

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
        speed = f"{self.speed:g}×"
        self.bar.show(BarState(self.position.t, self.position.inputs, self.playing, speed))

    @on(TimelineBar.Seek)
    def _clicked(self, message: TimelineBar.Seek) -> None:
        self._go(self.playback.timeline.at_time(message.t))

    # -- keys ----------------------------------------------------------------------

    def _viewing(self) -> bool:
        return self.timeline is not None and not self._small

    def action_play_pause(self) -> None:
        if not self._viewing():
            return
        if self.playing:
            self._pause()
        else:
            self._play()
        self._redraw()

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

    def action_speed(self, step: int) -> None:
        if not self._viewing():
            return
        index = SPEEDS.index(self.speed) + step
        self.speed = SPEEDS[min(max(index, 0), len(SPEEDS) - 1)]
        self._reanchor()
        self._redraw()

    def action_start(self) -> None:
        if self._viewing():
            self._go(START)

    def action_end(self) -> None:
        if self._viewing():
            self._go(self.playback.timeline.end)

    def action_help(self) -> None:
        if self.timeline is None:
            return
        was_playing = self.playing
        self._pause()
        self._redraw()

        def closed(_: None) -> None:
            if was_playing:
                self._play()
                self._redraw()

        self.app.push_screen(ViewerHelp(), closed)

    def action_leave(self) -> None:
        """Back to the screen below; out of the app if the replay was all there was."""
        self._pause()
        self._spit_app.leave(self)
