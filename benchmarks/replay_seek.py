"""Replay viewer speed: opening a long game, and seeking anywhere in it.

Run from the repository root::

    python benchmarks/replay_seek.py --seed 5 --max-inputs 3000

The game is recorded the way ``benchmarks/replay_verify.py`` records one (a seeded
script through the match controller; seed 5 plays about 5,400 inputs over 40 rounds,
``--max-inputs`` stops it sooner: an unfinished game of that many inputs). Then:

- **open**: what ``SpitViewerScreen`` does before it shows anything: read the file,
  verify it, and work the timeline out once (events, marks, a snapshot every 100
  inputs). Best and median of ``--repeat`` runs.
- **seek**: ``--seeks`` jumps to random positions (seeded), each measured from the
  key to the finished picture: ``Playback.go_to`` (nearest snapshot, re-simulation,
  the presenter told the round so far), ``view()`` and drawing the 80×24 table's rows,
  i.e. everything but Textual's own repaint. Also the worst case: a position just
  before each snapshot (99 inputs to re-simulate) after a jump from the far end.

The target is a seek under 50 ms in a game of a few thousand inputs.
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

from replay_verify import record

from spit.composition import install
from spit.games.spit.timeline import Position, Timeline, open_timeline
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.draw import draw_table
from spit.tui.spit.viewer.playback import Playback
from spit.tui.spit.viewer.screen import MIN_HEIGHT
from spit.tui.spit.viewer.timeline_bar import ROWS


def seek_ms(playback: Playback, target: Position) -> float:
    start = time.perf_counter()
    playback.go_to(target)
    draw_table(playback.view(), 80, MIN_HEIGHT + 1 - ROWS, playback.painter, compact=True).rows()
    return (time.perf_counter() - start) * 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=5, help="game seed (default 5)")
    parser.add_argument(
        "--max-inputs", type=int, default=20_000, help="stop recording after this many inputs"
    )
    parser.add_argument("--repeat", type=int, default=5, help="timed opens (default 5)")
    parser.add_argument("--seeks", type=int, default=500, help="random seeks (default 500)")
    args = parser.parse_args(argv)
    install()

    with tempfile.TemporaryDirectory() as tmp:
        path = record(Path(tmp), args.seed, args.max_inputs)
        opens = []
        timeline: Timeline | None = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            timeline = open_timeline(path)
            opens.append((time.perf_counter() - start) * 1000)
    assert timeline is not None
    playback = Playback(timeline, CardPainter())
    rng = random.Random(args.seed)
    randoms = [
        seek_ms(playback, timeline.at_time(rng.randrange(timeline.end.t)))
        for _ in range(args.seeks)
    ]
    worst = []
    for snapshot in timeline.snapshots[1:]:
        playback.go_to(timeline.end)
        worst.append(seek_ms(playback, timeline.after_input(snapshot.at.inputs - 1)))

    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}")
    print(
        f"game: {len(timeline.inputs)} inputs, {len(timeline.rounds)} rounds, "
        f"{timeline.end.t / 1000:.0f} s of play, {len(timeline.events)} events, "
        f"{len(timeline.snapshots)} snapshots, {'finished' if timeline.finished else 'unfinished'}"
    )
    print(f"open: best {min(opens):.0f} ms, median {statistics.median(opens):.0f} ms")
    print(
        f"seek ({args.seeks} random): median {statistics.median(randoms):.2f} ms, "
        f"95th percentile {percentile(randoms, 0.95):.2f} ms, max {max(randoms):.2f} ms"
    )
    print(
        f"seek (99 inputs after a snapshot, {len(worst)}): median "
        f"{statistics.median(worst):.2f} ms, max {max(worst):.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
