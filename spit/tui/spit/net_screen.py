"""Spit over the network: the local game's board, one player's keys, the server's game.

The screen draws each view the server sends with the same board widget as the local
game (``NetPresenter`` builds the ``TableView``) and sends each key's intent, in the
notation of ``spit.games.spit.intents.intent_text``, the moment it is pressed; what
the key did comes back in the next view. The keys are the keymap's layout for a game
against a bot: player 1's letter keys, and the arrow-key cursor. There is no pause
key: the game stops only when a player's connection does (``spit.tui.net``).
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.timer import Timer

from spit.core.clock import Clock
from spit.games.spit.intents import intent_text
from spit.net.client import NetClient
from spit.settings.keymap import BINDING_IDS, GAME_KEYS, key_label
from spit.settings.model import Settings
from spit.tui.net.table import NetTableScreen
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.presenter import Cursor
from spit.tui.spit.board.widget import SpitBoard
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.game_screen import key_in_use, resolved_keys
from spit.tui.spit.intent_keys import intent_of, key_intent
from spit.tui.spit.net_view import NetPresenter, SpitTable, read_news, read_table


class SpitNetScreen(NetTableScreen):
    """One network game of Spit, and its rematches, for this machine's player."""

    BINDINGS: ClassVar[list[BindingType]] = []
    """None: the bindings are made from the player's keymap, as the local table's."""

    def __init__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> None:
        super().__init__(client, settings, clock=clock)
        config = GameConfig.from_settings(settings, bot_level="network")
        self.keys, self.keymap_problems = resolved_keys(config)
        ids = [i for i in BINDING_IDS if key_in_use(GAME_KEYS[i], True)]
        self._bindings = BindingsMap(
            Binding(self.keys[i], f"game_key({i!r})", show=False, priority=True, id=i) for i in ids
        )
        self._id_by_key = {self.keys[i]: i for i in ids}
        self.painter = CardPainter(config.card_style, config.four_colour)
        self.board = SpitBoard(self.painter, id="board")
        self.presenter = NetPresenter(
            self.seat, self.painter, self._label, play_hint=config.show_play_hint
        )
        self._cursor = Cursor(0, 0)
        self._cursor_used = False
        self._timer: Timer | None = None
        self._told_no_pause = False
        self._view: SpitTable | None = None
        """The server's latest view, as Spit's table."""

    def _label(self, binding_id: str) -> str:
        return key_label(self.keys[binding_id], ascii_only=self.painter.ascii)

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        """The keymap's problems. Textual calls ``NetTableScreen.on_mount`` (following
        the server) by itself, as it calls each class's handler: calling it here too
        would follow the server twice, and draw every view twice."""
        for problem in self.keymap_problems:
            self.notify(f"{problem}; using the plain layout", severity="warning", markup=False)

    # -- the server ------------------------------------------------------------------

    def net_changed(self) -> None:
        now = self.clock.now_ms()
        self._view = read_table(self.client.view, self._view)
        self.presenter.absorb(read_news(self.new_events()), self._view, self.names, now)
        self._redraw()

    def new_game(self) -> None:
        self.presenter.reset()

    def result_lines(self) -> list[str]:
        view = self._view
        if view is None:
            return []
        mine = self.presenter.table(view, self.names, self.clock.now_ms()).sides
        dot = self.painter.dot
        return [f"Left: You {mine[0].score}{dot}{self.names[1 - self.seat]} {mine[1].score}"]

    def _redraw(self) -> None:
        view = self._view
        if view is None:
            return
        now = self.clock.now_ms()
        cursor = self._cursor if self._cursor_used else None
        table = self.presenter.table(
            view, self.names, now, header_extra=self.rtt_text(self.painter.dot), cursor=cursor
        )
        self.board.show(table)
        self._schedule(now)

    def _schedule(self, now: int) -> None:
        """One timer, for the next moment the table changes by itself (a second of a
        countdown, a note fading); none while nothing will."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        due = self.presenter.next_change(now)
        if due is not None:
            self._timer = self.set_timer(max(0.01, (due - now) / 1000), self._redraw)

    # -- keys ------------------------------------------------------------------------

    async def action_game_key(self, binding_id: str) -> None:
        key = GAME_KEYS[binding_id]
        if key.kind == "help":
            from spit.tui.shared.overlays import HelpOverlay, KeyHelp

            names = ("You", self.names[1 - self.seat])
            help = KeyHelp(self.keys, names, (0,), True, self.painter.ascii)
            self.app.push_screen(HelpOverlay(help))
        elif key.kind == "quit":
            self.confirm_leave()
        elif key.kind == "pause":
            if not self._told_no_pause:
                self._told_no_pause = True
                self.notify("A game over the network cannot be paused.", markup=False)
        elif key.kind == "cursor":
            await self._cursor_key(str(key.cursor))
        else:
            intent = intent_of(key)
            if intent is not None:
                await self.send_now(intent_text(intent))

    async def on_key(self, event: events.Key) -> None:
        """With Caps Lock on, an upper-case letter plays as its key."""
        binding_id = self._id_by_key.get(event.key.lower()) if len(event.key) == 1 else None
        if binding_id is not None:
            event.stop()
            await self.action_game_key(binding_id)

    async def _cursor_key(self, name: str) -> None:
        self._cursor_used = True
        if name in ("play", "move"):
            cursor = self._cursor
            await self.send_now(intent_text(key_intent(name == "move", cursor.stock, cursor.pile)))
            return
        self._cursor = self._cursor.moved(name)
        self._redraw()
