"""A replay a viewer can show: read and verified, or the reason it cannot be shown.

Shared by every game's timeline (``spit.games.spit.timeline``,
``spit.games.spades.timeline``) and the viewer screens, so that neither game's timeline
imports the other's and a viewer handles one exception whatever the game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from spit.core.replay.reading import UnreadableReplay
from spit.core.replay.verification import Verification


class NotViewable(Exception):
    """A replay the viewer cannot show; ``message`` says why, for the user."""

    def __init__(self, message: str, *, line: int | None = None, unreadable: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        """Where the file stops being consistent, if that is the reason."""
        self.unreadable = unreadable
        """The file cannot be read as a replay of its game at all (missing, not a replay)."""


R = TypeVar("R")


def read_checked(
    path: Path, load: Callable[[Path], R], check: Callable[[R], Verification]
) -> tuple[R, Verification]:
    """Read the replay at ``path`` with ``load`` and verify it with ``check``, for a
    viewer: raises ``NotViewable`` (``unreadable`` if ``load`` cannot read it, with the
    first problem's line if it is not consistent)."""
    try:
        replay = load(path)
    except UnreadableReplay as error:
        raise NotViewable(str(error), unreadable=True) from None
    result = check(replay)
    if not result.valid:
        raise NotViewable(result.error or "it is not consistent", line=result.line)
    return replay, result
