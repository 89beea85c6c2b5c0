"""The Spades session: the rules engine run on an injected clock, with players' intents
coming in, bots deciding in their turn, recorders and an event stream.

What ``spit.games.spit.session.Match`` is for Spit, for a game with turns. Every front
end drives it: the Spades screen (a person against a bot, on the app's clock), the
headless duels and the simulator (bots only, time jumped), and the replay checker (the
file's inputs at their recorded times). Nothing here reads the wall clock.

Time is an argument: ``submit_at(t, ...)`` and ``advance_to(t)`` take game
milliseconds; ``submit`` and ``update`` read them from the clock, less the time spent
paused. A bot decides ``BotPace`` after it becomes its turn (0 in the simulator), so a
person can follow; while the session is paused it does not, and keys are refused.
Between hands the next one is dealt at once when only bots play, and on a player's
``NextHand`` (or Enter) otherwise, so the person sees the hand's score first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from msgspec import Struct

from spit.core.cards import Card
from spit.core.clock import Clock, GameTime
from spit.core.seats import SEATS, Seat
from spit.games.spades.engine import (
    TRICKS_PER_HAND,
    Action,
    Applied,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Event,
    Exchange,
    HandStarted,
    Keep,
    Phase,
    PlayCard,
    PlayerView,
    Reason,
    State,
    apply,
    legal_actions,
    new_game,
    next_hand,
    observe,
    redact,
    to_move,
)
from spit.games.spades.session.hands import HandSource
from spit.games.spades.session.intents import Confirm, Intent, Key, NextHand, Refusal
from spit.games.spades.session.keys import card_of
from spit.games.spades.session.recorder import SpadesRecorder


class Player(Protocol):
    """A computer player: one action from its own view and the legal actions."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


class BotPace(Struct, frozen=True):
    """How long a bot waits before it acts, in game ms: ``move_ms`` for a bid or a card,
    ``draw_ms`` before the draw and in it, where its choice shows nothing."""

    move_ms: int = 0
    draw_ms: int = 0


class Step(Struct, frozen=True):
    """Something that happened at ``t``: ``player``'s ``action`` taken (``accepted``) or
    refused by the rules, or (``player`` ``None``) a hand dealt, and its events."""

    t: int
    player: Seat | None
    action: Action | None
    accepted: bool
    events: tuple[Event, ...]


class Handling(Struct, frozen=True):
    """What the session made of an intent, when it handled it.

    ``resolved`` is what it meant then (an engine action or ``NextHand``; ``None`` if it
    meant nothing). ``picked`` is the card a key chose for the exchange: the front end
    keeps the choice until Enter. ``refusal`` says why nothing was done: a ``Refusal``
    (not recorded) or the engine's ``Reason`` (recorded as a refused input)."""

    t: int
    player: Seat
    intent: Intent
    resolved: Action | NextHand | None = None
    picked: Card | None = None
    refusal: Refusal | Reason | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None

    @property
    def message(self) -> str:
        return "" if self.refusal is None else self.refusal.value


_DRAW_PHASES = (Phase.BLIND, Phase.DRAW)


class SpadesSession:
    """One game of Spades. See the module docstring for the time model.

    ``bots`` maps a seat to its computer player; the other seats send intents.
    ``auto_deal``: deal each next hand as soon as the last is scored (default: when
    every seat is a bot). ``max_hands``: stop, unfinished, after that many hands (the
    rules set no limit, SD12). ``collect_events``: keep ``Step``s for ``drain``.
    """

    def __init__(
        self,
        hands: HandSource,
        *,
        target: int = 500,
        first: int = 0,
        bots: Mapping[Seat, Player] | None = None,
        pace: BotPace | None = None,
        recorders: Iterable[SpadesRecorder] = (),
        clock: Clock | None = None,
        auto_deal: bool | None = None,
        max_hands: int | None = None,
        collect_events: bool = True,
    ) -> None:
        self._hands = hands
        self.bots = dict(bots or {})
        self.pace = pace or BotPace()
        self._recorders = list(recorders)
        self.auto_deal = len(self.bots) == 2 if auto_deal is None else auto_deal
        self.max_hands = max_hands
        self._collect = collect_events
        self._outbox: list[Step] = []
        self.time = 0
        """Game time processed so far."""
        self.played = False
        """Whether a card was played: a game without one leaves no replay."""
        self.inputs = 0
        """Inputs that reached the rules (accepted or refused)."""
        self._bot_due: int | None = None
        self._time = GameTime(clock)
        orders = hands.next()
        self.state: State = new_game(*orders, target=target, first=first)
        for rec in self._recorders:
            rec.on_hand(0, 1, orders)
        self._emit(Step(0, None, None, True, (HandStarted(1, first),)))
        self._follow(0)

    # -- what a front end reads ------------------------------------------------------

    def view(self, player: Seat) -> PlayerView:
        """The game as ``player`` may see it."""
        return observe(self.state, player)

    def legal(self, player: Seat) -> list[Action]:
        return legal_actions(self.state, player)

    @property
    def to_move(self) -> int | None:
        return to_move(self.state)

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def finished(self) -> bool:
        """Over, or stopped unfinished at ``max_hands``."""
        state = self.state
        return state.phase is Phase.GAME_OVER or (
            state.phase is Phase.HAND_OVER
            and self.max_hands is not None
            and state.hand >= self.max_hands
        )

    def drain(self, viewer: Seat | None = None) -> list[Step]:
        """The steps since the last call, oldest first; their events as ``viewer`` may
        see them (``redact``), or whole for ``None``."""
        out, self._outbox = self._outbox, []
        if viewer is None:
            return out
        return [
            Step(s.t, s.player, s.action, s.accepted, tuple(redact(e, viewer) for e in s.events))
            for s in out
        ]

    # -- explicit time ---------------------------------------------------------------

    def next_due(self) -> int | None:
        """When a bot acts next (not while paused), or ``None``."""
        if self._bot_due is None or self.paused:
            return None
        return max(self._bot_due, self.time)

    def advance_to(self, t: int) -> None:
        """Let every bot act that is due by game time ``t``."""
        if t < self.time:
            raise ValueError(f"time went backwards: {t} < {self.time}")
        while (due := self.next_due()) is not None and due <= t:
            self.time = due
            self._bot_acts(due)
        self.time = t

    def run_to_end(self) -> None:
        """Jump from one bot decision to the next until nothing is due: how bots play
        a whole game (``auto_deal``), or up to a person's turn."""
        while (due := self.next_due()) is not None:
            self.advance_to(due)

    def submit_at(self, t: int, player: Seat, intent: Intent) -> Handling:
        """``player``'s intent arriving at game time ``t`` (bots due before it act first)."""
        self.advance_to(t)
        return self._handle(t, player, intent)

    def hand_to_bot(self, player: Seat, bot: Player) -> None:
        """From now on ``bot`` plays ``player``'s seat (a network player who did not
        come back): if it is that seat's turn, the bot acts after its pace."""
        self.bots[player] = bot
        self._follow(self.time)

    # -- clock time ------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self._time.paused

    def now(self) -> int:
        """Game time by the clock: time since the session began, less time paused."""
        return self._time.now(self.time)

    def update(self) -> None:
        """Catch up with the clock: the bots due by now act."""
        if not self.paused:
            self.advance_to(self.now())

    def submit(self, player: Seat, intent: Intent) -> Handling:
        """An intent arriving now; refused while paused."""
        if self.paused:
            return Handling(self.time, player, intent, refusal=Refusal.PAUSED)
        return self.submit_at(self.now(), player, intent)

    def pause(self) -> None:
        """Stop the game's clock: bots wait, keys are refused."""
        if not self._time.can_pause:
            return
        self.advance_to(self.now())
        self._time.pause()

    def resume(self) -> None:
        self._time.resume()

    # -- internals -------------------------------------------------------------------

    def _handle(self, t: int, player: Seat, intent: Intent) -> Handling:
        if self.finished:
            return Handling(t, player, intent, refusal=Refusal.GAME_OVER)
        meant = self._resolve(player, intent)
        if isinstance(meant, Refusal):
            return Handling(t, player, intent, refusal=meant)
        if isinstance(meant, NextHand):
            self._deal(t)
            return Handling(t, player, intent, meant)
        if isinstance(meant, Card):
            return Handling(t, player, intent, picked=meant)
        reason = self._apply(t, player, meant)
        return Handling(t, player, intent, meant, refusal=reason)

    def _resolve(self, player: Seat, intent: Intent) -> Action | NextHand | Card | Refusal:
        """What ``intent`` means now: an action, the next hand, a card picked for the
        exchange, or why it means nothing (see ``intents``)."""
        phase = self.state.phase
        between = phase is Phase.HAND_OVER
        if isinstance(intent, NextHand) or (isinstance(intent, Confirm) and between):
            return NextHand() if phase is Phase.HAND_OVER else Refusal.NO_MEANING
        if between and not isinstance(intent, Key | Confirm):
            # an action between hands (over the network, one that crossed the hand's
            # last card) means nothing, and is not recorded: a replay goes from a
            # hand's end to the next hand's deal
            return Refusal.NO_MEANING
        if not isinstance(intent, Key | Confirm):
            return intent  # an action: the rules judge it
        if to_move(self.state) != player:
            return Refusal.NOT_YOUR_TURN
        if isinstance(intent, Confirm):
            return _confirmed(phase, intent)
        letter = intent.letter
        if phase is Phase.BLIND and letter in ("b", "n"):
            return DeclareBlindNil() if letter == "b" else DeclineBlindNil()
        if phase is Phase.DRAW and letter in ("k", "d"):
            return Keep() if letter == "k" else Discard()
        if phase in (Phase.EXCHANGE, Phase.PLAY):
            card = card_of(self.view(player), letter)
            if card is not None:
                return card if phase is Phase.EXCHANGE else PlayCard(card)
        return Refusal.NO_MEANING

    def _apply(self, t: int, player: Seat, action: Action) -> Reason | None:
        """Apply and record ``action``; the rules' reason if they refuse it."""
        outcome = apply(self.state, player, action)
        self.inputs += 1
        accepted = isinstance(outcome, Applied)
        if isinstance(outcome, Applied):
            self.state = outcome.state
            self.played = self.played or isinstance(action, PlayCard)
        for rec in self._recorders:
            rec.on_input(t, player, action, accepted, self.state)
        if not isinstance(outcome, Applied):
            return outcome.reason
        self._emit(Step(t, player, action, True, outcome.events))
        self._follow(t)
        return None

    def _bot_acts(self, t: int) -> None:
        mover = to_move(self.state)
        self._bot_due = None
        if mover is None or mover not in self.bots:
            return
        player = SEATS[mover]
        action = self.bots[player].choose(observe(self.state, player), self.legal(player))
        reason = self._apply(t, player, action)
        if reason is not None:  # a bot chooses from the legal actions
            raise AssertionError(f"the bot chose an illegal action {action}: {reason.value}")

    def _deal(self, t: int) -> None:
        orders = self._hands.next()
        applied = next_hand(self.state, *orders)
        self.state = applied.state
        for rec in self._recorders:
            rec.on_hand(t, self.state.hand, orders)
        self._emit(Step(t, None, None, True, applied.events))
        self._follow(t)

    def _follow(self, t: int) -> None:
        """After a change: deal the next hand if due, or time the bot whose turn it is."""
        if self.finished:
            self._bot_due = None
            return
        state = self.state
        if state.phase is Phase.HAND_OVER:
            self._bot_due = None
            if self.auto_deal:
                self._deal(t)
            return
        if state.turn in self.bots:
            pace = self.pace
            self._bot_due = t + (pace.draw_ms if state.phase in _DRAW_PHASES else pace.move_ms)
        else:
            self._bot_due = None

    def _emit(self, step: Step) -> None:
        if self._collect:
            self._outbox.append(step)


def _confirmed(phase: Phase, confirm: Confirm) -> Action | Refusal:
    """What Enter means in ``phase`` (not between hands: that is ``NextHand``)."""
    if phase is Phase.PLAY and confirm.card is not None:
        return PlayCard(confirm.card)
    if phase is Phase.EXCHANGE:
        return Exchange(tuple(confirm.chosen))
    if phase is Phase.BID:
        if not confirm.bid:
            return Refusal.NO_BID
        if not confirm.bid.isdigit() or int(confirm.bid) > TRICKS_PER_HAND:
            return Refusal.BID_TOO_HIGH
        return Bid(int(confirm.bid))
    return Refusal.NO_MEANING
