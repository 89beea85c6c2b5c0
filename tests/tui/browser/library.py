"""A folder of saved games of every kind, with fixed names and start times, made once
per test session and copied into each test's replays folder.

Newest first (by the start time in each header), the list is as below. The games
against bots are random players' (``tests.stats.games.play``): their results change
only if the rules or the match timing do.

==================  ==================  ==========  ======  ======
Date                Mode                Result      Length  Rounds
==================  ==================  ==========  ======  ======
2026-03-02 09:30    Two players         unfinished  0:03    1
2026-03-01 12:03    vs hard bot         You won     3:34    11
2026-03-01 12:02    vs easy bot         You lost    3:36    13
2026-03-01 12:01    vs normal bot       You won     3:39    12
2026-01-03 10:00    Spades              North won   1:53    8
2026-01-02 15:04    Bots: test vs test  Righty won  0:59    3
2026-01-01 08:00    Bots: test vs test  unfinished  0:39    3
==================  ==================  ==========  ======  ======
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Final

from spit.core.replay.fields import PlayerInfo
from spit.stats import StatsDB
from tests.stats.games import HUMAN, bot, hand_game, play

GOLDEN: Final = Path(__file__).parent.parent.parent / "replay" / "golden"
BOB: Final = PlayerInfo("human", "Bob")

NAMES: Final = (
    "interrupted.spit.jsonl",
    "2026-03-01_12-03-00_p1-vs-hard.spit.jsonl",
    "2026-03-01_12-02-00_p1-vs-easy.spit.jsonl",
    "2026-03-01_12-01-00_p1-vs-normal.spit.jsonl",
    "spades.spades.jsonl",
    "bots.spit.jsonl",
    "bots-unfinished.spit.jsonl",
)
"""The files, newest first."""


def golden_copy(name: str, directory: Path, target: str, created: str) -> Path:
    """A golden replay under the name ``target``, its header's start time ``created``."""
    header, rest = (GOLDEN / name).read_text(encoding="utf-8").split("\n", 1)
    obj = json.loads(header)
    obj["created"] = created
    path = directory / target
    path.write_text(json.dumps(obj) + "\n" + rest, encoding="utf-8")
    return path


def make_library(directory: Path) -> list[Path]:
    """The games above, in ``directory``, each modified at the same fixed time (the
    list orders by the headers' start times, not by the files' times)."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = [
        hand_game(directory, "interrupted", (HUMAN, BOB), created="2026-03-02T09:30:00+01:00"),
        play(directory, 3, (HUMAN, bot("hard")), minute=3),
        play(directory, 2, (HUMAN, bot("easy")), minute=2),
        play(directory, 1, (HUMAN, bot("normal")), minute=1),
        golden_copy(
            "spades_finished.spades.jsonl", directory, NAMES[4], "2026-01-03T10:00:00+00:00"
        ),
        golden_copy("standard_finished.spit.jsonl", directory, NAMES[5], "2026-01-02T15:04:05Z"),
        golden_copy("unfinished.spit.jsonl", directory, NAMES[6], "2026-01-01T08:00:00+00:00"),
    ]
    assert [p.name for p in paths] == list(NAMES)
    for path in paths:
        os.utime(path, (1_767_225_600, 1_767_225_600))
    return paths


def copy_library(source: Path, directory: Path) -> list[Path]:
    """The session's library copied into ``directory``, newest first."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        shutil.copy2(source / name, directory / name)
    return [directory / name for name in NAMES]


def recorded_games(replays: Path) -> list[Path]:
    """Three games against bots and one between two people, each recorded as a live
    game records itself (the database already exists, so nothing is rebuilt)."""
    StatsDB.open().close()
    paths = [
        play(replays, 1, (HUMAN, bot("normal"))),
        play(replays, 2, (HUMAN, bot("easy"))),
        play(replays, 3, (HUMAN, bot("normal"))),
        play(replays, 4, (HUMAN, HUMAN)),
    ]
    with StatsDB.open() as db:
        assert all(db.record_game(path) for path in paths)
    return paths
