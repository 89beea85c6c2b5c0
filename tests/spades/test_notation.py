"""Action notation and the canonical JSON form of states."""

from __future__ import annotations

import json

import pytest

from spit.core.cards import DECK, parse_card
from spit.core.dealer import Dealer
from spit.games.spades.engine import (
    Action,
    Bid,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Exchange,
    Keep,
    PlayCard,
    action_key,
    dumps,
    from_json,
    loads,
    new_game,
    parse_action,
    shuffled_hand,
    state_hash,
    to_json,
)

from .positions import before_last_trick, finish_hand, through_draw

ACTIONS: list[tuple[Action, str]] = [
    (DeclareBlindNil(), "blind"),
    (DeclineBlindNil(), "decline"),
    (Keep(), "keep"),
    (Discard(), "discard"),
    (Exchange(), "exchange"),
    (Exchange((parse_card("QS"), parse_card("2C"))), "exchange 2C QS"),
    (Bid(0), "bid 0"),
    (Bid(13), "bid 13"),
    (PlayCard(parse_card("TD")), "play TD"),
]


@pytest.mark.parametrize(("action", "text"), ACTIONS)
def test_notation_round_trip(action: Action, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action


def test_exchange_is_a_set_of_cards() -> None:
    a, b = parse_card("2C"), parse_card("QS")
    assert Exchange((b, a)) == Exchange((a, b))
    assert parse_action("exchange qs 2c") == Exchange((a, b))


@pytest.mark.parametrize(
    "text", ["", "bid", "bid x", "bid 123", "play", "play 1X", "exchange 2C 3C 4C 5C", "nil"]
)
def test_bad_notation_is_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match="bad action"):
        parse_action(text)


def test_action_order_follows_the_hand() -> None:
    keys = [action_key(a) for a, _ in ACTIONS]
    assert keys == sorted(keys)


def test_json_round_trip_in_every_phase() -> None:
    states = [
        new_game(*shuffled_hand(Dealer(3))),
        through_draw(blind=(True, False)),
        through_draw(),
        before_last_trick((4, 5), (6, 6), scores=(120, -40), bags=(3, 12)),
        finish_hand(before_last_trick((4, 5), (6, 6))).state,
        finish_hand(before_last_trick((4, 5), (6, 6), scores=(500, 0))).state,
    ]
    for state in states:
        text = dumps(state)
        assert loads(text) == state
        assert json.loads(text) == to_json(state)
        assert state_hash(loads(text)) == state_hash(state)


GOLDEN_HASH = "34c45931ebd287e4643e01b747bda57d"


def test_state_hash_is_fixed() -> None:
    # Golden value: a change in the JSON form changes every replay's checkpoints.
    assert state_hash(new_game(DECK, DECK)) == GOLDEN_HASH


def broken(change: dict[str, object]) -> dict[str, object]:
    return to_json(through_draw()) | change


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"phase": "draw"},
        broken({"phase": "dealing"}),
        broken({"hands": [["2C", "2C"], []]}),
        broken({"hands": [["3C", "2C"], []]}),
        broken({"stock": ["XX"]}),
        broken({"bids": [14, None]}),
        broken({"turn": 2}),
        broken({"scores": [10, 0]}),
        broken({"received": [["2C"], []]}),
        broken({"exchange_order": ["2C"]}),
        broken({"target": True}),
    ],
)
def test_from_json_rejects_bad_states(data: object) -> None:
    with pytest.raises(ValueError):
        from_json(data)
