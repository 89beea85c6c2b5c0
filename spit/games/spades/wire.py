"""Spades on the network: the wire written once (``spit.play.net_table.ObservedWire``)
with what is Spades' own, and a room's table.

Each seat is sent ``Game.observe`` for that seat and each step's events and action as
``Game.tell`` and ``Game.tell_action`` give them, so the opponent's hand, the order of
the stock and of the exchange never leave the server; a spectator gets the public
observation (seat 0's less what only seat 0 knows) and both seats' ``counts`` of cards
in hand (``cards``) and face down (``face_down``). A letter that picks a card for the
exchange is answered to its seat alone (``picked``). The client reads a view back with
``read_view`` and an event with ``read_event``, each checked field by field.

The local screen draws the table from seat 0's chair; ``turned`` and ``turned_event``
give seat 1's view and events in that shape (each pair swapped, each seat number
flipped), so that a remote screen for either seat is the local screen's drawing.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import fields, replace
from pathlib import Path
from typing import Final, TypeVar

from spit.core.cards import DECK
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import Seat
from spit.core.wire import Payload
from spit.game import Turns
from spit.games.spades.bots.agent import BotAgent, BotPace
from spit.games.spades.engine import (
    Action,
    DrawEnded,
    Event,
    GameOver,
    HandOrders,
    HandResult,
    HandScored,
    HandStarted,
    PlayerView,
    State,
    Trick,
    observe,
)
from spit.games.spades.game import Refused, new_session, picked
from spit.games.spades.intents import Intent
from spit.games.spades.replay import DEFAULT_TARGET, ReplayWriter
from spit.play import net_table
from spit.play.net_table import GameTable, ObservedWire, SeatBot, Standing, read_observation

_T = TypeVar("_T")


class Wire(ObservedWire[State, Turns, Action, Intent, HandOrders, Event, Refused, PlayerView]):
    """Spades' views and news: the wire written once, a spectator's counts, and the card
    a letter picked for the exchange."""

    def view(self, state: State, stage: Turns, seat: Seat | None, standing: Standing) -> Payload:
        out = super().view(state, stage, seat, standing)
        if seat is None:
            seen = observe(state, 0)
            down = [len(seen.discards), seen.opponent_discards]
            out["counts"] = {"cards": [len(seen.hand), seen.opponent_cards], "face_down": down}
        return out

    def aside(self, state: State, seat: Seat, intent: Intent, t: int) -> Payload | None:
        """The card of ``seat``'s own hand a letter picks for the exchange (``picked``)."""
        card = picked(state, seat, intent)
        return None if card is None else {"kind": "picked", "t": t, "seat": seat, "card": card}


def read_view(view: Payload) -> PlayerView:
    """The observation in a view, every card a card and every seat a seat. Raises
    ``ValueError``."""
    seen = read_observation(view, PlayerView)
    tricks = [card for trick in seen.tricks for card in trick[1:]]
    top = () if seen.top_card is None else (seen.top_card,)
    _check((*seen.hand, *seen.discards, *seen.received, *seen.trick, *tricks, *top), DECK)
    seats = (seen.player, seen.first, seen.leader, *(trick.leader for trick in seen.tricks))
    _check((*seats, *(s for s in (seen.to_move, seen.winner) if s is not None)), (0, 1))
    return seen


def read_event(data: object) -> Event:
    """An event of a step's ``events``, every card a card and every seat a seat. Raises
    ``ValueError``."""
    event: Event = net_table.read_event(data, Event)
    for name, value in ((field.name, getattr(event, field.name)) for field in fields(event)):
        if name in ("player", "first", "winner"):
            _check((value,), (0, 1))
        elif name in ("card", "kept", "discarded", "given", "received") and value is not None:
            _check(value if isinstance(value, tuple) else (value,), DECK)
    return event


def read_counts(view: Payload, key: str) -> tuple[int, int]:
    """A pair of a spectator's ``counts``. Raises ``ValueError``."""
    counts = view.get("counts")
    pair = counts.get(key) if isinstance(counts, dict) else None
    if not isinstance(pair, list) or len(pair) != 2:
        raise ValueError(f"{key!r} must be a pair of counts")
    _check(pair, range(len(DECK) + 1))
    return pair[0], pair[1]


def _check(values: Iterable[object], allowed: Container[object]) -> None:
    if not all(type(value) is int and value in allowed for value in values):
        raise ValueError("a card or a seat that is none")


# -- seat 1 seen from seat 0's chair --------------------------------------------------


def _swap(pair: tuple[_T, _T]) -> tuple[_T, _T]:
    return pair[1], pair[0]


def _turned_result(result: HandResult) -> HandResult:
    return HandResult._make((result.hand, *(_swap(pair) for pair in result[1:])))


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


class Table(GameTable[State, Turns, Action, Intent, HandOrders, Event, Refused, PlayerView]):
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

        def bot(seat: Seat) -> SeatBot[State, Action, Event, Refused]:
            from spit.games.spades.bots import LEVELS, make_bot  # only when one is needed

            level = bot_level or LEVELS[len(LEVELS) // 2]
            return SeatBot(BotAgent(seat, make_bot(level, seat, seed), BOT_PACE), level, seed)

        wire = Wire(session.game, lambda event: isinstance(event, HandStarted))
        super().__init__(session, wire, writer, bot)
