"""The lines of a replay file as typed values, and their JSON form.

Both directions live here, side by side, so the writer can only write what the reader
accepts: every ``to_json`` has its ``from_json`` next to it. Reading is strict about
each field's type and range (the file may come from anywhere) and lenient about
anything it does not know (unknown keys are ignored, so that a newer minor version of
the format can add fields). ``docs/replay-format.md`` is the specification.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias

from spit.engine import DECK, Action, Card, Variant, card_name, parse_action, parse_card
from spit.match import Orders, Timing

FORMAT_NAME: Final = "spit-replay"
FORMAT_VERSION: Final = (1, 0)
"""(major, minor). A reader reads every minor version of its major; a new major means
old readers must refuse the file."""

MAX_TIME_MS: Final = 10**12
"""Input and event times are whole milliseconds from 0 up to this (about 31 years)."""
MAX_TARGET: Final = 1_000_000
MAX_SEED: Final = 2**64 - 1
MAX_SCORE: Final = 2**31 - 1
MAX_ROUNDS: Final = 1_000_000
MAX_TEXT: Final = 64
"""Longest name, level, policy, writer, engine or creation-time string, in characters."""
MAX_ACTION_TEXT: Final = 16

PLAYER_KEYS: Final = ("p1", "p2")
"""How files name the players: ``"p1"`` is player 0 in the engine."""

_VERSION = re.compile(r"([0-9]{1,4})\.([0-9]{1,4})")
_HASH = re.compile(r"[0-9a-f]{32}")


class FormatError(ValueError):
    """A line that does not follow the format; the message says what is wrong."""


class UnknownLineType(FormatError):
    """A line whose ``type`` this version does not know (maybe from a newer minor)."""


def show(value: object) -> str:
    """A value from the file, quoted safely for a message: ``repr`` escapes control
    characters (no terminal escapes get through) and the length is capped."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise FormatError(f"{what} must be a JSON object, not {show(data)}")
    return data


def _require(obj: dict[str, Any], key: str) -> Any:
    if key not in obj:
        raise FormatError(f"{key!r} is missing")
    return obj[key]


def _check_text(key: str, value: Any) -> str:
    if not (isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isprintable()):
        raise FormatError(
            f"{key!r} must be 1 to {MAX_TEXT} printable characters, not {show(value)}"
        )
    return value


def _check_int(key: str, value: Any, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise FormatError(f"{key!r} must be a whole number from {lo} to {hi}, not {show(value)}")
    return value


def _get_int(obj: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    if key not in obj and default is not None:
        return default
    return _check_int(key, _require(obj, key), lo, hi)


def _player(obj: dict[str, Any], key: str) -> int:
    value = obj.get(key)
    if value not in PLAYER_KEYS:
        raise FormatError(f'{key!r} must be "p1" or "p2", not {show(value)}')
    return PLAYER_KEYS.index(value)


def _hash(obj: dict[str, Any]) -> str:
    value = obj.get("hash")
    if not (isinstance(value, str) and _HASH.fullmatch(value)):
        raise FormatError(f"'hash' must be 32 lower-case hex digits, not {show(value)}")
    return value


def _cards(obj: dict[str, Any], key: str) -> tuple[Card, ...]:
    value = obj.get(key)
    if not isinstance(value, str):
        raise FormatError(
            f'{key!r} must be a string of cards such as "TD 3C AS", not {show(value)}'
        )
    return tuple(_card(key, token) for token in value.split())


def _card(key: str, token: str) -> Card:
    if len(token) <= 3:
        with contextlib.suppress(ValueError):
            return parse_card(token)
    raise FormatError(f"{key!r}: {show(token)} is not a card")


def _check_deck(orders: Orders) -> None:
    """Every deal holds the whole deck: between rounds each player gathers their cards,
    and the game is over once a player has none."""
    if not orders[0] or not orders[1]:
        raise FormatError("each player must be dealt at least one card")
    seen = [0] * len(DECK)
    for card in (*orders[0], *orders[1]):
        seen[card] += 1
    twice = [card_name(c) for c in DECK if seen[c] > 1]
    missing = [card_name(c) for c in DECK if seen[c] == 0]
    if twice or missing:
        parts = [f"{' '.join(twice[:5])} more than once"] if twice else []
        parts += [f"{' '.join(missing[:5])} missing"] if missing else []
        raise FormatError(
            f"a deal must hold each of the 52 cards exactly once ({', '.join(parts)})"
        )


PlayerKind: TypeAlias = Literal["human", "bot"]


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """Who sat in a seat: a human, or a bot with its level, policy and seed."""

    kind: PlayerKind
    name: str
    level: str | None = None
    policy: str | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("human", "bot"):
            raise FormatError(f"a player is 'human' or 'bot', not {show(self.kind)}")
        _check_text("name", self.name)
        for key, value in (("level", self.level), ("policy", self.policy)):
            if value is not None:
                _check_text(key, value)
        if self.seed is not None:
            _check_int("seed", self.seed, 0, MAX_SEED)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name}
        for key in ("level", "policy", "seed"):
            if (value := getattr(self, key)) is not None:
                out[key] = value
        return out

    @classmethod
    def from_json(cls, data: Any) -> PlayerInfo:
        obj = _object(data, "a player")
        return cls(
            _require(obj, "kind"),
            _require(obj, "name"),
            obj.get("level"),
            obj.get("policy"),
            obj.get("seed"),
        )

    def describe(self) -> str:
        """For summaries: ``Ann (human)``, ``Bot (bot, normal)``."""
        if self.kind == "human":
            return f"{self.name} (human)"
        return f"{self.name} (bot, {self.level})" if self.level else f"{self.name} (bot)"


DEFAULT_PLAYERS: Final = (PlayerInfo("human", "Player 1"), PlayerInfo("human", "Player 2"))


@dataclass(frozen=True, slots=True)
class Header:
    """The first line: what the game was, everything needed to re-simulate it."""

    variant: Variant = Variant.STANDARD
    target: int = 100
    timing: Timing = field(default_factory=Timing)
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    seed: int | None = None
    """The seed the deals came from, for information: the deals themselves are
    recorded, so a replay never depends on the shuffle."""
    created: str | None = None
    """ISO 8601 local time with its UTC offset."""
    writer: str | None = None
    """The program that wrote the file, e.g. ``spit-tui 0.1.0``."""
    engine: str | None = None
    """``spit.engine.ENGINE_VERSION`` of the writer: the rules it played by."""
    version: tuple[int, int] = FORMAT_VERSION

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": f"{self.version[0]}.{self.version[1]}",
            "writer": self.writer,
            "engine": self.engine,
            "created": self.created,
            "variant": self.variant.value,
            "target": self.target,
            "timing": self.timing.to_json(),
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
        }
        return {k: v for k, v in out.items() if v is not None}

    @classmethod
    def from_json(cls, obj: dict[str, Any], version: tuple[int, int]) -> Header:
        """Read the header fields after ``read_version`` has accepted ``version``."""
        for key in ("writer", "engine", "created"):
            value = obj.get(key)
            if value is not None:
                _check_text(key, value)
        variant = obj.get("variant", Variant.STANDARD.value)
        if variant not in [v.value for v in Variant]:
            raise FormatError(f"unknown variant {show(variant)}")
        try:
            timing = Timing.from_json(obj.get("timing", {}))
        except ValueError as err:
            raise FormatError(str(err)) from None
        players = obj.get("players")
        if players is None:
            pair = DEFAULT_PLAYERS
        elif isinstance(players, list) and len(players) == 2:
            pair = (PlayerInfo.from_json(players[0]), PlayerInfo.from_json(players[1]))
        else:
            raise FormatError("'players' must be a list of two players")
        seed = obj.get("seed")
        if seed is not None:
            _check_int("seed", seed, 0, MAX_SEED)
        return cls(
            variant=Variant(variant),
            target=_get_int(obj, "target", 1, MAX_TARGET, default=100),
            timing=timing,
            players=pair,
            seed=seed,
            created=obj.get("created"),
            writer=obj.get("writer"),
            engine=obj.get("engine"),
            version=version,
        )


def read_version(obj: dict[str, Any]) -> tuple[int, int]:
    """The format version a header claims. Raises ``FormatError`` if it is no header."""
    if obj.get("format") != FORMAT_NAME:
        raise FormatError(
            f'not a spit-tui replay (the first line has no "format": "{FORMAT_NAME}")'
        )
    version = obj.get("version")
    found = _VERSION.fullmatch(version) if isinstance(version, str) else None
    if found is None:
        raise FormatError(f"'version' must be \"MAJOR.MINOR\", not {show(version)}")
    return int(found[1]), int(found[2])


@dataclass(frozen=True, slots=True)
class Deal:
    """Round ``round`` was dealt at ``t`` from these card orders (see ``lay_out``)."""

    t: int
    round: int
    orders: Orders
    line: int = field(default=0, compare=False)
    """The line number it was read from (0 if it was not read from a file). Every
    record has one; it takes no part in comparisons."""

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "deal",
            "t": self.t,
            "round": self.round,
            "p1": " ".join(card_name(c) for c in self.orders[0]),
            "p2": " ".join(card_name(c) for c in self.orders[1]),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Deal:
        round_no = _get_int(obj, "round", 1, MAX_ROUNDS)
        t = _get_int(obj, "t", 0, MAX_TIME_MS, default=0 if round_no == 1 else None)
        orders = (_cards(obj, "p1"), _cards(obj, "p2"))
        _check_deck(orders)
        return cls(t, round_no, orders, line)


@dataclass(frozen=True, slots=True)
class Input:
    """A key press (or a bot's action) at ``t``, and whether the match accepted it."""

    t: int
    player: int
    action: Action
    accepted: bool | None
    """``None`` in a hand-written file that leaves it out: then it is not checked."""
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "input",
            "t": self.t,
            "player": PLAYER_KEYS[self.player],
            "action": str(self.action),
        }
        if self.accepted is not None:
            out["accepted"] = self.accepted
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Input:
        text = obj.get("action")
        if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
            raise FormatError(f"'action' must be an action such as \"play 3 1\", not {show(text)}")
        try:
            action = parse_action(text)
        except ValueError as err:
            raise FormatError(str(err)) from None
        accepted = obj.get("accepted")
        if accepted is not None and type(accepted) is not bool:
            raise FormatError(f"'accepted' must be true or false, not {show(accepted)}")
        return cls(
            _get_int(obj, "t", 0, MAX_TIME_MS), _player(obj, "player"), action, accepted, line
        )


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The table's ``state_hash`` at ``t``, after everything above this line."""

    t: int
    hash: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"type": "checkpoint", "t": self.t, "hash": self.hash}

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> Checkpoint:
        return cls(_get_int(obj, "t", 0, MAX_TIME_MS), _hash(obj), line)


@dataclass(frozen=True, slots=True)
class End:
    """The closing line of a finished game."""

    t: int
    winner: int
    rounds: int
    scores: tuple[int, int]
    hash: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "end",
            "t": self.t,
            "winner": PLAYER_KEYS[self.winner],
            "rounds": self.rounds,
            "scores": list(self.scores),
            "hash": self.hash,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any], line: int) -> End:
        scores = obj.get("scores")
        if not (isinstance(scores, list) and len(scores) == 2):
            raise FormatError(f"'scores' must be a list of two numbers, not {show(scores)}")
        a, b = (_check_int("scores", s, 0, MAX_SCORE) for s in scores)
        return cls(
            _get_int(obj, "t", 0, MAX_TIME_MS),
            _player(obj, "winner"),
            _get_int(obj, "rounds", 1, MAX_ROUNDS),
            (a, b),
            _hash(obj),
            line,
        )


Record: TypeAlias = Deal | Input | Checkpoint | End
"""Any line after the header."""

_RECORD_TYPES: Final[dict[str, type[Deal] | type[Input] | type[Checkpoint] | type[End]]] = {
    "deal": Deal,
    "input": Input,
    "checkpoint": Checkpoint,
    "end": End,
}


def record_from_json(data: Any, line: int) -> Record:
    """The record a parsed JSON line holds. Raises ``FormatError``."""
    obj = _object(data, "a line")
    kind = obj.get("type")
    reader = _RECORD_TYPES.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise UnknownLineType(f"unknown line type {show(kind)}")
    return reader.from_json(obj, line)
