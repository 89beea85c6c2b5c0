"""The cards a record holds, found by the types of its fields: what a test reads back
from the wire written once (``spit.play.net_table.ObservedWire``), where a card is a
number like any other."""

from __future__ import annotations

import re


def cards_in(value: object) -> set[int]:
    """Every card a record holds: the numbers in its fields typed as cards (``Card``,
    ``Pile``), in records nested at any depth (msgspec's, named tuples, dataclasses)."""
    if isinstance(value, tuple | list) and not hasattr(value, "_fields"):  # not a record
        return set().union(set(), *map(cards_in, value))
    out: set[int] = set()
    for cls in type(value).__mro__:
        for name, hint in getattr(cls, "__annotations__", {}).items():
            field = getattr(value, name, None)
            if re.search(r"\b(Card|Pile)\b", str(hint)):
                out |= _numbers(field)
            elif not isinstance(field, str | int | float | type(None)):
                out |= cards_in(field)
    return out


def _numbers(value: object) -> set[int]:
    if isinstance(value, tuple | list):
        return set().union(set(), *map(_numbers, value))
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()
