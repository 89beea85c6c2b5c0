"""Watching a network game of Spades: the replay viewer's table, with both hands face
down, drawn from the public frames a spectator is sent (``spit.tui.net.spectator``).

The public view (``spit.games.spades.wire.Wire``) is seat 0's view less what only
seat 0 knows, with both seats' card counts; it is read back into the
engine's ``PlayerView`` (an empty hand) so that the replay viewer's pieces draw the
centre, the score sheet and the phase exactly as in a replay (``ReplayTable``,
``draw_replay``). What the viewer would take from the game before and after a step
(its captions name every card) comes here from the public news instead, which names
only the cards played.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from spit.core.cards import DECK
from spit.core.clock import Clock
from spit.core.replay.fields import PlayerInfo
from spit.core.safe_text import safe_text
from spit.core.wire import Payload
from spit.games.spades.engine import (
    BidMade,
    BlindNilChosen,
    CardPlayed,
    CardsDrawn,
    DrawEnded,
    Event,
    Exchanged,
    HandStarted,
    Phase,
    PlayerView,
    SpadesBroken,
    TrickTaken,
)
from spit.games.spades.wire import read_counts, read_event, read_view
from spit.net.client import NetClient
from spit.net.protocol import View
from spit.settings.model import Settings
from spit.tui.net.spectator import WatchScreen
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.board import TableBoard
from spit.tui.spades.view import (
    Slot,
    centre_caption,
    centre_slots,
    history_row,
    result_line,
    score_rows,
    subject,
)
from spit.tui.spades.viewer.table import (
    Band,
    ReplayTable,
    SeatLine,
    draw_replay,
    phase_lines,
    score_heads,
)


def say(event: Event, names: tuple[str, str], painter: CardPainter) -> str:
    """One public event in words: what a spectator may know of it (no private card)."""
    match event:
        case HandStarted(hand, first):
            return f"Hand {hand}: {subject(names[first], 'draw')} first."
        case BlindNilChosen(player, declared):
            verb = "bid" if declared else "decline"
            return f"{subject(names[player], verb)} blind nil{'!' if declared else '.'}"
        case CardsDrawn(player, kept_first, _kept, _discarded):
            if kept_first:
                return f"{subject(names[player], 'keep')} the top card."
            return f"{subject(names[player], 'discard')} the top card and takes the next."
        case DrawEnded():
            return "The stock is used up."
        case Exchanged(player, count, _given, _received):
            return f"{subject(names[player], 'swap')} {count} card{'s' * (count != 1)}."
        case BidMade(player, tricks):
            return f"{subject(names[player], 'bid')} {'nil' if tricks == 0 else tricks}."
        case CardPlayed(player, card):
            return f"{subject(names[player], 'play')} {painter.name(card)}."
        case SpadesBroken():
            return "Spades are broken."
        case TrickTaken(player, _number):
            return f"{subject(names[player], 'take')} the trick."
    return ""


def _facts(view: PlayerView, player: int, face_down: int) -> str:
    facts = ["blind nil"] if view.blind[player] else []
    if view.phase in (Phase.BLIND, Phase.DRAW, Phase.EXCHANGE):
        if face_down:
            facts.append(f"{face_down} face down")
    elif view.phase is Phase.BID and view.bids[player] is None:
        facts.append("to bid")
    else:
        bid = view.bids[player]
        if bid is not None and not view.blind[player]:
            facts.append("bid nil" if bid == 0 else f"bid {bid}")
        facts.append(f"took {view.tricks_won[player]}")
    return ", ".join(facts)


def watch_table(
    data: Payload,
    names: tuple[str, str],
    said: tuple[str, str],
    painter: CardPainter,
) -> ReplayTable:
    """The table of a public view (``spit.games.spades.wire.Wire``); ``said``: the last two steps in
    words, the latest last. Raises ``ValueError`` for a view that cannot be read."""
    view = read_view(data)
    cards, face_down = read_counts(data, "cards"), read_counts(data, "face_down")
    dot = painter.dot
    slots = centre_slots(view, names)
    if view.phase is Phase.EXCHANGE:  # no hand in the view: the set-aside pile by counts
        slots = (Slot(back=len(DECK) - sum(cards), label="set aside"), Slot())
    centre = centre_caption(view, names, painter)
    notes = ((said[0], "dim"), (said[1], "hot"))
    if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and view.history:
        notes = ((said[1], "hot"), (result_line(view.history[-1], names), "name"))
        if view.winner is not None:
            won, lost = view.scores[view.winner], view.scores[1 - view.winner]
            centre = f"{subject(names[view.winner], 'win')}, {won} to {lost}"
    seats = tuple(
        SeatLine(names[p], _facts(view, p, face_down[p]), (), view.to_move == p, hidden=cards[p])
        for p in (0, 1)
    )
    return ReplayTable(
        title=dot.join(("Watching Spades", f"{names[0]} vs {names[1]}", f"first to {view.target}")),
        keys_hint="? keys  q leave",
        seats=(seats[0], seats[1]),
        band=Band(
            phase=phase_lines(view),
            caption=centre,
            slots=slots,
            columns=score_heads((PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))),
            scores=score_rows(view),
            history=tuple(history_row(r) for r in view.history),
        ),
        notes=notes,
        status="",
        hint="",
        ascii=painter.ascii,
    )


class SpadesWatchScreen(WatchScreen):
    """A game of Spades, and its rematches, for a spectator. The status line is the
    viewer table's own bottom line, once there is a table."""

    def __init__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> None:
        super().__init__(client, settings, clock=clock)
        self.board: TableBoard[ReplayTable] = TableBoard(self.painter, draw_replay, id="board")
        self._view: Payload | None = None
        self._said = ("", "")
        self._status = ""
        self.problem = ""

    def board_widget(self) -> TableBoard[ReplayTable]:
        return self.board

    def absorb(self, frame: View, now: int) -> None:
        self._view = frame.view
        for item in frame.events:
            raw = item.get("events")
            events = raw if item.get("kind") in ("input", "deal") and isinstance(raw, list) else []
            line = " ".join(filter(None, (self._say(e) for e in events)))
            if item.get("kind") == "bot" and item.get("seat") in (0, 1):
                line = f"A bot plays for {self.names[item['seat']]} now."
            if line:
                self._said = (self._said[1], line)

    def _say(self, data: Any) -> str:
        try:
            return say(read_event(data), self.names, self.painter)
        except ValueError:
            return ""

    def show_status(self, text: str) -> None:
        self._status = text
        super().show_status(text)
        self.status.display = self._view is None
        self.draw()

    def reset(self) -> None:
        self._view = None
        self._said = ("", "")

    def draw(self) -> None:
        if self._view is None:
            return
        try:
            table = watch_table(self._view, self.names, self._said, self.painter)
        except ValueError as error:  # the server's fault: say so, keep the last table
            self.problem = safe_text(str(error), limit=80)
            return
        self.problem = ""
        self.board.show_table(replace(table, status=self._status))
