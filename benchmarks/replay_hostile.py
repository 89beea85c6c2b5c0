"""Hostile replay files: the most game time and timer work a legal file can claim per byte.

Run from the repository root::

    python benchmarks/replay_hostile.py --size-kb 1024
    python benchmarks/replay_hostile.py --size-kb 16384 --no-viewer
    python benchmarks/replay_hostile.py --write FILE --rounds 8   # just write one
    python benchmarks/replay_hostile.py --once viewer FILE        # for valgrind

The generated game is legal and valid, and it holds nothing but deal lines. Player 1
holds one card and player 2 the other 51, laid out so that no card can ever be played:
every face-up card is a two or a three, every spit card a five to a king. So each round
is a one-pile round (R17) of one start countdown and 35 stalls, each followed by an
automatic spit, until player 2's 36 spit cards are down; then nobody can play and no
spit cards are left, player 1 counts as out first (D10), player 2 takes the pile, and
the next round deals the same cards again after the round pause. The game never ends.
Every countdown is as long as the format allows (``timing`` values up to 600,000 ms),
short enough that the last deal stays within the format's largest time (10^12 ms).

A deal line of about 220 bytes thus claims 37 timers and up to 6 hours of game time:
a file that costs work per second of game time, or per event kept, shows at once.

Then it times what the program does with the file (best of ``--repeat``):

- **check**: ``spit-tui replay FILE --check``'s work (``load_replay`` and ``verify``),
  with its peak memory (``tracemalloc``);
- **viewer**: what ``SpitViewerScreen`` does before it shows anything
  (``open_timeline``), then a jump to the end and back to the start (``Playback.go_to``);
- **stats**: what a statistics rebuild does with the file (``spit.stats.summary``'s
  ``game_figures``, the same walk through the game).

The targets (docs/performance.md, "Hostile replay files"): at 1 MiB the check takes
under 1 s and 150 MB, the viewer opens in under 1 s; at 16 MiB, the size limit, each
takes under 15 s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from spit.engine import Card, card_name, parse_card
from spit.engine.timers import Timing
from spit.games.spit.game import new_session, scripted_deals
from spit.games.spit.replay import load_replay, verify

MAX_T = 10**12
"""The largest time a line may give (docs/replay-format.md, "Limits")."""
MAX_TIMING = 600_000
COUNTDOWNS = 36
"""Timers that wait a full countdown in every round: the start countdown and 35 stalls."""
_RANK_CARDS = {r: [parse_card(r + s) for s in "CDHS"] for r in "23456789TJQKA"}


def hostile_orders() -> tuple[list[Card], list[Card]]:
    """Player 1's one card and player 2's 51, in dealing order (see the docstring).

    Player 2's stockpiles get their face-up cards at dealing positions 0, 5, 9, 12 and
    14; those are the remaining twos and threes, the face-down cards are the aces, the
    fours and the other threes, and the 36 spit cards are every five to king.
    """
    twos, threes = _RANK_CARDS["2"], _RANK_CARDS["3"]
    face_up = [twos[1], twos[2], twos[3], threes[0], threes[1]]
    face_down = [*threes[2:], *_RANK_CARDS["4"], *_RANK_CARDS["A"]]
    spit = [c for r in "56789TJQK" for c in _RANK_CARDS[r]]
    stock: list[Card] = []
    for position in range(15):
        stock.append(face_up.pop(0) if position in (0, 5, 9, 12, 14) else face_down.pop(0))
    return [twos[0]], stock + spit


def round_length(timing: Timing) -> int:
    """Game time from one deal to the next, measured on a match (every round is alike)."""
    orders = hostile_orders()
    match = new_session(deals=scripted_deals([orders]), timing=timing, collect_events=False)
    match.run_to_end(MAX_T)
    return match.time


def hostile_lines(rounds: int, timing: Timing | None = None) -> Iterator[str]:
    """The lines of a hostile file of ``rounds`` deals (with the largest timing that
    keeps its last deal within the format's times when ``timing`` is ``None``)."""
    if timing is None:
        each = min(MAX_TIMING, MAX_T // (max(1, rounds) * (COUNTDOWNS + 1)))
        timing = Timing(each, each, each, each, 750)
    header: dict[str, Any] = {
        "format": "spit-replay",
        "version": "1.0",
        "note": "hostile: every round stalls at once",
        "timing": timing.to_json(),
    }
    yield json.dumps(header, separators=(",", ":"))
    p1, p2 = (" ".join(card_name(c) for c in order) for order in hostile_orders())
    period = round_length(timing)
    for number in range(1, rounds + 1):
        deal = {"type": "deal", "t": (number - 1) * period, "round": number, "p1": p1, "p2": p2}
        yield json.dumps(deal, separators=(",", ":"))


def write_hostile(path: Path, *, rounds: int | None = None, size: int | None = None) -> int:
    """Write a hostile file of ``rounds`` deals, or of about ``size`` bytes; returns
    the number of rounds."""
    if rounds is None:
        assert size is not None
        header, deal = hostile_lines(1)
        line = len(deal) + len(str(MAX_T)) + 7 + 1  # the longest time and round number
        rounds = max(1, (size - len(header)) // line)
    with path.open("w", encoding="utf-8") as file:
        for text in hostile_lines(rounds):
            file.write(text + "\n")
    return rounds


def timed(work: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The best CPU time of ``repeat`` runs (not wall time: on a shared machine that
    counts the waits for a core) and the result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return best, result


def peak_mb(work: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def check(path: Path) -> dict[str, Any]:
    return verify(load_replay(path)).to_json()


def open_viewer(path: Path) -> object:
    from spit.games.spit.timeline import START, open_timeline
    from spit.tui.shared.cards import CardPainter
    from spit.tui.spit.viewer.playback import Playback

    timeline = open_timeline(path)
    playback = Playback(timeline, CardPainter("unicode", False))
    playback.go_to(timeline.end)
    playback.view()
    playback.go_to(START)
    return timeline


def stats_walk(path: Path) -> object:
    from spit.stats.figures import game_figures

    return game_figures(load_replay(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-kb", type=int, default=1024, help="file size (default 1024)")
    parser.add_argument("--rounds", type=int, help="deal lines (instead of --size-kb)")
    parser.add_argument("--write", type=Path, help="only write the file here")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs (default 3)")
    parser.add_argument("--no-viewer", action="store_true", help="skip the viewer")
    parser.add_argument("--no-stats", action="store_true", help="skip the statistics walk")
    parser.add_argument(
        "--once",
        nargs=2,
        metavar=("WORK", "FILE"),
        help="only do WORK (check, viewer, stats or none) once on FILE, untimed: for an "
        "instruction count (valgrind --tool=cachegrind), less that of 'none'",
    )
    args = parser.parse_args(argv)
    from spit.composition import install

    install()  # the games, as the program's entry point registers them
    if args.once is not None:
        work, file = args.once
        import spit.tui.spit.viewer.playback  # (in 'none' too: the TUI loaded once, as in the app)

        works: dict[str, Callable[[Path], object]] = {
            "check": check,
            "viewer": open_viewer,
            "stats": stats_walk,
            "none": lambda _path: None,
        }
        works[work](Path(file))
        return 0
    size = args.size_kb * 1024
    if args.write is not None:
        rounds = write_hostile(args.write, rounds=args.rounds, size=size)
        print(f"{args.write}: {rounds} rounds, {args.write.stat().st_size:,} bytes")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hostile.spit.jsonl"
        rounds = write_hostile(path, rounds=args.rounds, size=size)
        print(
            f"python {platform.python_version()} on {platform.machine()}, "
            f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
        )
        seconds, result = timed(lambda: check(path), args.repeat)
        assert isinstance(result, dict)
        if not result["valid"]:
            print(f"the hostile file does not verify: {result}")
            return 1
        print(
            f"file: {path.stat().st_size / 1024:,.0f} KiB, {rounds:,} rounds, "
            f"{result['duration_ms'] / 3_600_000:,.0f} hours of game time"
        )
        print(f"check: {seconds * 1000:,.0f} ms, peak {peak_mb(lambda: check(path)):,.0f} MB")
        if not args.no_viewer:
            import spit.tui.spit.viewer.playback  # noqa: F401  (loaded once, as in the app: not timed)

            seconds, _ = timed(lambda: open_viewer(path), args.repeat)
            memory = peak_mb(lambda: open_viewer(path))
            print(f"viewer (open, end, start): {seconds * 1000:,.0f} ms, peak {memory:,.0f} MB")
        if not args.no_stats:
            seconds, _ = timed(lambda: stats_walk(path), args.repeat)
            print(f"stats walk: {seconds * 1000:,.0f} ms")
    print(
        f"(best of {args.repeat}, CPU time: the machine may be shared; "
        f"load average {os.getloadavg()[0]:.1f} at the end)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
