"""Write the generated golden replays in ``tests/replay/golden/``.

Run ``python -m tests.replay.make_golden`` from the repository root only when the
format's major version changes: the committed files are the point of the golden tests,
which check that files written by earlier versions keep verifying, with the same
result, as the code evolves. ``hand_written.spit.jsonl`` is written by hand.
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

from spit.engine import Variant

from .games import record_game

GOLDEN = Path(__file__).parent / "golden"
CREATED = datetime(2026, 1, 2, 15, 4, 5, tzinfo=UTC)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, seed, variant, limit in (
            ("standard_finished", 0, Variant.STANDARD, 3_600_000),
            ("points_finished", 4, Variant.POINTS, 3_600_000),
            ("unfinished", 2, Variant.STANDARD, 40_000),
        ):
            folder = Path(tmp) / name
            path, _ = record_game(folder, seed, variant, created=CREATED, limit_ms=limit)
            data = path.read_bytes()
            if name == "unfinished":
                data += b'{"type": "input", "t": 4'  # the interrupted write of a line
            (GOLDEN / f"{name}.spit.jsonl").write_bytes(data)


if __name__ == "__main__":
    main()
