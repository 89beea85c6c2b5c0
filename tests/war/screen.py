"""War's table: the shared board (``spit.tui.shared.board_widget.Board``) drawing the
first seat's observation with the shared card painter; the second seat is the bot."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer

from spit.core.clock import Clock, MonotonicClock
from spit.core.seats import SEATS
from spit.play.deals import SeededDeals
from spit.play.session import Session
from spit.settings.model import Settings
from spit.tui.shared.board_widget import Board
from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import MEDIUM, CardPainter

from .bot import WarBot
from .engine import FLIP, View
from .game import WarGame

YOU, BOT = SEATS


class WarBoard(Board):
    """Both piles face down with their counts, the trick's cards face up, the points."""

    view: View | None = None

    def show(self, view: View) -> None:
        if view != self.view:
            self.view = view
            self._redraw()

    def draw(self, width: int, height: int) -> Canvas | None:
        view = self.view
        if view is None:
            return None
        canvas, painter = Canvas(width, height), self.painter
        for seat, y in ((BOT, 1), (YOU, 3 + 2 * MEDIUM.height)):
            name = "You" if seat == YOU else "Bot"
            canvas.text(2, y, f"{name}: {view.points[seat]} points", "name")
            size = view.pile_sizes[seat]
            pile = painter.back(MEDIUM, size) if size else painter.space(MEDIUM)
            canvas.picture(2, y + 1, pile)
            card = view.table[seat]
            if card is not None:
                canvas.picture(4 + MEDIUM.width, y + 1, painter.face(card, MEDIUM))
        if view.over:
            ending = "a draw" if view.points[0] == view.points[1] else "the end"
            canvas.text(2, 0, f"Round {view.round} of {view.rounds}: {ending}", "big")
        else:
            turn = "your turn: f" if view.to_move == YOU else "the bot's turn"
            canvas.text(2, 0, f"Round {view.round} of {view.rounds}, {turn}", "title")
        return canvas


class WarScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "flip", "Flip"),
        Binding("escape,q", "app.pop_screen", "Leave"),
    ]

    def __init__(self, settings: Settings, clock: Clock | None = None, seed: int = 0) -> None:
        super().__init__()
        self.board = WarBoard(CardPainter(settings.card_style))
        game, bot = WarGame(), WarBot(BOT, seed)
        clock = clock or MonotonicClock()
        self.session = Session(game, SeededDeals(game, seed), agents=[bot], clock=clock)

    def compose(self) -> ComposeResult:
        yield self.board
        yield Footer()

    def on_mount(self) -> None:
        self.board.show(self.session.observe(YOU))
        self.set_interval(0.1, self.tick)

    def tick(self) -> None:
        self.session.update()
        self.board.show(self.session.observe(YOU))

    def action_flip(self) -> None:
        self.session.submit(YOU, FLIP)
        self.tick()
