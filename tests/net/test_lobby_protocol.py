"""The ``hello`` fields of a server for many rooms are checked as strictly as the
rest (``spit.net.protocol``): whatever a client puts in them is either read as the
declared type or refused with ``ProtocolError``, never anything else."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.games.spit.descriptor import DESCRIPTOR
from spit.net.protocol import MAX_OPTIONS, PROTOCOL_VERSION, Hello, ProtocolError, parse_client

from .frames import frame as raw

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=30), inner, max_size=10)
    ),
    max_leaves=12,
)


@pytest.mark.parametrize(
    "fields",
    [
        {"create": True},
        {"create": True, "game": "spit", "options": {"variant": "points"}, "public": True},
        {"create": True, "options": {"a": 1, "b_2": False, "c": "x"}, "password": "pw"},
        {"list": True},
        {"replay": True, "room": "7KX-PM2-QDA"},
    ],
)
def test_the_lobby_fields_are_read(fields: dict[str, Any]) -> None:
    message = parse_client(raw("hello", v=PROTOCOL_VERSION, name="Ann", **fields))
    assert isinstance(message, Hello)
    assert {key: msgspec.to_builtins(message)[key] for key in fields} == fields


@pytest.mark.slow
@given(key=st.sampled_from(["create", "game", "options", "public", "list", "replay"]), value=JSON)
def test_any_value_of_a_lobby_field_is_read_as_its_type_or_refused(key: str, value: Any) -> None:
    frame = json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "Ann", key: value})
    try:
        message = parse_client(frame)
    except ProtocolError:
        return
    assert isinstance(message, Hello)
    read = getattr(message, "list_rooms" if key == "list" else key)
    if key in ("create", "public", "list", "replay"):
        assert type(read) is bool
    elif read is None:
        assert value is None  # null: the field left out
    elif key == "game":
        assert isinstance(read, str) and read.isascii() and read.islower()
    else:
        assert isinstance(read, dict) and len(read) <= MAX_OPTIONS
        assert all(type(v) in (str, int, bool) for v in read.values())


@pytest.mark.slow
@given(options=st.dictionaries(st.text(max_size=12), JSON, max_size=4))
def test_spits_own_check_takes_only_its_variant(options: dict[str, Any]) -> None:
    assert DESCRIPTOR.net is not None
    check = DESCRIPTOR.net.options
    try:
        checked = check(options)
    except ValueError as error:
        assert str(error)
        return
    assert set(checked) <= {"variant"}
    assert set(options) <= {"variant"}
