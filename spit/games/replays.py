"""A replay of any game: read a file whichever game its header names, and verify it.

For commands that take any saved game (``spit-tui replay --check``, the statistics).
The registry (``spit.games.registry``) says which game's reader a header calls for: a
header without a ``game`` key is a Spit replay, as every file was before Spades; a
game this version does not know makes the file unreadable, with a message saying so.
"""

from __future__ import annotations

import os
from pathlib import Path

from spit.core.replay.fields import FormatError
from spit.core.replay.reading import read_header, read_replay_bytes
from spit.core.replay.verification import Verification
from spit.games.descriptor import GameDescriptor, GameReplay
from spit.games.registry import UnknownGame, by_header, by_name, games


def load_any_replay(path: str | os.PathLike[str]) -> GameReplay:
    """Read the replay at ``path``, of any game. Raises ``UnreadableReplay``."""
    path = Path(path)
    return parse_any_replay(read_replay_bytes(path), path)


def parse_any_replay(data: bytes, path: Path | None = None) -> GameReplay:
    """Read a replay of any game from its bytes; see ``load_any_replay``."""
    try:
        game = by_header(read_header(data))
    except (FormatError, UnknownGame):
        game = games()[0]  # its reader refuses the header with the full message
    return game.replays.read(data, path)


def game_of(replay: GameReplay) -> GameDescriptor:
    """The registered game whose reader made ``replay``."""
    return by_name(replay.game)


def verify_any(replay: GameReplay) -> Verification:
    """Re-simulate ``replay`` by its game's verifier."""
    return game_of(replay).replays.verify(replay)
