"""Write the generated golden replays of the current format version (1.1, sealed) in
``tests/replay/golden/``.

Run ``python -m tests.replay.make_golden`` from the repository root only when the
format's version changes, and then keep the files of the version before: the committed
files are the point of the golden tests, which check that files written by earlier
versions keep verifying, with the same result, as the code evolves. The files of format
1.0 (unsealed: ``standard_finished``, ``points_finished``, ``unfinished`` and the Spades
ones) were written by this script's 1.0 version and are kept as they are; the sealed
ones are the same games written again by 1.1, so that each must verify to the same
result as its 1.0 twin, sealed. ``hand_written.spit.jsonl`` is written by hand.
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

from spit.engine import Variant

from .games import record_game
from .spades_games import record_spades_game

GOLDEN = Path(__file__).parent / "golden"
CREATED = datetime(2026, 1, 2, 15, 4, 5, tzinfo=UTC)
INTERRUPTED = b'{"type": "input", "t": 4'
"""The interrupted write of a line, at the end of an unfinished file."""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, seed, limit in (
            ("sealed_finished", 0, 3_600_000),
            ("sealed_unfinished", 2, 40_000),
        ):
            path, _ = record_game(
                Path(tmp) / name, seed, Variant.STANDARD, created=CREATED, limit_ms=limit
            )
            data = path.read_bytes()
            if name == "sealed_unfinished":
                data += INTERRUPTED
            (GOLDEN / f"{name}.spit.jsonl").write_bytes(data)
        spades, _, _ = record_spades_game(
            Path(tmp) / "spades", 1, blind_in={1}, mistake_in={2}, created=CREATED
        )
        (GOLDEN / "sealed_spades_finished.spades.jsonl").write_bytes(spades.read_bytes())


if __name__ == "__main__":
    main()
