"""What a game tells the replay code written once: its header, its words and limits.

Every line after the header has one shape for every game (``spit.replay.records``);
what differs is the header (the game's options, ``H``), the deal line's type and
fields (through the game's ``spit.game.Codec``), what a round is called, the range of
a score, whether every line must say its time (a game in real time) and how often the
writer adds a checkpoint. ``docs/replay-format.md`` is the specification.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, Protocol, Self, TypeVar

from spit.core.outcome import Refusal
from spit.core.replay.fields import (
    PLAYER_KEYS,
    FormatError,
    PlayerInfo,
    UnknownLineType,
    converted,
    show,
)
from spit.core.replay.line_parts import (
    BotLine,
    CheckpointLine,
    DealLine,
    EndLine,
    ForfeitLine,
    GameLines,
    InputLine,
    Line,
    line_json,
)
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.seats import SEATS, Seat
from spit.core.wire import JsonObject
from spit.game import Codec, Game, GameInfo, Stage
from spit.replay.records import Checkpoint, Deal, End, Input, Record


class Header(Protocol):
    """What every game's header holds beside its options, and its JSON both ways."""

    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]: ...
    @property
    def created(self) -> str | None: ...
    @property
    def engine(self) -> str | None: ...
    @property
    def network(self) -> bool: ...

    def to_json(self) -> JsonObject: ...

    @classmethod
    def from_json(cls, obj: JsonObject, version: tuple[int, int]) -> Self: ...


H = TypeVar("H", bound=Header)
S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741  (the observation)


@dataclass(frozen=True)
class ReplayFormat(Generic[H, S, G, A, I, C, E, R, O]):
    """One game's replay files (see the module docstring)."""

    key: str
    """The header's ``game`` (``GameInfo.key``)."""
    accepts: Callable[[JsonObject], None]
    """Raises ``UnreadableReplay`` unless a header is of this game (the registry's
    ``refuse_other_games``: a header without ``game`` is the first game's)."""
    suffix: str
    header: type[H]
    codec: Codec[I, A, C]
    game_for: Callable[[H], Game[S, G, A, I, C, E, R, O]]
    """The game a header's options describe, as a replay re-plays it."""
    read_deal: Callable[[Mapping[str, object]], C]
    """A deal line's cards (``Codec.read_deal`` and the checks of the deck). Raises
    ``FormatError``."""
    scores: Callable[[S], tuple[int, int]]
    """Each seat's score now, finished or not (a forfeit's closing line has them)."""
    deal_type: str
    """The type of a deal line: ``deal``, ``hand``."""
    round_key: str
    """The key of a deal line's number: ``round``, ``hand``."""
    count_key: str
    """The key of the closing line's count of rounds: ``rounds``, ``hands``."""
    real_time: bool
    """Every line says its time, and the time is part of the game."""
    score_range: tuple[int, int]
    max_rounds: int
    max_action_text: int
    action_example: str
    checkpoint_every: int | None
    """Inputs between two checkpoints besides those at round ends (``None``: only those)."""
    engine_label: str
    """What a mismatch calls the rules it was played by: ``engine``, ``Spades engine``."""
    out_of_order: str
    """The reader's problem with a deal of the wrong number (``{expected}``, ``{found}``)."""
    no_first_deal: str
    """The reader's problem with a file whose first line is not the first deal."""

    @classmethod
    def plain(
        cls,
        info: GameInfo,
        suffix: str,
        header: type[H],
        accepts: Callable[[JsonObject], None],
        game_for: Callable[[H], Game[S, G, A, I, C, E, R, O]],
        scores: Callable[[S], tuple[int, int]],
        codec: Codec[I, A, C],
        most: tuple[int, int],
    ) -> ReplayFormat[H, S, G, A, I, C, E, R, O]:
        """The format of a game with nothing of its own in its lines: a ``deal`` line
        numbered and counted in its ``GameInfo.round_word``, its deal's fields its
        codec's, checkpoints at rounds' ends, and ``most`` (the highest score, the
        most rounds)."""
        word = info.round_word
        return cls(
            key=info.key,
            accepts=accepts,
            suffix=suffix,
            header=header,
            codec=codec,
            game_for=game_for,
            read_deal=codec.read_deal,
            scores=scores,
            deal_type="deal",
            round_key=word,
            count_key=f"{word}s",
            real_time=info.real_time,
            score_range=(0, most[0]),
            max_rounds=most[1],
            max_action_text=64,
            action_example=f"an action of {info.title}",
            checkpoint_every=None,
            engine_label=f"{info.title} engine",
            out_of_order=f"expected the deal of {word} {{expected}}, not of {word} {{found}}",
            no_first_deal=f"the first line after the header must deal {word} 1",
        )

    @cached_property
    def lines(self) -> Lines[C, A]:
        """The lines after the header, both ways."""
        return Lines(self)


class Lines(Generic[C, A]):
    """A game's lines both ways, with its words and limits: records to the lines the
    file holds (``line``, ``json``) and back (``read``)."""

    def __init__(self, fmt: ReplayFormat[Any, Any, Any, A, Any, C, Any, Any, Any]) -> None:
        self.real_time = fmt.real_time
        self.deal_type = fmt.deal_type
        self.round_key = fmt.round_key
        self.count_key = fmt.count_key
        self.max_rounds = fmt.max_rounds
        self.score_range = fmt.score_range
        self.line_types = GameLines(
            fmt.deal_type, fmt.round_key, fmt.count_key, fmt.max_rounds, fmt.score_range
        )
        self._deal_fields = fmt.codec.deal_fields
        self._read_deal = fmt.read_deal
        self._parse_action = fmt.codec.parse_action
        self._max_action_text = fmt.max_action_text
        self._action_example = fmt.action_example

    # -- out

    def line(self, record: Record[C, A]) -> Line:
        """The line that holds ``record`` (a deal's cards are ``json``'s)."""
        match record:
            case Deal():
                return self.line_types.deal(t=record.t, number=record.round)
            case Input():
                return InputLine(
                    t=record.t,
                    player=PLAYER_KEYS[record.player],
                    action=str(record.action),
                    accepted=record.accepted,
                )
            case Checkpoint():
                return CheckpointLine(t=record.t, hash=record.hash)
            case End():
                return self.line_types.end(
                    t=record.t,
                    winner=None if record.winner is None else PLAYER_KEYS[record.winner],
                    count=record.rounds,
                    scores=record.scores,
                    hash=record.hash,
                )
            case Forfeit() | BotSeat():
                return record.line()

    def json(self, record: Record[C, A]) -> JsonObject:
        """Any line as the file holds it, key for key."""
        extra = self._deal_fields(record.deal) if isinstance(record, Deal) else None
        return line_json(self.line(record), extra)

    # -- in

    def read(self, obj: JsonObject) -> Record[C, A]:
        """The record a line's JSON object holds. Raises ``FormatError``
        (``UnknownLineType`` for a type this version does not know)."""
        kind = obj.get("type")
        if not (isinstance(kind, str) and kind in self.line_types.types):
            raise UnknownLineType(f"unknown line type {show(kind)}")
        line = converted(obj, self.line_types.by_type[kind])
        t = line.t
        if self.real_time and t is None and not isinstance(line, DealLine):
            raise FormatError("'t' is missing")
        match line:
            case DealLine():
                return self._deal(line, obj)
            case InputLine():
                return Input(t, _seat(line.player), self._action(line.action), line.accepted)
            case CheckpointLine():
                return Checkpoint(t, line.hash)
            case ForfeitLine():
                return Forfeit.of(line, t)
            case BotLine():
                return BotSeat.of(line, t)
            case EndLine():
                return self._end(line)
        raise AssertionError(f"a line of no known kind: {line!r}")

    def read_end(self, obj: JsonObject) -> End:
        """A closing line (the replay listings read it alone). Raises ``FormatError``."""
        if obj.get("type") != "end":
            raise FormatError(f"not a closing line: its type is {show(obj.get('type'))}")
        line = converted(obj, self.line_types.end)
        if self.real_time and line.t is None:
            raise FormatError("'t' is missing")
        return self._end(line)

    def _deal(self, line: DealLine, obj: JsonObject) -> Deal[C]:
        t = line.t
        if self.real_time and t is None:
            if line.number != 1:
                raise FormatError("'t' is missing")
            t = 0
        try:
            deal = self._read_deal(obj)
        except FormatError:
            raise
        except ValueError as err:  # a codec's: it says what is wrong
            raise FormatError(str(err)) from None
        return Deal(t, line.number, deal)

    def _action(self, text: str) -> A:
        """The action in the game's notation, at most ``max_action_text`` characters so
        that no parser ever sees a huge string."""
        if len(text) > self._max_action_text:
            raise FormatError(
                f"'action' must be an action such as \"{self._action_example}\", not {show(text)}"
            )
        try:
            return self._parse_action(text)
        except ValueError as err:
            raise FormatError(str(err)) from None

    def _end(self, line: EndLine) -> End:
        winner = None if line.winner is None else _seat(line.winner)
        return End(line.t, winner, line.count, line.scores, line.hash)


def _seat(key: str) -> Seat:
    return SEATS[PLAYER_KEYS.index(key)]
