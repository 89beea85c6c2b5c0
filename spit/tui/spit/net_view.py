"""Spit's network table as a ``TableView``: the board of the local game, drawn from
the views and news the server sends (``docs/protocol.md``) instead of from a match.

Nothing here knows the rules: what can be played (``can_play``), what a key did, who
won, all come from the server. What the presenter keeps is what a player needs to see
for a moment and the view does not hold: the card that just landed, the note beside
their row when a key did nothing ("too slow!"), by how much a race was lost, and the
countdown's seconds, counted on this machine from the server's deadline.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final, TypeAlias

from msgspec import Struct

from spit.core.cards import parse_card
from spit.core.wire import Payload, WireError, convert_to
from spit.engine import StockView
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.presenter import (
    HIGHLIGHT_MS,
    Cursor,
    Note,
    cursor_footer,
    key_labels,
)
from spit.tui.spit.board.view import Centre, Pile, Side, TableView

_SIDES: Final = ("left", "right")

_REFUSED: Final = {
    "paused": "paused",
    "game_over": "game over",
    "only_slaps": "slap now",
    "spit_is_automatic": "no need",
    "not_playing": "wait for it",
    "not_adjacent": "not playable",
    "empty_stockpile": "no card",
    "no_empty_space": "no space",
    "lone_card": "can't move it",
    "not_slapping": "too late",
}
"""What a key that did nothing is told, by the server's reason (``IntentRefusal``,
``Reason``), in the few words the row's margin has room for."""


Row: TypeAlias = tuple[tuple[str | None, int], ...]
"""A row of stockpiles as the view holds it: per stockpile, its face-up card's name (or
``None``) and its cards face down."""


class SpitTable(Struct, frozen=True):
    """What a client reads of Spit's view (``spit.games.spit.wire.view_json``): a
    spectator's has no ``can_play``."""

    round: int = 1
    phase: str = ""
    own: Row = ()
    opponent: Row = ()
    own_spit_cards: int = 0
    opponent_spit_cards: int = 0
    piles: tuple[str, ...] = ()
    pile_sizes: tuple[int, ...] = ()
    scores: tuple[int, int] = (0, 0)
    winner: int | None = None
    can_play: bool | None = None

    def spit_cards(self, row: str) -> int:
        return self.own_spit_cards if row == "own" else self.opponent_spit_cards

    def row(self, row: str) -> Row:
        return self.own if row == "own" else self.opponent


class _News(Struct, frozen=True, tag_field="kind"):
    t: int = 0


class InputNews(_News, frozen=True, tag="input"):
    seat: int | None = None
    action: str = ""
    accepted: bool = False
    too_slow: bool = False
    beaten_by_ms: int | None = None
    reason: str = "not_adjacent"


class RefusedNews(_News, frozen=True, tag="refused"):
    seat: int | None = None
    why: str = ""


class CountdownNews(_News, frozen=True, tag="countdown"):
    what: str = ""
    ends_at: int = 0


class SlapNews(_News, frozen=True, tag="slap"):
    ends_at: int = 0


News: TypeAlias = InputNews | RefusedNews | CountdownNews | SlapNews
"""The news a Spit table takes in; the server's other kinds are not the table's."""
_KINDS: Final[dict[object, type[News]]] = {
    "input": InputNews,
    "refused": RefusedNews,
    "countdown": CountdownNews,
    "slap": SlapNews,
}
"""Each kind's Struct (converting into one Struct class is quicker than into the union)."""


def read_table(view: Payload | None, last: SpitTable | None) -> SpitTable | None:
    """The view the server sent, as Spit's table; ``None`` for none, and ``last`` (the
    one on the screen) for one not in Spit's form."""
    if view is None:
        return None
    try:
        return convert_to(view, SpitTable)
    except WireError:
        return last


def read_news(events: Iterable[Payload]) -> Iterator[News]:
    """The news items a Spit table takes in, in order; other kinds, and items not in
    their kind's form, are passed over."""
    for event in events:
        kind = _KINDS.get(event.get("kind"))
        if kind is not None:
            try:
                news: News = convert_to(event, kind)
            except WireError:
                continue
            yield news


class NetPresenter:
    """The table of one network game of Spit, for the player in ``seat``."""

    def __init__(
        self,
        seat: int,
        painter: CardPainter,
        label: Callable[[str], str],
        *,
        play_hint: bool = True,
    ) -> None:
        self.seat = seat
        self.painter = painter
        self.label = label
        self.play_hint = play_hint
        self._keys: tuple[tuple[str, str, str], ...] | None = key_labels(label, 0)
        self._hint = f"{label('help')} help  {label('quit')} leave"
        self._status = ("* can play", "o no play") if painter.ascii else ("● can play", "○ no play")
        self._idle_footer = cursor_footer(label)
        self.reset()

    def reset(self) -> None:
        """A new game: nothing of the last one's moments is kept."""
        self._note: Note | None = None
        self._highlight: tuple[int, int] | None = None
        self._footer = ""
        self._countdown: tuple[str, int] | None = None
        """(what, local deadline) of the countdown shown, while one runs."""
        self._slap_until: int | None = None

    # -- news -------------------------------------------------------------------------

    def absorb(
        self,
        events: Iterable[News],
        view: SpitTable | None,
        names: tuple[str, str],
        now: int,
    ) -> None:
        """Take in the news that came with ``view`` (``now`` on this machine's clock)."""
        for event in events:
            match event:
                case InputNews():
                    self._input(event, view, names, now)
                case RefusedNews() if event.seat == self.seat:
                    self._set_note(_REFUSED.get(event.why, "refused"), None, now)
                case CountdownNews():
                    self._countdown = (event.what, now + max(0, event.ends_at - event.t))
                case SlapNews():
                    self._slap_until = now + max(0, event.ends_at - event.t)

    def _input(
        self, event: InputNews, view: SpitTable | None, names: tuple[str, str], now: int
    ) -> None:
        seat = event.seat
        action = event.action.split()
        who = self.name_of(seat if seat in (0, 1) else 1 - self.seat, names)
        if event.accepted:
            if seat == self.seat:
                self._note = None
            if action[:1] == ["play"] and len(action) == 3 and view is not None:
                pile = int(action[2]) if action[2].isdigit() else 0
                piles = view.piles
                self._highlight = (pile, now + HIGHLIGHT_MS)
                if pile < len(piles):
                    card = self.painter.name(parse_card(piles[pile]))
                    where = "pile" if len(piles) == 1 else f"{_SIDES[pile % 2]} pile"
                    self._footer = f"{who} played {card} on the {where}"
                else:  # the round (or the game) ended with it, and the piles are gone
                    self._footer = f"{who} played the last stockpile card!"
            elif action[:1] == ["move"]:
                self._footer = f"{who} moved a card into an empty space"
            elif action[:1] == ["slap"] and len(action) == 2:
                self._footer = f"{who} slapped the {_SIDES[int(action[1]) % 2]} pile"
            return
        if seat != self.seat:
            return
        stock = int(action[1]) if len(action) >= 2 and action[1].isdigit() else None
        if event.too_slow:
            self._set_note("too slow!", stock, now)
            beaten = event.beaten_by_ms
            if beaten is not None and beaten >= 0:
                self._footer = f"{names[1 - self.seat]} was first: beaten by {beaten} ms"
        else:
            self._set_note(_REFUSED.get(event.reason, "refused"), stock, now)

    def name_of(self, seat: int, names: tuple[str, str]) -> str:
        """What the table calls the player in ``seat``: "You" at the keyboard."""
        return "You" if seat == self.seat else names[seat]

    def header(self, view: SpitTable, names: tuple[str, str]) -> str:
        return f"Round {view.round}{self.painter.dot}vs {names[1 - self.seat]}"

    def _set_note(self, text: str, stock: int | None, now: int) -> None:
        self._note = Note.shown(text, stock, now)

    # -- time ------------------------------------------------------------------------

    def next_change(self, now: int) -> int | None:
        """When the table will next look different by itself (a note fades, a
        countdown's second ticks), on this machine's clock; ``None``: not before the
        server says something."""
        times = []
        note = self._note
        if note is not None:
            times.append(note.next_change(now))
        if self._highlight is not None:
            times.append(self._highlight[1])
        for deadline in (self._countdown[1] if self._countdown else None, self._slap_until):
            if deadline is not None and deadline > now:
                times.append(now + ((deadline - now - 1) % 1000) + 1)
        return min(times) if times else None

    def _expire(self, now: int) -> None:
        note = self._note
        if note is not None:
            self._note = note.at(now)
        if self._highlight is not None and self._highlight[1] <= now:
            self._highlight = None

    # -- the view --------------------------------------------------------------------

    def table(
        self,
        view: SpitTable,
        names: tuple[str, str],
        now: int,
        *,
        header_extra: str = "",
        cursor: Cursor | None = None,
    ) -> TableView:
        """The board for ``view`` now; ``header_extra`` goes after the round (the
        round-trip times)."""
        self._expire(now)
        dot = self.painter.dot
        phase = view.phase
        piles = [parse_card(name) for name in view.piles]
        sizes = view.pile_sizes
        header = self.header(view, names)
        if header_extra:
            header += dot + header_extra
        target = None
        if cursor is not None and piles:
            target = min(cursor.pile, len(piles) - 1)
        note = self._note
        status, role = "", "dim"
        if phase == "playing" and self.play_hint and view.can_play is not None:
            can = view.can_play
            status, role = (self._status[0], "good") if can else (self._status[1], "dim")
        elif phase == "slap":
            status, role = "slap!", "alert"
        mine = self.name_of(self.seat, names)
        me = Side(
            name=mine,
            short=mine[:6],
            stocks=_stocks(view.own),
            spit_cards=view.own_spit_cards,
            keys=self._keys,
            status=status,
            status_role=role,
            score=self._score(view, "own", 0),
            message=note.text if note else "",
            flash_stock=note.stock if note else None,
            cursor_stock=cursor.stock if cursor is not None else None,
        )
        other = Side(
            name=names[1 - self.seat],
            short=names[1 - self.seat][:6],
            stocks=_stocks(view.opponent),
            spit_cards=view.opponent_spit_cards,
            status="slap!" if phase == "slap" else "",
            status_role="alert",
            score=self._score(view, "opponent", 1),
        )
        return TableView(
            header=header,
            keys_hint=self._hint,
            sides=(me, other),
            piles=tuple(
                Pile(card, sizes[i] if i < len(sizes) else 1) for i, card in enumerate(piles)
            ),
            centre=self._centre(view, names, now),
            footer=self._footer or self._idle_footer,
            highlight_pile=self._highlight[0] if self._highlight is not None else None,
            target_pile=target,
        )

    def _score(self, view: SpitTable, row: str, index: int) -> str:
        scores = view.scores
        if any(scores):
            mine = scores[self.seat] if index == 0 else scores[1 - self.seat]
            return f"{mine} points"
        stocks = _stocks(view.row(row))
        held = sum(s.face_down + (s.face_up is not None) for s in stocks)
        held += view.spit_cards(row)
        return f"{held} card{'s' if held != 1 else ''}"

    def _centre(self, view: SpitTable, names: tuple[str, str], now: int) -> Centre:
        phase = view.phase
        countdown = self._countdown
        if phase == "spit" and countdown is not None:
            seconds = str(max(1, -(-(countdown[1] - now) // 1000))) if countdown[1] > now else "0"
            if countdown[0] == "stall":
                return Centre("Nobody can play", seconds, "Spit cards are coming")
            return Centre(f"Round {view.round}: get ready", seconds)
        if phase == "slap":
            a, b = [*view.pile_sizes, 0, 0][:2]
            left, right = ("<", ">") if self.painter.ascii else ("◀", "▶")
            left_s = 0
            if self._slap_until is not None:
                left_s = max(0, -(-(self._slap_until - now) // 1000))
            detail = f"{left} {a} cards     {b} cards {right}\n{left_s} s to slap"
            return Centre("Slap the smaller pile!", "SLAP!", detail, "alert")
        if phase == "round_over":
            return Centre(f"Round {view.round} over", "", "The next round is coming")
        if phase == "game_over" and view.winner in (0, 1):
            return Centre("Game over", self.result_text(view.winner, names))
        return Centre()

    def result_text(self, winner: int, names: tuple[str, str]) -> str:
        """The centre's large text at the end."""
        return "YOU WIN" if winner == self.seat else "YOU LOSE"


def _stocks(row: Row) -> tuple[StockView, ...]:
    """A row of the view (``[card name or null, cards face down]`` per stockpile)."""
    stocks = []
    for face_up, face_down in row[:5]:
        stocks.append(StockView(None if face_up is None else parse_card(face_up), face_down))
    while len(stocks) < 5:
        stocks.append(StockView(None, 0))
    return tuple(stocks)
