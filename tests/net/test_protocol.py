"""Every message a client sends is checked strictly (``spit.net.protocol``)."""

from __future__ import annotations

import contextlib
import json
import typing
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.net import protocol
from spit.net.protocol import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    ClientMessage,
    Close,
    FetchReplay,
    Hello,
    Intent,
    Leave,
    Pong,
    ProtocolError,
    Rematch,
    ServerMessage,
    encode,
    parse_client,
    parse_server,
)

from .frames import frame as raw

GOOD = [
    Hello(v=PROTOCOL_VERSION, name="Ann"),
    Hello(v=1, name="Bob", room="7KX-PM2-QDA", password="pw", client="spit-tui 0.2"),
    Hello(v=1, name="Ann", token="0123456789abcdef0123456789abcdef"),
    Intent(seq=3, t=123456.5, text="3L"),
    Pong(id=7, c1=1.0, c2=1.5),
    Rematch(),
    Leave(),
    FetchReplay(),
]


@pytest.mark.parametrize("message", GOOD, ids=repr)
def test_well_formed_messages_are_read_as_they_were_written(message: ClientMessage) -> None:
    assert parse_client(encode(message)) == message


def test_a_frame_is_its_type_then_its_fields_in_compact_json() -> None:
    assert encode(Intent(seq=3, t=5.5, text="3L")) == (
        '{"type":"intent","seq":3,"t":5.5,"intent":"3L"}'
    )
    assert encode(Hello(v=2, name="Ann")) == '{"type":"hello","v":2,"name":"Ann"}'


HOSTILE = {
    "binary frame": b'{"type":"leave"}',
    "not JSON": "{type: leave}",
    "a list": "[1, 2]",
    "no type": '{"v": 1}',
    "unknown type": '{"type": "shutdown"}',
    "type not text": '{"type": 5}',
    "extra field": '{"type": "leave", "now": true}',
    "an unknown field with escapes": raw("leave", **{"\x1b[2J" * 50: 1}),
    "an unknown type with escapes": raw("\x1b]0;owned\x07" * 20),
    "duplicate key": '{"type": "leave", "type": "hello"}',
    "NaN": '{"type": "pong", "id": 1, "c1": NaN, "c2": 1}',
    "infinity": '{"type": "pong", "id": 1, "c1": 1e999, "c2": 1}',
    "huge integer": '{"type": "intent", "seq": 1' + "0" * 40 + ', "t": 1, "intent": "3L"}',
    "bool as int": '{"type": "intent", "seq": true, "t": 1, "intent": "3L"}',
    "negative time": '{"type": "intent", "seq": 1, "t": -5, "intent": "3L"}',
    "missing field": '{"type": "intent", "seq": 1, "t": 5}',
    "long intent": raw("intent", seq=1, t=1, intent="x" * 33),
    "empty name": raw("hello", v=1, name=""),
    "long name": raw("hello", v=1, name="A" * 25),
    "control character in name": raw("hello", v=1, name="Ann\x1b[2J"),
    "bad room code": raw("hello", v=1, name="Ann", room="kite-42"),
    "bad token": raw("hello", v=1, name="Ann", token="zz" * 16),
    "an option with an escape": raw("hello", v=1, name="A", create=True, options={"x": "\x1b"}),
    "deep nesting": '{"type": "leave", "x": ' + "[" * 400 + "]" * 400 + "}",
    "nesting past the bound": '{"type": "leave", "x": ' + "[" * 20 + "]" * 20 + "}",
    "too long": raw("hello", v=1, name="Ann", client="x" * MAX_CLIENT_MESSAGE),
}


@pytest.mark.parametrize("frame", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_messages_are_refused_with_a_reason(frame: str | bytes) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(frame)
    reason = caught.value.reason
    assert reason and reason.isprintable() and len(reason) <= 100  # it goes back to the client
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


def _kinds(union: Any) -> dict[str, list[str]]:
    """Each message type of a union: its tag, and the names of its fields on the wire."""
    return {
        kind.__struct_config__.tag: list(kind.__struct_encode_fields__)
        for kind in typing.get_args(union)
    }


def _type_of(message: msgspec.Struct) -> str:
    return str(message.__struct_config__.tag)


@pytest.mark.parametrize(
    ("parse", "kinds"),
    [(parse_client, _kinds(ClientMessage)), (parse_server, _kinds(ServerMessage))],
    ids=["client", "server"],
)
@pytest.mark.slow
@given(data=st.data())
def test_mutated_messages_are_read_or_refused_never_a_crash(
    parse: Callable[[str], msgspec.Struct], kinds: dict[str, list[str]], data: st.DataObject
) -> None:
    """Every message type (and one that is none) with any of the fields of any type."""
    kind = data.draw(st.sampled_from([*kinds, "x"]))
    keys = st.sampled_from(sorted({key for fields in kinds.values() for key in fields} | {"z"}))
    fields = data.draw(st.dictionaries(keys, json_values, max_size=7))
    try:
        message = parse(json.dumps({"type": kind, **fields}))
    except ProtocolError:
        return
    assert _type_of(message) == kind


def test_every_message_of_the_protocol_is_a_frozen_struct_that_refuses_unknown_fields() -> None:
    for kind in [*typing.get_args(ClientMessage), *typing.get_args(ServerMessage)]:
        config = kind.__struct_config__
        assert config.frozen and config.forbid_unknown_fields and config.tag_field == "type"
    assert protocol.Close.PROTOCOL == 1008


# --- the server's messages, as a client checks them ------------------------------------

TOKEN_HEX = "0123456789abcdef0123456789abcdef"
SERVER_GOOD = [
    protocol.Welcome(v=1, room="7KX-PM2-QDA", seat=0, token=TOKEN_HEX, names=["Ann"], game="spit"),
    protocol.Refused(code=4002, reason="wrong password"),
    protocol.Ping(id=3),
    protocol.View(
        t=120,
        view={"seat": 0, "can_play": True, "piles": ["5H", "KC"]},
        events=[{"kind": "input", "t": 100, "seat": 0, "too_slow": True, "beaten_by_ms": 23}],
        rtt=[4.5, 120.0],
        finished=False,
        game="spit",
    ),
    protocol.Away(seat=1, seconds_left=42),
    protocol.Back(seat=1),
    protocol.GraceOver(seat=1, seconds_left=30),
    protocol.Over(winner=0, reason="forfeit", replay="2026-12-02_a.spit.jsonl", hash="ab" * 16),
    protocol.Over(winner=None, reason="cards", replay=None),
    protocol.RematchAsked(seat=0),
    protocol.NewGame(names=["Ann", "Bob"]),
    protocol.ReplayText(name="g.spit.jsonl", text='{"format": "spit-replay"}\n'),
    protocol.ReplayText(name=None, text=None, error="the game is not over yet"),
    protocol.Rooms(
        rooms=[protocol.ListedRoom(room="7KX-PM2-QDA", game="spit", names=["A"], password=False)]
    ),
]


@pytest.mark.parametrize("message", SERVER_GOOD, ids=repr)
def test_well_formed_server_messages_are_read_as_they_were_written(message: ServerMessage) -> None:
    assert parse_server(encode(message)) == message


def _view(**change: object) -> str:
    fields: dict[str, object] = {"t": 1, "view": {}, "events": [], "rtt": [], "finished": False}
    fields.update(change)
    return raw("view", **fields)


SERVER_HOSTILE = {
    "binary": b'{"type": "ping", "id": 1}',
    "unknown type": raw("shutdown"),
    "a client's message": raw("intent", seq=1, t=1, intent="spit"),
    "extra field": raw("ping", id=1, admin=True),
    "seat 2": raw("away", seat=2, seconds_left=3),
    "negative countdown": raw("away", seat=0, seconds_left=-1),
    "seat as text": raw("back", seat="0"),
    "name with an escape": raw("new_game", names=["Ann", "\x1b]0;pwned\x07"]),
    "three names": raw("new_game", names=["A", "B", "C"]),
    "replay name with a folder": raw("replay", name="../../.bashrc", text="x"),
    "hidden replay name": raw("replay", name=".profile", text="x"),
    "replay text with escapes": raw("replay", name="a.jsonl", text="\x1b[2J"),
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
    "an event kind with an escape": _view(events=[{"kind": "\x1b[2J"}]),
    "over with a winner 3": raw("over", winner=3, reason="cards", replay=None),
    "bad token": raw("welcome", v=1, room="7KX-PM2-QDA", seat=0, token="zz", names=["Ann"]),
    "a listed room with an escape": raw(
        "rooms",
        rooms=[{"room": "7KX-PM2-QDA", "game": "spit", "names": ["\x1b"], "password": False}],
    ),
    "a view nested too deeply": _view(view={"a": json.loads("[" * 20 + "]" * 20)}),
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
