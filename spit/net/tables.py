"""How a room makes its games: a registered game's network table, a fresh seed each."""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from spit.games.registry import by_name
from spit.net.room import TableFactory


def table_factory(
    game: str,
    options: Mapping[str, Any] | None = None,
    *,
    replay_dir: Path | None = None,
    seed: int | None = None,
) -> TableFactory:
    """How a room makes each of its games of ``game`` (a registered name), through the
    game's descriptor: ``net_table(names, seed=..., replay_dir=..., **options)``. Each
    game gets a fresh seed: random, or ``seed``, ``seed + 1``, ... when one is given
    (tests, a repeatable server). Raises ``UnknownGame`` for a name no game has and
    ``ValueError`` for a game not playable over the network."""
    descriptor = by_name(game)
    make = descriptor.net_table
    if make is None:
        raise ValueError(f"{descriptor.title} cannot be played over the network yet")
    chosen = dict(options or {})
    numbers = itertools.count()

    def new_table(names: tuple[str, str]) -> Any:
        number = next(numbers)
        game_seed = secrets.randbits(32) if seed is None else seed + number
        return make(names, seed=game_seed, replay_dir=replay_dir, **chosen)

    return new_table
