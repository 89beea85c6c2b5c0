"""Engine throughput: complete headless games per second under a simple greedy policy.

Run from the repository root::

    python benchmarks/engine_throughput.py --games 2000 --seed 1

Each step a seeded PRNG (``random.Random``, owned by this script, never by the engine)
picks the acting player; that player plays a card if it can (a random one of its legal
plays), else moves a card into an empty space (a random one), else spits or slaps. A
player with no legal action hands the step to the other player. Between rounds the next
deal comes from ``Dealer``, the engine's own seeded dealer (D19), so the time includes
dealing. Each run plays the same games; the fastest of ``--repeat`` runs is reported,
since slower runs measure other load on the machine, and CPU time is shown next to wall
clock time for the same reason. ``docs/performance.md`` records the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import sys
import time

from spit.engine import (
    Action,
    Applied,
    Dealer,
    Move,
    Phase,
    Play,
    State,
    Variant,
    apply,
    deal_round,
    legal_actions,
    new_game,
)

MAX_ACTIONS = 100_000
"""Safety net: a game longer than this is abandoned (and reported)."""


def choose(actions: list[Action], rng: random.Random) -> Action:
    """Greedy: a random play if there is one, else a random move, else the spit or slap.

    Legal actions come sorted plays first, then moves (``action_key``), so the plays and
    the moves are each a run of the list."""
    kind = type(actions[0])
    if kind is Play or kind is Move:
        n = 1
        while n < len(actions) and type(actions[n]) is kind:
            n += 1
        return actions[int(rng.random() * n)]
    return actions[0]


def play_game(seed: int, variant: Variant = Variant.STANDARD) -> tuple[State, int, bool]:
    """Play one complete game; returns the final state, the number of actions and
    whether it finished within ``MAX_ACTIONS``."""
    dealer = Dealer(seed)
    rng = random.Random(seed)
    state = new_game(dealer.first_deal(), variant)
    n = 0
    while n < MAX_ACTIONS:
        phase = state.phase
        if phase is Phase.GAME_OVER:
            return state, n, True
        if phase is Phase.ROUND_OVER:
            orders = (dealer.shuffle(state.collected[0]), dealer.shuffle(state.collected[1]))
            state = deal_round(state, orders).state
            continue
        player = rng.getrandbits(1)
        actions = legal_actions(state, player)
        if not actions:
            player = 1 - player
            actions = legal_actions(state, player)
        outcome = apply(state, player, choose(actions, rng))
        if type(outcome) is not Applied:
            raise RuntimeError(f"seed {seed}: a legal action was rejected: {outcome}")
        state = outcome.state
        n += 1
    return state, n, False


def run(games: int, seed: int, variant: Variant) -> tuple[float, float, int, int]:
    """Play ``games`` games from seeds ``seed``, ``seed + 1``, ...; returns (wall-clock
    seconds, CPU seconds, actions, unfinished games)."""
    actions = unfinished = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        _, n, finished = play_game(seed + g, variant)
        actions += n
        unfinished += not finished
    return time.perf_counter() - wall, time.process_time() - cpu, actions, unfinished


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument(
        "--variant", choices=[v.value for v in Variant], default=Variant.STANDARD.value
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of the same games; the fastest counts"
    )
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    variant = Variant(args.variant)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, args.games, args.seed, variant)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return 0

    timings = [run(args.games, args.seed, variant) for _ in range(args.repeat)]
    wall = min(t[0] for t in timings)
    cpu = min(t[1] for t in timings)
    _, _, actions, unfinished = timings[0]
    print(f"python {platform.python_version()} on {platform.machine()}, {variant.value} variant")
    print(f"{args.games} games, {actions} actions; best of {args.repeat} runs")
    for label, seconds in (("wall clock:", wall), ("CPU time:", cpu)):
        games_s, actions_s = args.games / seconds, actions / seconds
        print(f"{label:<11} {seconds:.2f} s, {games_s:.0f} games/s, {actions_s:,.0f} actions/s")
    print(f"{actions / args.games:.0f} actions/game, {unfinished} unfinished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
