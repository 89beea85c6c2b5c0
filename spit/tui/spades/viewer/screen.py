"""The Spades replay viewer: a saved Spades game, both hands face up, step by step.

The replay is worked out once when the screen is made (``timeline``): the game after
every input is kept, so each key is a jump to a frame and costs nothing but a redraw,
and the board repaints only the lines that changed. Playing, pausing, the speed, the
problem panel for a file that cannot be shown and the size guard are every viewer's
(``spit.tui.shared.viewer_base``); playback time is each frame's time at 1× (the timeline's
pace), so a Spades game plays at an even pace whatever its recorded times.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from spit.games.spades.timeline import Timeline, open_spades_timeline
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.viewer_base import ViewerScreen, forfeit_notice
from spit.tui.shared.viewer_keys import ViewerHelp, bindings
from spit.tui.spades.board import TableBoard
from spit.tui.spades.draw import fits
from spit.tui.spades.viewer.keys import (
    ASCII_HINT,
    HINT,
    KEYS_HINT,
    SPADES_VIEWER_KEYS,
    viewer_help,
)
from spit.tui.spades.viewer.table import Playing, ReplayTable, draw_replay, present


class SpadesViewerScreen(ViewerScreen):
    """The Spades replay at ``path``, in an app with ``Services``. ``clock`` is for tests (a
    FakeClock). The card style and colours are the app's settings, unless given here."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(SPADES_VIEWER_KEYS))

    timeline: Timeline | None = None
    index = 0
    """The frame on screen."""
    painter: CardPainter
    board: TableBoard[ReplayTable]

    def _open(self) -> None:
        self.timeline = open_spades_timeline(self.path)

    def compose(self) -> ComposeResult:
        if self.timeline is None:
            yield from self._compose_problem()
            return
        self.painter = self._painter()
        self.board = TableBoard(self.painter, draw_replay, id="board")
        yield self.board

    @property
    def _frames(self) -> Timeline:
        """The timeline, once it is known there is one."""
        assert self.timeline is not None
        return self.timeline

    def _unfinished(self) -> str | None:
        timeline = self._frames
        if timeline.finished:
            return None
        return (
            f"This game was not finished: the recording stops in hand {timeline.rounds}, "
            f"after {timeline.inputs} inputs."
        )

    def _forfeit(self) -> str | None:
        replay = self._frames.replay
        players, forfeit = replay.header.players, replay.forfeit
        names = (players[0].name, players[1].name)
        return forfeit_notice(names, None if forfeit is None else forfeit.player)

    def _fits(self, width: int, height: int) -> bool:
        return fits(width, height)  # below that, the board says how large to make it

    # -- playback ------------------------------------------------------------------

    def _advance_to(self, ms: int) -> None:
        timeline = self._frames
        self.index = max(self.index, timeline.at_time(ms))
        if self.index >= timeline.last:
            self._pause()

    def _shown_ms(self) -> int:
        return self._frames.times[self.index]

    def _at_end(self) -> bool:
        return self.index >= self._frames.last

    def _rewind(self) -> None:
        self.index = 0

    def _go(self, index: int, *, stop: bool = False) -> None:
        if stop:
            self._pause()
        self.index = min(max(index, 0), self._frames.last)
        if self.playing and self._at_end():
            self._pause()
        self._reanchor()
        self._redraw()

    def table(self) -> ReplayTable:
        """What the board shows now."""
        hint = ASCII_HINT if self.painter.ascii else HINT
        playing = Playing(self.playing, self.speed)
        return present(self._frames, self.index, playing, self.painter, KEYS_HINT, hint)

    def _redraw(self) -> None:
        self.board.show_table(self.table())

    def _help(self, ascii_only: bool) -> ViewerHelp:
        return viewer_help(ascii_only)

    # -- keys ----------------------------------------------------------------------

    def action_step(self, step: int) -> None:
        if self._viewing():
            self._go(self.index + step, stop=True)

    def action_trick(self, step: int) -> None:
        self._to_mark(self._frames.marks if self._viewing() else None, step)

    def action_hand(self, step: int) -> None:
        self._to_mark(self._frames.round_marks if self._viewing() else None, step)

    def _to_mark(self, marks: tuple[int, ...] | None, step: int) -> None:
        if marks is not None:
            timeline = self._frames
            move = timeline.mark_after if step > 0 else timeline.mark_before
            self._go(move(marks, self.index))

    def action_start(self) -> None:
        if self._viewing():
            self._go(0)

    def action_end(self) -> None:
        if self._viewing():
            self._go(self._frames.last)
