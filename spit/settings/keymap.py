"""Which key does what in a game: presets, the player's remapping, and key labels.

Every game key is a binding with a stable id, so that settings files, the Settings
screen, the How to play keyboard and the game itself all speak of the same thing:

- ``p1.play.3.left``: player 1 plays stockpile 3 onto the left spit pile (stockpiles
  are numbered 1 to 5, left to right, as in the rules); ``p1.play.3.right`` onto the
  right pile; ``p1.move.3`` moves stockpile 3's card into an empty space. ``p2...`` the
  same for player 2. In the slap phase a player's left-pile keys slap the left pile and
  the right-pile keys the right one.
- ``cursor.*``: the alternative against a bot, for people who prefer arrows: ←/→ choose
  a stockpile, ↑/↓ the left/right spit pile, Space plays (or slaps), Enter moves.
- ``pause``, ``help``, ``quit``.

Keys are Textual key names (``"q"``, ``"semicolon"``, ``"backspace"``); anything a user
types is put in that form by ``normalize_key``, so ``";"`` and ``"semicolon"`` are the
same key. Play keys are single unmodified keys, one per (stockpile, pile) pair: a
terminal reports only key presses, one player's Shift would change the other player's
keys, and Escape arrives late, so none of those can be a play key.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Final, Literal

from msgspec import Struct

from spit.core.safe_text import safe_text
from spit.core.seats import SEATS, Seat

Kind = Literal["play", "move", "cursor", "pause", "help", "quit"]


class GameKey(Struct, frozen=True):
    """What a binding id stands for."""

    id: str
    kind: Kind
    player: Seat | None = None
    """The seat of a player's keys, ``None`` for shared keys."""
    stock: int | None = None
    """Stockpile index 0-4 (shown to people as 1-5)."""
    pile: int | None = None
    """Spit pile 0 (left) or 1 (right) for a play key."""
    cursor: str | None = None
    """For ``cursor`` keys: left, right, up, down, play or move."""
    description: str = ""


def _player_keys() -> Iterator[GameKey]:
    for player in SEATS:
        p = f"p{player + 1}"
        who = f"Player {player + 1}"
        for stock in range(5):
            n = stock + 1
            for pile, side in ((0, "left"), (1, "right")):
                yield GameKey(
                    f"{p}.play.{n}.{side}",
                    "play",
                    player,
                    stock,
                    pile,
                    description=f"{who}: play stockpile {n} onto the {side} pile (slap {side})",
                )
            yield GameKey(
                f"{p}.move.{n}",
                "move",
                player,
                stock,
                description=f"{who}: move stockpile {n}'s card into an empty space",
            )


_CURSOR = (
    ("left", "select the stockpile to the left"),
    ("right", "select the stockpile to the right"),
    ("up", "aim at the left spit pile"),
    ("down", "aim at the right spit pile"),
    ("play", "play the selected card onto the aimed pile (slap it)"),
    ("move", "move the selected card into an empty space"),
)

GAME_KEYS: Final[Mapping[str, GameKey]] = {
    key.id: key
    for key in (
        *_player_keys(),
        *(
            GameKey(f"cursor.{name}", "cursor", cursor=name, description=f"Against a bot: {text}")
            for name, text in _CURSOR
        ),
        GameKey("pause", "pause", description="Pause or resume the game"),
        GameKey("help", "help", description="Show the keys"),
        GameKey("quit", "quit", description="Leave the game (asks first)"),
    )
}
"""Every binding id, in a stable order: player 1's keys, player 2's, the cursor keys,
then pause, help and quit."""

BINDING_IDS: Final = tuple(GAME_KEYS)


def _player(player: int, left: str, right: str, move: str) -> dict[str, str]:
    """One player's keys from three five-character strings (columns = stockpiles)."""
    p = f"p{player + 1}"
    keys: dict[str, str] = {}
    for stock, (a, b, c) in enumerate(zip(left, right, move, strict=True)):
        keys[f"{p}.play.{stock + 1}.left"] = normalize_key(a)
        keys[f"{p}.play.{stock + 1}.right"] = normalize_key(b)
        keys[f"{p}.move.{stock + 1}"] = normalize_key(c)
    return keys


_SHARED: Final = {
    "cursor.left": "left",
    "cursor.right": "right",
    "cursor.up": "up",
    "cursor.down": "down",
    "cursor.play": "space",
    "cursor.move": "enter",
    "pause": "backspace",
    "help": "question_mark",
    "quit": "escape",
}
"""Keys with the same place on every layout. Backspace pauses because it is a single
key far from both players' letters on every layout (F-keys are taken by common
terminals, Space by the cursor scheme); Escape may arrive late, which does not matter
for leaving, and leaving asks for confirmation anyway."""


def normalize_key(key: str) -> str:
    """The Textual key name for ``key``: ``";"`` -> ``"semicolon"``, ``"Q"`` -> ``"q"``.

    Letters are lower-cased because play keys never use Shift; names that are already
    Textual key names (``"backspace"``, ``"ctrl+p"``) are returned as they are.
    """
    key = key if key == " " else key.strip()
    if len(key) != 1:
        return key.lower()
    if key.isalnum():
        return key.lower()
    try:
        name = unicodedata.name(key).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return {"\t": "tab", " ": "space"}.get(key, key)
    return _NAME_REPLACEMENTS.get(name, name)


_NAME_REPLACEMENTS: Final = {
    "solidus": "slash",
    "reverse_solidus": "backslash",
    "commercial_at": "at",
    "hyphen_minus": "minus",
    "plus_sign": "plus",
    "low_line": "underscore",
}
"""Textual's short names for some characters (``textual.keys.KEY_NAME_REPLACEMENTS``)."""
_UNICODE_NAMES: Final = {short: long for long, short in _NAME_REPLACEMENTS.items()}

_LABELS: Final = {
    "backspace": "Backspace",
    "escape": "Esc",
    "space": "Space",
    "enter": "Enter",
    "tab": "Tab",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "delete": "Del",
    "insert": "Ins",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}
_ASCII_LABELS: Final = {"left": "Left", "right": "Right", "up": "Up", "down": "Down"}
_ASCII_MARKS: Final = {
    "\N{COMBINING DIAERESIS}": ("e", "umlaut"),
    "\N{COMBINING ACUTE ACCENT}": ("'", "acute"),
    "\N{COMBINING GRAVE ACCENT}": ("`", "grave"),
    "\N{COMBINING CIRCUMFLEX ACCENT}": ("^", "circ"),
    "\N{COMBINING TILDE}": ("~", "tilde"),
    "\N{COMBINING CEDILLA}": (",", "cedilla"),
    "\N{COMBINING RING ABOVE}": ("o", "ring"),
}
"""Accent -> its ASCII sign in a key slot, its word in a sentence (``O-umlaut``). The
umlaut's sign is German's own spelling without it (``Ö`` is ``Oe``, DIN 5007), which
reads as one key where ``O:`` beside the player's card count reads as a label; the
other accents' signs are the ASCII marks that look like them (``É`` is ``E'``)."""
_ASCII_LETTERS: Final = {"ß": ("ss", "sharp-s")}
"""Letters of the layouts' keyboards with no accent to spell: how their language writes
them in ASCII. (``æ`` and ``œ`` are left to their code points, as ``ae`` and ``oe``
would look like ``Ä`` and ``Ö``.)"""


def spelt_key_label(key: str, *, ascii_only: bool) -> str:
    """``key_label`` for sentences, where a key may take a word: with ``ascii_only``,
    a character outside ASCII is spelt out (``"O-umlaut is already the key for..."``),
    as a short ``Oe`` or ``E'`` would read as a word or punctuation there."""
    if not ascii_only:
        return key_label(key)
    return _in_ascii(_shown(key, ascii_only=True), spelt=True)


def _in_ascii(label: str, *, spelt: bool) -> str:
    """``label`` in ASCII as a player would say it: ``Oe`` in a slot, ``O-umlaut`` in a
    sentence, ``ss`` for ``ß``, else ``U+20AC``; never the bare letter (``O`` is a key)."""
    return "".join(_ascii_char(char, spelt=spelt) for char in label)


def _ascii_char(char: str, *, spelt: bool) -> str:
    if char.isascii():
        return char
    if char.lower() in _ASCII_LETTERS:
        short, word = _ASCII_LETTERS[char.lower()]
        return word if spelt else short
    letter, *marks = list(unicodedata.normalize("NFD", char))
    if letter.isascii() and marks and all(m in _ASCII_MARKS for m in marks):
        signs = [_ASCII_MARKS[m] for m in marks]
        if spelt:
            return "-".join([letter, *(word for _, word in signs)])
        return letter + "".join(sign for sign, _ in signs)
    return f"U+{ord(char):04X}"


@lru_cache(maxsize=1024)
def key_label(key: str, *, ascii_only: bool = False) -> str:
    """How to show ``key``: ``"Q"``, ``";"``, ``"Backspace"``, ``"←"``; text that names no key
    through ``safe_text``. With ``ascii_only``, all ASCII: ``Left`` for ``←``, ``Oe`` for ``Ö``
    (two cells, as ``O`` is another key; the key columns have room for three)."""
    label = _shown(key, ascii_only=ascii_only)
    return _in_ascii(label, spelt=False) if ascii_only else label


def _shown(key: str, *, ascii_only: bool) -> str:
    """The label, letters outside ASCII kept as they are."""
    if not is_one_key(key):
        return safe_text(key, limit=_LONGEST_LABEL)
    return safe_text(_label(key, ascii_only=ascii_only))


def _label(key: str, *, ascii_only: bool) -> str:
    if ascii_only and key in _ASCII_LABELS:
        return _ASCII_LABELS[key]
    if key in _LABELS:
        return _LABELS[key]
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    if "+" in key:
        *mods, last = key.split("+")
        return "+".join([*(m.capitalize() for m in mods), _label(last, ascii_only=ascii_only)])
    char = _character(key) or key
    return char.upper() if len(char.upper()) == 1 else char


_LONGEST_LABEL: Final = 12
"""How much of a text that is no key is shown where a key label goes."""


PRESETS: Final[Mapping[str, Mapping[str, str]]] = {
    "qwerty": {
        **_player(0, "qwert", "asdfg", "zxcvb"),
        **_player(1, "yuiop", "hjkl;", "nm,./"),
        **_SHARED,
    },
    "azerty": {
        **_player(0, "azert", "qsdfg", "wxcvb"),
        **_player(1, "yuiop", "hjklm", "n,;:!"),
        **_SHARED,
    },
    "qwertz": {
        **_player(0, "qwert", "asdfg", "yxcvb"),
        **_player(1, "zuiop", "hjklö", "nm,.-"),
        **_SHARED,
    },
}
"""Preset name -> binding id -> key. On each layout player 1's three letter rows (left
half) and player 2's (right half) line up with the five stockpiles: the top row plays
onto the left pile, the home row onto the right pile, the bottom row moves. No key
needs Shift on its layout."""

PRESET_NAMES: Final = tuple(PRESETS)

KEYBOARD_ROWS: Final[Mapping[str, tuple[tuple[str, ...], ...]]] = {
    name: tuple(tuple(normalize_key(c) for c in row) for row in rows)
    for name, rows in {
        "qwerty": ("1234567890-=", "qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"),
        "azerty": ("&é\"'(-è_çà)=", "azertyuiop^$", "qsdfghjklmù", "wxcvbn,;:!"),
        "qwertz": ("1234567890ß", "qwertzuiopü+", "asdfghjklöä#", "yxcvbnm,.-"),
    }.items()
}
"""The character keys of each layout, row by row (as key names): for drawing a keyboard."""

_MODIFIERS: Final = ("ctrl+", "alt+", "shift+", "meta+", "super+", "hyper+")


class KeymapError(ValueError):
    """The keys asked for cannot be used; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def keymap_errors(
    preset: str, overrides: Mapping[str, str], *, ascii_only: bool = False
) -> list[str]:
    """Why ``preset`` with ``overrides`` cannot be used: an unknown preset, an override
    that cannot stand on its own (``override_problem``), or a key bound twice. Empty when
    all is well. The texts quote the player's own words safely (``safe_text``), and name
    keys in ASCII with ``ascii_only`` (``spelt_key_label``)."""
    if preset not in PRESETS:
        shown = _quoted(preset, ascii_only)
        return [f'there is no keyboard layout "{shown}" (choose {", ".join(PRESET_NAMES)})']
    problems = [
        problem
        for binding_id, key in overrides.items()
        if (problem := override_problem(binding_id, key, ascii_only=ascii_only)) is not None
    ]
    if problems:
        return problems
    keys = _merge(preset, overrides)
    for key, ids in conflicts(keys).items():
        label = spelt_key_label(key, ascii_only=ascii_only)
        problems.append(f"{label} is bound to {' and '.join(ids)}")
    return problems


_SHOWN: Final = 24
"""How much of a player's text a message quotes: enough to recognise it, never a line."""


def _quoted(text: str, ascii_only: bool) -> str:
    """A player's ``text`` as a message quotes it: escaped, cut short, in ASCII with
    ``ascii_only`` (it stands where a key would)."""
    shown = safe_text(text, limit=_SHOWN)
    return _in_ascii(shown, spelt=True) if ascii_only else shown


def override_problem(binding_id: str, key: str, *, ascii_only: bool = False) -> str | None:
    """Why ``binding_id`` cannot be remapped to ``key``, whatever the other keys are: an
    unknown binding, a ``key`` that is not one key, or a modifier on a play key (keys
    named as by ``keymap_errors``)."""
    if binding_id not in GAME_KEYS:
        return f'there is no key binding "{_quoted(binding_id, ascii_only)}"'
    name = normalize_key(key)
    if not is_one_key(name):
        return f'{binding_id}: "{_quoted(key, ascii_only)}" is not one key'
    if GAME_KEYS[binding_id].kind in ("play", "move", "cursor") and _unfit_for_play(name):
        return (
            f"{binding_id}: {spelt_key_label(name, ascii_only=ascii_only)} cannot be a play key "
            "(use a single key without Ctrl, Alt, Shift or Escape)"
        )
    return None


_NAMED_KEYS: Final = frozenset(
    {
        "escape", "enter", "return", "tab", "space", "backspace", "delete", "insert",
        "home", "end", "pageup", "pagedown", "left", "right", "up", "down",
        *(f"f{n}" for n in range(1, 25)),
    }
)  # fmt: skip
"""The keys without a character that a terminal reports by name (as Textual names them)."""
_MODIFIER_NAMES: Final = frozenset(m.rstrip("+") for m in _MODIFIERS)
_LONGEST_KEY_NAME: Final = 100
"""Longer than any Unicode character name with modifiers: anything longer is no key."""


def is_one_key(key: str) -> bool:
    """Whether ``key``, as ``normalize_key`` gives it, names one key a terminal reports:
    a printable character (or its Textual name, ``"semicolon"``), a named key
    (``"f5"``, ``"pageup"``), with or without modifiers (``"ctrl+p"``). Anything else
    (``"qq"``, ``"a,b"``, a control character, a paragraph) could never be pressed and
    would not fit where keys are drawn."""
    if not key or len(key) > _LONGEST_KEY_NAME:
        return False
    *modifiers, base = key.split("+")
    if len(set(modifiers)) != len(modifiers) or not _MODIFIER_NAMES.issuperset(modifiers):
        return False
    if base in _NAMED_KEYS:
        return True
    char = _character(base)
    return char is not None and normalize_key(char) == base


def _character(name: str) -> str | None:
    """The visible character the key name ``name`` stands for, if it stands for one."""
    if len(name) != 1:
        name = _UNICODE_NAMES.get(name, name)
        for candidate in (name.replace("_", " "), name.replace("_", "-")):
            try:
                name = unicodedata.lookup(candidate)
                break
            except KeyError:
                pass
        else:
            return None
    return name if len(name) == 1 and name.isprintable() and not name.isspace() else None


def _unfit_for_play(key: str) -> bool:
    key = normalize_key(key)
    return key == "escape" or key.startswith(_MODIFIERS)


def _merge(preset: str, overrides: Mapping[str, str]) -> dict[str, str]:
    keys = dict(PRESETS[preset])
    keys.update({k: normalize_key(v) for k, v in overrides.items()})
    return keys


def conflicts(keys: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Keys bound to more than one id: key -> the ids, in ``BINDING_IDS`` order."""
    by_key: dict[str, list[str]] = {}
    for binding_id, key in keys.items():
        by_key.setdefault(key, []).append(binding_id)
    return {key: tuple(ids) for key, ids in by_key.items() if len(ids) > 1}


def resolve(
    preset: str = "qwerty",
    overrides: Mapping[str, str] | None = None,
    *,
    ascii_only: bool = False,
) -> dict[str, str]:
    """The active key of every binding id: the preset with the overrides on top.

    Raises ``KeymapError`` (listing every problem, keys named as by ``keymap_errors``)
    if they cannot be used.
    """
    overrides = overrides or {}
    problems = keymap_errors(preset, overrides, ascii_only=ascii_only)
    if problems:
        raise KeymapError(problems)
    return _merge(preset, overrides)
