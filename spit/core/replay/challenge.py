"""The header's ``challenge``: the game was a day's deal or a step of the ladder.

A game of a challenge is an ordinary game with a tag, so that the statistics can tell
which attempt of a day counts and where the ladder stands. The tag is in the header,
which the integrity digest covers (``spit.core.replay.seal``): a file whose tag was
edited is no longer sealed, and only sealed games count.

The value belongs to no game (any game could have a deal of the day), so it sits with
the framing; what a date or a step *means* (its deal, its bot) is the game's own
(``spit.games.spit.daily``, ``spit.games.spit.ladder``). Reading is strict about the
kinds it knows and lenient about others: a kind from a newer minor version of the
format reads as no challenge (the game is still a game), while a known kind with a
value of the wrong type or out of range is refused with a message naming the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Annotated, Final

from msgspec import Meta, Struct

from spit.core.replay.fields import FormatError, check_int, converted, show
from spit.core.wire import JsonObject

MAX_STEP: Final = 1_000_000
"""The highest ladder step a file may hold: far beyond any reachable one, low enough
that every number on the way stays small."""

_DAY: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class ChallengeKind(StrEnum):
    DAILY = "daily"
    """The day's deal: the same cards, bot and bot seed for everyone on a UTC date."""
    LADDER = "ladder"
    """A step of the endless ladder: a win goes one step up, a loss one down."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """What the game was played as; ``day`` is set for a daily game, ``step`` for a
    ladder game (``daily`` and ``ladder`` make them)."""

    kind: ChallengeKind
    day: date | None = None
    step: int | None = None

    @classmethod
    def daily(cls, day: date) -> Challenge:
        return cls(ChallengeKind.DAILY, day=day)

    @classmethod
    def ladder(cls, step: int) -> Challenge:
        check_int("step", step, 0, MAX_STEP)
        return cls(ChallengeKind.LADDER, step=step)

    def to_json(self) -> JsonObject:
        if self.kind is ChallengeKind.DAILY:
            assert self.day is not None
            return {"kind": self.kind.value, "date": self.day.isoformat()}
        return {"kind": self.kind.value, "step": self.step}


def parse_day(text: object) -> date:
    """A UTC date written ``YYYY-MM-DD`` in ASCII digits (``date.fromisoformat`` also
    takes ``20261202`` and week dates, which no file or person means here). Raises
    ``ValueError`` (a ``FormatError``) with a message fit for the user."""
    if not isinstance(text, str) or not _DAY.fullmatch(text):
        raise FormatError(f"a date is written YYYY-MM-DD, not {show(text)}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise FormatError(f"there is no such day as {show(text)}") from None


class _Daily(Struct, frozen=True, tag="daily", tag_field="kind"):
    date: object
    """Read by ``parse_day``, whose message says how a date is written."""


class _Ladder(Struct, frozen=True, tag="ladder", tag_field="kind"):
    step: Annotated[int, Meta(ge=0, le=MAX_STEP)]


def read_challenge(obj: JsonObject) -> Challenge | None:
    """The header's ``challenge``, if it has one this version knows. Raises
    ``FormatError`` for a value that is not an object, or a known kind whose value is
    wrong."""
    data = obj.get("challenge")
    if data is None:
        return None
    if not isinstance(data, dict):
        raise FormatError(f"'challenge' must be a JSON object, not {show(data)}")
    if "kind" not in data:
        raise FormatError("a challenge's 'kind' is missing")
    kind = data["kind"]
    if not isinstance(kind, str):
        raise FormatError(f"a challenge's 'kind' must be a string, not {show(kind)}")
    if kind not in {k.value for k in ChallengeKind}:
        return None  # a kind of a newer version: an ordinary game to this one
    try:
        if kind == ChallengeKind.DAILY:
            return Challenge.daily(parse_day(converted(data, _Daily).date))
        return Challenge.ladder(converted(data, _Ladder).step)
    except FormatError as err:
        raise FormatError(f"'challenge': {err}") from None
