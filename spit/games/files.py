"""The replay files in a folder: one listing for the browser and the statistics."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from spit.games.registry import suffixes


def replay_files(directory: Path) -> list[tuple[Path, os.stat_result]]:
    """The regular replay files in ``directory`` with their ``stat``, by name; empty if
    the folder does not exist. Files deleted while listing are left out. Raises
    ``OSError`` when it exists but cannot be listed."""
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except FileNotFoundError:
        return []
    found = []
    names = suffixes()  # every registered game's
    for entry in entries:
        if not entry.name.endswith(names):
            continue
        try:
            info = entry.stat()
        except OSError:
            continue  # deleted meanwhile
        if stat.S_ISREG(info.st_mode):
            found.append((Path(entry.path), info))
    return found
