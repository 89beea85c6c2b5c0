"""The CPU a room's own work costs an intent: ``Room.intent`` and ``Room.step`` (the
table taking the intent, the views made and encoded), with no sockets and no event loop.

Rooms of Spit on virtual time (every 20 ms, each room stepped when it has an intent
or its ``wake_at`` is due, as the server's task does), both seats playing greedily from
the views they are sent: the frames are read back outside the measured time. The
figure is ``time.process_time`` (CPU, not wall clock) spent in the rooms' calls per
intent the tables took, the best of ``--repeat`` runs, so a busy machine inflates it
little. Usage: ``python benchmarks/room_step.py [--rooms 40] [--ticks 3000]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from spit.games.spit.wire import Table
from spit.net.room import SPECTATORS, Room

_RANKS = "A23456789TJQK"


def _rank(card: str) -> int:
    return _RANKS.index(card[0])


def greedy(view: dict[str, Any], rng: random.Random) -> str | None:
    """A playable card onto a pile, or a slap, from what the seat sees; else nothing."""
    if view["phase"] == "slap":
        return f"slap {rng.randrange(2)}"
    if view["phase"] != "playing":
        return None
    choices = [
        f"play {i} {('left', 'right')[p]}"
        for i, (card, _) in enumerate(view["own"])
        if card is not None
        for p, top in enumerate(view["piles"])
        if top is not None and (_rank(card) - _rank(top)) % 13 in (1, 12)
    ]
    if not choices and any(card is None for card, _ in view["own"]):
        choices = [f"move {i}" for i, (card, down) in enumerate(view["own"]) if card and down]
    return rng.choice(choices) if choices else None


def run(rooms: int, ticks: int, seed: int) -> tuple[float, int, int]:
    """CPU seconds in the rooms' calls, intents the tables took, frames made."""
    rng = random.Random(seed)
    seeds = iter(range(seed, seed + 100_000))
    all_rooms = []
    for n in range(rooms):
        room = Room(f"R{n:02d}-M01-AAA", lambda names: Table(names, next(seeds), None), game="spit")
        room.sit("Ann", 0)
        room.sit("Bob", 0)
        room.released = []
        all_rooms.append(room)
    views: dict[tuple[int, int], dict[str, Any]] = {}
    poked = set(range(rooms))
    wakes: list[float | None] = [None] * rooms
    cpu = 0.0
    taken = frames = 0
    clock = time.process_time
    for tick in range(ticks):
        now = tick * 20.0
        for n, room in enumerate(all_rooms):
            outbox = []
            due = wakes[n]
            if n in poked or (due is not None and due <= now):
                poked.discard(n)
                start = clock()
                outbox = room.step(now)
                wakes[n] = room.wake_at()
                cpu += clock() - start
            assert room.released is not None
            taken += len(room.released)
            room.released.clear()
            frames += len(outbox)
            for index, frame in outbox:
                if index == SPECTATORS:
                    continue
                message = json.loads(frame)
                if message["type"] == "view":
                    views[n, index] = message["view"]
                elif message["type"] == "over":
                    room.rematch(0, now)
                    room.rematch(1, now)
                    poked.add(n)
            for index in (0, 1):
                view = views.get((n, index))
                if view is None or rng.random() > 0.05:
                    continue
                intent = greedy(view, rng)
                if intent is not None:
                    start = clock()
                    room.intent(index, now, now, intent)
                    cpu += clock() - start
                    poked.add(n)
    return cpu, taken, frames


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=40)
    parser.add_argument("--ticks", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for name in ("rooms", "ticks", "repeat"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    best = None
    for _ in range(args.repeat):
        cpu, taken, frames = run(args.rooms, args.ticks, args.seed)
        per = cpu * 1e6 / max(1, taken)
        best = per if best is None else min(best, per)
        print(
            f"{taken} intents taken, {frames} frames, {cpu * 1000:.0f} ms CPU: "
            f"{per:.1f} µs an intent ({frames / max(1, taken):.2f} frames an intent)"
        )
    print(f"best: {best:.1f} µs of CPU an intent")
    return 0


if __name__ == "__main__":
    sys.exit(main())
