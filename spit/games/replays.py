"""A replay of any game: read a file whichever game its header names, and verify it.

For commands that take any saved game (``spit-tui replay --check``, the statistics).
The registry (``spit.games.registry``) says which game's reader a header calls for: a
header without a ``game`` key is a Spit replay, as every file was before Spades; a
game this version does not know makes the file unreadable, with a message saying so.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from spit.core.replay.fields import FormatError, PlayerInfo
from spit.core.replay.reading import Problem, read_header, read_replay_bytes
from spit.core.replay.seal import Seal
from spit.core.replay.verification import Verification
from spit.games.registry import GameDescriptor, UnknownGame, by_header, by_name, games


class ReplayHeader(Protocol):
    """What every game's header has."""

    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]: ...

    @property
    def created(self) -> str | None: ...


class AnyReplay(Protocol):
    """What every game's replay, as read, has."""

    @property
    def header(self) -> ReplayHeader: ...

    @property
    def problems(self) -> tuple[Problem, ...]: ...

    @property
    def seal(self) -> Seal: ...

    @property
    def path(self) -> Path | None: ...

    @property
    def game(self) -> str:
        """The registry's name for the replay's game."""
        ...


def load_any_replay(path: str | os.PathLike[str]) -> AnyReplay:
    """Read the replay at ``path``, of any game. Raises ``UnreadableReplay``."""
    path = Path(path)
    return parse_any_replay(read_replay_bytes(path), path)


def parse_any_replay(data: bytes, path: Path | None = None) -> AnyReplay:
    """Read a replay of any game from its bytes; see ``load_any_replay``."""
    game: GameDescriptor[Any]
    try:
        game = by_header(read_header(data))
    except (FormatError, UnknownGame):
        game = games()[0]  # its reader refuses the header with the full message
    replay: AnyReplay = game.read_replay(data, path)
    return replay


def game_of(replay: AnyReplay) -> GameDescriptor[Any]:
    """The registered game whose reader made ``replay``."""
    return by_name(replay.game)


def verify_any(replay: AnyReplay) -> Verification:
    """Re-simulate ``replay`` by its game's verifier."""
    return game_of(replay).verify(replay)
