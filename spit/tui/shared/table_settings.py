"""What every game's table takes from the player's settings, in one place.

Spit's ``GameConfig`` extends it with Spit's own choices, and Spades' screen takes its
fields as its options, so that a setting both tables follow (how cards are drawn,
whether and where the game is recorded) is read from ``Settings`` once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import Struct

from spit.settings.model import CardStyle, Settings


class TableSettings(Struct, frozen=True):
    """The choices every game's table follows."""

    card_style: CardStyle = CardStyle.UNICODE
    """Box lines and suit symbols, or ASCII for terminals without them."""
    four_colour: bool = False
    """Clubs green and diamonds blue, so no two suits share a colour."""
    replay_dir: Path | None = None
    """Where the replay is written; ``None`` means ``spit.paths.replays_dir()``."""
    record: bool = True
    """Write a replay file as the game is played."""


def table_options(settings: Settings) -> dict[str, Any]:
    """The ``TableSettings`` fields' values in ``settings``, as keyword arguments (for
    ``GameConfig`` and for Spades' screen, whose options have the same names)."""
    return {
        "card_style": settings.card_style,
        "four_colour": settings.four_colour,
        "replay_dir": settings.replay_dir,
        "record": settings.record_replays,
    }
