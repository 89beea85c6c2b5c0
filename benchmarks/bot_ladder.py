"""The Spit bot ladder: each level against the one below it, and what the levels mean.

Run from the repository root (bounded: the default is what ``docs/bots.md`` records)::

    nice -n 10 python benchmarks/bot_ladder.py --games 2000 --seed 1 --jobs 2

For every pair of adjacent levels in ``spit.games.spit.bots.LEVELS`` it plays ``--games`` games
(``--games / 2`` deals, each played from both seats) with ``spit.sim.run_games``, exactly
what ``spit-tui sim --p1 STRONGER --p2 WEAKER`` runs, and prints Markdown: the levels'
human figures, then the ladder with each step's win rate and 95% Wilson interval, and
each level's cards a minute (the mean of its two ladder match-ups, one at the ends),
the figure ``Level.cards_per_minute`` stores for the bot chooser. A step outside the
target band (60-75%) or a stored figure off by more than half a card is flagged, and
the exit status is 1 if any is.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys

from spit.games.spit.bots import LEVEL_TABLE, LEVELS
from spit.games.spit.sim import SIMULATOR, cards_per_minute
from spit.sim import Result as SimResult
from spit.sim import run_games
from spit.sim.report import mean_length_s, mean_rounds
from spit.sim.stats import Z95

BAND = (0.60, 0.75)
"""Each level should beat the one below it in this share of the finished games."""

STORED_TOLERANCE = 0.5
"""Cards a minute by which the stored figure may differ from the measured one."""


def levels_table() -> list[str]:
    rows = [
        "| level | skill | policy | perception | choice | slap decision | key | "
        "answer to a change | slap | overlook | wrong pile (1 card apart) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name in LEVELS:
        level = LEVEL_TABLE[name]
        m = level.model
        rows.append(
            f"| {name} | {level.skill:.2f} | {level.policy} | {m.perception_ms} ms | "
            f"{m.choice_ms} ms | {m.compare_ms} ms | {m.keystroke_ms} ms | "
            f"{m.typical_play_ms} ms | {m.typical_slap_ms} ms | {m.overlook:.0%} | "
            f"{m.wrong_pile:.0%} |"
        )
    return rows


def by_deal_interval(result: SimResult) -> tuple[float, float]:
    """A 95% interval for the first bot's win rate that counts deals, not games.

    The two games of a deal share the deal and both bots' seeds, so each bot's form
    (``HumanModel.in_form``) too: they are not independent, and the Wilson interval,
    which takes them to be, is too narrow. This one is the normal interval of the mean
    over deals of each deal's wins (a cluster-robust interval), with draws as half a win.
    """
    deals: dict[int, list[float]] = {}
    for record in result.records:
        score = 0.5 if record.winner is None else float(record.won_by(0))
        deals.setdefault(record.index // 2, []).append(score)
    means = [sum(scores) / len(scores) for scores in deals.values()]
    n = len(means)
    centre = sum(means) / n
    if n < 2:
        return 0.0, 1.0
    spread = math.sqrt(sum((m - centre) ** 2 for m in means) / (n - 1) / n)
    return max(0.0, centre - Z95 * spread), min(1.0, centre + Z95 * spread)


def ladder_table(results: list[SimResult]) -> tuple[list[str], bool]:
    rows = [
        "| stronger | weaker | wins | losses | unfinished | win rate | 95% CI (Wilson) | "
        "95% CI by deal | rounds | game length | cards/min |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    ok = True
    for r in results:
        low, high = r.p1_interval
        deal_low, deal_high = by_deal_interval(r)
        inside = BAND[0] <= r.p1_win_rate <= BAND[1]
        ok &= inside
        rows.append(
            f"| {r.setup.p1} | {r.setup.p2} | {r.wins(0)} | {r.wins(1)} | {r.unfinished} | "
            f"{r.p1_win_rate:.1%}{'' if inside else ' (outside the band)'} | "
            f"{low:.1%}–{high:.1%} | {deal_low:.1%}–{deal_high:.1%} | "
            f"{mean_rounds(r):.2f} | {mean_length_s(r):.0f} s | "
            f"{cards_per_minute(r, 0):.1f} / {cards_per_minute(r, 1):.1f} |"
        )
    return rows, ok


def cards_a_minute(results: list[SimResult]) -> dict[str, float]:
    """Each level's cards a minute, averaged over the ladder games it played."""
    figures: dict[str, list[float]] = {name: [] for name in LEVELS}
    for r in results:
        figures[str(r.setup.p1)].append(cards_per_minute(r, 0))
        figures[str(r.setup.p2)].append(cards_per_minute(r, 1))
    return {name: sum(values) / len(values) for name, values in figures.items()}


def speed_table(results: list[SimResult]) -> tuple[list[str], bool]:
    rows = ["| level | cards/min measured | stored |", "| --- | --- | --- |"]
    ok = True
    for name, measured in cards_a_minute(results).items():
        stored = LEVEL_TABLE[name].cards_per_minute
        close = abs(stored - measured) <= STORED_TOLERANCE
        ok &= close
        rows.append(f"| {name} | {measured:.1f} | {stored:.1f}{'' if close else ' (update)'} |")
    return rows, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per step (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.jobs < 1:
        parser.error("--games must be at least 2 and --jobs at least 1")

    results = []
    for weaker, stronger in itertools.pairwise(LEVELS):
        run = run_games(SIMULATOR, args.games, args.seed, stronger, weaker, jobs=args.jobs)
        results.append(run)
        print(f"{stronger} against {weaker}: done", file=sys.stderr, flush=True)
    ladder, in_band = ladder_table(results)
    speeds, stored_ok = speed_table(results)
    print("\n".join([*levels_table(), "", *ladder, "", *speeds]))
    return 0 if in_band and stored_ok else 1


if __name__ == "__main__":
    sys.exit(main())
