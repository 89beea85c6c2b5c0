"""A replay of any game: read a file whichever game its header names, and verify it.

For commands that take any saved game (``spit-tui replay --check``). A header without
a ``game`` key is a Spit replay, as every file was before Spades; a game this version
does not know makes the file unreadable, with a message saying so.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeAlias

from spit.core.replay.fields import FormatError, read_game
from spit.core.replay.reading import read_header, read_replay_bytes
from spit.core.replay.verification import Verification
from spit.games.spades.replay.reader import SpadesReplay, parse_spades_replay
from spit.games.spades.replay.verify import verify_spades
from spit.games.spit.replay.reader import Replay, parse_replay
from spit.games.spit.replay.verify import verify

AnyReplay: TypeAlias = Replay | SpadesReplay


def load_any_replay(path: str | os.PathLike[str]) -> AnyReplay:
    """Read the replay at ``path``, of either game. Raises ``UnreadableReplay``."""
    path = Path(path)
    return parse_any_replay(read_replay_bytes(path), path)


def parse_any_replay(data: bytes, path: Path | None = None) -> AnyReplay:
    """Read a replay of either game from its bytes; see ``load_any_replay``."""
    try:
        game = read_game(read_header(data))
    except FormatError:
        game = None  # the Spit reader refuses the header with the full message
    if game == "spades":
        return parse_spades_replay(data, path)
    return parse_replay(data, path)


def verify_any(replay: AnyReplay) -> Verification:
    """``verify`` or ``verify_spades``, as the replay's game needs."""
    if isinstance(replay, SpadesReplay):
        return verify_spades(replay)
    return verify(replay)
