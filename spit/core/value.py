"""``@value`` and ``@frozen``: the class decorators for the project's small immutable records.

Events, input records and outcomes are created for every action, hundreds of thousands
of times a second in the simulator. As ``@dataclass(frozen=True, slots=True)`` each one
cost several hundred nanoseconds to build, because a frozen dataclass's ``__init__``
must go round its own ``__setattr__`` with ``object.__setattr__`` for every field; a
plain slots dataclass assigns directly and builds in a quarter of the time. So
``@value`` is a plain slots dataclass at run time, with the hash a frozen one would
have, and a frozen dataclass to the type checker (``frozen_default``): ``mypy`` rejects
any assignment to a field, which is how the records stay immutable. Only an assignment
that the type checker would refuse is no longer stopped at run time too.

``@frozen`` is ``@dataclass(frozen=True, slots=True)``, frozen at run time too: for the
records made once or rarely (actions, intents, the registry's descriptors, views), where
an assignment stopped at run time is worth more than the nanoseconds.

Both are cheap to *define*. ``dataclasses`` writes each class's ``__init__``, ``__eq__``,
``__hash__``, ``__repr__`` (and a frozen class's ``__setattr__``, ``__delattr__``) as
source text and compiles it: some 2-3.5 million instructions a class, and the first frame
of ``spit-tui play`` defines about fifty of them (issue 13, ``docs/performance.md``).
Here ``dataclass`` does only its bookkeeping (fields, slots, ``__match_args__``, what
``dataclasses.fields`` and ``replace`` read; some 0.4 million instructions) and the
methods are made without compiling: each is a template compiled once per number of
fields, whose code object is copied with the class's field names put in
(``CodeType.replace``). The copy is the bytecode ``dataclasses`` would have compiled, so
building, comparing and hashing a record cost what they did; the ``repr`` (never on a
hot path) is one shared function. Equality, hash (the same tuple hash, so sets and
dicts of records iterate in the same order), ``repr``, pattern matching, pickling and
``dataclasses.fields``/``replace`` behave as the dataclass's did; ``__post_init__`` is
called as a dataclass calls it.

Fields are plain: an annotation, optionally a default or a ``default_factory``. A
``field(...)`` asking for more (``repr=False``, ``kw_only``, metadata...), a ``ClassVar``,
``InitVar`` or ``KW_ONLY``, or a class writing one of the methods made here is refused at
definition, so a class that needs one says ``@dataclass``. ``__dataclass_params__``
reads as a dataclass with ``init``, ``repr``, ``eq`` and ``frozen`` off, since the methods
are not ``dataclasses``' own: a ``@dataclass(frozen=True)`` class cannot inherit from one
of these (a ``@frozen`` or ``@value`` one can).
"""

from __future__ import annotations

import inspect
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, fields
from types import CodeType, FunctionType
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_TEMPLATES: dict[tuple[str, int, bool, tuple[bool, ...]], CodeType] = {}
"""The compiled templates, by (method, number of fields, calls ``__post_init__``, which
fields have a default factory)."""


class _Factory:
    """An argument's default when its field has a ``default_factory``: ``__init__`` calls
    the factory when it is given this (``dataclasses``' ``_HAS_DEFAULT_FACTORY``)."""

    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        self.make = make

    def __repr__(self) -> str:
        return "<factory>"


def _placeholders(count: int) -> list[str]:
    return [f"_field_{index}" for index in range(count)]


def _template_source(method: str, count: int, post_init: bool, factories: tuple[bool, ...]) -> str:
    """The source of one template: what ``dataclasses`` would write for a class of
    ``count`` fields named ``_field_0``..."""
    names = _placeholders(count)
    attributes = "".join(f"self.{name}," for name in names)
    if method == "__eq__":
        others = "".join(f"other.{name}," for name in names)
        return (
            "def __eq__(self, other):\n"
            "    if other.__class__ is self.__class__:\n"
            f"        return ({attributes}) == ({others})\n"
            "    return NotImplemented\n"
        )
    if method == "__hash__":
        return f"def __hash__(self):\n    return hash(({attributes}))\n"
    given = [
        f"{name}.make() if {name}.__class__ is _Factory else {name}" if factory else name
        for name, factory in zip(names, factories, strict=True)
    ]
    if method == "set_init":
        body = [f"    self.{name} = {item}" for name, item in zip(names, given, strict=True)]
    else:  # "frozen_init": round the refusing __setattr__, as a frozen dataclass does
        body = [
            f"    _object_setattr(self, {name!r}, {item})"
            for name, item in zip(names, given, strict=True)
        ]
    if post_init:
        body.append("    self.__post_init__()")
    return (
        f"def __init__({', '.join(['self', *names])}):\n" + "\n".join(body or ["    pass"]) + "\n"
    )


def _template(method: str, count: int, post_init: bool, factories: tuple[bool, ...]) -> CodeType:
    key = (method, count, post_init, factories)
    code = _TEMPLATES.get(key)
    if code is None:
        namespace: dict[str, Any] = {}
        exec(_template_source(method, count, post_init, factories), {}, namespace)
        (function,) = namespace.values()
        code = function.__code__
        _TEMPLATES[key] = code
    return code


def _method(
    cls: type,
    method: str,
    names: list[str],
    defaults: tuple[object, ...] = (),
    post_init: bool = False,
    factories: tuple[bool, ...] | None = None,
) -> FunctionType:
    """The template for ``method`` with ``cls``'s field names put in place of the
    placeholders: in the names of attributes and arguments, and in the strings that name
    a field (a frozen ``__init__``'s)."""
    code = _template(method, len(names), post_init, factories or (False,) * len(names))
    rename = dict(zip(_placeholders(len(names)), names, strict=True))
    code = code.replace(
        co_names=tuple(rename.get(name, name) for name in code.co_names),
        co_varnames=tuple(rename.get(name, name) for name in code.co_varnames),
        co_consts=tuple(rename.get(c, c) if isinstance(c, str) else c for c in code.co_consts),
        co_qualname=f"{cls.__qualname__}.{code.co_name}",
    )
    function = FunctionType(code, _GLOBALS, code.co_name, defaults or None)
    function.__qualname__ = code.co_qualname
    function.__module__ = cls.__module__
    return function


def _repr(self: Any) -> str:
    """A record's ``repr``, as a dataclass writes it: ``Name(field=value, ...)``."""
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__dataclass_fields__)
    return f"{self.__class__.__qualname__}({shown})"


def _refuse_setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: object) -> list[object]:
    """A frozen record's pickled state: its fields' values, as ``dataclasses`` pickles a
    frozen slots class (the simulator's ``--jobs`` workers send records back)."""
    return [getattr(self, field.name) for field in fields(self)]  # type: ignore[arg-type]


def _setstate(self: object, state: list[object]) -> None:
    for field, item in zip(fields(self), state, strict=True):  # type: ignore[arg-type]
        object.__setattr__(self, field.name, item)


_GLOBALS: dict[str, Any] = {
    "_object_setattr": object.__setattr__,
    "_Factory": _Factory,
    "__builtins__": __builtins__,
}
"""The made methods' globals: the builtins they call, ``object.__setattr__``, ``_Factory``."""


_MADE = (
    "__init__",
    "__repr__",
    "__eq__",
    "__hash__",
    "__setattr__",
    "__delattr__",
    "__getstate__",
    "__setstate__",
)
"""The methods made here: a class that writes one of its own says ``@dataclass``."""


def _plain(given: Field[Any]) -> bool:
    """Whether a ``field(...)`` asks only for a default or a default factory."""
    return (
        given.init
        and given.repr
        and given.compare
        and given.hash is None
        and given.kw_only in (MISSING, False)
        and not given.metadata
    )


def _make(cls: type, *, frozen: bool) -> type:
    """``cls`` as a slots dataclass with its methods made from the templates."""
    problems = [name for name in _MADE if name in cls.__dict__]
    for name, annotation in inspect.get_annotations(cls).items():
        given = cls.__dict__.get(name)
        special = any(word in str(annotation) for word in ("ClassVar", "InitVar", "KW_ONLY"))
        if name == "self" or special or (isinstance(given, Field) and not _plain(given)):
            problems.append(name)
    if problems:
        raise TypeError(
            f"{cls.__qualname__}: @value and @frozen make plain fields and their own methods"
            f" (use @dataclass for {', '.join(problems)})"
        )
    documented = bool(cls.__doc__)
    if not documented:  # dataclass would read a signature from object's __init__: its own later
        cls.__doc__ = cls.__name__
    made: type = dataclass(slots=True, init=False, repr=False, eq=False)(cls)
    names: list[str] = []
    defaults: list[object] = []
    factories: list[bool] = []
    for field in fields(made):
        names.append(field.name)
        factories.append(field.default_factory is not MISSING)
        if field.default is not MISSING:
            defaults.append(field.default)
        elif factories[-1]:
            defaults.append(_Factory(field.default_factory))
        elif defaults:
            raise TypeError(f"non-default argument {field.name!r} follows default argument")
    init = _method(
        made,
        "frozen_init" if frozen else "set_init",
        names,
        tuple(defaults),
        hasattr(made, "__post_init__"),
        tuple(factories),
    )
    init.__annotations__ = {field.name: field.type for field in fields(made)} | {"return": None}
    methods: dict[str, object] = {
        "__init__": init,
        "__repr__": _repr,
        "__eq__": _method(made, "__eq__", names),
        "__hash__": _method(made, "__hash__", names),
    }
    if frozen:
        methods |= {
            "__setattr__": _refuse_setattr,
            "__delattr__": _refuse_delattr,
            "__getstate__": _getstate,
            "__setstate__": _setstate,
        }
    for name, method in methods.items():
        setattr(made, name, method)
    if not documented:
        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return made


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """Make ``cls`` a slots record with field-wise equality and hash, not frozen at run
    time (see the module docstring for why)."""
    return _make(cls, frozen=False)


@dataclass_transform(frozen_default=True)
def frozen(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen slots record with field-wise equality and hash, as
    ``@dataclass(frozen=True, slots=True)`` would (see the module docstring)."""
    return _make(cls, frozen=True)
