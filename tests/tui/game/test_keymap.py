"""The key map: presets, remapping, validation and labels."""

from __future__ import annotations

import pytest
from textual.keys import _character_to_key

from spit.settings.keymap import (
    BINDING_IDS,
    GAME_KEYS,
    KEYBOARD_ROWS,
    PRESETS,
    KeymapError,
    conflicts,
    key_label,
    keymap_errors,
    normalize_key,
    resolve,
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


def test_ascii_labels() -> None:
    assert key_label("left", ascii_only=True) == "Left"
