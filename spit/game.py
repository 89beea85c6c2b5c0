"""What a game is, to the code that is written once for every game.

A game is its rules, its bot, its codec and its screens; the rest (the real-time
session, and on top of it replays, the simulator, statistics, the network room) is
written once and drives any game through the ``Game`` protocol below. It is
OpenSpiel's Game/State/Observer adapted to real time:

- **Metadata** (``GameInfo``): the key files and the statistics know the game by, its
  title, seats, whether it is played in real time or in turns, whether a seat's cards
  are hidden from the other, whether it can end in a draw, its options (``Option``:
  a variant, a target score), what a round is called, and its engine's version.
- **Chance** is drawn apart from being applied. ``draw_first`` and ``draw_next`` draw
  a deal from a seeded ``spit.core.dealer.Dealer``; ``start`` and ``deal`` apply a
  deal given to them, and refuse one that does not fit (``ValueError``). A replay
  records every deal (a ``deal`` or ``hand`` line) and gives it back, so it never
  depends on how the shuffle is written, and a deal it gives is checked.
- **Intents and actions.** An action is a complete decision the rules judge (Spit's
  ``play 3 0``, Spades' ``bid 4``); an intent is what a key or a network client
  sends, whose meaning depends on the moment it arrives (Spit's "stockpile 3, left"
  is a play while playing and a slap once the round is over). Every action is also an
  intent, meaning itself. ``resolve`` says what an intent means on the table as it is;
  ``apply`` validates and applies an action at a time: the new state (``Timed``) or a
  ``spit.core.outcome.Rejected`` with the reason, the state untouched.
- **Time.** Beside the rules' state a game keeps a ``Stage``: its timers (when the next
  is due), whether it waits for a deal, whether it is over. ``run_timers`` runs what
  is due. Spit's countdowns, automatic spits, slap window and its default, and the
  pause before the next deal are rules (``docs/rules_sources/``), so they live with
  its rules in ``spit.engine.timers``, pure, with the time as an argument. A game in
  turns has nothing due (Spades): how long a bot takes is the bot's, not the rules'.
- **Observation.** ``observe`` is what a seat may know of the state, and a spectator
  (``None``) what both may; ``tell`` is an event as a seat may be told it, and
  ``tell_action`` an input's action. Everything that leaves the process (the network,
  another seat's screen) is built from these, so nothing hidden can leak.
- **Outcome**: the winner or winners, or a draw, with the scores and why it ended.
- **State hash**: equal states hash equal on every machine (replays check them).
- **Codec** (``Codec``): the text of intents, actions and deals that the replays and
  the network protocol use.

The bots are the game's own code and may read its state directly rather than an
observation: building a view for every decision would cost the simulator more than
it can spare, and a bot that reads only what its seat may see is the game's promise
(Spades' bots decide from ``observe``; Spit has nothing hidden).

Type parameters, in the order ``Game`` takes them:

======  ================================================  ============================
name    what                                              Spit / Spades
======  ================================================  ============================
``S``   the rules' state (immutable)                      ``State`` / ``State``
``G``   the stage: timers, deal awaited, over             ``timers.Stage`` / ``Turns``
``A``   an action                                         ``Action`` / ``Action``
``I``   an intent (its actions included)                  ``Intent`` / ``Intent``
``C``   a chance outcome: one deal                        ``Orders`` / ``HandOrders``
``E``   an event a change tells                           ``Event`` (+ timers') / ``Event``
``R``   why an input or intent is refused                 ``Reason`` / ``Reason | Refusal``
``O``   what one seat observes                            ``PlayerView`` / ``PlayerView``
======  ================================================  ============================

This module is a layer of its own, above ``spit.core`` and below every game: the
games implement it, and the layers written once (``spit.play``) use it and import
no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from msgspec import Struct

from spit.core.dealer import Dealer
from spit.core.outcome import Refusal, Rejected
from spit.core.seats import Seat

# -- what a game is called, and what it can be asked ----------------------------------


class Option(Struct, frozen=True):
    """One option of a game a player may choose (a command line's ``--variant``, a new
    room's form): one of ``values`` (the first is the default), or, without values, a
    whole number from ``lowest`` to ``highest`` (``default`` first)."""

    key: str
    """Its name in a mapping of options (``variant``)."""
    label: str
    """What a form calls it (``Variant``)."""
    values: tuple[str, ...] = ()
    lowest: int = 0
    highest: int = 0
    default: int = 0
    in_rooms: bool = True
    """Offered when a room is opened on a server (Spit's target is not, yet)."""

    def check(self, title: str, value: object) -> str | int:
        """``value`` if this option takes it. Raises ``ValueError`` with a message for
        the player of the game called ``title``."""
        if self.values:
            if value not in self.values:
                raise ValueError(f"{title}: the {self.key} is one of {', '.join(self.values)}")
            return str(value)
        if type(value) is not int or not self.lowest <= value <= self.highest:
            raise ValueError(
                f"{title}: the {self.key} is a whole number from {self.lowest} to {self.highest}"
            )
        return value


def check_options(
    title: str, options: Sequence[Option], given: Mapping[str, object]
) -> dict[str, str | int]:
    """``given`` (a client's or a command line's options for the game ``title``), each
    checked by the game's option of that key; the ones left out are left to the game's
    defaults. Raises ``ValueError`` for a key the game has not or a value it does not
    take, with a message fit to show."""
    known = {option.key: option for option in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"{title} has no option {unknown[0]}; it has {', '.join(known)}")
    return {key: known[key].check(title, value) for key, value in given.items()}


class GameInfo(Struct, frozen=True):
    """What every layer may know of a game without loading its rules."""

    key: str
    """Its name in files, the statistics and the network (``spit``, ``spades``)."""
    title: str
    """Its name to people (``Spit``)."""
    seats: int
    real_time: bool
    """Played in real time (everyone at once), not in turns."""
    hidden_information: bool
    """A seat holds cards the other may not see (observations differ by seat)."""
    can_draw: bool
    """The game can end without a winner."""
    options: tuple[Option, ...]
    round_word: str
    """What one round is called: ``round``, ``hand``."""
    engine_version: str
    """Bumped when the rules' behaviour changes; replays record it."""


class Outcome(Struct, frozen=True):
    """How a finished game ended."""

    winners: tuple[Seat, ...]
    """The winning seats; empty for a draw."""
    scores: tuple[int, ...]
    """Each seat's score, in seat order, as the game counts it."""
    reason: str
    """Why it ended, as a word: Spit's ``cards`` or ``points``, Spades' ``points``, or
    ``forfeit`` and ``left`` over the network."""

    @property
    def draw(self) -> bool:
        return not self.winners

    @property
    def winner(self) -> Seat | None:
        """The one winner, if there is exactly one."""
        return self.winners[0] if len(self.winners) == 1 else None


# -- time and chance ------------------------------------------------------------------


class Stage(Protocol):
    """What a session needs to know of a game beside its rules' state: when its next
    timer is due, whether it waits for a deal, whether it is over. Each game has its
    own (Spit's holds its countdowns and slap window, ``spit.engine.timers``)."""

    @property
    def due(self) -> int | None:
        """Game time at which ``run_timers`` has something to do; ``None``: nothing."""
        ...

    @property
    def dealing(self) -> bool:
        """The game waits for the next deal (a chance outcome): ``deal`` it."""
        ...

    @property
    def over(self) -> bool:
        """The game is over: nothing more is due or taken."""
        ...


S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O_co = TypeVar("O_co", covariant=True)
E_co = TypeVar("E_co", covariant=True)


class Timed(Struct, Generic[S, G, E], frozen=True, gc=False):
    """A game after a change: its rules' state, its stage, what happened (in order),
    and whether the change ended a round (the moment a replay keeps a checkpoint)."""

    state: S
    stage: G
    events: tuple[E, ...]
    round_over: bool = False


class Turns(Struct, frozen=True, gc=False):
    """The stage of a game played in turns (Spades, War): nothing is ever due; between
    rounds it may wait for the next deal; at the end it is over."""

    dealing: bool = False
    over: bool = False

    @property
    def due(self) -> None:
        return None


class TimedEvent(Struct, Generic[E_co], frozen=True, gc=False):
    """An event and the game time it happened at: what a session tells its agents and
    front ends."""

    t: int
    event: E_co


class NextDeal(Struct, frozen=True):
    """What an intent means when it asks for the next deal: a player who has seen a
    hand's score and says "next" (Spades, played by a person). The session deals if a
    deal is awaited; nothing is recorded."""


# -- the game ---------------------------------------------------------------------------


class Codec(Protocol[I, A, C]):
    """The text of a game's intents, actions and deals: what the replays and the
    network protocol hold. Every ``parse`` raises ``ValueError`` with a message fit to
    show (the text quoted safely, cut short) and never anything else."""

    def intent_text(self, intent: I) -> str: ...

    def parse_intent(self, text: str) -> I: ...

    def action_text(self, action: A) -> str: ...

    def parse_action(self, text: str) -> A: ...

    def deal_fields(self, chance: C) -> dict[str, str]:
        """A deal as a replay's ``deal``/``hand`` line holds it: by key, cards in the
        replays' notation (``"TD 3C AS"``, ``spit.core.replay.fields.card_names``)."""
        ...

    def read_deal(self, fields: Mapping[str, object]) -> C:
        """What ``deal_fields`` wrote (other keys are ignored)."""
        ...


@dataclass(frozen=True, slots=True)
class FunctionCodec(Generic[I, A, C]):
    """A ``Codec`` made of a game's functions."""

    intent_text: Callable[[I], str]
    parse_intent: Callable[[str], I]
    action_text: Callable[[A], str]
    parse_action: Callable[[str], A]
    deal_fields: Callable[[C], dict[str, str]]
    read_deal: Callable[[Mapping[str, object]], C]


class Game(Protocol[S, G, A, I, C, E, R, O_co]):
    """A game with its options chosen, as a session plays it (see the module docstring
    for the parts and the type parameters). Every method is pure: the state and stage
    it is given are never changed, and the same arguments give the same answer."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def codec(self) -> Codec[I, A, C]: ...

    # -- chance

    def draw_first(self, dealer: Dealer) -> C:
        """The first deal, drawn from ``dealer``."""
        ...

    def draw_next(self, state: S, dealer: Dealer) -> C:
        """The next deal for ``state`` (whose stage is ``dealing``), from ``dealer``."""
        ...

    def start(self, chance: C) -> Timed[S, G, E]:
        """The game at time 0, dealt ``chance``. Raises ``ValueError`` for a deal the
        rules refuse, saying why."""
        ...

    def deal(self, state: S, stage: G, t: int, chance: C) -> Timed[S, G, E]:
        """The next round dealt ``chance`` at ``t`` (the stage is ``dealing``). Raises
        ``ValueError`` for a deal the rules refuse, saying why."""
        ...

    # -- inputs

    def resolve(self, state: S, stage: G, seat: Seat, intent: I) -> A | R | NextDeal:
        """What ``intent`` from ``seat`` means now: an action (which ``apply`` may still
        reject), the next deal, or why it means nothing (not recorded)."""
        ...

    def legal_actions(self, state: S, stage: G, seat: Seat) -> Sequence[A]:
        """Every action ``seat`` may take now (none a timer takes for it), in a fixed
        order; empty when it can do nothing (OpenSpiel's convention)."""
        ...

    def apply(
        self, state: S, stage: G, t: int, seat: Seat, action: A
    ) -> Timed[S, G, E] | Rejected[R]:
        """``seat``'s ``action`` at ``t``: the game after it, or why the rules refuse it."""
        ...

    def lost_race(self, stage: G, t: int, seat: Seat, action: A, reason: R) -> bool:
        """Whether an action refused at ``t`` for ``reason`` was legal a moment before,
        until another seat's change got there first (Spit's R10, "too slow"). A game in
        turns has no races."""
        ...

    # -- time

    def run_timers(self, state: S, stage: G, t: int, horizon: int) -> Timed[S, G, E]:
        """Run what is due at ``t`` (``stage.due``); with nobody looking before
        ``horizon``, also the later timers nobody would see (Spit's runs of stalls),
        leaving the game as running them one by one would."""
        ...

    # -- what each seat may know

    def observe(self, state: S, seat: Seat | None) -> O_co:
        """What ``seat`` may know of ``state``; for ``None`` (a spectator) what every
        seat may."""
        ...

    def tell(self, event: E, seat: Seat | None) -> E:
        """``event`` as ``seat`` may be told it (``None``: a spectator)."""
        ...

    def tell_action(self, action: A, by: Seat, seat: Seat | None) -> A | None:
        """``by``'s ``action`` as ``seat`` may be told it: itself, or ``None`` when the
        action itself is private (a Spades exchange names the cards given away)."""
        ...

    # -- the end, and the hash

    def outcome(self, state: S) -> Outcome | None:
        """How the game in ``state`` ended; ``None`` while it goes on."""
        ...

    def state_hash(self, state: S) -> str:
        """A digest of ``state`` that equal states share on every machine."""
        ...
