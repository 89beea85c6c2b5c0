"""The Spades table of a network game: the server's view, drawn as the local table is.

The server runs the game (``spit.play.net_table.GameTable``); this screen reads each
view it sends back into the engine's ``PlayerView`` (``spit.games.spades.wire.read_view``),
turned so that the player sits in seat 0 as at the local table, and draws it with the
local screen's code (``spit.tui.spades.table_keys``, ``present``, ``SpadesBoard``).
The player's keys go to the server as the same intents the local screen hands its
session, in their text notation; what the session made of them comes back as news
(``refused``, ``picked``, an ``input`` of this seat's) and is answered as at the local
table. The opponent's round-trip time shows under their cards.

What every network game shares (waiting for the opponent, the away countdown, the
result and rematch, saving the server's replay) is ``spit.tui.net.table``'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from spit.core.clock import Clock
from spit.core.safe_text import safe_text
from spit.core.wire import Payload
from spit.games.spades.engine import Action, Event, Phase, PlayerView, parse_action
from spit.games.spades.intents import Intent, NextHand, intent_text
from spit.games.spades.wire import read_event, read_view, turned, turned_event
from spit.net.client import NetClient
from spit.settings.model import Settings
from spit.tui.net import client_state
from spit.tui.net.table import NetTableScreen
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.styles import GAME_CSS
from spit.tui.spades.board import SpadesBoard
from spit.tui.spades.help import SpadesHelp
from spit.tui.spades.key_map import spades_keys
from spit.tui.spades.table_keys import TABLE_BINDINGS, TableKeys
from spit.tui.spades.view import Controls, Table

MAX_WHY = 80
"""The longest refusal the server may have shown (it is outside text)."""


class SpadesNetScreen(TableKeys, NetTableScreen):
    """One network game of Spades, and its rematches, for the player of ``client``."""

    CSS_PATH: ClassVar = [*GAME_CSS, "spades.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> None:
        super().__init__(client, settings, clock=clock)
        self.painter = CardPainter(settings.card_style, settings.four_colour)
        self.keys = spades_keys(settings.game_keys)
        self.board = SpadesBoard(self.painter, id="spades-board")
        self.controls = Controls()
        self._view: PlayerView | None = None
        self._ready = (False, False)
        """Who asked for the next hand, as seats from this player's chair."""
        self.problem = ""
        """Why the last view could not be read, if it could not (a server's fault)."""

    def compose(self) -> ComposeResult:
        yield self.board

    def on_mount(self) -> None:
        """The player's keys. Textual calls ``NetTableScreen.on_mount`` (following the
        server) by itself, as it calls each class's handler."""
        self.app.update_keymap(dict(self.keys))

    # -- following the server (``NetTableScreen``) ---------------------------------

    def net_changed(self) -> None:
        data = self.client.view
        if data is not None:
            self._read(data)
        if self._view is None:
            return
        for item in self.new_events():
            self._news(item)
        self.redraw()

    def new_game(self) -> None:
        self.controls = Controls()
        self._view = None

    def _read(self, data: Payload) -> None:
        try:
            view = read_view(data)
        except ValueError as error:  # the server's, not the player's: say it, keep the last
            self.problem = safe_text(str(error), limit=MAX_WHY)
            return
        self.problem = ""
        self._view = self._turn(view)
        ready = data.get("ready")
        if isinstance(ready, list) and len(ready) == 2:
            pair = (ready[0] is True, ready[1] is True)
            self._ready = (pair[self.seat], pair[1 - self.seat])

    def _turn(self, view: PlayerView) -> PlayerView:
        return turned(view) if self.seat == 1 else view

    def _event(self, data: Any) -> Event | None:
        try:
            event = read_event(data)
        except ValueError:
            return None
        return turned_event(event) if self.seat == 1 else event

    def _news(self, item: Payload) -> None:
        """One news item of the server's (``docs/protocol.md``, Spades)."""
        kind = item.get("kind")
        mine = item.get("seat") == self.seat
        if kind in ("input", "deal"):
            raw = item.get("events")
            found = [self._event(e) for e in raw] if isinstance(raw, list) else []
            events = tuple(e for e in found if e is not None)
            if kind == "input" and mine:
                self.answered(_action(item.get("action")) or NextHand())
            self.said(events, dealt=kind == "deal")
        elif kind == "refused" and mine:
            why = safe_text(str(item.get("why", "")), limit=MAX_WHY)
            self.answered(_action(item.get("resolved")), refusal=why)
        elif kind == "picked" and mine:
            card = item.get("card")
            if type(card) is int and card in self.player_view().hand:
                self.answered(None, picked=card)
        elif kind == "ready" and mine:
            self.controls = Controls()
        elif kind == "bot" and item.get("seat") in (0, 1) and not mine:
            self._note(f"A bot plays for {self.seat_names()[1]} now.")

    def _note(self, line: str) -> None:
        self.controls = replace(self.controls, notes=(line, *self.controls.notes[:1]))

    # -- the table's hooks (``TableKeys``) -----------------------------------

    def player_view(self) -> PlayerView:
        assert self._view is not None  # no key reaches the table before the first view
        return self._view

    def seat_names(self) -> tuple[str, str]:
        return "You", self.names[1 - self.seat]

    def send_intent(self, intent: Intent) -> None:
        """To the server, in the intents' notation; its answer comes as news."""
        if self._view is not None:
            self.send(intent_text(intent))

    def may_act(self) -> bool:
        return self._view is not None and not self.client.finished

    def accepted(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        if self._view is not None:
            super().redraw()

    def table_for(self, view: PlayerView) -> Table:
        """The local table, with the opponent's name on the score sheet, their
        round-trip time under their cards, and who is waiting for whom between hands."""
        table = super().table_for(view)
        other = self.seat_names()[1]
        ms = client_state.rtt(self.client)[1 - self.seat]
        ping = "ping ?" if ms is None else f"ping {round(ms)} ms"
        table = replace(
            table,
            columns=("You", other),
            opponent_lines=(*table.opponent_lines, ping),
            error=self.problem or table.error,
        )
        if view.phase is Phase.HAND_OVER:
            mine, theirs = self._ready
            if mine:
                wait = f"waiting for {other} to see the score..."
                table = replace(table, prompt=(table.prompt[0], wait))
            elif theirs:
                enter = self.key_names()["spades.confirm"]
                nudge = f"{other} is ready: {enter} for the next hand"
                table = replace(table, prompt=(table.prompt[0], nudge))
        return table

    # -- keys only this table has --------------------------------------------------

    def action_help(self) -> None:
        """The rules and keys; the game goes on meanwhile (it waits for the player's
        turn anyway)."""
        self.app.push_screen(SpadesHelp(self.painter.ascii, self.key_names()))

    def action_quit(self) -> None:
        self.confirm_leave()

    def result_lines(self) -> list[str]:
        if self._view is None:
            return []
        view = self._view
        other = self.seat_names()[1]
        return [
            f"You {view.scores[0]}, {other} {view.scores[1]} after {view.hand_number} "
            f"hand{'s' * (view.hand_number != 1)}.",
            f"Bags: you {view.bags[0]}, {other} {view.bags[1]}.",
        ]


def _action(text: Any) -> Action | None:
    """An action named by the server, or ``None``."""
    if not isinstance(text, str):
        return None
    try:
        return parse_action(text)
    except ValueError:
        return None
