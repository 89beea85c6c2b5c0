"""The card strings of deal lines: read at once when spelled as the writer spells them,
card by card otherwise, and the same cards (or the same error) either way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.cards import DECK, parse_card
from spit.core.replay.fields import FormatError, card_names, cards_of, deck_problems, show

cards = st.lists(st.sampled_from(DECK), max_size=60).map(tuple)


def one_by_one(text: str) -> tuple[int, ...] | str:
    """What the lenient parser makes of ``text`` alone, token by token (or its error)."""
    out = []
    for token in text.split():
        try:
            out.append(parse_card(token) if len(token) <= 3 else None)
        except ValueError:
            return f"'p1': {show(token)} is not a card"
        if out[-1] is None:
            return f"'p1': {show(token)} is not a card"
    return tuple(out)  # type: ignore[arg-type]


def read(text: str) -> tuple[int, ...] | str:
    try:
        return cards_of({"p1": text}, "p1")
    except FormatError as err:
        return str(err)


@given(cards)
def test_what_the_writer_writes_reads_back(held: tuple[int, ...]) -> None:
    assert cards_of({"p1": card_names(held)}, "p1") == held


@given(st.text(alphabet="23456789TJQKACDHScdhs10 \t\nX\u00a0\u0663", max_size=12))
def test_any_string_reads_as_token_by_token(text: str) -> None:
    assert read(text) == one_by_one(text)


@pytest.mark.parametrize(
    "text",
    ["2C  3D", " 2C", "2C ", "2c 3d", "10C 2C", "2C\t3D", "2C3D", "2C 3X", "\uff12C", "AS" * 30],
)
def test_other_spellings_read_as_before(text: str) -> None:
    assert read(text) == one_by_one(text)


@pytest.mark.slow
@given(st.permutations(DECK), st.integers(0, 51), st.sampled_from(DECK), cards)
def test_the_deck_check_finds_exactly_the_whole_deck(
    deck: list[int], place: int, other: int, held: tuple[int, ...]
) -> None:
    assert deck_problems(tuple(deck)) is None
    changed = (*deck[:place], other, *deck[place + 1 :])
    assert (deck_problems(changed) is None) == (other == deck[place])
    assert deck_problems((*deck, other)) is not None
    assert (deck_problems(held) is None) == (sorted(held) == list(DECK))
