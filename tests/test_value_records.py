"""``@value`` and ``@frozen`` behave as the dataclasses they stand for.

They make a record's methods from templates instead of compiling them per class
(``spit.core.value``: the first frame of ``spit-tui play``); each record here is compared
with the same class made by ``dataclasses``, on what the project relies on: building,
defaults, ``__post_init__``, equality, the hash (sets iterate by it), ``repr``, pattern
matching, ``fields``/``replace``, pickling (the simulator's workers) and refusing
assignment.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.value import frozen, value


class _Fields:
    """The fields every record here has, a default and a check."""

    x: int
    y: str = "a"
    z: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("x must not be negative")


def _record(decorator: Any, name: str) -> Any:
    """A module-level class (so it pickles) with ``_Fields``' body, made by ``decorator``."""
    body = {k: v for k, v in vars(_Fields).items() if k not in ("__dict__", "__weakref__")}
    cls = decorator(type(name, (), {**body, "__qualname__": name}))
    globals()[name] = cls
    return cls


@dataclass
class _Empty:
    pass


ValueRecord = _record(value, "ValueRecord")
ValueReference = _record(dataclass(slots=True, unsafe_hash=True), "ValueReference")
FrozenRecord = _record(frozen, "FrozenRecord")
FrozenReference = _record(dataclass(frozen=True, slots=True), "FrozenReference")
PAIRS = [(ValueRecord, ValueReference), (FrozenRecord, FrozenReference)]


@pytest.mark.parametrize(("made", "reference"), PAIRS)
@given(x=st.integers(0, 10**6), y=st.text(max_size=5), z=st.none() | st.tuples(st.integers()))
def test_same_as_the_dataclass(made: Any, reference: Any, x: int, y: str, z: Any) -> None:
    record, same = made(x, y, z), reference(x, y, z)
    assert hash(record) == hash(same)
    assert repr(record).replace(made.__name__, "R") == repr(same).replace(reference.__name__, "R")
    assert record == made(x, y, z) and record != made(x + 1, y, z) and record != same
    assert made(x) == made(x, "a", None) and hash(made(x)) == hash(reference(x))
    assert made.__match_args__ == reference.__match_args__ == ("x", "y", "z")
    assert [f.name for f in dataclasses.fields(made)] == ["x", "y", "z"]
    assert dataclasses.replace(record, y="b") == made(x, "b", z)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(record, protocol)) == record
        reduced, expected = record.__reduce_ex__(protocol), same.__reduce_ex__(protocol)
        assert reduced[0] is expected[0] and reduced[2:] == expected[2:]  # the same state
    assert copy.deepcopy(record) == record == copy.copy(record)
    match record:
        case made(x=got, y=also):
            assert (got, also) == (x, y)
        case _:
            pytest.fail("the record did not match its own class pattern")


@pytest.mark.parametrize(("made", "reference"), PAIRS)
def test_init_as_the_dataclass(made: Any, reference: Any) -> None:
    with pytest.raises(ValueError, match="negative"):
        made(-1)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
        made()
    assert made.__init__.__annotations__ == reference.__init__.__annotations__
    assert made.__slots__ == reference.__slots__


def test_frozen_refuses_assignment_value_does_not() -> None:
    record = FrozenRecord(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.x = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del record.x
    changed = ValueRecord(1)
    changed.x = 2  # only the type checker refuses it (see spit.core.value)
    assert changed.x == 2


def test_a_class_without_fields_or_docstring() -> None:
    made, reference = frozen(type("Bare", (), {})), dataclass(frozen=True)(_Empty)
    assert made() == made() and hash(made()) == hash(reference())
    assert made.__doc__ == "Bare()"


@frozen
class Factories:
    """A record with default factories, as the settings have."""

    name: str
    items: list[int] = field(default_factory=list)
    label: str = field(default="x")


@dataclass(frozen=True, slots=True)
class FactoriesReference:
    name: str
    items: list[int] = field(default_factory=list)
    label: str = field(default="x")


def test_default_factories_as_the_dataclass() -> None:
    first, second = Factories("a"), Factories("a")
    assert first.items == [] and first.items is not second.items and first.label == "x"
    assert Factories("a", [1], "y").items == [1]
    assert repr(first).replace("Factories", "R") == repr(FactoriesReference("a")).replace(
        "FactoriesReference", "R"
    )
    assert str(inspect.signature(Factories)) == str(inspect.signature(FactoriesReference))
    assert pickle.loads(pickle.dumps(Factories("b", [2]))) == Factories("b", [2])


def test_what_they_do_not_take_is_refused() -> None:
    with pytest.raises(TypeError, match="use @dataclass for items"):

        @frozen
        class Hidden:
            items: list[int] = field(default_factory=list, repr=False)

    with pytest.raises(TypeError, match="use @dataclass for limit"):

        @value
        class Constant:
            limit: ClassVar[int] = 3

    with pytest.raises(TypeError, match="use @dataclass for __eq__"):

        @frozen
        class OwnEquality:
            x: int

            def __eq__(self, other: object) -> bool:
                return True

    with pytest.raises(TypeError, match="non-default argument 'b'"):

        @frozen
        class Order:
            a: int = 0
            b: int  # type: ignore[misc]
