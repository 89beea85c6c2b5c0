"""A game's variants as ratings, queues and boards keep them apart.

Ratings are per game and variant: a player strong at Spit's points game may be new at
the standard one. A variant is named by a short key (``standard``, ``points``,
``target=500``) and stands for the options its rooms' tables are made with. The
variants are read from the registry's room choices (``GameDescriptor.room_choices``),
so nothing here names a game:

- a choice with ``values`` (Spit's ``variant``) makes one variant per value, named by
  the value;
- a choice of a number (Spades' ``target``) makes one variant, at its default, named
  ``key=default``: a queue that split players by every target would rarely fill;
- a game without choices has one variant, ``standard``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from spit.core.safe_text import safe_text
from spit.games.registry import UnknownGame, by_name
from spit.games.registry import games as registered

PLAIN: Final = "standard"
"""The one variant of a game without room choices."""


@dataclass(frozen=True, slots=True)
class GameVariant:
    """One variant of a game: its key, and the options its tables are made with."""

    game: str
    key: str
    options: Mapping[str, Any] = field(default_factory=dict)


def online_games() -> list[str]:
    """The registered games that can be played over the network, in the registry's
    order."""
    return [game.name for game in registered() if game.net is not None]


def variants(game: str) -> list[GameVariant]:
    """The variants of ``game`` (a registered name), the default first. Raises
    ``ValueError`` for a game that is not registered or not playable online."""
    try:
        descriptor = by_name(game)
    except UnknownGame:
        raise ValueError(
            f"there is no game {safe_text(game, limit=24)}: "
            f"the games are {', '.join(online_games())}"
        ) from None
    if descriptor.net is None:
        raise ValueError(f"{descriptor.title} cannot be played online yet")
    found: list[GameVariant] = []
    for choice in descriptor.room_choices:
        if choice.values:
            found += [GameVariant(game, value, {choice.key: value}) for value in choice.values]
        else:
            key = f"{choice.key}={choice.default}"
            found.append(GameVariant(game, key, {choice.key: choice.default}))
    return found or [GameVariant(game, PLAIN)]


def variant(game: str, key: str | None = None) -> GameVariant:
    """``game``'s variant called ``key`` (its first when ``None``). Raises
    ``ValueError`` with a message for the player."""
    known = variants(game)
    if key is None:
        return known[0]
    for each in known:
        if each.key == key:
            return each
    title = by_name(game).title
    names = ", ".join(each.key for each in known)
    raise ValueError(f"{title} has no variant {safe_text(key, limit=32)}: it has {names}")
