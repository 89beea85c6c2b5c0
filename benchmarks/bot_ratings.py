"""The bot levels' fixed ratings: the simulator's ladder, rated with openskill.

Run from the repository root (a minute or two; the result is what
``spit/games/spit/bots/ratings.py`` and ``docs/bots.md`` hold)::

    nice -n 10 python benchmarks/bot_ratings.py --games 400 --seed 1 --jobs 2

Every level plays each of the ``--reach`` levels above it ``--games`` games
(``spit.sim.run_games``: paired deals, each played from both seats, exactly what
``spit-tui sim`` runs). Levels further apart than that tell the rating nothing: the
stronger wins almost every game. All levels are then rated together by openskill's
Plackett-Luce model, as the human will be (``spit.stats.rating``), with no skill drift
(``tau=0``: a bot never changes), the games taken one from each match-up in turn so
that no level's games all come first. Openskill's ratings say nothing by their level,
only by their differences, so they are shifted to put the anchor level ("normal", the
everyday adult player) at openskill's starting mean: a new player starts as the
everyday adult, and moves from there.

It prints the constants for ``spit/games/spit/bots/ratings.py`` and the Markdown
table for ``docs/bots.md``.
"""

from __future__ import annotations

import argparse
import itertools
import sys

from openskill.models import PlackettLuce

from spit.games.spit.bots import LEVEL_TABLE, LEVELS
from spit.games.spit.bots.ratings import ANCHOR, DISPLAY_SCALE
from spit.games.spit.sim import SIMULATOR
from spit.sim import Result as SimResult
from spit.sim import run_games


def play(games: int, seed: int, reach: int, jobs: int) -> list[SimResult]:
    results = []
    for low, high in itertools.combinations(range(len(LEVELS)), 2):
        if high - low <= reach:
            stronger, weaker = LEVELS[high], LEVELS[low]
            results.append(run_games(SIMULATOR, games, seed, stronger, weaker, jobs=jobs))
            print(f"{stronger} against {weaker}: done", file=sys.stderr, flush=True)
    return results


def fit(results: list[SimResult]) -> dict[str, tuple[float, float]]:
    """Each level's (mu, sigma), the anchor at the model's starting mean."""
    model = PlackettLuce(tau=0.0)
    ratings = {str(name): model.rating(name=str(name)) for name in LEVELS}
    longest = max(len(r.records) for r in results)
    for index in range(longest):
        for result in results:
            if index >= len(result.records):
                continue
            record = result.records[index]
            if record.winner is None:
                continue  # the time limit: neither won
            first, second = str(result.setup.p1), str(result.setup.p2)
            order = [first, second] if record.won_by(0) else [second, first]
            [[a], [b]] = model.rate([[ratings[order[0]]], [ratings[order[1]]]])
            ratings[order[0]], ratings[order[1]] = a, b
    shift = model.mu - ratings[ANCHOR].mu
    return {name: (r.mu + shift, r.sigma) for name, r in ratings.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per match-up (400)")
    parser.add_argument("--reach", type=int, default=3, help="levels above each one (3)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.jobs < 1 or args.reach < 1:
        parser.error("--games must be at least 2, --jobs and --reach at least 1")
    fitted = fit(play(args.games, args.seed, args.reach, args.jobs))
    print("RATINGS: Final[dict[str, tuple[float, float]]] = {")
    for name, (mu, sigma) in fitted.items():
        print(f'    "{name}": ({mu:.3f}, {sigma:.3f}),')
    print("}\n")
    print("| level | skill | rating | ± | mu | sigma |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, (mu, sigma) in fitted.items():
        shown, spread = round(mu * DISPLAY_SCALE), round(sigma * DISPLAY_SCALE)
        skill = LEVEL_TABLE[name].skill
        print(f"| {name} | {skill:.2f} | {shown} | {spread} | {mu:.2f} | {sigma:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
