"""The key map: presets, remapping, validation and labels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.keys import _character_to_key

from spit.settings.keymap import (
    BINDING_IDS,
    GAME_KEYS,
    KEYBOARD_ROWS,
    PRESETS,
    KeymapError,
    conflicts,
    is_one_key,
    key_label,
    keymap_errors,
    normalize_key,
    resolve,
    spelt_key_label,
)


@pytest.mark.parametrize("preset", PRESETS)
def test_presets_bind_every_id_once(preset: str) -> None:
    keys = PRESETS[preset]
    assert tuple(keys) == BINDING_IDS
    assert conflicts(keys) == {}
    assert keymap_errors(preset, {}) == []


@pytest.mark.parametrize("preset", PRESETS)
def test_keyboard_rows_line_up_with_the_stockpiles(preset: str) -> None:
    """Top letter row plays onto the left pile, home row onto the right, bottom row moves;
    player 1 has the five leftmost keys of each row, player 2 the next five."""
    _, top, home, bottom = KEYBOARD_ROWS[preset]
    keys = PRESETS[preset]
    for player in (0, 1):
        for stock in range(5):
            col = 5 * player + stock
            p, n = f"p{player + 1}", stock + 1
            assert keys[f"{p}.play.{n}.left"] == top[col]
            assert keys[f"{p}.play.{n}.right"] == home[col]
            assert keys[f"{p}.move.{n}"] == bottom[col]


def test_keys_are_textual_key_names() -> None:
    for rows in KEYBOARD_ROWS.values():
        for key in (k for row in rows for k in row):
            char = key_label(key).lower()
            assert normalize_key(char) == key
            assert _character_to_key(char) == key or char.isalpha()
    assert normalize_key("Q") == "q"
    assert normalize_key("semicolon") == "semicolon"
    assert normalize_key(" ") == "space"


def test_overrides_apply_and_may_swap_keys() -> None:
    swapped = {"p1.play.1.left": "a", "p1.play.1.right": "q"}
    keys = resolve("qwerty", swapped)
    assert keys["p1.play.1.left"] == "a"
    assert keys["p1.play.1.right"] == "q"
    assert resolve("qwerty", {"pause": "f5"})["pause"] == "f5"
    assert resolve("qwerty", {"p2.move.5": "'"})["p2.move.5"] == "apostrophe"


def test_problems_are_reported_not_raised_half_way() -> None:
    assert keymap_errors("dvorak", {}) == [
        'there is no keyboard layout "dvorak" (choose qwerty, azerty, qwertz)'
    ]
    problems = keymap_errors("qwerty", {"p3.play.1.left": "x", "p1.move.1": "ctrl+z"})
    assert problems == [
        'there is no key binding "p3.play.1.left"',
        "p1.move.1: Ctrl+Z cannot be a play key (use a single key without Ctrl, Alt, "
        "Shift or Escape)",
    ]
    assert keymap_errors("qwerty", {"p1.play.1.left": "escape"})
    two = keymap_errors("qwerty", {"pause": "f1,f2"})
    assert two == ['pause: "f1,f2" is not one key']
    assert keymap_errors("qwerty", {"pause": ""}) == ['pause: "" is not one key']
    assert keymap_errors("qwerty", {"quit": "ctrl+q"}) == []  # not a play key
    with pytest.raises(KeymapError) as raised:
        resolve("qwerty", {"p1.move.1": "q"})
    assert raised.value.problems == ["Q is bound to p1.play.1.left and p1.move.1"]


@pytest.mark.parametrize(
    "key",
    ["qq", "x" * 5000, "f1,f2", "\x1b]2;title\x07", "\x00", "\u202e", "ctrl+ctrl+a", "f99"],
)
def test_an_override_must_be_one_key(key: str) -> None:
    """Text that names no key is refused (it could never be pressed) and is never drawn
    as it is: a key label stays short and holds no control character."""
    [problem] = keymap_errors("qwerty", {"pause": key})
    assert problem.startswith("pause: ") and problem.endswith(" is not one key")
    assert problem.isprintable() and len(problem) < 60
    label = key_label(normalize_key(key))
    assert label.isprintable() and len(label) <= 12


def test_every_id_says_what_it_does() -> None:
    assert GAME_KEYS["p2.play.3.right"].description == (
        "Player 2: play stockpile 3 onto the right pile (slap right)"
    )
    key = GAME_KEYS["p1.move.5"]
    assert (key.kind, key.player, key.stock, key.pile) == ("move", 0, 4, None)
    assert all(GAME_KEYS[i].description for i in BINDING_IDS)


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("q", "Q"),
        ("semicolon", ";"),
        ("full_stop", "."),
        ("minus", "-"),
        ("exclamation_mark", "!"),
        ("backspace", "Backspace"),
        ("escape", "Esc"),
        ("question_mark", "?"),
        ("left", "←"),
        ("f5", "F5"),
        ("ctrl+p", "Ctrl+P"),
        ("ö", "Ö"),
        ("ß", "ß"),
    ],
)
def test_labels(key: str, label: str) -> None:
    assert key_label(key) == label


@pytest.mark.parametrize(
    ("key", "slot", "sentence"),
    [
        ("left", "Left", "Left"),
        ("q", "Q", "Q"),
        ("semicolon", ";", ";"),
        ("ö", "Oe", "O-umlaut"),
        ("é", "E'", "E-acute"),
        ("è", "E`", "E-grave"),
        ("ç", "C,", "C-cedilla"),
        ("ñ", "N~", "N-tilde"),
        ("å", "Ao", "A-ring"),
        ("ǘ", "Ue'", "U-umlaut-acute"),
        ("ß", "ss", "sharp-s"),
        ("€", "U+20AC", "U+20AC"),
        ("ctrl+ü", "Ctrl+Ue", "Ctrl+U-umlaut"),
        ("öö", "oeoe", "o-umlauto-umlaut"),  # no key: as it was typed
    ],
)
def test_ascii_labels(key: str, slot: str, sentence: str) -> None:
    """The ASCII card style names every key in ASCII: in a key slot short enough for
    the table's key column, in a sentence as a player says it."""
    assert key_label(key, ascii_only=True) == slot
    assert spelt_key_label(key, ascii_only=True) == sentence


@pytest.mark.parametrize("preset", PRESETS)
def test_every_key_of_every_layout_has_a_short_ascii_label(preset: str) -> None:
    """The keys of the layouts' keyboards (drawn in How to play) and of the presets (on
    the table): at most three cells, which the table's key column holds before the
    next card, and no two keys alike."""
    players = {key for b, key in PRESETS[preset].items() if GAME_KEYS[b].player is not None}
    keys = {key for row in KEYBOARD_ROWS[preset] for key in row} | players
    labels = {key: key_label(key, ascii_only=True) for key in keys}
    assert all(label.isascii() and len(label) <= 3 for label in labels.values()), labels
    assert len(set(labels.values())) == len(labels)
    everything = set(PRESETS[preset].values())
    assert all(key_label(key, ascii_only=True).isascii() for key in everything)


CHARACTERS = st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp"))


@given(CHARACTERS, st.sampled_from([*"oeau", "ö", "ä", "ü", "é", "ß", "s"]) | CHARACTERS)
def test_an_ascii_label_is_ascii_and_tells_keys_apart(char: str, other: str) -> None:
    key, other = normalize_key(char), normalize_key(other)
    if not (is_one_key(key) and is_one_key(other)):
        return
    label = key_label(key, ascii_only=True)
    assert label.isascii() and spelt_key_label(key, ascii_only=True).isascii()
    if key != other:
        assert label.casefold() != key_label(other, ascii_only=True).casefold()


@pytest.mark.parametrize(
    ("preset", "overrides", "named"),
    [
        ("qwertz", {"p1.play.1.left": "ö"}, "O-umlaut is bound to"),
        ("qwerty", {"p1.play.1.left": "é", "p1.play.2.left": "é"}, "E-acute is bound to"),
        ("qwerty", {"p1.play.1.left": "ctrl+ö"}, "Ctrl+O-umlaut cannot be a play key"),
        ("qwerty", {"p1.play.1.left": "öö"}, '"o-umlauto-umlaut" is not one key'),
        ("qwérty", {}, 'no keyboard layout "qwe-acuterty"'),
    ],
)
def test_key_problems_name_keys_in_ascii(
    preset: str, overrides: dict[str, str], named: str
) -> None:
    problems = keymap_errors(preset, overrides, ascii_only=True)
    assert any(named in problem for problem in problems), problems
    assert all(problem.isascii() for problem in problems)
    assert not all(p.isascii() for p in keymap_errors(preset, overrides))  # as typed
