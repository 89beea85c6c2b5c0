"""What comes from outside is typed where it comes in: network messages and replay
lines are msgspec Structs converted by the one strict reader (``spit.core.wire``),
and the loose ``dict[str, Any]`` is kept out of the edges (issue 26, item 4)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from spit.core.replay import line_parts, seat_records
from spit.replay import records

SPIT = Path(__file__).parent.parent / "spit"
MOST_LOOSE = 30
"""``dict[str, Any]`` left in ``spit/`` at most: game views built for speed and
outbound reports, none at the edges below."""
EDGES = ("core/replay", "replay", "core/wire.py", "net/protocol.py", "net/online.py")
"""Where nothing is read as a loose ``dict[str, Any]``."""


def _loose() -> dict[Path, int]:
    found = {}
    for path in SPIT.rglob("*.py"):
        count = path.read_text(encoding="utf-8").count("dict[str, Any]")
        if count:
            found[path.relative_to(SPIT)] = count
    return found


def test_few_loose_dicts_are_left_and_none_at_the_edges() -> None:
    loose = _loose()
    assert sum(loose.values()) <= MOST_LOOSE, loose
    at_edges = [str(path) for path in loose if str(path).startswith(EDGES)]
    assert at_edges == []


def test_the_replay_lines_and_records_are_structs_without_their_line_number() -> None:
    kinds = (
        line_parts.InputLine,
        line_parts.CheckpointLine,
        line_parts.ForfeitLine,
        line_parts.BotLine,
        records.Deal,
        records.Input,
        records.Checkpoint,
        records.End,
        seat_records.Forfeit,
        seat_records.BotSeat,
    )
    for kind in kinds:
        assert issubclass(kind, msgspec.Struct) and kind.__struct_config__.frozen
        assert "line" not in kind.__struct_fields__, kind
    tags = {kind.__struct_config__.tag for kind in kinds[:4]}
    assert tags == {"input", "checkpoint", "forfeit", "bot"}
