"""The parts of a replay line that every game writes and reads the same way.

Every game's lines (``spit.replay.format.Lines``) differ in what a line holds, not
in how a header, an input, the closing line or a line's type and time are laid out.
Keeping those here means a change to the format's common ground is made once and
every game's files stay alike, key order included."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from spit.core.dealer import MAX_SEED
from spit.core.replay.fields import (
    FORMAT_NAME,
    PLAYER_KEYS,
    FormatError,
    PlayerInfo,
    UnknownLineType,
    as_object,
    check_int,
    get_int,
    get_optional_int,
    hash_of,
    player_of,
    read_players,
    read_provenance,
    show,
)
from spit.core.seats import Seat

A = TypeVar("A")
R = TypeVar("R")
T = TypeVar("T")


class HeaderFields(Protocol):
    """What every game's header holds besides its own settings."""

    @property
    def version(self) -> tuple[int, int]: ...
    @property
    def writer(self) -> str | None: ...
    @property
    def engine(self) -> str | None: ...
    @property
    def created(self) -> str | None: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]: ...
    @property
    def network(self) -> bool: ...


def header_json(
    header: HeaderFields, settings: dict[str, Any], game: str | None = None
) -> dict[str, Any]:
    """The header line: the format, the game (``None`` for Spit, whose files predate the
    key), who wrote it, the game's ``settings``, the seed, the players, and ``network``
    for a game played over the network (format 1.4). Keys without a value are left
    out, so a reader falls back on its defaults."""
    out: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": f"{header.version[0]}.{header.version[1]}",
        "game": game,
        "writer": header.writer,
        "engine": header.engine,
        "created": header.created,
        **settings,
        "seed": header.seed,
        "players": [p.to_json() for p in header.players],
        "network": True if header.network else None,
    }
    return {k: v for k, v in out.items() if v is not None}


def read_header_fields(obj: dict[str, Any]) -> dict[str, Any]:
    """The ``HeaderFields`` of a header object except its version, as keyword arguments
    for the game's header class. Raises ``FormatError``."""
    writer, engine, created = read_provenance(obj)
    return {
        "players": read_players(obj),
        "seed": get_optional_int(obj, "seed", 0, MAX_SEED),
        "created": created,
        "writer": writer,
        "engine": engine,
        "network": read_network(obj),
    }


def read_network(obj: dict[str, Any]) -> bool:
    """The header's ``network``: whether the game was played over the network (the
    server writes ``true``); ``false`` when it is left out. Raises ``FormatError``."""
    value = obj.get("network", False)
    if not isinstance(value, bool):
        raise FormatError(f"'network' must be true or false, not {show(value)}")
    return value


def line_json(kind: str, t: int | None, fields: dict[str, Any]) -> dict[str, Any]:
    """A line's JSON: its type, its time if it has one, then its fields."""
    head: dict[str, Any] = {"type": kind} if t is None else {"type": kind, "t": t}
    return {**head, **fields}


def input_json(t: int | None, player: int, action: object, accepted: bool | None) -> dict[str, Any]:
    """An input line; ``accepted`` is left out when it is not known."""
    out: dict[str, Any] = {"player": PLAYER_KEYS[player], "action": str(action)}
    if accepted is not None:
        out["accepted"] = accepted
    return line_json("input", t, out)


def read_input(
    obj: dict[str, Any],
    time: Callable[[dict[str, Any]], T],
    parse: Callable[[str], A],
    longest: int,
    example: str,
) -> tuple[T, Seat, A, bool | None]:
    """An input line's time (read by the game's ``time``), player, action (see
    ``read_action``) and ``accepted``, in the order of the game's ``Input`` record.
    Raises ``FormatError``."""
    action = read_action(obj, parse, longest, example)
    accepted = read_accepted(obj)
    return time(obj), player_of(obj, "player"), action, accepted


def read_action(obj: dict[str, Any], parse: Callable[[str], A], longest: int, example: str) -> A:
    """The input's ``action``, in the game's notation (``parse``), at most ``longest``
    characters so that no parser ever sees a huge string."""
    text = obj.get("action")
    if not isinstance(text, str) or len(text) > longest:
        raise FormatError(f"'action' must be an action such as \"{example}\", not {show(text)}")
    try:
        return parse(text)
    except ValueError as err:
        raise FormatError(str(err)) from None


def read_accepted(obj: dict[str, Any]) -> bool | None:
    """The input's ``accepted``: ``None`` when a hand-written file leaves it out."""
    accepted = obj.get("accepted")
    if accepted is not None and type(accepted) is not bool:
        raise FormatError(f"'accepted' must be true or false, not {show(accepted)}")
    return accepted


def read_scores(obj: dict[str, Any], lo: int, hi: int) -> tuple[int, int]:
    """The closing line's ``scores``: one number per player, each from ``lo`` to ``hi``."""
    scores = obj.get("scores")
    if not (isinstance(scores, list) and len(scores) == 2):
        raise FormatError(f"'scores' must be a list of two numbers, not {show(scores)}")
    a, b = (check_int("scores", s, lo, hi) for s in scores)
    return a, b


def end_json(
    t: int | None,
    winner: int | None,
    count: tuple[str, int],
    scores: tuple[int, int],
    digest: str,
) -> dict[str, Any]:
    """The closing line: the winner (``null`` for a draw, format 1.5), how many rounds
    the game had under the game's own word for them (``("rounds", 6)``, ``("hands",
    17)``), the final scores and the final state hash."""
    key, value = count
    fields = {
        "winner": None if winner is None else PLAYER_KEYS[winner],
        key: value,
        "scores": list(scores),
        "hash": digest,
    }
    return line_json("end", t, fields)


def read_end(
    obj: dict[str, Any],
    time: Callable[[dict[str, Any]], T],
    count: tuple[str, int],
    score_range: tuple[int, int],
) -> tuple[T, Seat | None, int, tuple[int, int], str]:
    """The closing line's time (read by the game's ``time``), winner (``None``: a draw,
    the key there and ``null``), count (its key and largest value), scores (from
    ``score_range[0]`` to ``score_range[1]``) and hash, in the order of the game's
    ``End`` record. Raises ``FormatError``."""
    scores = read_scores(obj, *score_range)
    key, most = count
    drawn = "winner" in obj and obj["winner"] is None
    winner = None if drawn else player_of(obj, "winner")
    return time(obj), winner, get_int(obj, key, 1, most), scores, hash_of(obj)


def read_record(data: Any, line: int, kinds: Mapping[str, Callable[[dict[str, Any], int], R]]) -> R:
    """The record a parsed JSON line holds, read by the reader ``kinds`` has for its
    ``type``. Raises ``FormatError`` (``UnknownLineType`` for a type not in ``kinds``)."""
    obj = as_object(data, "a line")
    kind = obj.get("type")
    reader = kinds.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise UnknownLineType(f"unknown line type {show(kind)}")
    return reader(obj, line)
