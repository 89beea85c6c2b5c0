"""Every message a client sends is checked strictly (``spit.net.protocol``)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.net.protocol import (
    CLIENT_MESSAGES,
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    SERVER_MESSAGES,
    Close,
    Message,
    ProtocolError,
    Schema,
    encode,
    parse_client,
    parse_server,
)

GOOD = [
    encode("hello", v=PROTOCOL_VERSION, name="Ann"),
    encode("hello", v=1, name="Bob", room="7KX-PM2-QDA", password="pw", client="spit-tui 0.2"),
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


def _fields_of(schemas: Mapping[str, Schema]) -> list[str]:
    return sorted(
        {key for schema in schemas.values() for key in (*schema.required, *schema.optional)}
    )


@pytest.mark.parametrize(
    ("parse", "schemas"),
    [(parse_client, CLIENT_MESSAGES), (parse_server, SERVER_MESSAGES)],
    ids=["client", "server"],
)
@given(data=st.data())
def test_mutated_messages_are_read_or_refused_never_a_crash(
    parse: Callable[[str], Message], schemas: Mapping[str, Schema], data: st.DataObject
) -> None:
    """Every message type (and one that is none) with any of the fields of any type."""
    kind = data.draw(st.sampled_from([*schemas, "x"]))
    keys = st.sampled_from([*_fields_of(schemas), "z"])
    fields = data.draw(st.dictionaries(keys, json_values, max_size=7))
    try:
        message = parse(json.dumps({"type": kind, **fields}))
    except ProtocolError:
        return
    assert message.type == kind


# --- the server's messages, as a client checks them ------------------------------------

TOKEN_HEX = "0123456789abcdef0123456789abcdef"
SERVER_GOOD = [
    encode("welcome", v=1, room="7KX-PM2-QDA", seat=0, token=TOKEN_HEX, names=["Ann"], game="spit"),
    encode("refused", code=4002, reason="wrong password"),
    encode("ping", id=3),
    encode(
        "view",
        t=120,
        view={"seat": 0, "can_play": True, "piles": ["5H", "KC"]},
        events=[{"kind": "input", "t": 100, "seat": 0, "too_slow": True, "beaten_by_ms": 23}],
        rtt=[4.5, 120.0],
        finished=False,
        game="spit",
    ),
    encode("away", seat=1, seconds_left=42),
    encode("back", seat=1),
    encode("grace_over", seat=1, seconds_left=30),
    encode("over", winner=0, reason="forfeit", replay="2026-12-02_a.spit.jsonl", hash="ab" * 16),
    encode("over", winner=None, reason="cards", replay=None),
    encode("rematch", seat=0),
    encode("new_game", names=["Ann", "Bob"]),
    encode("replay", name="g.spit.jsonl", text='{"format": "spit-replay"}\n'),
    encode("replay", name=None, text=None, error="the game is not over yet"),
]


@pytest.mark.parametrize("frame", SERVER_GOOD)
def test_well_formed_server_messages_are_read(frame: str) -> None:
    assert parse_server(frame).type == json.loads(frame)["type"]


def _view(**change: object) -> str:
    fields: dict[str, object] = {"t": 1, "view": {}, "events": [], "rtt": [], "finished": False}
    fields.update(change)
    return encode("view", **fields)


SERVER_HOSTILE = {
    "binary": b'{"type": "ping", "id": 1}',
    "unknown type": encode("shutdown"),
    "a client's message": encode("intent", seq=1, t=1, intent="spit"),
    "extra field": encode("ping", id=1, admin=True),
    "seat 2": encode("away", seat=2, seconds_left=3),
    "negative countdown": encode("away", seat=0, seconds_left=-1),
    "seat as text": encode("back", seat="0"),
    "name with an escape": encode("new_game", names=["Ann", "\x1b]0;pwned\x07"]),
    "three names": encode("new_game", names=["A", "B", "C"]),
    "replay name with a folder": encode("replay", name="../../.bashrc", text="x"),
    "hidden replay name": encode("replay", name=".profile", text="x"),
    "replay text with escapes": encode("replay", name="a.jsonl", text="\x1b[2J"),
    "view not an object": _view(view=[1, 2]),
    "events not a list": _view(events={"kind": "x"}),
    "an event without a kind": _view(events=[{"t": 1}]),
    "beaten by a negative time": _view(
        events=[{"kind": "input", "too_slow": True, "beaten_by_ms": -5}]
    ),
    "finished as a number": _view(finished=1),
    "rtt NaN": (
        '{"type": "view", "t": 1, "view": {}, "events": [], "rtt": [NaN], "finished": false}'
    ),
    "over with a winner 3": encode("over", winner=3, reason="cards", replay=None),
    "bad token": encode("welcome", v=1, room="7KX-PM2-QDA", seat=0, token="zz", names=["Ann"]),
    "duplicate key": '{"type": "ping", "id": 1, "id": 2}',
}


@pytest.mark.parametrize("frame", SERVER_HOSTILE.values(), ids=SERVER_HOSTILE.keys())
def test_hostile_server_messages_are_refused_with_a_reason(frame: str | bytes) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_server(frame)
    assert caught.value.reason


@given(st.text(max_size=300) | st.binary(max_size=100))
def test_any_server_frame_is_read_or_refused_never_a_crash(frame: str | bytes) -> None:
    with contextlib.suppress(ProtocolError):
        parse_server(frame)
