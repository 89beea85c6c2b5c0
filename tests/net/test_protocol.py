"""Every message a client sends is checked strictly (``spit.net.protocol``)."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.net.protocol import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    Close,
    ProtocolError,
    encode,
    parse_client,
)

GOOD = [
    encode("hello", v=PROTOCOL_VERSION, name="Ann"),
    encode("hello", v=1, name="Bob", room="KITE-42", password="pw", client="spit-tui 0.2"),
    encode("hello", v=1, name="Ann", token="0123456789abcdef0123456789abcdef"),
    encode("intent", seq=3, t=123456.5, intent="3L"),
    encode("pong", id=7, c1=1.0, c2=1.5),
    encode("rematch"),
    encode("leave"),
    encode("fetch_replay"),
]


@pytest.mark.parametrize("frame", GOOD)
def test_well_formed_messages_are_read(frame: str) -> None:
    message = parse_client(frame)
    assert message.type == json.loads(frame)["type"]


HOSTILE = {
    "binary frame": b'{"type":"leave"}',
    "not JSON": "{type: leave}",
    "a list": "[1, 2]",
    "no type": '{"v": 1}',
    "unknown type": '{"type": "shutdown"}',
    "type not text": '{"type": 5}',
    "extra field": '{"type": "leave", "now": true}',
    "duplicate key": '{"type": "leave", "type": "hello"}',
    "NaN": '{"type": "pong", "id": 1, "c1": NaN, "c2": 1}',
    "infinity": '{"type": "pong", "id": 1, "c1": 1e999, "c2": 1}',
    "huge integer": '{"type": "intent", "seq": 1' + "0" * 40 + ', "t": 1, "intent": "3L"}',
    "bool as int": '{"type": "intent", "seq": true, "t": 1, "intent": "3L"}',
    "negative time": '{"type": "intent", "seq": 1, "t": -5, "intent": "3L"}',
    "missing field": '{"type": "intent", "seq": 1, "t": 5}',
    "long intent": encode("intent", seq=1, t=1, intent="x" * 33),
    "empty name": encode("hello", v=1, name=""),
    "long name": encode("hello", v=1, name="A" * 25),
    "control character in name": encode("hello", v=1, name="Ann\x1b[2J"),
    "bad room code": encode("hello", v=1, name="Ann", room="kite-42"),
    "bad token": encode("hello", v=1, name="Ann", token="zz" * 16),
    "deep nesting": '{"type": "leave", "x": ' + "[" * 400 + "]" * 400 + "}",
    "too long": encode("hello", v=1, name="Ann", client="x" * MAX_CLIENT_MESSAGE),
}


@pytest.mark.parametrize("frame", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_messages_are_refused_with_a_reason(frame: str | bytes) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(frame)
    assert caught.value.reason
    assert caught.value.code in (Close.PROTOCOL, Close.TOO_BIG)


@given(st.text(max_size=300) | st.binary(max_size=100))
def test_any_frame_is_read_or_refused_never_a_crash(frame: str | bytes) -> None:
    with contextlib.suppress(ProtocolError):
        parse_client(frame)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(
    kind=st.sampled_from(["hello", "intent", "pong", "rematch", "leave", "fetch_replay", "x"]),
    fields=st.dictionaries(
        st.sampled_from(
            ["v", "name", "room", "seq", "t", "intent", "id", "c1", "c2", "token", "z"]
        ),
        json_values,
        max_size=6,
    ),
)
def test_mutated_messages_are_read_or_refused_never_a_crash(kind: str, fields: dict) -> None:
    try:
        message = parse_client(json.dumps({"type": kind, **fields}))
    except ProtocolError:
        return
    assert message.type == kind
