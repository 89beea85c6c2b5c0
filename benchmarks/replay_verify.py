"""Replay verification speed: reading and strictly re-simulating one long game.

Run from the repository root::

    python benchmarks/replay_verify.py --seed 5

A seeded script (``random.Random``, owned by this script) plays a standard game through
the match controller, submitting an input every 20-400 ms of game time: a legal play or
move nine times in ten, a random (often refused) play otherwise. The player with more
cards left acts three times in four, which keeps the game going back and forth: seed 5
gives a finished game of about 5,400 inputs over 40 rounds. The game is recorded with
``ReplayWriter`` into a temporary directory; then ``load_replay`` and ``verify`` are
timed (best and median of ``--repeat`` runs). The figures go to stdout;
``docs/performance.md`` records them.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from spit.core.replay.fields import PlayerInfo
from spit.engine import Action, Play, Spit, Variant, legal_actions
from spit.engine.timers import StagePhase, Timing
from spit.games.spit.game import new_session
from spit.games.spit.replay import ReplayWriter, load_replay, verify

PLAYERS = (PlayerInfo("bot", "Bench 1", level="bench"), PlayerInfo("bot", "Bench 2", level="bench"))


def record(directory: Path, seed: int, max_inputs: int) -> Path:
    """Play and record one game; returns the replay's path."""
    rng = random.Random(seed)
    writer = ReplayWriter.create(
        directory,
        players=PLAYERS,
        variant=Variant.STANDARD,
        target=100,
        timing=Timing(),
        seed=seed,
    )
    match = new_session(seed=seed, recorders=[writer], collect_events=False)
    t = 0
    while match.stage.phase is not StagePhase.GAME_OVER and match.input_count < max_inputs:
        t += rng.randint(20, 400)
        match.advance_to(t)
        state = match.state
        behind = 0 if state.cards_held(0) > state.cards_held(1) else 1
        player = behind if rng.random() < 0.75 else 1 - behind
        actions = [a for a in legal_actions(state, player) if not isinstance(a, Spit)]
        action: Action = (
            rng.choice(actions)
            if actions and rng.random() < 0.9
            else Play(rng.randrange(5), rng.randrange(2))
        )
        match.submit_at(t, player, action)
    writer.close()
    return writer.path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=5, help="game seed (default 5)")
    parser.add_argument(
        "--max-inputs", type=int, default=20_000, help="stop recording after this many inputs"
    )
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (default 5)")
    args = parser.parse_args(argv)
    from spit.composition import install

    install()  # the games, as the program's entry point registers them

    with tempfile.TemporaryDirectory() as tmp:
        path = record(Path(tmp), args.seed, args.max_inputs)
        size = path.stat().st_size
        loads, checks = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            replay = load_replay(path)
            loaded = time.perf_counter()
            result = verify(replay)
            loads.append(loaded - start)
            checks.append(time.perf_counter() - loaded)
    if not result.valid:
        print(f"the recorded game does not verify: line {result.line}: {result.error}")
        return 1
    lines = len(replay.records) + 1
    total = [a + b for a, b in zip(loads, checks, strict=True)]
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"replay: {result.inputs} inputs, {result.rounds} rounds, {lines} lines, "
        f"{size / 1024:.0f} KiB, {'finished' if result.finished else 'unfinished'}"
    )
    print(
        f"load_replay {min(loads) * 1000:.0f} ms, verify {min(checks) * 1000:.0f} ms, "
        f"total {min(total) * 1000:.0f} ms best / {statistics.median(total) * 1000:.0f} ms median"
        f" of {args.repeat}"
    )
    print(f"{result.inputs / min(total):,.0f} inputs/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
