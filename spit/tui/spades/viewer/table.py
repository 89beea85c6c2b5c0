"""What the replayed Spades table shows, and where it goes.

``present`` turns one frame of the timeline (and the playback state) into a
``ReplayTable``, a plain immutable value, so the board redraws only when something
changed and the table can be tested without an app; ``draw_replay`` lays it out.

The play screen's pieces are reused as they are (``spit.tui.spades.view`` and
``draw``): the score sheet, the centre with the stock or the trick, the fanned hands
sorted by suit. What differs is what a replay may show: both hands face up (player 1
at the top, where the bot sits in play, player 0 at the bottom), the stock's top card
whoever draws it, and every card kept and put face down.

From the top: the header; player 1's name line and hand; a band with the phase on
the left, the centre and the score sheet; the caption of the last step and a line
under it; player 0's name line and hand; the status line (playing or paused, the
speed, the position and the main keys). Spare rows go between, the first to the top.
"""

from __future__ import annotations

from dataclasses import dataclass

from spit.core.replay.fields import PlayerInfo
from spit.games.spades.engine import (
    TRICKS_PER_HAND,
    Card,
    Discard,
    Keep,
    Phase,
    PlayerView,
    State,
    observe,
    to_move,
)
from spit.games.spades.keys import display_order
from spit.games.spades.timeline import Timeline
from spit.replay.records import Deal
from spit.tui.shared.canvas import Canvas
from spit.tui.shared.cards import CardPainter, CardSize
from spit.tui.spades.draw import (
    SCORES_WIDTH,
    SLOT_GAP,
    blank_canvas,
    draw_centre,
    draw_hand,
    draw_header,
    draw_scores,
    largest_card,
)
from spit.tui.spades.view import (
    HandCard,
    ScoreRow,
    Slot,
    centre_caption,
    centre_slots,
    history_row,
    result_line,
    score_rows,
    subject,
)
from spit.tui.spades.viewer.captions import caption

PHASE_TEXT = 16
"""Columns of the phase, left of the centre."""
_PHASES = {
    Phase.BLIND: "Blind nil?",
    Phase.DRAW: "The draw",
    Phase.EXCHANGE: "Exchange",
    Phase.BID: "Bidding",
    Phase.PLAY: "Play",
    Phase.HAND_OVER: "Hand over",
    Phase.GAME_OVER: "Game over",
}


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A player's line (``label`` such as ``North · hard bot``, then ``facts``: the
    cards put face down in the draw, the bid) and their hand, face up and sorted as in
    play, with the card just kept or drawn back outlined."""

    label: str
    facts: str
    hand: tuple[HandCard, ...]
    to_move: bool
    hidden: int = 0
    """Cards held face down instead of ``hand``: a spectator's table
    (``spit.tui.spades.watch_screen``), which shows no hand."""


@dataclass(frozen=True, slots=True)
class Band:
    """The middle of the table, between the two hands."""

    phase: tuple[str, ...]
    """Lines left of the centre: the phase, the hand and the trick."""
    caption: str
    slots: tuple[Slot, Slot]
    columns: tuple[str, str]
    scores: tuple[ScoreRow, ...]
    history: tuple[ScoreRow, ...]


@dataclass(frozen=True, slots=True)
class ReplayTable:
    title: str
    keys_hint: str
    seats: tuple[SeatLine, SeatLine]
    """By player: player 0 is drawn at the bottom, player 1 at the top."""
    band: Band
    notes: tuple[tuple[str, str], tuple[str, str]]
    """Two lines (text, role): the last step in words, and the step before it above,
    or a hand's result or the end of the file below it."""
    status: str
    hint: str
    ascii: bool = False


@dataclass(frozen=True, slots=True)
class Playing:
    """The playback state the status line shows."""

    playing: bool
    speed: float


SCORE_COLUMN = 6
"""Characters a name has at the head of a score column."""


def score_heads(players: tuple[PlayerInfo, PlayerInfo]) -> tuple[str, str]:
    """The score sheet's column heads: the names where they fit; else "Bot" for a
    bot (the play screen's head) unless both are bots; else "P1" and "P2"."""
    names = [p.name for p in players]
    if all(len(name) <= SCORE_COLUMN for name in names):
        return names[0], names[1]
    heads = [
        name if len(name) <= SCORE_COLUMN else "Bot" if p.kind == "bot" else ""
        for name, p in zip(names, players, strict=True)
    ]
    if "" in heads or heads[0] == heads[1]:
        return "P1", "P2"
    return heads[0], heads[1]


def _seat_label(info: PlayerInfo, painter: CardPainter) -> str:
    if info.kind == "bot" and info.level:
        return f"{info.name}{painter.dot}{info.level} bot"
    return info.name


def present(
    timeline: Timeline,
    index: int,
    playing: Playing,
    painter: CardPainter,
    keys_hint: str,
    hint: str,
) -> ReplayTable:
    """The table at frame ``index`` of ``timeline``."""
    frame = timeline.frames[index]
    state = frame.state
    players = timeline.replay.header.players
    names = (players[0].name, players[1].name)
    mover = to_move(state)
    view = observe(state, 0 if mover is None else mover)  # the drawer sees the top card
    end = index == timeline.last
    said = (caption(frame, names, painter), "hot")
    centre = centre_caption(view, names, painter)
    if end and not timeline.finished:
        centre = "The recording stops here"
        notes = (said, ("This game was not finished: the recording stops here.", "alert"))
    elif state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        notes = (said, (result_line(state.history[-1], names), "name"))
        if state.winner is not None:
            won, lost = state.scores[state.winner], state.scores[1 - state.winner]
            centre = f"{subject(names[state.winner], 'win')}, {won} to {lost}"
    else:  # the step before above the last, as in play
        before = caption(timeline.frames[index - 1], names, painter) if index else ""
        notes = ((before, "dim"), said)
    return ReplayTable(
        title=painter.dot.join(
            ("Spades replay", f"{names[0]} vs {names[1]}", f"first to {state.target}")
        ),
        keys_hint=keys_hint,
        seats=(_seat_at(timeline, index, 0, painter), _seat_at(timeline, index, 1, painter)),
        band=Band(
            phase=phase_lines(view),
            caption=centre,
            slots=centre_slots(view, names),
            columns=score_heads(players),
            scores=score_rows(view),
            history=tuple(history_row(r) for r in state.history),
        ),
        notes=notes,
        status=_status_line(timeline, index, playing, painter),
        hint=hint,
        ascii=painter.ascii,
    )


def _seat_at(timeline: Timeline, index: int, player: int, painter: CardPainter) -> SeatLine:
    frame = timeline.frames[index]
    state, record = frame.state, frame.record
    new: set[Card] = set()
    if not isinstance(record, Deal) and record.player == player and frame.accepted:
        before = frame.before
        assert before is not None
        if isinstance(record.action, Keep | Discard):
            new = set(state.hands[player]) - set(before.hands[player])
        else:
            new = set(state.received[player]) - set(before.received[player])
    hand = tuple(
        HandCard(card, "", raised=card in new) for card in display_order(state.hands[player])
    )
    label = _seat_label(timeline.replay.header.players[player], painter)
    return SeatLine(label, _facts(state, player, painter), hand, to_move(state) == player)


def _facts(state: State, player: int, painter: CardPainter) -> str:
    facts = ["blind nil"] if state.blind[player] else []
    if state.phase in (Phase.BLIND, Phase.DRAW, Phase.EXCHANGE):
        down = state.discards[player]
        if down:
            facts.append("face down: " + " ".join(painter.name(c) for c in down))
    elif state.phase is Phase.BID and state.bids[player] is None:
        facts.append("to bid")
    else:
        bid = state.bids[player]
        if bid is not None and not state.blind[player]:
            facts.append("bid nil" if bid == 0 else f"bid {bid}")
        facts.append(f"took {state.tricks_won(player)}")
    return painter.dot.join(facts)


def phase_lines(view: PlayerView) -> tuple[str, ...]:
    """The lines left of the centre: the phase, the hand, the stock or the trick."""
    lines = [_PHASES[view.phase], f"hand {view.hand_number}"]
    if view.phase is Phase.DRAW:
        lines.append(f"{view.stock_size} cards left")
    if view.phase is Phase.PLAY:
        lines.append(f"trick {_trick_number(view)} of {TRICKS_PER_HAND}")
        lines.append("spades broken" if view.broken else "spades unbroken")
    return tuple(lines)


def _trick_number(game: State | PlayerView) -> int:
    """The trick in the centre: the one being played, or between two tricks the one
    just taken (which the centre still shows)."""
    return len(game.tricks) + (1 if game.trick or not game.tricks else 0)


def _status_line(timeline: Timeline, index: int, playing: Playing, painter: CardPainter) -> str:
    mode = (">" if painter.ascii else "▶") if playing.playing else ("||" if painter.ascii else "❚❚")
    state = timeline.frames[index].state
    times = "x" if painter.ascii else "×"
    line = (
        f"{mode} {playing.speed:g}{times}  input {timeline.frames[index].inputs}/{timeline.inputs}"
        f"  hand {state.hand}/{timeline.rounds}"
    )
    if state.phase is Phase.PLAY:
        line += f"  trick {_trick_number(state)}"
    if not timeline.finished:
        return line + "  (unfinished)"
    return line if timeline.replay.forfeit is None else line + "  (by forfeit)"


# -- drawing --------------------------------------------------------------------------


def rows_needed(card: CardSize) -> int:
    """Header, two seats (a name line and a hand), the band (caption, cards, labels),
    the caption lines and the status line."""
    return 3 * card.height + 8


def card_size(width: int, height: int) -> CardSize:
    """The largest cards the terminal has room for."""

    def room(size: CardSize) -> bool:
        band = PHASE_TEXT + 2 + 2 * size.width + SLOT_GAP + SCORES_WIDTH + 4
        return rows_needed(size) <= height and band <= width

    return largest_card(room)


def draw_replay(table: ReplayTable, width: int, height: int, painter: CardPainter) -> Canvas:
    """``table`` laid out for a ``width`` x ``height`` terminal."""
    canvas, room = blank_canvas(width, height, painter.times)
    if room:
        _lay_out(canvas, table, painter)
    return canvas


def _lay_out(canvas: Canvas, table: ReplayTable, painter: CardPainter) -> None:
    width, height = canvas.width, canvas.height
    card = card_size(width, height)
    spare = height - rows_needed(card)
    gaps = [(spare + 3 - i) // 4 for i in range(4)]  # the first gaps get the extra rows
    draw_header(canvas, table.title, table.keys_hint)
    y = 1 + gaps[0]
    _seat(canvas, table.seats[1], card, y, painter, table.ascii)
    y += card.height + 1 + gaps[1]
    _band(canvas, table.band, card, y, painter)
    y += card.height + 2 + gaps[2]
    for i, (text, role) in enumerate(table.notes):
        canvas.centred(0, width, y + i, text, role)
    _seat(canvas, table.seats[0], card, y + 2, painter, table.ascii)
    _draw_status(canvas, table.status, table.hint)


def _band(canvas: Canvas, band: Band, card: CardSize, y: int, painter: CardPainter) -> None:
    """The phase on the left, the centre, the score sheet on the right."""
    for i, line in enumerate(band.phase):
        canvas.text(1, y + 1 + i, line[:PHASE_TEXT], "title" if i == 0 else "dim")
    draw_centre(canvas, band.caption, band.slots, PHASE_TEXT + 2, card, y, painter)
    draw_scores(canvas, band.columns, band.scores, band.history, y, card.height + 2)


def _seat(
    canvas: Canvas, seat: SeatLine, card: CardSize, y: int, painter: CardPainter, ascii: bool
) -> None:
    """The name line (marked when it is this player's move), then the hand."""
    mark = (">" if ascii else "▸") if seat.to_move else " "
    label = f"{mark} {seat.label}"
    canvas.text(1, y, label, "hot" if seat.to_move else "name")
    if seat.facts:
        canvas.text(len(label) + 3, y, seat.facts[: canvas.width - len(label) - 4], "dim")
    if seat.hidden:
        x = (canvas.width - card.width) // 2
        canvas.picture(x, y + 1, painter.back(card, seat.hidden))
    draw_hand(canvas, seat.hand, card, y + 1, painter, keys=False)


def _draw_status(canvas: Canvas, status: str, hint: str) -> None:
    y = canvas.height - 1
    canvas.text(1, y, status, "title")
    if len(status) + len(hint) + 4 <= canvas.width:
        canvas.text(canvas.width - 1 - len(hint), y, hint, "dim")
