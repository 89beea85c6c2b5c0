"""A room's game on the network server, written once for every game: ``GameTable``.

A room (``spit.net.room``) knows no game: it asks its ``NetTable`` to take a seat's
intent at a time, to run its timers, and to say what each seat and a spectator may
see. ``GameTable`` is that table for any game (``spit.game.Game``): the one session
(``spit.play.session``) on the room's game clock, recorded by the game's replay writer
(``NetRecorder``), with what a server adds to a game: a forfeit, a bot that takes the
seat of a player who is gone, and, for a game whose next round a person asks for
(``auto_deal`` off: Spades' next hand), a deal once every player has asked.

Everything a seat is sent is built by the game's ``Wire`` from what that seat may know:
its view from the state as ``Game.observe`` gives it, its news from the session's
events as ``Game.tell`` and ``Game.tell_action`` give them. How those look as JSON is
each game's own (``docs/protocol.md``); when and to whom they go is decided here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, get_args

import msgspec
from msgspec import Struct

from spit.core import seats
from spit.core.outcome import Refusal
from spit.core.seats import SEATS, Seat
from spit.core.wire import Payload
from spit.game import Game, NextDeal, Stage, TimedEvent
from spit.play.events import (
    DealAsked,
    InputRecord,
    IntentRefused,
    SessionEvent,
    Step,
    Stopped,
    steps,
)
from spit.play.session import Agent, Recorder, Session

S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741  (the observation)
T = TypeVar("T")
S_contra = TypeVar("S_contra", contravariant=True)
G_contra = TypeVar("G_contra", contravariant=True)
I_contra = TypeVar("I_contra", contravariant=True)
E_contra = TypeVar("E_contra", contravariant=True)
C_contra = TypeVar("C_contra", contravariant=True)


class NetTable(Protocol):
    """What a room needs of a game: one game between two seats, on the room's game
    clock, recorded. ``GameTable`` is every game's; a game's descriptor makes it
    (``spit.games.descriptor.NetPlay``).

    Times are whole game milliseconds: the room passes a time that never goes back, and
    keeps the table's time still while the game is paused.
    """

    def submit(self, seat: seats.Seat, intent: str, at: int) -> None:
        """Take ``seat``'s intent (the game's own notation) at game time ``at``: the game
        decides what it means then. Raise ``ValueError`` for text that is no intent
        (the room counts it against the client and goes on)."""
        ...

    def advance(self, at: int) -> None:
        """Run the game's timers (and a bot's moves) up to game time ``at``."""
        ...

    def next_due(self) -> int | None:
        """When a timer or a bot next has something to do, if ever."""
        ...

    def now(self) -> int:
        """The game time reached so far."""
        ...

    def view(self, seat: seats.Seat) -> Payload:
        """Everything ``seat`` may see now, as JSON, never a hidden card, with
        ``can_play`` (whether one of its keys would do something now). While nothing
        changed, the same object may come again: nobody changes a view."""
        ...

    def public_view(self) -> Payload:
        """What both seats can see now, as JSON, for a spectator: derived from the
        game's observations, so never a card hidden from either player."""
        ...

    def public_news(self) -> list[Payload]:
        """Events since the last call as a spectator may see them: only what both
        players were told (each seat's private copy stripped of its private cards)."""
        ...

    def news(self) -> list[tuple[int | None, Payload]]:
        """Events since the last call, each with a ``kind``: ``(None, item)`` for both
        seats, ``(seat, item)`` for one seat's eyes only; a lost race is marked
        ``too_slow`` (``docs/protocol.md``)."""
        ...

    def state_hash(self) -> str:
        """The game's state hash (as its replay's closing line has it)."""
        ...

    def close(self) -> None:
        """Stop recording (an unfinished game's replay stays valid as far as it goes)."""
        ...

    @property
    def finished(self) -> bool:
        """The game is over: by its rules, or by a forfeit."""
        ...

    def result(self) -> tuple[seats.Seat | None, str] | None:
        """Once finished: the winning seat (``None`` for a draw) and why, in one word:
        the game's own (``"cards"``, ``"points"``, ...), ``"left"`` or ``"forfeit"``."""
        ...

    def forfeit(self, seat: seats.Seat, *, left: bool = False) -> None:
        """``seat`` loses now: it ``left``, or its grace period ran out. The game ends
        (``result`` says ``"left"`` or ``"forfeit"``), and its replay says so and still
        passes a strict check."""
        ...

    def lag_from(self, source: Callable[[], list[dict[str, int]]]) -> None:
        """Where to read, when the replay's closing line is written, what each seat's
        claims came to (``spit.net.room.lag_of``): the table records it there."""
        ...

    def bot_takes(self, seat: seats.Seat) -> None:
        """A bot of the game's middle level plays ``seat`` from now on (its player is
        gone); seeded from the game's seed, so a server run is repeatable. The replay
        says so, and still verifies."""
        ...

    @property
    def replay_path(self) -> Path | None:
        """The game's replay file, if it is recorded (complete once ``finished``)."""
        ...


# -- what the table tells beside the game's events -----------------------------------


class Refused(Struct, Generic[A], frozen=True):
    """``seat``'s input refused at ``t``: ``action``, what it meant, which the rules
    refused, or (``None``) an intent that meant nothing now (the game's reason, or the
    table's: ``Stopped``)."""

    t: int
    seat: Seat
    reason: Refusal
    action: A | None = None


class Ready(Struct, frozen=True):
    """``seat`` asked for the next round (``spit.game.NextDeal``)."""

    t: int
    seat: Seat


class BotTook(Struct, frozen=True):
    """A bot of ``level`` plays ``seat`` from ``t`` on."""

    t: int
    seat: Seat
    level: str


class Forfeited(Struct, frozen=True):
    """``seat`` lost by forfeit at ``t``; ``winner`` won."""

    t: int
    seat: Seat
    winner: Seat


def fact_json(fact: Ready | BotTook | Forfeited) -> Payload:
    """A fact told to everyone, as a game that tells it writes it: ``{"kind": "ready",
    "t", "seat"}``, ``{"kind": "bot", "t", "seat", "level"}``, ``{"kind": "forfeit",
    "t", "seat", "winner"}``."""
    if isinstance(fact, Ready):
        return {"kind": "ready", "t": fact.t, "seat": fact.seat}
    if isinstance(fact, BotTook):
        return {"kind": "bot", "t": fact.t, "seat": fact.seat, "level": fact.level}
    return {"kind": "forfeit", "t": fact.t, "seat": fact.seat, "winner": fact.winner}


class Standing(Struct, frozen=True, gc=False):
    """What the table adds to a view: who asked for the next round, who lost by
    forfeit, and whether a key of the seat's does something now (``False`` for a
    spectator)."""

    ready: tuple[bool, ...]
    forfeit: Seat | None
    can_play: bool


# -- what the table needs of a game ---------------------------------------------------


class Wire(Protocol[S_contra, G_contra, A, I_contra, E_contra, R]):
    """How a game looks on the network: its views and its news as JSON, each built
    only from what the seat it is for may know (``docs/protocol.md`` has each game's)."""

    def view(
        self, state: S_contra, stage: G_contra, seat: Seat | None, standing: Standing
    ) -> Payload:
        """What ``seat`` may see (``None``: a spectator, what both may) with the parts
        of ``standing`` the game shows."""
        ...

    def can_play(self, state: S_contra, stage: G_contra, seat: Seat) -> bool:
        """Whether one of ``seat``'s keys would do something now."""
        ...

    def news(
        self,
        told: Sequence[TimedEvent[SessionEvent[E_contra, A, R]]],
        stage: G_contra,
        seats: list[tuple[int | None, Payload]],
        public: list[Payload],
    ) -> None:
        """Tell what the session ``told`` since the last call (``stage``: the game's
        now): to ``seats`` each item with whom it is for (``None``: both seats, or
        one seat, in the copy that seat may be told), to ``public`` the spectators'."""
        ...

    def fact(self, fact: Refused[A] | Ready | BotTook | Forfeited) -> Payload | None:
        """A fact of the table's as the game tells it (``fact_json``), or ``None``: the
        game does not tell it."""
        ...

    def aside(self, state: S_contra, seat: Seat, intent: I_contra, t: int) -> Payload | None:
        """An answer to ``seat``'s intent at ``t`` for its eyes alone that changes
        nothing and reaches no session (Spades' card picked for the exchange), or
        ``None``."""
        ...


class ObservedWire(Generic[S, G, A, I, C, E, R, O]):
    """The wire of any game that has no wire of its own: each seat is sent what
    ``Game.observe`` gives it and a spectator the public observation, as msgspec writes
    them (cards as numbers), under ``observation``, with the table's ``ready``,
    ``forfeit`` and, for a seat, ``can_play`` (it has a legal action). The news is each
    step (``steps``), its events as ``Game.tell`` gives them to the seat, its action as
    ``Game.tell_action`` does, in the codec's text. ``read_observation`` and
    ``read_event`` read them back on a client."""

    def __init__(
        self, game: Game[S, G, A, I, C, E, R, O], deals: Callable[[E], bool] = lambda event: False
    ) -> None:
        self.game = game
        self.deals = deals
        """Whether an event starts a round (``steps``)."""

    def view(self, state: S, stage: G, seat: Seat | None, standing: Standing) -> Payload:
        out: Payload = {
            "observation": msgspec.to_builtins(self.game.observe(state, seat)),
            "ready": list(standing.ready),
            "forfeit": standing.forfeit,
        }
        if seat is not None:
            out["can_play"] = standing.can_play
        return out

    def can_play(self, state: S, stage: G, seat: Seat) -> bool:
        return bool(self.game.legal_actions(state, stage, seat))

    def news(
        self,
        told: Sequence[TimedEvent[SessionEvent[E, A, R]]],
        stage: G,
        seats: list[tuple[int | None, Payload]],
        public: list[Payload],
    ) -> None:
        for step in steps(told, self.deals):
            seats.extend((seat, self.step_json(step, seat)) for seat in SEATS)
            public.append(self.step_json(step, None))

    def fact(self, fact: Refused[A] | Ready | BotTook | Forfeited) -> Payload | None:
        if not isinstance(fact, Refused):
            return fact_json(fact)
        action = None if fact.action is None else self.game.codec.action_text(fact.action)
        why = fact.reason.message
        return {"kind": "refused", "t": fact.t, "seat": fact.seat, "why": why, "resolved": action}

    def aside(self, state: S, seat: Seat, intent: I, t: int) -> Payload | None:
        return None

    def step_json(self, step: Step[A, E, R], seat: Seat | None) -> Payload:
        """``step`` as ``seat`` may be told it (``None``: a spectator): ``{"kind":
        "input", "t", "seat", "action", "events"}`` (``action`` ``None`` when the game
        keeps it from ``seat``) or ``{"kind": "deal", "t", "events"}``; each event
        ``{"event": its class's name, "data": its fields}``."""
        game = self.game
        events = [event_json(game.tell(event, seat)) for event in step.events]
        record = step.record
        if record is None:
            return {"kind": "deal", "t": step.t, "events": events}
        told = game.tell_action(record.action, record.player, seat)
        action = None if told is None else game.codec.action_text(told)
        return {
            "kind": "input",
            "t": step.t,
            "seat": record.player,
            "action": action,
            "events": events,
        }


def event_json(event: object) -> Payload:
    """An event as ``ObservedWire`` sends it: its class's name and its fields."""
    return {"event": type(event).__name__, "data": msgspec.to_builtins(event)}


def read_observation(view: Payload, kind: type[T]) -> T:
    """The observation of ``kind`` in a view ``ObservedWire`` sent, each field checked
    for its type. Raises ``ValueError``."""
    return _convert(view.get("observation"), kind)


def read_event(item: object, kinds: object) -> Any:
    """An event ``event_json`` wrote, of one of the classes of the union ``kinds``
    (a game's ``Event``). Raises ``ValueError``."""
    by_name = {kind.__name__: kind for kind in get_args(kinds) or (kinds,)}
    if not isinstance(item, dict) or item.get("event") not in by_name:
        raise ValueError("not an event of the game")
    return _convert(item.get("data"), by_name[item["event"]])


def _convert(data: object, kind: type[T]) -> T:
    try:
        return msgspec.convert(data, type=kind, strict=True)
    except msgspec.ValidationError as error:
        raise ValueError(str(error)) from None


class NetRecorder(Recorder[S_contra, A, C_contra, R], Protocol[S_contra, A, C_contra, R]):
    """A game's replay writer, as a network table records with it."""

    path: Path
    durable: bool
    lag_from: Callable[[], list[dict[str, int]]] | None

    def on_forfeit(self, t: int, loser: Seat, state: S_contra, *, left: bool = False) -> None: ...

    def on_bot(self, t: int, player: Seat, level: str, seed: int | None) -> None: ...

    def close(self) -> None: ...


class SeatBot(Struct, Generic[S, A, E, R], frozen=True):
    """A bot that takes a seat over: the session's agent, and its level and seed as the
    replay's ``bot`` line records them."""

    agent: Agent[S, A, SessionEvent[E, A, R]]
    level: str
    seed: int


@dataclass(slots=True)
class _Shown(Generic[S, G]):
    """A seat's last view and what it was made from, kept so that a view that did not
    change is the same object (the room compares it by identity first)."""

    state: S | None = None
    stage: G | None = None
    facts: int = -1
    """The table's ``_facts`` then."""
    ended: bool = False
    view: Payload | None = None


# -- the table -------------------------------------------------------------------------


class GameTable(Generic[S, G, A, I, C, E, R, O]):
    """One room's game of any game (``NetTable``): ``session`` on the room's game clock,
    recorded by ``recorder``, sent by ``wire``. ``bot(seat)`` makes the bot that takes
    a seat over (its level is the server's choice, made by the game's descriptor).
    The session deals each round itself (``auto_deal``), or, off, once every seat has
    asked (``NextDeal``; a seat a bot plays always has)."""

    def __init__(
        self,
        session: Session[S, G, A, I, C, E, R, O],
        wire: Wire[S, G, A, I, E, R],
        recorder: NetRecorder[S, A, C, R] | None,
        bot: Callable[[Seat], SeatBot[S, A, E, R]],
    ) -> None:
        self.session = session
        self.wire = wire
        self.writer = recorder
        if recorder is not None:
            recorder.durable = False  # one event loop for every room: no fsync in it
        self._make_bot = bot
        self.bots: dict[Seat, SeatBot[S, A, E, R]] = {}
        """The seats a bot took over."""
        self.forfeited: Seat | None = None
        """The seat that lost by forfeit, if the game ended so."""
        self.left = False
        """The forfeit was a player leaving on purpose (not a line gone too long)."""
        self._ready = tuple(False for _ in SEATS)
        self._facts = 0
        """Counts the changes of the table's own facts (ready seats, bots, a forfeit)."""
        self._news: list[tuple[int | None, Payload]] = []
        self._public: list[Payload] = []
        self._shown: tuple[_Shown[S, G], ...] = tuple(_Shown() for _ in (*SEATS, None))
        """Each seat's last view and the spectators' (last)."""
        self._collect()

    @property
    def replay_path(self) -> Path | None:
        return None if self.writer is None else self.writer.path

    # -- the room's NetTable -----------------------------------------------------------

    def submit(self, seat: Seat, intent: str, at: int) -> None:
        """``seat``'s ``intent`` (the game's ``Codec`` notation) at game time ``at``: the
        game judges what it means then. Raises ``ValueError`` for text that is no
        intent (the room counts it as the client's error)."""
        parsed = self.session.game.codec.parse_intent(intent)
        if self.finished or seat in self.bots:
            self._refused(Refused(at, seat, Stopped.GAME_OVER if self.finished else Stopped.BOT))
            return
        session = self.session
        session.advance_to(at)
        self._collect()
        aside = self.wire.aside(session.state, seat, parsed, at)
        if aside is not None:
            self._news.append((seat, aside))
            return
        if self._asks_for_deal() and isinstance(session.resolve(seat, parsed), NextDeal):
            self._asks_next(seat, at)
        else:
            handled = session.submit_at(at, seat, parsed)
            if isinstance(handled, IntentRefused):
                self._refused(Refused(at, seat, handled.reason))
            elif isinstance(handled, InputRecord) and not handled.accepted:
                reason = handled.reason
                assert reason is not None
                self._refused(Refused(at, seat, reason, handled.action))
            else:
                assert isinstance(handled, InputRecord | DealAsked)
        self._collect()

    def advance(self, at: int) -> None:
        """Run what is due up to ``at``; a round nobody but bots is left to ask for is
        dealt then."""
        if self.finished:
            return
        session = self.session
        session.advance_to(at)
        if self._asks_for_deal() and all(seat in self.bots for seat in SEATS):
            self._collect()  # the last input's step apart from the deal's
            session.deal_at(at)
        self._collect()

    def next_due(self) -> int | None:
        return None if self.finished else self.session.next_due()

    def now(self) -> int:
        return self.session.time

    @property
    def finished(self) -> bool:
        return self.forfeited is not None or self.session.finished

    def view(self, seat: Seat) -> Payload:
        """What ``seat`` may see (the game's ``Wire.view``): the same object again while
        nothing it is made from changed."""
        return self._view(seat)

    def public_view(self) -> Payload:
        return self._view(None)

    def news(self) -> list[tuple[int | None, Payload]]:
        out = self._news.copy()  # the lists kept stay the same ones: see ``_Shown``
        self._news.clear()
        return out

    def public_news(self) -> list[Payload]:
        out = self._public.copy()
        self._public.clear()
        return out

    def state_hash(self) -> str:
        session = self.session
        return session.game.state_hash(session.state)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def result(self) -> tuple[Seat | None, str] | None:
        """The winner (``None``: a draw) and why: ``"left"`` (the other player left on
        purpose), ``"forfeit"`` (did not come back), or the game's own reason
        (``Outcome.reason``)."""
        if self.forfeited is not None:
            return seats.other(self.forfeited), "left" if self.left else "forfeit"
        session = self.session
        outcome = session.game.outcome(session.state)
        if outcome is not None:
            return outcome.winner, outcome.reason
        return (None, "unfinished") if session.finished else None

    def forfeit(self, seat: Seat, *, left: bool = False) -> None:
        """``seat`` loses now (it ``left`` on purpose, or did not come back); the replay
        gets its ``forfeit`` and closing lines."""
        if self.finished:
            return
        self.forfeited = seat
        self.left = left
        self._facts += 1
        t = self.session.time
        if self.writer is not None:
            self.writer.on_forfeit(t, seat, self.session.state, left=left)
        self._tell(Forfeited(t, seat, seats.other(seat)))

    def lag_from(self, source: Callable[[], list[dict[str, int]]]) -> None:
        """What the room credited each seat's claims (``spit.net.room.lag_of``), read
        when the replay's closing line is written."""
        if self.writer is not None:
            self.writer.lag_from = source

    def bot_takes(self, seat: Seat) -> None:
        """A bot plays ``seat`` from now on; the replay gets a ``bot`` line. Between
        rounds it is ready for the next at once."""
        if self.finished or seat in self.bots:
            return
        bot = self.bots[seat] = self._make_bot(seat)
        self._facts += 1
        session = self.session
        session.seat_agent(bot.agent)
        t = session.time
        if self.writer is not None:
            self.writer.on_bot(t, seat, bot.level, bot.seed)
        self._tell(BotTook(t, seat, bot.level))
        if self._asks_for_deal():
            self._asks_next(seat, t)
        self._collect()

    # -- inside ------------------------------------------------------------------------

    def _asks_for_deal(self) -> bool:
        """The game waits for a deal its players ask for."""
        session = self.session
        return not session.auto_deal and session.stage.dealing and not session.finished

    def _asks_next(self, seat: Seat, at: int) -> None:
        """``seat`` has seen the round's end; deal when every seat has."""
        if self._ready[seat]:
            return
        self._ready = tuple(r or s == seat for s, r in enumerate(self._ready))
        self._facts += 1
        self._tell(Ready(at, seat))
        if all(ready or s in self.bots for s, ready in enumerate(self._ready)):
            self._ready = tuple(False for _ in SEATS)
            self._facts += 1
            self.session.deal_at(at)

    def _can_play(self, seat: Seat) -> bool:
        if self.finished or seat in self.bots:
            return False
        if self._asks_for_deal():
            return not self._ready[seat]
        session = self.session
        return self.wire.can_play(session.state, session.stage, seat)

    def _view(self, seat: Seat | None) -> Payload:
        """``seat``'s view (``None``: the spectators'), made again only when what it is
        made from changed: the room asks for every view at each step of the room, and
        most steps change nothing."""
        session = self.session
        state, stage = session.state, session.stage
        shown = self._shown[-1 if seat is None else seat]
        facts, ended = self._facts, session.ended
        view = shown.view
        if (
            view is not None
            and shown.facts == facts
            and shown.ended == ended
            and (shown.state is state or shown.state == state)
            and (shown.stage is stage or shown.stage == stage)
        ):
            return view
        can_play = seat is not None and self._can_play(seat)
        standing = Standing(self._ready, self.forfeited, can_play)
        view = self.wire.view(state, stage, seat, standing)
        shown.state, shown.stage, shown.view = state, stage, view
        shown.facts, shown.ended = facts, ended
        return view

    def _refused(self, fact: Refused[A]) -> None:
        item = self.wire.fact(fact)
        if item is not None:
            self._news.append((fact.seat, item))

    def _tell(self, fact: Ready | BotTook | Forfeited) -> None:
        """A fact for both seats and the spectators, if the game tells it."""
        item = self.wire.fact(fact)
        if item is not None:
            self._news.append((None, item))
            self._public.append(item)

    def _collect(self) -> None:
        session = self.session
        told = session.drain()
        if not told:
            return
        self.wire.news(told, session.stage, self._news, self._public)
