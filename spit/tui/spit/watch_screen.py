"""Watching a network game of Spit: the replay viewer's board, drawn from the public
frames a spectator is sent (``spit.tui.net.spectator`` follows them).

The table is built by the network table's presenter (``NetPresenter``: the card that
just landed, the countdowns, who played what) for nobody's chair: both players by
name, no keys, player 1 at the bottom as in the replay viewer, and the board is the
viewer's (``ReplayBoard``, the compact drawing), so a watched game looks like its
replay.
"""

from __future__ import annotations

from typing import Any

from textual.timer import Timer

from spit.core.clock import Clock
from spit.net.client import NetClient
from spit.net.protocol import View
from spit.settings.model import Settings
from spit.tui.net.spectator import WatchScreen
from spit.tui.spit.net_view import NetPresenter, SpitTable, read_news, read_table
from spit.tui.spit.viewer.screen import ReplayBoard


class WatchPresenter(NetPresenter):
    """The network table's presenter, for a spectator: seat 0 at the bottom, each
    player by name, no keys."""

    def __init__(self, painter: Any) -> None:
        super().__init__(0, painter, lambda _binding: "", play_hint=False)
        self._keys = None
        self._hint = ""
        self._idle_footer = ""

    def name_of(self, seat: int, names: tuple[str, str]) -> str:
        return names[seat]

    def header(self, view: SpitTable, names: tuple[str, str]) -> str:
        dot = self.painter.dot
        return f"Watching{dot}{names[0]} vs {names[1]}{dot}round {view.round}"

    def result_text(self, winner: int, names: tuple[str, str]) -> str:
        return f"{names[winner][:12].upper()} WINS"


class SpitWatchScreen(WatchScreen):
    """A game of Spit, and its rematches, for a spectator."""

    def __init__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> None:
        super().__init__(client, settings, clock=clock)
        self.board = ReplayBoard(self.painter, id="board")
        self.presenter = WatchPresenter(self.painter)
        self._view: SpitTable | None = None
        self._timer: Timer | None = None

    def board_widget(self) -> ReplayBoard:
        return self.board

    def absorb(self, frame: View, now: int) -> None:
        self._view = read_table(frame.view, self._view)
        self.presenter.absorb(read_news(frame.events), self._view, self.names, now)

    def reset(self) -> None:
        self.presenter.reset()
        self._view = None

    def draw(self) -> None:
        if self._view is None:
            return
        now = self.clock.now_ms()
        self.board.show(self.presenter.table(self._view, self.names, now))
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        due = self.presenter.next_change(now)
        if due is not None:  # a countdown's second, a note fading: nothing otherwise
            self._timer = self.set_timer(max(0.01, (due - now) / 1000), self.draw)

    def help_text(self) -> str:
        return f"{self.names[0]} plays at the bottom, {self.names[1]} at the top."
