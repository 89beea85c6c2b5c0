"""``@value``: the class decorator for the small immutable records made on the hot path.

Events, input records and outcomes are created for every action, hundreds of thousands
of times a second in the simulator. As ``@dataclass(frozen=True, slots=True)`` each one
cost several hundred nanoseconds to build, because a frozen dataclass's ``__init__``
must go round its own ``__setattr__`` with ``object.__setattr__`` for every field; a
plain slots dataclass assigns directly and builds in a quarter of the time.

So ``@value`` is a plain slots dataclass at run time, with the hash a frozen one would
have, and a frozen dataclass to the type checker (``frozen_default``): ``mypy`` rejects
any assignment to a field, which is how the records stay immutable. Equality, ``repr``,
``hash``, pattern matching and ``dataclasses.fields`` behave exactly as before; only an
assignment that the type checker would refuse is no longer stopped at run time too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """Make ``cls`` a slots dataclass with field-wise equality and hash (see the module
    docstring for why it is not frozen at run time)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)
