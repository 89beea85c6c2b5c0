"""Engine throughput: complete headless games per second under a simple greedy policy.

Run from the repository root::

    python benchmarks/engine_throughput.py --games 2000 --seed 1

Each step a seeded PRNG (``random.Random``, owned by this script, never by the engine)
picks the acting player; that player plays a card if it can (a random one of its legal
plays), else moves a card into an empty space, else spits or slaps. A player with no
legal action hands the step to the other player; when neither can act the round is over
and the next one is dealt with ``Dealer``, the engine's own seeded dealer (D19). The
figures go to stdout; ``docs/performance.md`` records them.
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
    """Greedy: a play if there is one, else a move, else the spit or slap."""
    plays = [a for a in actions if type(a) is Play]
    if plays:
        return plays[rng.randrange(len(plays))]
    moves = [a for a in actions if type(a) is Move]
    if moves:
        return moves[rng.randrange(len(moves))]
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
        assert type(outcome) is Applied, outcome
        state = outcome.state
        n += 1
    return state, n, False


def run(games: int, seed: int, variant: Variant) -> tuple[float, int, int]:
    """Play ``games`` games from seeds ``seed``, ``seed + 1``, ...; returns
    (seconds, actions, unfinished games)."""
    actions = unfinished = 0
    start = time.perf_counter()
    for g in range(games):
        _, n, finished = play_game(seed + g, variant)
        actions += n
        unfinished += not finished
    return time.perf_counter() - start, actions, unfinished


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument(
        "--variant", choices=[v.value for v in Variant], default=Variant.STANDARD.value
    )
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = parser.parse_args(argv)
    variant = Variant(args.variant)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
    seconds, actions, unfinished = run(args.games, args.seed, variant)
    if args.profile:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)

    print(f"python {platform.python_version()} on {platform.machine()}, {variant.value} variant")
    print(f"{args.games} games, {actions} actions in {seconds:.2f} s")
    print(f"{args.games / seconds:.0f} games/s, {actions / seconds:,.0f} actions/s")
    print(f"{actions / args.games:.0f} actions/game, {unfinished} unfinished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
