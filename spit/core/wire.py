"""One strict JSON reader for what comes from outside: network frames and replay lines.

The network's messages (``spit.net.protocol``) and the replay files' lines
(``spit.core.replay.reading``) are read here, within ``Bounds``: the text's size, the
digits of an integer, the depth of nesting; no NaN or infinity, and no key twice in
one object. ``read`` then converts the JSON into its msgspec Struct with
``msgspec.convert(..., strict=True)``, which checks every field's type, range and
form, and refuses a field outside the Struct when the Struct forbids unknown fields.

Why not just ``msgspec.json.decode``: msgspec takes a key given twice in one object
without a word (the last one wins), and JSON leaves open which one counts (Python
keeps the last, other tools the first). The same bytes could then be one message, or
one game, to this program and another to the next one, so a key given twice is
refused. The standard library's decoder hands each object's pairs to a hook that can
see the repeat; msgspec converts what it read.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Annotated, Any, Final, TypeAlias, TypeVar

import msgspec
from msgspec import Meta

PayloadKey = Annotated[str, Meta(min_length=1, max_length=32)]
Payload = Annotated[dict[PayloadKey, Any], Meta(max_length=64)]
"""A game's own JSON object (a seat's view, one event) as a network frame carries it:
at most 64 keys, each a short text; its values the game's, bounded by the frame's
size and nesting (``spit.net.protocol.SERVER_FRAME``). Below the network, so that a
game's network table (``spit.play.net_table``) can say what it hands out."""

JsonObject: TypeAlias = dict[str, object]
"""A JSON object as ``read_json`` gives it, before ``convert`` makes it a Struct: what
a replay's listing looks at in a first or last line, and a line's own type."""

T = TypeVar("T")

MAX_DEPTH: Final = 16
"""Objects and arrays nested in one another at most: a replay line nests 3 deep, a
network frame some 6."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """What one text may hold at most."""

    size: int
    """Bytes (of a ``str``: characters, never more than its UTF-8 bytes)."""
    digits: int
    """Digits of an integer literal, checked before the conversion, so a huge number
    costs nothing, whatever Python's own digit limit is."""
    depth: int = MAX_DEPTH


class WireError(ValueError):
    """Text that is not JSON within its bounds, or not of the expected shape; the
    message says why, in words a person can read (values from the text shown with
    ``repr``, cut short: no control character gets through)."""

    def __init__(self, message: str, *, malformed: bool = False, too_large: bool = False):
        super().__init__(message)
        self.message = message
        self.malformed = malformed
        """Not JSON at all (its syntax, or its UTF-8): a replay's last line may be a
        write cut short."""
        self.too_large = too_large
        """Over ``Bounds.size``."""


def read(text: str | bytes, into: Any, bounds: Bounds) -> Any:
    """The value of type ``into`` (a Struct, or a union of tagged Structs) that
    ``text`` holds. Raises ``WireError``."""
    return convert(read_json(text, bounds), into)


def convert(data: object, into: Any) -> Any:
    """``data`` (as ``read_json`` gave it) as the type ``into``: every field's type,
    range and form checked (``msgspec.convert(..., strict=True)``). Raises
    ``WireError``."""
    try:
        return msgspec.convert(data, type=into, strict=True)
    except msgspec.ValidationError as error:
        raise WireError(str(error)) from None


def convert_to(data: object, into: type[T]) -> T:
    """``convert`` into one Struct class, typed as it."""
    converted: T = convert(data, into)
    return converted


def read_json(text: str | bytes, bounds: Bounds) -> Any:
    """The JSON value ``text`` holds, within ``bounds``. Raises ``WireError``."""
    if len(text) > bounds.size:
        raise WireError(f"longer than {bounds.size} bytes", too_large=True)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise WireError("not valid UTF-8 text", malformed=True) from None
    try:
        data = _decoder(bounds.digits).decode(text)
    except json.JSONDecodeError as error:
        raise WireError(
            f"not valid JSON ({error.msg}, column {error.colno})", malformed=True
        ) from None
    except _Refused as error:
        raise WireError(str(error)) from None
    except RecursionError:
        raise WireError(_too_deep(bounds.depth)) from None
    # fewer opening brackets than the bound, in strings or not, cannot nest deeper
    brackets = text.count("[") + text.count("{")
    if brackets > bounds.depth and not _within_depth(data, bounds.depth):
        raise WireError(_too_deep(bounds.depth))
    return data


def shown(value: object) -> str:
    """A value from outside, quoted safely for a message: ``repr`` escapes control
    characters (no terminal escapes get through) and the length is capped."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Refused(ValueError):
    """Raised by the decoder's hooks (a ``ValueError`` that is not a syntax error)."""


def _too_deep(depth: int) -> str:
    return f"JSON nested too deeply (more than {depth} levels)"


def _within_depth(data: Any, most: int) -> bool:
    """Whether no object or array in ``data`` lies more than ``most`` levels deep."""
    level = [data]
    for _ in range(most):
        inner: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                inner.extend(value.values())
            elif isinstance(value, list):
                inner.extend(value)
        if not inner:
            return True
        level = inner
    return not any(isinstance(value, dict | list) for value in level)


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> JsonObject:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _Refused(f"the key {shown(key)} comes twice in one object")
        seen.add(key)
    raise AssertionError("unreachable: a key came twice")


def _finite_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Refused(f"a number out of range: {shown(literal)}")
    return value


def _no_constant(literal: str) -> Any:
    raise _Refused(f"{literal} is not allowed (JSON has no such number)")


_DECODERS: dict[int, json.JSONDecoder] = {}
"""One decoder for each digit bound (two in all: the network's and the replays')."""


def _decoder(digits: int) -> json.JSONDecoder:
    decoder = _DECODERS.get(digits)
    if decoder is None:

        def bounded_int(literal: str) -> int:
            if len(literal.lstrip("-")) > digits:
                raise _Refused(f"a number with more than {digits} digits: {shown(literal)}")
            return int(literal)

        decoder = _DECODERS[digits] = json.JSONDecoder(
            object_pairs_hook=_no_duplicate_keys,
            parse_int=bounded_int,
            parse_float=_finite_float,
            parse_constant=_no_constant,
        )
    return decoder
