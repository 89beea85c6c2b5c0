"""Policies: legal choices, no use of hidden cards, and the tactics they promise."""

from __future__ import annotations

import random

import pytest

from spit.engine import (
    Phase,
    Play,
    PlayerView,
    StockView,
    legal_actions,
    observe,
    parse_card,
)
from spit.games.spit.bots import POLICIES, NaivePolicy, StrongPolicy
from tests.bots.tables import playing_tables
from tests.engine.positions import scrambled

TABLES = list(playing_tables(seed=3, count=400))


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_choice_is_one_of_the_legal_actions(name: str) -> None:
    policy = POLICIES[name]
    for state in TABLES:
        for player in (0, 1):
            actions = legal_actions(state, player)
            if actions:
                assert policy.choose(observe(state, player), actions) in actions


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_choice_does_not_depend_on_hidden_cards(name: str) -> None:
    policy = POLICIES[name]
    rng = random.Random(5)
    for state in TABLES[:150]:
        other = scrambled(state, rng)
        for player in (0, 1):
            assert observe(other, player) == observe(state, player)
            actions = legal_actions(state, player)
            if actions:
                assert policy.choose(observe(other, player), actions) == policy.choose(
                    observe(state, player), actions
                )


def test_naive_takes_the_first_legal_action() -> None:
    for state in TABLES[:50]:
        actions = legal_actions(state, 0)
        if actions:
            assert NaivePolicy().choose(observe(state, 0), actions) == actions[0]


def view(
    own: str, opponent: str, tops: str, *, face_down: tuple[int, ...] = (0, 0, 0, 0, 0)
) -> PlayerView:
    """A hand-written view: face-up cards per stockpile (``-`` for empty spaces)."""

    def row(text: str, down: tuple[int, ...]) -> tuple[StockView, ...]:
        cards = [None if t == "-" else parse_card(t) for t in text.split()]
        pairs = zip(cards, down, strict=True)
        return tuple(StockView(c, d if c is not None else 0) for c, d in pairs)

    piles = tuple(parse_card(t) for t in tops.split())
    return PlayerView(
        player=0,
        variant=TABLES[0].variant,
        round=1,
        phase=Phase.PLAYING,
        own=row(own, face_down),
        opponent=row(opponent, (1, 1, 1, 1, 1)),
        own_spit_cards=5,
        opponent_spit_cards=5,
        pile_tops=piles,
        pile_sizes=(3,) * len(piles),
        must_spit=False,
        scores=(0, 0),
        winner=None,
    )


def test_strong_reveals_a_face_down_card_first() -> None:
    # 8C and 8D both fit the 9S; only the 8D has a card under it to turn up.
    table = view("8C 8D 2H - -", "KS KH KD KC QS", "9S 5H", face_down=(0, 2, 0, 0, 0))
    assert StrongPolicy().choose(table, [Play(0, 0), Play(1, 0)]) == Play(1, 0)


def test_strong_covers_the_pile_the_opponent_could_play_on() -> None:
    # The 4C fits both piles; the opponent's 6D fits only the 5H.
    table = view("4C KC KC KC KC", "6D KS KS KS KS", "3S 5H")
    assert StrongPolicy().choose(table, [Play(0, 0), Play(0, 1)]) == Play(0, 1)


def test_strong_avoids_handing_the_opponent_a_play() -> None:
    # 7C and 9D both fit the 8S; the opponent's 6H would fit the 7C, nothing fits the 9D.
    table = view("7C 9D KC KC KC", "6H JC JC JC JC", "8S 2D")
    assert StrongPolicy().choose(table, [Play(0, 0), Play(1, 0)]) == Play(1, 0)
