"""Writers of either game made the same way for tests, and a disk that is always full."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone
from pathlib import Path

from spit.core.replay.fields import PlayerInfo
from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spades import replay as spades_writer
from spit.games.spit.replay import ReplayWriter

WHEN = datetime(2026, 11, 29, 14, 5, 12, tzinfo=timezone(timedelta(hours=1)))
HUMAN_VS_BOT = (
    PlayerInfo("human", "Ann"),
    PlayerInfo("bot", "Bot", level="normal", policy="strong", seed=9),
)


def create_spit(directory: Path, **changes: object) -> ReplayWriter:
    """``ReplayWriter.create`` with test defaults, some replaced by ``changes``."""
    options: dict[str, object] = {
        "players": HUMAN_VS_BOT,
        "variant": Variant.STANDARD,
        "target": 100,
        "timing": Timing(),
        "seed": 7,
        "created": WHEN,
        **changes,
    }
    return ReplayWriter.create(directory, **options)  # type: ignore[arg-type]


def create_spades(directory: Path, **changes: object) -> spades_writer.ReplayWriter:
    """``spades_writer.ReplayWriter.create`` with test defaults, some replaced by ``changes``."""
    options: dict[str, object] = {"players": HUMAN_VS_BOT, "seed": 7, "created": WHEN, **changes}
    return spades_writer.ReplayWriter.create(directory, **options)  # type: ignore[arg-type]


class FullDisk(io.StringIO):
    """A file every write to fails, as on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")
