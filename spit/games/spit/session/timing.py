"""How long the match waits at each step of a round, in game milliseconds."""

from __future__ import annotations

from typing import Any

from msgspec import Struct
from msgspec.structs import asdict


class Timing(Struct, frozen=True):
    """The match's pacing. Replays record it, because it decides when automatic
    actions (spits, the slap default, re-deals) happen."""

    start_countdown_ms: int = 3000
    """"3, 2, 1, Spit!" before each round's first spit (R05, D15)."""
    stall_countdown_ms: int = 1500
    """The visible wait between a stall and the automatic spit (R13, D17)."""
    slap_window_ms: int = 4000
    """How long players have to slap before the default applies (D08)."""
    round_pause_ms: int = 3000
    """The round summary shown before the next deal (R16)."""
    too_slow_ms: int = 750
    """A rejected input counts as "too slow" (rather than a plain mistake) when it was
    legal before a change this recent (R10)."""

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Timing:
        """Read what ``to_json`` wrote; missing keys take their defaults."""
        if not isinstance(data, dict):
            raise ValueError("timing must be a JSON object")
        known = {k: v for k, v in data.items() if k in cls.__struct_fields__}
        for key, value in known.items():
            if type(value) is not int or not 0 <= value <= 600_000:
                raise ValueError(f"timing {key} must be a whole number of ms up to 600000")
        return cls(**known)
