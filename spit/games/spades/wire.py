"""Spades on the network: its views and events as JSON and back, and a room's table.

The table is the one written for every game (``spit.play.net_table.GameTable``); this
is what is Spades' in it (``Wire``). The server sends each seat ``Game.observe`` for
that seat (``view_json``) and that seat's copy of each event (``Game.tell``,
``event_json``) and of each action (``Game.tell_action``: another's exchange names
the cards given away), so the opponent's hand, the order of the stock and of the
exchange never leave the server; a spectator gets what both may see (``public_json``).
The client reads them back into the engine's own values (``read_view``,
``read_event``), checking every field as strictly as the server checks what a client
sends, so its screen draws them with the code that draws a local game. Cards go by
name (``AS``), the opponent's as counts.

The local screen draws the table from seat 0's chair; ``turned`` and ``turned_event``
give seat 1's view and events in that shape (each pair swapped, each seat number
flipped), so that a remote screen for either seat is the local screen's drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Final, TypeAlias, TypeVar

from spit.core.cards import Card, card_name, parse_card
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import SEATS, Seat
from spit.core.wire import Payload
from spit.game import Game, TimedEvent
from spit.games.spades.bots.agent import BotAgent, BotPace
from spit.games.spades.engine import (
    MAX_EXCHANGE,
    TRICKS_PER_HAND,
    Action,
    BidMade,
    BlindNilChosen,
    CardPlayed,
    CardsDrawn,
    DrawEnded,
    Event,
    Exchanged,
    GameOver,
    HandOrders,
    HandResult,
    HandScored,
    HandStarted,
    Phase,
    PlayerView,
    SpadesBroken,
    State,
    Trick,
    TrickTaken,
    to_move,
)
from spit.games.spades.game import Refused as Refused_
from spit.games.spades.game import Step, Turns, new_session, picked, steps
from spit.games.spades.intents import Intent
from spit.games.spades.replay import DEFAULT_TARGET, ReplayWriter
from spit.play.events import SessionEvent
from spit.play.net_table import (
    BotTook,
    Forfeited,
    GameTable,
    Ready,
    Refused,
    SeatBot,
    Standing,
    fact_json,
)

Rules: TypeAlias = Game[State, Turns, Action, Intent, HandOrders, Event, Refused_, PlayerView]
"""Spades as the game interface has it (``spit.games.spades.game.Game``)."""
Told: TypeAlias = Sequence[TimedEvent[SessionEvent[Event, Action, Refused_]]]

_T = TypeVar("_T")
_MAX_NUMBER = 2**31 - 1
"""Scores, bags and hand numbers are ints of at most this size either way."""
_DECK_SIZE = 52


# -- to JSON --------------------------------------------------------------------------


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card_name(c) for c in cards]


def _result_json(result: HandResult) -> dict[str, Any]:
    return {
        "hand": result.hand,
        "bids": list(result.bids),
        "blind": list(result.blind),
        "tricks": list(result.tricks),
        "bags": list(result.bags),
        "penalties": list(result.penalties),
        "points": list(result.points),
    }


def view_json(view: PlayerView) -> dict[str, Any]:
    """``view`` as plain JSON: nothing in it that ``observe`` did not give the seat."""
    return {
        "seat": view.player,
        "target": view.target,
        "hand_number": view.hand_number,
        "phase": view.phase.value,
        "first": view.first,
        "to_move": view.to_move,
        "hand": _names(view.hand),
        "opponent_cards": view.opponent_cards,
        "stock_size": view.stock_size,
        "top_card": None if view.top_card is None else card_name(view.top_card),
        "discards": _names(view.discards),
        "opponent_discards": view.opponent_discards,
        "received": _names(view.received),
        "opponent_received": view.opponent_received,
        "blind": list(view.blind),
        "bids": list(view.bids),
        "trick": _names(view.trick),
        "leader": view.leader,
        "tricks": [[t.leader, card_name(t.lead), card_name(t.follow)] for t in view.tricks],
        "tricks_won": list(view.tricks_won),
        "broken": view.broken,
        "scores": list(view.scores),
        "bags": list(view.bags),
        "history": [_result_json(r) for r in view.history],
        "winner": view.winner,
    }


def public_json(seat0: PlayerView) -> dict[str, Any]:
    """What both players can see, for a spectator: seat 0's view without what only seat
    0 knows (its hand, its face-down and drawn-back cards, the top card it draws), with
    both seats' counts of those in ``cards``, ``face_down`` and ``drawn_back``."""
    out = view_json(seat0._replace(hand=(), top_card=None, discards=(), received=()))
    out["cards"] = [len(seat0.hand), seat0.opponent_cards]
    out["face_down"] = [len(seat0.discards), seat0.opponent_discards]
    out["drawn_back"] = [len(seat0.received), seat0.opponent_received]
    return out


def read_counts(obj: Any, key: str) -> tuple[int, int]:
    """A pair of card counts of ``public_json``. Raises ``ValueError``."""
    return _pair(_get(obj, key), key, _count)


def event_json(event: Event) -> dict[str, Any]:
    """One event as JSON (pass it through ``redact`` for the seat first)."""
    match event:
        case HandStarted(hand, first):
            return {"event": "hand", "hand": hand, "first": first}
        case BlindNilChosen(player, declared):
            return {"event": "blind", "player": player, "declared": declared}
        case CardsDrawn(player, kept_first, kept, discarded):
            return {
                "event": "drew",
                "player": player,
                "kept_first": kept_first,
                "kept": None if kept is None else card_name(kept),
                "discarded": None if discarded is None else card_name(discarded),
            }
        case DrawEnded():
            return {"event": "draw_ended"}
        case Exchanged(player, count, given, received):
            return {
                "event": "exchanged",
                "player": player,
                "count": count,
                "given": None if given is None else _names(given),
                "received": None if received is None else _names(received),
            }
        case BidMade(player, tricks):
            return {"event": "bid", "player": player, "tricks": tricks}
        case CardPlayed(player, card):
            return {"event": "played", "player": player, "card": card_name(card)}
        case SpadesBroken(player):
            return {"event": "broken", "player": player}
        case TrickTaken(player, number):
            return {"event": "trick", "player": player, "number": number}
        case HandScored(result, scores, bags):
            return {
                "event": "scored",
                "result": _result_json(result),
                "scores": list(scores),
                "bags": list(bags),
            }
        case GameOver(winner):
            return {"event": "game_over", "winner": winner}


# -- from JSON, strictly --------------------------------------------------------------


def _get(obj: Any, key: str) -> Any:
    if not isinstance(obj, dict):
        raise ValueError("expected a JSON object")
    if key not in obj:
        raise ValueError(f"{key!r} is missing")
    return obj[key]


def _int(value: Any, key: str, low: int = -_MAX_NUMBER, high: int = _MAX_NUMBER) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{key!r} must be a whole number from {low} to {high}")
    return value


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{key!r} must be true or false")
    return value


def _seat(value: Any, key: str) -> int:
    return _int(value, key, 0, 1)


def _optional(read: Callable[[Any, str], _T]) -> Callable[[Any, str], _T | None]:
    return lambda value, key: None if value is None else read(value, key)


def _card(value: Any, key: str) -> Card:
    if not isinstance(value, str) or len(value) != 2:
        raise ValueError(f"{key!r} must be a card's name")
    return parse_card(value)


def _cards(value: Any, key: str, most: int = _DECK_SIZE) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"{key!r} must be a list of at most {most} cards")
    cards = tuple(_card(v, key) for v in value)
    if len(set(cards)) != len(cards):
        raise ValueError(f"{key!r} names a card twice")
    return cards


def _pair(value: Any, key: str, read: Callable[[Any, str], _T]) -> tuple[_T, _T]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{key!r} must be a pair")
    return read(value[0], key), read(value[1], key)


def _count(value: Any, key: str) -> int:
    return _int(value, key, 0, _DECK_SIZE)


def _tricks(value: Any, key: str) -> int:
    return _int(value, key, 0, TRICKS_PER_HAND)


def _read_result(obj: Any) -> HandResult:
    return HandResult(
        hand=_int(_get(obj, "hand"), "hand", 1),
        bids=_pair(_get(obj, "bids"), "bids", _tricks),
        blind=_pair(_get(obj, "blind"), "blind", _bool),
        tricks=_pair(_get(obj, "tricks"), "tricks", _tricks),
        bags=_pair(_get(obj, "bags"), "bags", _tricks),
        penalties=_pair(_get(obj, "penalties"), "penalties", _int),
        points=_pair(_get(obj, "points"), "points", _int),
    )


def _read_trick(value: Any) -> Trick:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("a trick must be [leader, lead, follow]")
    return Trick(_seat(value[0], "tricks"), _card(value[1], "tricks"), _card(value[2], "tricks"))


def read_view(obj: Any) -> PlayerView:
    """A view from ``view_json``. Raises ``ValueError`` naming the first bad field."""

    def field(key: str, read: Callable[[Any, str], _T]) -> _T:
        return read(_get(obj, key), key)

    tricks = _get(obj, "tricks")
    history = _get(obj, "history")
    if not isinstance(tricks, list) or len(tricks) > TRICKS_PER_HAND:
        raise ValueError("'tricks' must be a list of at most 13 tricks")
    if not isinstance(history, list) or len(history) > 10_000:
        raise ValueError("'history' must be a list of hands")
    phase = _get(obj, "phase")
    if phase not in {p.value for p in Phase}:
        raise ValueError("'phase' is not a phase of Spades")
    return PlayerView(
        player=field("seat", _seat),
        target=field("target", lambda v, k: _int(v, k, 1)),
        hand_number=field("hand_number", lambda v, k: _int(v, k, 1)),
        phase=Phase(phase),
        first=field("first", _seat),
        to_move=field("to_move", _optional(_seat)),
        hand=field("hand", lambda v, k: _cards(v, k, TRICKS_PER_HAND + MAX_EXCHANGE)),
        opponent_cards=field("opponent_cards", _count),
        stock_size=field("stock_size", _count),
        top_card=field("top_card", _optional(_card)),
        discards=field("discards", _cards),
        opponent_discards=field("opponent_discards", _count),
        received=field("received", lambda v, k: _cards(v, k, MAX_EXCHANGE)),
        opponent_received=field("opponent_received", _count),
        blind=field("blind", lambda v, k: _pair(v, k, _bool)),
        bids=field("bids", lambda v, k: _pair(v, k, _optional(_tricks))),
        trick=field("trick", lambda v, k: _cards(v, k, 1)),
        leader=field("leader", _seat),
        tricks=tuple(_read_trick(t) for t in tricks),
        tricks_won=field("tricks_won", lambda v, k: _pair(v, k, _tricks)),
        broken=field("broken", _bool),
        scores=field("scores", lambda v, k: _pair(v, k, _int)),
        bags=field("bags", lambda v, k: _pair(v, k, lambda x, y: _int(x, y, 0))),
        history=tuple(_read_result(r) for r in history),
        winner=field("winner", _optional(_seat)),
    )


def read_event(obj: Any) -> Event:
    """An event from ``event_json``. Raises ``ValueError``."""

    def field(key: str, read: Callable[[Any, str], _T]) -> _T:
        return read(_get(obj, key), key)

    match _get(obj, "event"):
        case "hand":
            return HandStarted(field("hand", lambda v, k: _int(v, k, 1)), field("first", _seat))
        case "blind":
            return BlindNilChosen(field("player", _seat), field("declared", _bool))
        case "drew":
            return CardsDrawn(
                field("player", _seat),
                field("kept_first", _bool),
                field("kept", _optional(_card)),
                field("discarded", _optional(_card)),
            )
        case "draw_ended":
            return DrawEnded()
        case "exchanged":
            few = _optional(lambda v, k: _cards(v, k, MAX_EXCHANGE))
            return Exchanged(
                field("player", _seat),
                field("count", lambda v, k: _int(v, k, 0, MAX_EXCHANGE)),
                field("given", few),
                field("received", few),
            )
        case "bid":
            return BidMade(field("player", _seat), field("tricks", _tricks))
        case "played":
            return CardPlayed(field("player", _seat), field("card", _card))
        case "broken":
            return SpadesBroken(field("player", _seat))
        case "trick":
            return TrickTaken(field("player", _seat), field("number", _tricks))
        case "scored":
            return HandScored(
                _read_result(_get(obj, "result")),
                field("scores", lambda v, k: _pair(v, k, _int)),
                field("bags", lambda v, k: _pair(v, k, _int)),
            )
        case "game_over":
            return GameOver(field("winner", _seat))
    raise ValueError("'event' is not an event of Spades")


# -- seat 1 seen from seat 0's chair --------------------------------------------------


def _swap(pair: tuple[_T, _T]) -> tuple[_T, _T]:
    return pair[1], pair[0]


def _turned_result(result: HandResult) -> HandResult:
    return HandResult(
        result.hand,
        _swap(result.bids),
        _swap(result.blind),
        _swap(result.tricks),
        _swap(result.bags),
        _swap(result.penalties),
        _swap(result.points),
    )


def turned(view: PlayerView) -> PlayerView:
    """The same view with the seats' numbers swapped: seat 1's view in the shape of
    seat 0's, for drawing code that puts the player at the keyboard in seat 0."""
    return view._replace(
        player=1 - view.player,
        first=1 - view.first,
        to_move=None if view.to_move is None else 1 - view.to_move,
        blind=_swap(view.blind),
        bids=_swap(view.bids),
        leader=1 - view.leader,
        tricks=tuple(Trick(1 - t.leader, t.lead, t.follow) for t in view.tricks),
        tricks_won=_swap(view.tricks_won),
        scores=_swap(view.scores),
        bags=_swap(view.bags),
        history=tuple(_turned_result(r) for r in view.history),
        winner=None if view.winner is None else 1 - view.winner,
    )


def turned_event(event: Event) -> Event:
    """``event`` with the seats' numbers swapped, as ``turned`` does to a view."""
    match event:
        case HandStarted(hand, first):
            return HandStarted(hand, 1 - first)
        case HandScored(result, scores, bags):
            return HandScored(_turned_result(result), _swap(scores), _swap(bags))
        case GameOver(winner):
            return GameOver(1 - winner)
        case DrawEnded():
            return event
        case _:
            return replace(event, player=1 - event.player)


# -- the room's table -------------------------------------------------------------------

BOT_PACE: Final = BotPace(move_ms=800, draw_ms=240)
"""A bot that takes a seat over waits as the local screen's bot does
(``spit.tui.spades.screen.BOT_DELAY``), so the player left can follow it."""


class Wire:
    """Spades' views and news (``spit.play.net_table.Wire``). A view adds ``ready``
    (who asked for the next hand) and ``forfeit``; the news is each step (an action
    taken, a hand dealt) as the seat may be told it, the table's facts, a refusal with
    what the intent meant, and a card a letter picked for the exchange."""

    def __init__(self, game: Rules) -> None:
        self.game = game

    def view(self, state: State, stage: Turns, seat: Seat | None, standing: Standing) -> Payload:
        """A seat's ``view_json``, or for a spectator ``public_json`` (seat 0's view
        less what only seat 0 knows, with both seats' counts)."""
        if seat is None:
            out = public_json(self.game.observe(state, SEATS[0]))
        else:
            out = view_json(self.game.observe(state, seat))
        out["ready"] = list(standing.ready)
        out["forfeit"] = standing.forfeit
        if seat is not None:
            out["can_play"] = standing.can_play
        return out

    def can_play(self, state: State, stage: Turns, seat: Seat) -> bool:
        return to_move(state) == seat

    def news(
        self,
        told: Told,
        stage: Turns,
        seats: list[tuple[int | None, Payload]],
        public: list[Payload],
    ) -> None:
        """Each step to each seat as it may be told it, and to the spectators."""
        for step in steps(told):
            seats.extend((seat, self._step_item(step, seat)) for seat in SEATS)
            public.append(self._step_item(step, None))

    def fact(self, fact: Refused[Action] | Ready | BotTook | Forfeited) -> Payload | None:
        if not isinstance(fact, Refused):
            return fact_json(fact)
        action = fact.action
        return {
            "kind": "refused",
            "t": fact.t,
            "seat": fact.seat,
            "why": fact.reason.message,
            "resolved": None if action is None else str(action),
        }

    def aside(self, state: State, seat: Seat, intent: Intent, t: int) -> Payload | None:
        """The card of ``seat``'s own hand a letter picks for the exchange (``picked``)."""
        card = picked(state, seat, intent)
        if card is None:
            return None
        return {"kind": "picked", "t": t, "seat": seat, "card": card_name(card)}

    def _step_item(self, step: Step, seat: Seat | None) -> Payload:
        """A step as ``seat`` may be told it (``None``: a spectator): an input (its
        action unless the game keeps it from this seat) or a hand dealt."""
        game = self.game
        events = [event_json(game.tell(e, seat)) for e in step.events]
        record = step.record
        if record is None:
            return {"kind": "hand", "t": step.t, "events": events}
        action = game.tell_action(record.action, record.player, seat)
        return {
            "kind": "input",
            "t": step.t,
            "seat": record.player,
            "action": None if action is None else str(action),
            "accepted": record.accepted,
            "events": events,
        }


class Table(GameTable[State, Turns, Action, Intent, HandOrders, Event, Refused_, PlayerView]):
    """One room's game of Spades: ``GameTable`` with Spades' session, replay and wire.
    The next hand is dealt once both players have asked (Enter or ``next`` after a
    hand is scored), so neither has the score taken away before reading it."""

    def __init__(
        self,
        names: tuple[str, str],
        seed: int,
        replay_dir: Path | None,
        target: int = DEFAULT_TARGET,
        bot_level: str | None = None,
    ) -> None:
        """``bot_level``: the level of a bot that takes a seat over; ``None``: the
        middle one."""
        self.seed = seed
        players = (PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))
        writer = None
        if replay_dir is not None:
            writer = ReplayWriter.create(
                replay_dir, players=players, seed=seed, target=target, network=True
            )
        session = new_session(
            seed=seed,
            target=target,
            recorders=() if writer is None else (writer,),
            auto_deal=False,
        )

        def bot(seat: Seat) -> SeatBot[State, Action, Event, Refused_]:
            from spit.games.spades.bots import LEVELS, make_bot  # only when one is needed

            level = bot_level or LEVELS[len(LEVELS) // 2]
            return SeatBot(BotAgent(seat, make_bot(level, seat, seed), BOT_PACE), level, seed)

        super().__init__(session, Wire(session.game), writer, bot)
