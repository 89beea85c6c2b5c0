"""Each game as the battery (``tests/games/test_battery.py``) plays it: what the battery
cannot ask the game itself, kept as small as it can be.

- ``game``: the game with the options its replay writer and network table are given
  (``net_options``);
- ``players``: two seeded agents that play a whole game to its end (random legal play
  need not end: Spades' random bids never reach a target);
- ``writer``: the game's replay writer (``None``: not yet written once for every game);
- ``hidden``: the cards the rules hide from a seat now (``None``: a spectator), which
  nothing sent to it may name;
- ``net_intents``: the texts a network client may send now, and ``next_text``, what
  it sends for the next deal (``None``: the game deals by itself);
- ``events``: the game's events, for a game the wire written once sends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from spit.core.cards import Card
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import SEATS, Seat
from spit.games.descriptor import GameDescriptor
from spit.games.spades import descriptor as spades_descriptor
from spit.games.spades.engine import events as spades_events
from spit.games.spit import descriptor as spit_descriptor
from spit.play.session import Session
from spit.tui.shared.front_ends import FrontEnds
from tests.war import descriptor as war
from tests.war import engine as war_engine

PEOPLE: Final = (PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob"))
"""Two people with names of their own, so that a game between them is rated."""
CREATED: Final = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SPADES_TARGET: Final = 250
"""Half the rules' 500: whole games in half the time."""

AnySession = Session[Any, Any, Any, Any, Any, Any, Any, Any]


@dataclass(frozen=True)
class Entry:
    descriptor: GameDescriptor
    game: Callable[[], Any]
    players: Callable[[int], Sequence[Any]]
    writer: Callable[[Path, int], Any] | None
    hidden: Callable[[Any, Seat | None], frozenset[Card]]
    net_intents: Callable[[AnySession, Seat], list[str]]
    next_text: str | None = None
    net_options: Mapping[str, object] = field(default_factory=dict)
    """The network table's options that give ``game``'s."""
    events: object = None
    """The game's events (a union of their classes), for a game sent by the wire written
    once (``spit.play.net_table.ObservedWire``), whose news the battery reads back."""
    screens: FrontEnds | None = None
    """Installed by ``extra_game`` (a game of the tests); ``None``: the program's own."""

    @property
    def name(self) -> str:
        return self.descriptor.name


def _codec_intents(session: AnySession, seat: Seat) -> list[str]:
    codec = session.game.codec
    return [codec.intent_text(action) for action in session.legal_actions(seat)]


# -- Spit


def _spit() -> Any:
    from spit.games.spit.game import Game

    return Game()


def _spit_players(seed: int) -> Sequence[Any]:
    from tests.replay.agents import RandomAgent

    return [RandomAgent(0, seed), RandomAgent(1, seed)]


def _spit_writer(directory: Path, seed: int) -> Any:
    from spit.engine import Variant
    from spit.engine.timers import Timing
    from spit.games.spit.replay import ReplayWriter

    return ReplayWriter.create(
        directory,
        players=PEOPLE,
        variant=Variant.STANDARD,
        target=100,
        timing=Timing(),
        seed=seed,
        created=CREATED,
    )


def _spit_hidden(state: Any, seat: Seat | None) -> frozenset[Card]:
    """Spit hides the stockpiles' face-down cards and the spit cards, from everyone."""
    down = [card for stocks in state.stocks for pile in stocks for card in pile[:-1]]
    return frozenset(down + [card for hand in state.hands for card in hand])


def _spit_intents(session: AnySession, seat: Seat) -> list[str]:
    from spit.games.spit.game import useful_intents
    from spit.games.spit.intents import intent_text

    return [intent_text(key) for key, _ in useful_intents(session.state, session.stage, seat)]


# -- Spades


def _spades() -> Any:
    from spit.games.spades.game import Game

    return Game(target=SPADES_TARGET)


def _spades_players(seed: int) -> Sequence[Any]:
    from spit.games.spades.bots import make_bot
    from spit.games.spades.bots.agent import BotAgent, BotPace

    pace = BotPace(move_ms=300, draw_ms=200)
    return [BotAgent(seat, make_bot("easy", seat, seed + seat), pace) for seat in SEATS]


def _spades_writer(directory: Path, seed: int) -> Any:
    from spit.games.spades.replay import ReplayWriter

    return ReplayWriter.create(
        directory, players=PEOPLE, seed=seed, target=SPADES_TARGET, created=CREATED
    )


def _spades_hidden(state: Any, seat: Seat | None) -> frozenset[Card]:
    """The other's hand and the cards it laid aside, and the stock, but for its top card
    while ``seat`` draws; less what ``seat`` has seen: its hand, the cards it laid aside
    and drew back, and every card played this hand (SD14)."""
    from spit.games.spades.engine import Phase, to_move

    others = SEATS if seat is None else (1 - seat,)
    cards = {c for o in others for c in (*state.hands[o], *state.discards[o])}
    drawing = state.phase is Phase.DRAW and seat is not None and to_move(state) == seat
    cards |= set(state.stock[1:] if drawing else state.stock)
    if seat is not None:
        cards -= {*state.hands[seat], *state.discards[seat], *state.received[seat]}
    played = [*state.trick, *(card for trick in state.tricks for card in trick[1:])]
    return frozenset(cards.difference(played))


# -- War, a game of the tests


def _war_players(seed: int) -> Sequence[Any]:
    from tests.war.bot import WarBot

    return [WarBot(seat, seed + seat) for seat in SEATS]


def _war_hidden(state: Any, seat: Seat | None) -> frozenset[Card]:
    return frozenset(state.piles[0] + state.piles[1])


def _war_writer(directory: Path, seed: int) -> Any:
    from spit.replay.writer import ReplayWriter
    from tests.war.descriptor import FORMAT, Header

    header = Header(players=PEOPLE, seed=seed, created=CREATED.isoformat())
    return ReplayWriter.begin(FORMAT, directory, header, when=datetime.now().astimezone())


def _war() -> Any:
    from tests.war.game import WarGame

    return WarGame()


ENTRIES: Final = {
    entry.name: entry
    for entry in (
        Entry(
            spit_descriptor.DESCRIPTOR,
            _spit,
            _spit_players,
            _spit_writer,
            _spit_hidden,
            _spit_intents,
        ),
        Entry(
            spades_descriptor.DESCRIPTOR,
            _spades,
            _spades_players,
            _spades_writer,
            _spades_hidden,
            _codec_intents,
            next_text="next",
            net_options={"target": SPADES_TARGET},
            events=spades_events.Event,
        ),
        Entry(
            war.DESCRIPTOR,
            _war,
            _war_players,
            _war_writer,
            _war_hidden,
            _codec_intents,
            events=war_engine.Event,
            screens=war.FRONT_ENDS,
        ),
    )
}
"""Every game the battery knows: the program's and the tests' own."""
