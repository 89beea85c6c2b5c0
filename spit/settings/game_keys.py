"""The key maps of the games other than the first: each game's remappable keys, as it
declares them, and the player's remapping of them (``Settings.game_keys``).

The first registered game (Spit) has its own key map, with layouts and two players'
keys (``spit.settings.keymap``). Any other game declares its remappable keys (a
``GameKeys``, in its front ends: ``spit.tui.shared.front_ends.FrontEnds.keys``),
which ``declare`` makes known here when the games are installed, so that reading the
settings file can check a remapped key without loading any screen. A binding id
starts with the game's name (``spades.pick``): it is the id of the game's Textual
binding, and the key the file holds is put on it with ``App.update_keymap``.

A game may keep some keys fixed (Spades' card letters, which stand for the cards
above them): no remappable key may take one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from msgspec import Struct

from spit.core.safe_text import safe_text


class KeyChoice(Struct, frozen=True):
    """One remappable key of a game: its binding id, what it does, its default key
    (a Textual key name)."""

    id: str
    label: str
    default: str


class GameKeys(Struct, frozen=True):
    """A game's remappable keys, in the order the Settings screen shows them, and the
    keys it keeps fixed (key name -> what it does, for the message refusing one)."""

    game: str
    title: str
    keys: tuple[KeyChoice, ...]
    fixed: Mapping[str, str] = MappingProxyType({})


_declared: dict[str, GameKeys] = {}


def declare(games: Iterable[GameKeys]) -> None:
    """Make the games' key maps known, replacing any declared before."""
    _declared.clear()
    _declared.update({game.game: game for game in games})


def declared() -> tuple[GameKeys, ...]:
    """Every declared game's keys, in the order of the games."""
    return tuple(_declared.values())


def keys_of(binding_id: str) -> GameKeys | None:
    """The game whose remappable key ``binding_id`` is, if any."""
    for game in _declared.values():
        if any(choice.id == binding_id for choice in game.keys):
            return game
    return None


def resolve_game_keys(game: GameKeys, overrides: Mapping[str, str]) -> dict[str, str]:
    """Binding id -> its key for each of ``game``'s remappable keys: the player's, or
    the default."""
    return {choice.id: overrides.get(choice.id, choice.default) for choice in game.keys}


def _label(key: str, ascii_only: bool) -> str:
    from spit.settings.keymap import spelt_key_label

    return spelt_key_label(key, ascii_only=ascii_only)


def key_problem(
    game: GameKeys,
    overrides: Mapping[str, str],
    binding_id: str,
    key: str,
    *,
    ascii_only: bool = False,
) -> str | None:
    """Why ``binding_id`` of ``game`` cannot be ``key`` (a Textual key name) with the
    other remapped keys ``overrides``: it is not one key, it is one of the game's
    fixed keys, or another of its keys has it. ``None`` when it can."""
    from spit.settings.keymap import is_one_key

    if not is_one_key(key):
        return f'{binding_id}: "{safe_text(key, limit=24)}" is not one key'
    label = _label(key, ascii_only)
    if key in game.fixed:
        return f"{label} is a fixed key of {game.title} ({game.fixed[key]})"
    labels = {choice.id: choice.label for choice in game.keys}
    for other, other_key in resolve_game_keys(game, overrides).items():
        if other_key == key and other != binding_id:
            return f"{label} is already the key for {labels[other]} in {game.title}"
    return None


def with_game_key(
    overrides: Mapping[str, str], game: GameKeys, binding_id: str, key: str
) -> dict[str, str]:
    """``overrides`` with ``binding_id`` on ``key``; no entry when that is its default."""
    changed = {k: v for k, v in overrides.items() if k != binding_id}
    default = next(choice.default for choice in game.keys if choice.id == binding_id)
    if key != default:
        changed[binding_id] = key
    return changed


def usable_game_keys(
    overrides: Mapping[str, Any], *, ascii_only: bool = False
) -> tuple[Mapping[str, str], list[tuple[str, str]]]:
    """The remapped keys from the file that can be used, and (binding id, why) for each
    one that cannot: an unknown binding, a value that is no key, a fixed key, or a key
    another of the game's keys already has (by default, or remapped earlier in the file)."""
    from spit.settings.keymap import normalize_key

    kept: dict[str, str] = {}
    problems: list[tuple[str, str]] = []
    for binding_id, raw in overrides.items():
        game = keys_of(binding_id)
        if game is None:
            shown = safe_text(binding_id, limit=24)
            problems.append((binding_id, f'there is no remappable game key "{shown}"'))
            continue
        if not isinstance(raw, str):
            problems.append((binding_id, f'{binding_id}: a key must be text in quotes, like "p"'))
            continue
        key = normalize_key(raw)
        problem = key_problem(game, kept, binding_id, key, ascii_only=ascii_only)
        if problem is None:
            kept[binding_id] = key
        else:
            problems.append((binding_id, problem))
    return MappingProxyType(kept), problems
