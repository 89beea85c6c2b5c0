"""``spit-tui sim``: bot-against-bot games, headless, for statistics and bot tuning.

Runs ``spit.sim.run_games`` and prints its figures, as text or (``--json``) as one JSON
object. Bad arguments end with one line on stderr and exit status 2.

Every number is checked against what the games and their replays can hold: the seed
and the target as a replay records them, the time limit within a replay's game time.
``MAX_GAMES`` and ``MAX_JOBS`` bound what is a typo rather than a run anyone waits for.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from spit.commands._args import folder, int_between, number_up_to, parsed_by, seed
from spit.commands.output import complain, emit
from spit.core.replay.fields import MAX_TARGET, MAX_TIME_MS
from spit.engine import Variant
from spit.games.spit.bots import LEVELS, POLICIES
from spit.sim import DEFAULT_LIMIT_MS, BotSpec, SimResult, run_games

MAX_GAMES: Final = 100_000_000
"""Days of games at the simulator's speed: more is a typo."""
MAX_JOBS: Final = 256
"""Worker processes; each is a whole interpreter."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    levels = ", ".join(LEVELS)
    policies = ", ".join(POLICIES)
    parser.epilog = (
        f"Levels: {levels}. A level may be given another policy at the same speed as "
        f"LEVEL/POLICY (policies: {policies}), e.g. --p1 normal/naive. Games 2k and 2k+1 "
        "share a deal with the bots' seats swapped."
    )
    parser.add_argument(
        "--games",
        type=int_between(1, MAX_GAMES),
        default=100,
        metavar="N",
        help="games to play (default 100)",
    )
    parser.add_argument(
        "--seed", type=seed, default=1, metavar="S", help="seed for deals and bots (default 1)"
    )
    for seat, which in (("p1", "first"), ("p2", "second")):
        parser.add_argument(
            f"--{seat}",
            type=parsed_by(BotSpec.parse),
            default=BotSpec("normal"),
            metavar="LEVEL",
            help=f"the {which} bot (default normal)",
        )
    parser.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default=Variant.STANDARD.value,
        help="how the game is won",
    )
    parser.add_argument(
        "--target",
        type=int_between(1, MAX_TARGET),
        default=100,
        metavar="POINTS",
        help="points variant: the total that ends the game (default 100)",
    )
    parser.add_argument(
        "--jobs",
        type=int_between(1, MAX_JOBS),
        default=1,
        metavar="J",
        help="worker processes (results do not depend on it; default 1)",
    )
    parser.add_argument(
        "--limit-minutes",
        type=number_up_to(MAX_TIME_MS // 60_000),
        default=DEFAULT_LIMIT_MS / 60_000,
        metavar="M",
        help="stop a game after M game-minutes and count it as unfinished (default 30)",
    )
    parser.add_argument(
        "--save-replays", type=folder, metavar="DIR", help="save every game's replay in DIR"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of the text summary"
    )


def run(args: argparse.Namespace) -> int:
    replay_dir: Path | None = args.save_replays
    if replay_dir is not None:
        problem = _prepare_replay_dir(replay_dir)
        if problem:
            return _usage_error(problem)
    try:
        with _progress(args.games, enabled=sys.stdout.isatty()) as progress:
            result = run_games(
                args.games,
                args.seed,
                args.p1,
                args.p2,
                variant=Variant(args.variant),
                target=args.target,
                limit_ms=max(1, round(args.limit_minutes * 60_000)),
                jobs=args.jobs,
                replay_dir=replay_dir,
                progress=progress,
            )
    except OSError as err:  # a replay that could not be written
        complain("sim", f"error: {err}")
        return 1
    emit(json.dumps(result.to_json()) if args.json else summary(result))
    return 0


def summary(result: SimResult) -> str:
    """The text report: who won how often, how long games took, how fast bots played."""
    setup = result.setup
    names = (str(setup.p1), str(setup.p2))
    width = max(len(n) for n in names)
    low, high = result.p1_interval
    rates = (
        (result.p1_win_rate, low, high),
        (1 - result.p1_win_rate, 1 - high, 1 - low),
    )
    lines = [
        f"{names[0]} vs {names[1]}: {result.games} games, seed {setup.seed}, "
        f"{setup.variant.value} variant (games 2k, 2k+1: same deal, seats swapped)",
    ]
    for role in (0, 1):
        rate, lo, hi = rates[role]
        lines.append(
            f"  p{role + 1} {names[role]:<{width}}  {result.wins(role):>6} wins  {rate:6.1%}"
            f"  (95% CI {lo:.1%} to {hi:.1%})  {result.cards_per_minute(role):5.1f} cards/min"
        )
    limit_min = setup.limit_ms / 60_000
    rate = result.games / max(result.elapsed_s, 1e-9)
    lines += [
        f"  unfinished after {limit_min:g} game-minutes (draws): {result.unfinished}",
        f"  mean {result.mean_rounds:.2f} rounds, {result.mean_length_s:.1f} game-seconds a game",
        f"  {result.elapsed_s:.2f} s wall, {rate:.0f} games/s",
    ]
    return "\n".join(lines)


def _usage_error(message: str) -> int:
    complain("sim", f"error: {message}")
    return 2


def _prepare_replay_dir(directory: Path) -> str | None:
    """Why replays cannot be saved in ``directory``, or ``None`` once it exists."""
    try:
        if directory.exists() and not directory.is_dir():
            return f"--save-replays: {directory} is not a directory"
    except OSError as err:  # a name too long, a folder without permission
        return f"--save-replays: cannot use {directory}: {err.strerror or err}"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return f"--save-replays: cannot create {directory}: {err.strerror}"
    return None


@contextmanager
def _progress(total: int, *, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """A transient rich progress bar on a terminal; nothing when output is piped."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done: bar.update(task, completed=done)
