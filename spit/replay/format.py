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
    MAX_TIME_MS,
    FormatError,
    PlayerInfo,
    get_int,
    get_optional_int,
    hash_of,
    player_of,
)
from spit.core.replay.line_parts import (
    end_json,
    input_json,
    line_json,
    read_accepted,
    read_action,
    read_record,
    read_scores,
)
from spit.core.replay.seat_records import bot_reader, forfeit_reader
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

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, obj: dict[str, Any], version: tuple[int, int]) -> Self: ...


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
    accepts: Callable[[dict[str, Any]], None]
    """Raises ``UnreadableReplay`` unless a header is of this game (the registry's
    ``refuse_other_games``: a header without ``game`` is the first game's)."""
    suffix: str
    header: type[H]
    codec: Codec[I, A, C]
    game_for: Callable[[H], Game[S, G, A, I, C, E, R, O]]
    """The game a header's options describe, as a replay re-plays it."""
    read_deal: Callable[[dict[str, Any]], C]
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
        accepts: Callable[[dict[str, Any]], None],
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
    """A game's lines both ways, with its words and limits: JSON out (``*_json``)
    and in (``read``)."""

    def __init__(self, fmt: ReplayFormat[Any, Any, Any, A, Any, C, Any, Any, Any]) -> None:
        self.real_time = fmt.real_time
        self.deal_type = fmt.deal_type
        self.round_key = fmt.round_key
        self.count_key = fmt.count_key
        self.max_rounds = fmt.max_rounds
        self.score_range = fmt.score_range
        self._deal_fields = fmt.codec.deal_fields
        self._read_deal = fmt.read_deal
        self._parse_action = fmt.codec.parse_action
        self._max_action_text = fmt.max_action_text
        self._action_example = fmt.action_example
        self._kinds: Mapping[str, Callable[[dict[str, Any], int], Any]] = {
            fmt.deal_type: self._deal,
            "input": self._input,
            "checkpoint": self._checkpoint,
            "forfeit": forfeit_reader(self._time),
            "bot": bot_reader(self._time),
            "end": self.read_end,
        }

    # -- out

    def deal_json(self, deal: Deal[C]) -> dict[str, Any]:
        fields = {self.round_key: deal.round, **self._deal_fields(deal.deal)}
        return line_json(self.deal_type, deal.t, fields)

    def input_json(self, record: Input[A]) -> dict[str, Any]:
        return input_json(record.t, record.player, record.action, record.accepted)

    def checkpoint_json(self, record: Checkpoint) -> dict[str, Any]:
        return line_json("checkpoint", record.t, {"hash": record.hash})

    def end_json(self, record: End) -> dict[str, Any]:
        count = (self.count_key, record.rounds)
        return end_json(record.t, record.winner, count, record.scores, record.hash)

    def json(self, record: Deal[C] | Input[A] | Checkpoint | End) -> dict[str, Any]:
        """Any of this module's lines as the file holds it."""
        match record:
            case Deal():
                return self.deal_json(record)
            case Input():
                return self.input_json(record)
            case Checkpoint():
                return self.checkpoint_json(record)
            case End():
                return self.end_json(record)

    # -- in

    def read(self, data: Any, line: int) -> Record[C, A]:
        """The record a parsed JSON line holds. Raises ``FormatError``."""
        record: Record[C, A] = read_record(data, line, self._kinds)
        return record

    def _time(self, obj: dict[str, Any]) -> int | None:
        if self.real_time:
            return get_int(obj, "t", 0, MAX_TIME_MS)
        return get_optional_int(obj, "t", 0, MAX_TIME_MS)

    def _deal(self, obj: dict[str, Any], line: int) -> Deal[C]:
        number = get_int(obj, self.round_key, 1, self.max_rounds)
        if self.real_time:
            t: int | None = get_int(obj, "t", 0, MAX_TIME_MS, default=0 if number == 1 else None)
        else:
            t = self._time(obj)
        try:
            deal = self._read_deal(obj)
        except FormatError:
            raise
        except ValueError as err:  # a codec's: it says what is wrong
            raise FormatError(str(err)) from None
        return Deal(t, number, deal, line)

    def _input(self, obj: dict[str, Any], line: int) -> Input[A]:
        action = read_action(obj, self._parse_action, self._max_action_text, self._action_example)
        accepted = read_accepted(obj)
        return Input(self._time(obj), player_of(obj, "player"), action, accepted, line)

    def _checkpoint(self, obj: dict[str, Any], line: int) -> Checkpoint:
        return Checkpoint(self._time(obj), hash_of(obj), line)

    def read_end(self, obj: dict[str, Any], line: int) -> End:
        """A closing line (the replay listings read it alone). Raises ``FormatError``."""
        scores = read_scores(obj, *self.score_range)
        rounds = get_int(obj, self.count_key, 1, self.max_rounds)
        drawn = "winner" in obj and obj["winner"] is None
        winner = None if drawn else player_of(obj, "winner")
        return End(self._time(obj), winner, rounds, scores, hash_of(obj), line)
