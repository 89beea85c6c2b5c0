"""Replay browser speed: summing up a folder of saved games for the list.

Run from the repository root::

    python benchmarks/replay_list.py --files 300

Writes ``--files`` copies of a long finished game (the golden standard game, padded
with ``--pad-kb`` KB of extra inputs before its closing line so that reading whole
files would show) and one unfinished game, under distinct names, then times what the
browser's worker does: list the folder, and read each file's header and tail
(``spit.saved_games``).

- **cold**: a new cache (the first opening of the list in a session).
- **warm**: the same cache again (the list opened a second time: nothing re-read).

The target is the whole list of 300 games in well under a second cold, so that the
first rows are shown at once and the last soon after.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from spit import saved_games

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "replay" / "golden"


def make_folder(directory: Path, files: int, pad_kb: int) -> None:
    lines = (GOLDEN / "standard_finished.spit.jsonl").read_text().splitlines(keepends=True)
    inputs = [line for line in lines if '"type": "input"' in line]
    padding = "".join(inputs[-1] for _ in range(pad_kb * 1024 // len(inputs[-1])))
    data = "".join(lines[:-1]) + padding + lines[-1]
    for i in range(files):
        (directory / f"game-{i:05}.spit.jsonl").write_text(data)
    (directory / "unfinished.spit.jsonl").write_text("".join(lines[:-1]))


def list_ms(directory: Path, cache: saved_games.SummaryCache) -> float:
    start = time.perf_counter()
    for path, info in saved_games.replay_files(directory):
        cache.summary(path, info)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=300, help="games in the folder")
    parser.add_argument("--pad-kb", type=int, default=40, help="extra KB in each game")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measure")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        make_folder(directory, args.files, args.pad_kb)
        size_mb = sum(p.stat().st_size for p in directory.iterdir()) / 1e6
        cold = [list_ms(directory, saved_games.SummaryCache()) for _ in range(args.repeat)]
        cache = saved_games.SummaryCache()
        list_ms(directory, cache)
        warm = [list_ms(directory, cache) for _ in range(args.repeat)]
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{args.files + 1} files, {size_mb:.1f} MB in all")
    for name, times in (("cold", cold), ("warm", warm)):
        print(
            f"{name}: best {min(times):.1f} ms, median {statistics.median(times):.1f} ms "
            f"({min(times) * 1000 / (args.files + 1):.0f} µs a file)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
