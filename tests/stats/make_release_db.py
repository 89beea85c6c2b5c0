"""Makes ``data/release-8.sqlite3``: a statistics database as the release of schema
version 8 (the last before draws) left it, for ``test_migrations`` to migrate.

Kept as made: run it only with that release's code (``git checkout`` a commit of schema
version 8), ``python -m tests.stats.make_release_db``. It plays a few games of every
kind that release stored (against bots, two people with their ratings, bots against
bots, Spades, a network game won by forfeit, the day's deal and the ladder) and reads
them with an unfinished and an unusable file beside them.
"""

from __future__ import annotations

import shutil
import tempfile
from datetime import date
from pathlib import Path

from spit.core.replay.challenge import Challenge
from spit.core.replay.fields import PlayerInfo
from spit.stats import SCHEMA_VERSION, StatsDB
from tests.challenges.games import challenge_game, noon
from tests.stats.games import HUMAN, bot, forfeited, hand_game, play, spades_game

BOB = PlayerInfo("human", "Bob")
TARGET = Path(__file__).parent / "data" / f"release-{SCHEMA_VERSION}.sqlite3"


def main() -> None:
    work = Path(tempfile.mkdtemp())
    try:
        replays = work / "replays"
        play(replays, 1)
        play(replays, 2, (HUMAN, bot("hard")))
        play(replays, 3, (HUMAN, bot("easy")))
        play(replays, 4, (HUMAN, BOB))
        play(replays, 5, (BOB, HUMAN))
        play(replays, 6, (bot("easy", "A"), bot("hard", "B")))
        hand_game(replays)
        hand_game(replays, "left", finished=False)
        spades_game(replays, 7)
        forfeited(replays, "spit", 1)
        day = date(2026, 12, 2)
        challenge_game(replays, Challenge.daily(day), noon(day), won=True)
        challenge_game(replays, Challenge.ladder(1), noon(day, 30), won=False, seed=4)
        (replays / "bad.spit.jsonl").write_text("not a replay\n", encoding="utf-8")
        path = work / "stats.sqlite3"
        with StatsDB.open(path, replays=replays):
            pass
        TARGET.parent.mkdir(exist_ok=True)
        TARGET.unlink(missing_ok=True)
        with StatsDB.open(path, replays=replays) as db:
            db._conn.execute("VACUUM INTO ?", (str(TARGET),))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
