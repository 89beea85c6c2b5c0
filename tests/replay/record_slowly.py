"""A recording process for the crash-safety test, run as
``python -m tests.replay.record_slowly DIRECTORY``.

It prints the replay's path, plays a bot game at a few milliseconds per step, prints
``ready`` once ``READY_AFTER`` inputs are recorded and plays on, until it is killed
(or, if nobody kills it, until the game ends).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from spit.engine import Variant
from spit.engine.timers import StagePhase, Timing
from spit.games.spit.game import new_session
from spit.games.spit.replay import ReplayWriter

from .agents import RandomAgent
from .games import BOTS

SEED = 2
READY_AFTER = 60


def main(directory: Path) -> None:
    writer = ReplayWriter.create(
        directory, players=BOTS, variant=Variant.STANDARD, target=100, timing=Timing(), seed=SEED
    )
    print(writer.path, flush=True)
    match = new_session(
        seed=SEED,
        agents=[RandomAgent(0, SEED), RandomAgent(1, SEED)],
        recorders=[writer],
        collect_events=False,
    )
    ready = False
    while match.stage.phase is not StagePhase.GAME_OVER and (due := match.next_due()) is not None:
        match.advance_to(due)
        if not ready and match.input_count >= READY_AFTER:
            print("ready", flush=True)
            ready = True
        if ready:
            time.sleep(0.005)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
