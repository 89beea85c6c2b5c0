"""What every replay viewer does the same way, whatever the game.

A viewer opens a file when it is made and either has something to show or a problem
to explain (``NotViewable``); a problem gives a panel with the reason and the way
back. Playback is one paused interval, resumed only while playing, and the moment
on screen is read from the clock (where playback started, plus the time since, times
the speed), never counted in ticks, so a late tick skips nothing and nothing runs
while paused. A window too small to show the table pauses playback and ignores the
keys that move. The speed, play/pause, help and leave keys work the same in every
viewer; the game's viewer says where it is (``_shown_ms``), how to move
(``_advance_to``, ``_rewind``) and how to draw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Static

from spit.core.clock import Clock, MonotonicClock
from spit.core.replay.viewable import NotViewable
from spit.core.safe_text import safe_lines, safe_text
from spit.settings.model import CardStyle
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.services import services
from spit.tui.shared.styles import ASCII_CLASS

TICK_HZ: Final = 30
SPEEDS: Final = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


def forfeit_notice(names: tuple[str, str], loser: int | None) -> str | None:
    """What a viewer says of a game (of either game) that ended by forfeit, over the
    network: who won so, and why; ``None`` (``loser``) for a game that did not."""
    if loser is None:
        return None
    winner, gone = safe_text(names[1 - loser]), safe_text(names[loser])
    return f"{winner} won by forfeit: {gone} left the game, or did not come back in time."


class ViewerScreen(Screen[None]):
    """A replay viewer for the file at ``path``, in an app with ``Services``. ``clock`` is for
    tests (a FakeClock). The card style and colours are the app's settings, unless
    given here. The file is opened at once (``_open``), so a command can say that it
    cannot be read before the app starts."""

    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    ViewerScreen {
        background: $background;
    }
    ViewerScreen #problem {
        width: 1fr;
        height: 1fr;
        align: center middle;
    }
    ViewerScreen #problem > Static {
        width: 100%;
        max-width: 76;
        text-align: center;
        margin-bottom: 1;
    }
    ViewerScreen #problem .title { text-style: bold; color: $text-error; }
    ViewerScreen #problem .dim { color: $text-muted; }
    ViewerScreen #problem .hint { color: $text-accent; }
    """

    def __init__(
        self,
        path: Path,
        clock: Clock | None = None,
        *,
        card_style: CardStyle | None = None,
        four_colour: bool | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.clock: Clock = clock or MonotonicClock()
        self._card_style = card_style
        self._four_colour = four_colour
        self.problem: NotViewable | None = None
        """Why the replay cannot be shown, if it cannot."""
        self.playing = False
        self.speed = 1.0
        self._anchor = (0, 0)
        """(clock ms, replay ms at 1×) when playback last started or changed speed."""
        self._timer: Timer | None = None
        self._small = False
        try:
            self._open()
        except NotViewable as error:
            self.problem = error

    # -- what the game's viewer says -----------------------------------------------

    def _open(self) -> None:
        """Read and work out the replay at ``self.path``; ``NotViewable`` if it cannot be shown."""
        raise NotImplementedError

    @property
    def viewable(self) -> bool:
        """There is a replay to show (no ``problem``)."""
        return self.problem is None

    def _fits(self, width: int, height: int) -> bool:
        raise NotImplementedError

    def _shown_ms(self) -> int:
        """Where the replay on screen is, in milliseconds at 1×."""
        raise NotImplementedError

    def _at_end(self) -> bool:
        raise NotImplementedError

    def _rewind(self) -> None:
        """Go back to the start (play at the end starts again)."""
        raise NotImplementedError

    def _advance_to(self, ms: int) -> None:
        """Playing: move on to ``ms`` (never back), and pause at the end."""
        raise NotImplementedError

    def _redraw(self) -> None:
        raise NotImplementedError

    def _help(self, ascii_only: bool) -> ModalScreen[None]:
        """The help dialog, in the ASCII style or not."""
        raise NotImplementedError

    def _unfinished(self) -> str | None:
        """The notice for a game that was not finished, shown once it opens."""
        return None

    def _forfeit(self) -> str | None:
        """The notice for a game that ended by forfeit (``forfeit_notice``)."""
        return None

    def _too_small(self, width: int, height: int) -> None:
        """The window is too small now (playback is paused already)."""

    # -- lifecycle -----------------------------------------------------------------

    def _compose_problem(self) -> ComposeResult:
        problem = self.problem
        assert problem is not None
        where = f"line {problem.line}: " if problem.line is not None else ""
        with Vertical(id="problem"):
            yield Static("This replay cannot be shown", classes="title")
            yield Static(safe_text(self.path.name), classes="dim", markup=False)
            yield Static(f"{where}{safe_lines(problem.message)}", markup=False)
            yield Static("Esc or q: back", classes="hint")

    def _painter(self) -> CardPainter:
        settings = services(self).settings
        style = self._card_style or settings.card_style
        four = settings.four_colour if self._four_colour is None else self._four_colour
        return CardPainter(style, four)

    def on_mount(self) -> None:
        self.set_class(self._painter().ascii, ASCII_CLASS)  # its own style, if given
        if not self.viewable:
            return
        self._timer = self.set_interval(1 / TICK_HZ, self.tick, pause=True)
        self._check_size(self.app.size.width, self.app.size.height)
        self._redraw()
        notice = self._unfinished()
        if notice is not None:
            self.notify(notice, title="Unfinished game", timeout=6)
        forfeit = self._forfeit()
        if forfeit is not None:
            self.notify(forfeit, title="Won by forfeit", timeout=6, markup=False)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        if not self.viewable:
            return
        self._small = not self._fits(width, height)
        self.set_class(self._small, "-small")
        if self._small:
            self._pause()
            self._too_small(width, height)

    # -- playback ------------------------------------------------------------------

    def tick(self) -> None:
        """Move the replay on to the clock. The interval calls this while playing;
        tests call it after moving a FakeClock."""
        if not self.playing:
            return
        self._advance_to(self._played_ms())
        self._redraw()

    def _played_ms(self) -> int:
        """Where playback has got to by the clock, in milliseconds at 1×."""
        start_clock, start_ms = self._anchor
        return start_ms + int((self.clock.now_ms() - start_clock) * self.speed)

    def _play(self) -> None:
        if self._small:
            return
        if self._at_end():
            self._rewind()
        self.playing = True
        self._reanchor()
        if self._timer is not None:
            self._timer.resume()

    def _pause(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.pause()

    def _reanchor(self, ms: int | None = None) -> None:
        """Count playback from now, at ``ms`` (by default where the replay is)."""
        self._anchor = (self.clock.now_ms(), self._shown_ms() if ms is None else ms)

    # -- keys ----------------------------------------------------------------------

    def _viewing(self) -> bool:
        return self.viewable and not self._small

    def action_play_pause(self) -> None:
        if not self._viewing():
            return
        if self.playing:
            self._pause()
        else:
            self._play()
        self._redraw()

    def action_speed(self, step: int) -> None:
        if not self._viewing():
            return
        played = self._played_ms() if self.playing else None  # keep the way into a step
        index = SPEEDS.index(self.speed) + step
        self.speed = SPEEDS[min(max(index, 0), len(SPEEDS) - 1)]
        self._reanchor(played)
        self._redraw()

    def action_help(self) -> None:
        if not self.viewable:
            return
        was_playing = self.playing
        self._pause()
        self._redraw()

        def closed(_: None) -> None:
            if was_playing:
                self._play()
                self._redraw()

        self.app.push_screen(self._help(self.has_class(ASCII_CLASS)), closed)

    def action_leave(self) -> None:
        """Back to the screen below; out of the app if the replay was all there was."""
        self._pause()
        self.post_message(LeaveScreen(self))
