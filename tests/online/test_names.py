"""Display names: the rules, and names that look alike being one name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.safe_text import is_safe
from spit.online.errors import NameRefused
from spit.online.names import check, guest_name, shown, skeleton


def same(a: str, b: str) -> bool:
    """Whether two names would clash on a server (either key equal)."""
    ka, kb = check(a), check(b)
    return ka.folded == kb.folded or ka.looks == kb.looks


@pytest.mark.parametrize("name", ["Ann", "Bob the Builder", "Zoë", "李小龍", "x_9", "a" * 20])
def test_good_names_pass(name: str) -> None:
    check(name)


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Al", "3 to 20"),
        ("a" * 21, "3 to 20"),
        ("", "3 to 20"),
        (" Ann", "either end"),
        ("Ann ", "either end"),
        ("An  n", "two in a row"),
        ("---", "letter or digit"),
        ("Guest 1234", "Guest"),
        ("GUEST", "Guest"),
        ("Guеst", "Guest"),  # a Cyrillic е
    ],
)
def test_rules(name: str, rule: str) -> None:
    with pytest.raises(NameRefused, match=rule):
        check(name)


@pytest.mark.parametrize(
    "name",
    [
        "Ann\x1b[2J",  # clears the screen
        "\x1b]2;pwned\x07Ann",  # sets the window title
        "evil\u202egnp",  # a right-to-left override
        "An\u200bn",  # a zero-width space
        "Ann\nBob",
        "Ann\u00a0Lee",  # a non-breaking space
        "Ann\x00",
        "Ann\ue000",  # private use
    ],
)
def test_what_a_terminal_obeys_or_hides_is_refused(name: str) -> None:
    with pytest.raises(NameRefused) as refused:
        check(name)
    assert is_safe(refused.value.message), "the refusal quotes the name made safe"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("ann", "ANN"),  # case
        ("Straße", "STRASSE"),  # case folding, not just lower()
        ("ann", "аnn"),  # a Cyrillic а
        ("Ann", "ＡＮＮ"),  # full-width
        ("Bill", "BiII"),  # capital i's for l's
        ("bill", "BILL"),
        ("Ollie", "0llie"),  # a zero for an O
        ("mary", "rnary"),  # r n for m
        ("paypal", "pаypаl"),
        ("Ann", "𝐀𝐧𝐧"),  # mathematical bold
    ],
)
def test_names_that_look_alike_are_one_name(one: str, other: str) -> None:
    assert same(one, other)


@pytest.mark.parametrize(("one", "other"), [("Ann", "Anne"), ("Jose", "José"), ("Bob", "Rob")])
def test_different_names_stay_different(one: str, other: str) -> None:
    assert not same(one, other)


def test_shown_names_are_safe_and_guests_have_one() -> None:
    assert shown("Ann\x1b[2J", "abcd") == "Ann\\e[2J"
    assert shown(None, "3f2a9c") == guest_name("3f2a9c") == "Guest 3f2a"
    with pytest.raises(NameRefused):
        check(guest_name("3f2a9c"))


@given(st.text(max_size=30))
def test_any_text_is_a_name_or_refused_with_a_safe_message(text: str) -> None:
    try:
        keys = check(text)
    except NameRefused as refused:
        assert is_safe(refused.message)
    else:
        assert is_safe(text), "every name accepted shows as typed"
        assert keys == check(text)


@given(st.text(max_size=12))
def test_the_skeleton_is_stable(text: str) -> None:
    assert skeleton(skeleton(text)) == skeleton(skeleton(skeleton(text)))
