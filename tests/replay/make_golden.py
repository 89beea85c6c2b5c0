"""Write the generated golden replays of the current format version (1.5) in
``tests/replay/golden/``.

Run ``python -m tests.replay.make_golden`` from the repository root only when the
format's version changes, and then keep the files of the versions before: the
committed files are the point of the golden tests, which check that files written by
earlier versions keep verifying, with the same result, as the code evolves. ``main``
writes only the current version's files (``current_games``); the functions that wrote
the older ones are kept to show how they were made, and would now write them in the
current version. The files of format 1.5 (``v1_5_finished``, one per game) are
ordinary finished games, sealed (neither Spit nor Spades can end in a draw). The files of format
1.0 (unsealed: ``standard_finished``, ``points_finished``, ``unfinished`` and the Spades
ones) were written by this script's 1.0 version and are kept as they are; the sealed
ones are the same games written again by 1.1, so that each must verify to the same
result as its 1.0 twin, sealed. ``hand_written.spit.jsonl`` is written by hand. The
files of format 1.2 (``forfeit_bot``, one per game) are network games: a bot takes a seat
over, then the other player forfeits; they were written by the network tables of 1.2
with their clock fixed at ``CREATED``. The files of format 1.4 (``left_lag``, one per
game) are network games a player left on purpose (the ``forfeit`` line's ``left``),
whose closing line carries what the server credited each seat's claims (``lag``).
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Final
from unittest import mock

from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spades import wire as spades_wire
from spit.games.spit import wire as spit_wire

from .games import record_game
from .spades_games import record_spades_game

GOLDEN = Path(__file__).parent / "golden"
CREATED = datetime(2026, 1, 2, 15, 4, 5, tzinfo=UTC)
INTERRUPTED = b'{"type": "input", "t": 4'
"""The interrupted write of a line, at the end of an unfinished file."""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        current_games(Path(tmp))


CURRENT: Final = ("v1_5_finished.spit.jsonl", "v1_5_finished.spades.jsonl")
"""The files ``current_games`` writes."""


def current_games(tmp: Path, into: Path = GOLDEN) -> None:
    """The files of format 1.5, in ``into``: a finished game of each, as a keyboard
    session writes it."""
    path, _ = record_game(tmp / "spit", 3, Variant.POINTS, created=CREATED)
    (into / CURRENT[0]).write_bytes(path.read_bytes())
    spades, _, _ = record_spades_game(tmp / "spades", 2, mistake_in={1}, created=CREATED)
    (into / CURRENT[1]).write_bytes(spades.read_bytes())


def sealed_games() -> None:
    """The files of format 1.1 (sealed twins of the 1.0 ones)."""
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
        forfeited_games(Path(tmp))
        left_games(Path(tmp))


class _Created(datetime):
    """``datetime`` for the writers, whose ``now()`` is ``CREATED`` in any time zone."""

    @classmethod
    def now(cls, tz: object = None) -> _Created:
        return cls.fromtimestamp(CREATED.timestamp(), UTC)

    def astimezone(self, tz: object = None) -> _Created:
        return self


def forfeited_games(tmp: Path) -> None:
    """The 1.2 files: in each game a bot takes a seat over, then the other player
    forfeits (the ``forfeit`` and ``bot`` lines)."""
    short = Timing(
        start_countdown_ms=200, stall_countdown_ms=100, slap_window_ms=300, round_pause_ms=100
    )
    with (
        mock.patch("spit.games.spit.replay.datetime", _Created),
        mock.patch("spit.games.spades.replay.datetime", _Created),
    ):
        spit = spit_wire.Table(("Ann", "Bob"), 11, tmp / "spit", timing=short)
        spit.bot_takes(1)
        spit.advance(20_000)
        spit.forfeit(0)
        spades = spades_wire.Table(("Ann", "Bob"), 5, tmp / "spades")
        spades.bot_takes(0)
        spades.advance(30_000)
        spades.forfeit(1)
    for table, name in ((spit, "forfeit_bot.spit.jsonl"), (spades, "forfeit_bot.spades.jsonl")):
        assert table.replay_path is not None
        (GOLDEN / name).write_bytes(table.replay_path.read_bytes())


LAG = [
    {"uncredited_ms": 40, "disagreed": 1, "refused": 0},
    {"uncredited_ms": 0, "disagreed": 0, "refused": 2},
]
"""The ``lag`` the 1.4 files' closing lines carry, as a room would hand it over."""


def left_games(tmp: Path) -> None:
    """The 1.4 files: in each game a player leaves (``left``), and the closing line
    carries the room's ``lag``."""
    with (
        mock.patch("spit.games.spit.replay.datetime", _Created),
        mock.patch("spit.games.spades.replay.datetime", _Created),
    ):
        spit = spit_wire.Table(("Ann", "Bob"), 12, tmp / "spit-left")
        spit.lag_from(lambda: LAG)
        spit.advance(9_000)
        spit.forfeit(1, left=True)
        spades = spades_wire.Table(("Ann", "Bob"), 6, tmp / "spades-left")
        spades.lag_from(lambda: LAG)
        spades.advance(5_000)
        spades.forfeit(0, left=True)
    for table, name in ((spit, "left_lag.spit.jsonl"), (spades, "left_lag.spades.jsonl")):
        assert table.replay_path is not None
        (GOLDEN / name).write_bytes(table.replay_path.read_bytes())


if __name__ == "__main__":
    main()
