"""What every game's replay lines share: the header's format and version, the players,
and the types of the values a line holds.

The file may come from anywhere, so a line is converted into its msgspec Struct by the
strict converter the network uses too (``converted``: every field's type and range
checked); a failure is a ``FormatError`` whose message names the key. Values from the
file are quoted with ``show``, which escapes control characters, so no message can
carry terminal escapes. ``docs/replay-format.md`` is the specification.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import Annotated, Final, Literal, TypeAlias, TypeVar

from msgspec import Meta, Struct

from spit.core.cards import DECK, RANK_SYMBOLS, SUIT_SYMBOLS, Card, card_name, parse_card
from spit.core.dealer import MAX_SEED
from spit.core.replay import MAX_TARGET
from spit.core.wire import JsonObject, WireError, convert, shown

FORMAT_NAME: Final = "spit-replay"
FORMAT_VERSION: Final = (1, 5)
"""(major, minor). A reader reads every minor version of its major; a new major means
old readers must refuse the file. 1.1 added the integrity digest (``spit.core.replay.seal``),
1.2 Spit's ``forfeit`` and ``bot`` lines (games played over the network), 1.3 Spit's
header ``challenge`` (the day's deal, the ladder: ``spit.core.replay.challenge``), 1.4
a network game's marks: the header's ``network``, the ``forfeit`` line's ``left`` and
the closing line's ``lag``, 1.5 the draw: a closing line's ``winner`` may be ``null``."""

MAX_TIME_MS: Final = 10**12
"""Input and event times are whole milliseconds from 0 up to this (about 31 years)."""
MAX_TEXT: Final = 64
"""Longest name, level, policy, writer, engine or creation-time string, in characters."""

PLAYER_KEYS: Final = ("p1", "p2")
"""How files name the players: ``"p1"`` is player 0 in the engine."""

PlayerKey: TypeAlias = Literal["p1", "p2"]
Time: TypeAlias = Annotated[int, Meta(ge=0, le=MAX_TIME_MS)]
Hash: TypeAlias = Annotated[str, Meta(pattern="^[0-9a-f]{32}$")]
Seed: TypeAlias = int
"""From 0 to ``MAX_SEED``, beyond what a msgspec bound holds: ``check_int`` checks it."""
Text: TypeAlias = Annotated[str, Meta(min_length=1, max_length=MAX_TEXT)]
"""A name, level, policy, writer, engine or creation time; ``check_text`` also refuses
what does not print."""
Target: TypeAlias = Annotated[int, Meta(ge=1, le=MAX_TARGET)]

S = TypeVar("S")

_VERSION = re.compile(r"([0-9]{1,4})\.([0-9]{1,4})")


class FormatError(ValueError):
    """A line that does not follow the format; the message says what is wrong."""


class UnknownLineType(FormatError):
    """A line whose ``type`` this version does not know (maybe from a newer minor)."""


show: Final = shown
"""A value from the file, quoted safely for a message (``spit.core.wire.shown``)."""


def converted(data: object, into: type[S]) -> S:
    """``data`` as the Struct ``into`` (``spit.core.wire.convert``). Raises
    ``FormatError``."""
    try:
        value: S = convert(data, into)
    except WireError as err:
        raise FormatError(_keyed(err.message)) from None
    return value


def _keyed(message: str) -> str:
    """msgspec's reason with the key first, as the file names it: ``'t': Expected
    `int` >= 0`` for ``Expected `int` >= 0 - at `$.t```, and ``'hash' is missing``."""
    missing = _MISSING.fullmatch(message)
    if missing is not None:
        where = f"{missing[2][2:]}." if missing[2] else ""
        return f"'{where}{missing[1]}' is missing"
    found = _AT.fullmatch(message)
    return message if found is None else f"'{found[2]}': {found[1]}"


_AT: Final = re.compile(r"(.*) - at `\$\.?(.*)`", re.DOTALL)
_MISSING: Final = re.compile(
    r"Object missing required field `([^`]*)`(?: - at `(\$.*)`)?", re.DOTALL
)


def check_text(key: str, value: object) -> str:
    if not (isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isprintable()):
        raise FormatError(
            f"{key!r} must be 1 to {MAX_TEXT} printable characters, not {show(value)}"
        )
    return value


def check_int(key: str, value: object, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise FormatError(f"{key!r} must be a whole number from {lo} to {hi}, not {show(value)}")
    return value


def winner_text(winner: int | None) -> str:
    """A closing line's winner as a message names it: ``p1``, ``p2``, or ``nobody (a
    draw)``."""
    return "nobody (a draw)" if winner is None else PLAYER_KEYS[winner]


def cards_of(obj: Mapping[str, object], key: str) -> tuple[Card, ...]:
    value = obj.get(key)
    if not isinstance(value, str):
        raise FormatError(
            f'{key!r} must be a string of cards such as "TD 3C AS", not {show(value)}'
        )
    written = _as_written(value)
    if written is not None:
        return written
    return tuple(_card(key, token) for token in value.split())


def _as_written(value: str) -> tuple[Card, ...] | None:
    """The cards in ``value`` if it spells them as the writer does (``card_names``: two
    characters each, one space between), else ``None`` (for the lenient parser).

    A deal line holds 52 cards and a hostile file may hold nothing but deal lines, so
    these are read without a string per card: every third byte is a rank and the one
    after it a suit, each translated at once into its bits of the card (its rank index
    * 4 + its suit), which are then or-ed together as two big numbers."""
    if not value.isascii():
        return None
    spelled = value.encode("ascii")
    count = (len(spelled) + 1) // 3
    gaps, ranks, suits = spelled[2::3], spelled[0::3], spelled[1::3]
    if (
        len(spelled) + 1 != 3 * count
        or gaps.count(b" ") != len(gaps)
        or ranks.translate(None, _RANKS)
        or suits.translate(None, _SUITS)
    ):
        return None
    bits = int.from_bytes(ranks.translate(_RANK_BITS), "little") | int.from_bytes(
        suits.translate(_SUIT_BITS), "little"
    )
    return tuple(bits.to_bytes(count, "little"))


_RANKS: Final = RANK_SYMBOLS.encode()
_SUITS: Final = SUIT_SYMBOLS.encode()
_RANK_BITS: Final = bytes.maketrans(_RANKS, bytes(range(0, 4 * len(_RANKS), 4)))
_SUIT_BITS: Final = bytes.maketrans(_SUITS, bytes(range(len(_SUITS))))
_SPELLED: Final = {card_name(c): c for c in DECK}


def _card(key: str, token: str) -> Card:
    card = _SPELLED.get(token)
    if card is not None:
        return card
    if len(token) <= 3:
        with contextlib.suppress(ValueError):
            return parse_card(token)
    raise FormatError(f"{key!r}: {show(token)} is not a card")


def card_names(cards: tuple[Card, ...]) -> str:
    """The notation ``cards_of`` reads: ``"TD 3C AS"``."""
    return " ".join(card_name(c) for c in cards)


def deck_problems(cards: tuple[Card, ...]) -> str | None:
    """What keeps ``cards`` (each one of ``DECK``) from being the 52 cards once each (a
    few named), or ``None``."""
    if len(cards) == len(DECK) == len(set(cards)):
        return None  # 52 different cards of a deck of 52: all of them (the common case)
    seen = [0] * len(DECK)
    for card in cards:
        seen[card] += 1
    twice = [card_name(c) for c in DECK if seen[c] > 1]
    missing = [card_name(c) for c in DECK if seen[c] == 0]
    if not (twice or missing):
        return None
    parts = [f"{' '.join(twice[:5])} more than once"] if twice else []
    parts += [f"{' '.join(missing[:5])} missing"] if missing else []
    return ", ".join(parts)


PlayerKind: TypeAlias = Literal["human", "bot"]


class PlayerInfo(Struct, frozen=True, omit_defaults=True):
    """Who sat in a seat: a human, or a bot with its level, policy and seed."""

    kind: PlayerKind
    name: str
    level: str | None = None
    policy: str | None = None
    seed: Seed | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("human", "bot"):
            raise FormatError(f"a player is 'human' or 'bot', not {show(self.kind)}")
        check_text("name", self.name)
        for key, value in (("level", self.level), ("policy", self.policy)):
            if value is not None:
                check_text(key, value)
        if self.seed is not None:
            check_int("seed", self.seed, 0, MAX_SEED)

    def describe(self) -> str:
        """For summaries: ``Ann (human)``, ``Bot (bot, normal)``."""
        if self.kind == "human":
            return f"{self.name} (human)"
        return f"{self.name} (bot, {self.level})" if self.level else f"{self.name} (bot)"


DEFAULT_PLAYERS: Final = (PlayerInfo("human", "Player 1"), PlayerInfo("human", "Player 2"))


def read_version(obj: JsonObject) -> tuple[int, int]:
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


def read_game(obj: JsonObject) -> str | None:
    """The game a header names, ``None`` when it names none (``spit.games.registry``
    knows which games there are, and which one such a header means)."""
    game = obj.get("game")
    if game is None:
        return None
    if not isinstance(game, str):
        raise FormatError(f"'game' must be the name of a game, not {show(game)}")
    return game
