"""``spit-tui sim``: bot-against-bot games, headless, for statistics and bot tuning.

Runs ``spit.sim.run_games`` (Spit) or ``spit.sim.run_indexed`` with
``spit.games.spades.sim.play_game`` (``--game spades``) and prints the figures, as text
or (``--json``) as one JSON object. Bad arguments end with one line on stderr and exit
status 2. The players' names are checked once the game is known, with the same message
argparse gives (``argument --p1: ...``); the options of one game only (``--variant``
and ``--limit-minutes`` are Spit's) are refused for the other rather than ignored.

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
from typing import Any, Final

from spit.commands._args import folder, int_between, number_up_to, seed
from spit.commands.output import complain, emit
from spit.core.replay.fields import MAX_TARGET, MAX_TIME_MS
from spit.engine import Variant
from spit.games.spades import descriptor as spades_game
from spit.games.spades import sim as spades_sim
from spit.games.spades.bots import LEVELS as SPADES_LEVELS
from spit.games.spit import descriptor as spit_game
from spit.games.spit.bots import LEVELS, POLICIES
from spit.sim import DEFAULT_LIMIT_MS, BotSpec, RunResult, SimResult, run_games, run_indexed

MAX_GAMES: Final = 100_000_000
"""Days of games at the simulator's speed: more is a typo."""
MAX_JOBS: Final = 256
"""Worker processes; each is a whole interpreter."""
SPIT: Final = spit_game.NAME
SPADES: Final = spades_game.NAME
GAMES: Final = (SPIT, SPADES)
DEFAULTS: Final = {SPIT: ("normal", 100), SPADES: ("hard", 500)}
"""Each game's default bot for both seats, and its default target."""

SpadesRun = RunResult[spades_sim.SpadesSetup, spades_sim.SpadesGameRecord]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    levels = ", ".join(LEVELS)
    policies = ", ".join(POLICIES)
    parser.epilog = (
        f"Spit levels: {levels}. A level may be given another policy at the same speed as "
        f"LEVEL/POLICY (policies: {policies}), e.g. --p1 normal/naive. Spades levels: "
        f"{', '.join(SPADES_LEVELS)}, and the reference players scripted and random. "
        "Games 2k and 2k+1 share a deal with the bots' seats swapped."
    )
    parser.add_argument(
        "--game", choices=GAMES, default=SPIT, help=f"the game the bots play (default {SPIT})"
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
            metavar="LEVEL",
            help=f"the {which} bot (default normal in Spit, hard in Spades)",
        )
    parser.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        help="Spit: how the game is won (default standard)",
    )
    parser.add_argument(
        "--target",
        type=int_between(1, MAX_TARGET),
        metavar="POINTS",
        help="the total that ends the game: Spit's points variant (default 100), "
        "Spades (default 500)",
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
        metavar="M",
        help="Spit: stop a game after M game-minutes and count it as unfinished (default 30)",
    )
    parser.add_argument(
        "--save-replays", type=folder, metavar="DIR", help="save every game's replay in DIR"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of the text summary"
    )


def run(args: argparse.Namespace) -> int:
    game: str = args.game
    bot, target = DEFAULTS[game]
    args.p1, args.p2 = args.p1 or bot, args.p2 or bot
    args.target = args.target or target
    try:
        runner = _spades if game == SPADES else _spit
        play = runner(args)
    except ValueError as err:
        return _usage_error(str(err))
    replay_dir: Path | None = args.save_replays
    if replay_dir is not None:
        problem = _prepare_replay_dir(replay_dir)
        if problem:
            return _usage_error(problem)
    try:
        with _progress(args.games, enabled=sys.stdout.isatty()) as progress:
            text, data = play(progress)
    except OSError as err:  # a replay that could not be written
        complain("sim", f"error: {err}")
        return 1
    emit(json.dumps(data) if args.json else text)
    return 0


Progress = Callable[[int], None] | None
Play = Callable[[Progress], tuple[str, dict[str, Any]]]


def _player(option: str, text: str, parse: Callable[[str], Any]) -> Any:
    """``parse(text)``, its ``ValueError`` worded as argparse words a bad option."""
    try:
        return parse(text)
    except ValueError as err:
        raise ValueError(f"argument {option}: {err}") from None


def _spit(args: argparse.Namespace) -> Play:
    p1, p2 = (_player(f"--{s}", getattr(args, s), BotSpec.parse) for s in ("p1", "p2"))
    minutes = DEFAULT_LIMIT_MS / 60_000 if args.limit_minutes is None else args.limit_minutes

    def play(progress: Progress) -> tuple[str, dict[str, Any]]:
        result = run_games(
            args.games,
            args.seed,
            p1,
            p2,
            variant=Variant(args.variant or Variant.STANDARD.value),
            target=args.target,
            limit_ms=max(1, round(minutes * 60_000)),
            jobs=args.jobs,
            replay_dir=args.save_replays,
            progress=progress,
        )
        return summary(result), result.to_json()

    return play


def _spades(args: argparse.Namespace) -> Play:
    for option in ("variant", "limit_minutes"):
        if getattr(args, option) is not None:
            name = option.replace("_", "-")
            raise ValueError(f"argument --{name}: an option of Spit's, not of Spades")
    p1, p2 = (_player(f"--{s}", getattr(args, s), spades_sim.check_player) for s in ("p1", "p2"))
    setup = spades_sim.SpadesSetup(
        args.seed, p1, p2, target=args.target, replay_dir=args.save_replays
    )

    def play(progress: Progress) -> tuple[str, dict[str, Any]]:
        result = run_indexed(
            spades_sim.play_game, setup, args.games, jobs=args.jobs, progress=progress
        )
        return spades_summary(result), spades_json(result)

    return play


def summary(result: SimResult) -> str:
    """The text report: who won how often, how long games took, how fast bots played."""
    setup = result.setup
    names = (str(setup.p1), str(setup.p2))
    lines = [
        f"{names[0]} vs {names[1]}: {result.games} games, seed {setup.seed}, "
        f"{setup.variant.value} variant (games 2k, 2k+1: same deal, seats swapped)",
        *_win_lines(result, names, lambda role: f"{result.cards_per_minute(role):5.1f} cards/min"),
    ]
    limit_min = setup.limit_ms / 60_000
    rate = result.games / max(result.elapsed_s, 1e-9)
    lines += [
        f"  unfinished after {limit_min:g} game-minutes (draws): {result.unfinished}",
        f"  mean {result.mean_rounds:.2f} rounds, {result.mean_length_s:.1f} game-seconds a game",
        f"  {result.elapsed_s:.2f} s wall, {rate:.0f} games/s",
    ]
    return "\n".join(lines)


def _win_lines(
    result: RunResult[Any, Any], names: tuple[str, str], extra: Callable[[int], str]
) -> list[str]:
    """Each bot's wins, win rate and its 95% interval, then ``extra(role)``."""
    width = max(len(n) for n in names)
    low, high = result.p1_interval
    rates = (
        (result.p1_win_rate, low, high),
        (1 - result.p1_win_rate, 1 - high, 1 - low),
    )
    lines = []
    for role in (0, 1):
        rate, lo, hi = rates[role]
        lines.append(
            f"  p{role + 1} {names[role]:<{width}}  {result.wins(role):>6} wins  {rate:6.1%}"
            f"  (95% CI {lo:.1%} to {hi:.1%})  {extra(role)}"
        )
    return lines


def spades_summary(result: SpadesRun) -> str:
    """The text report of a Spades run: wins, then bids made and nils, hands a game."""
    setup = result.setup
    figures = spades_sim.figures(result.records)

    def extra(role: int) -> str:
        made, nils = figures.made_rate[role], figures.nils[role]
        return (
            f"{figures.mean_score[role]:6.1f} points a game  {made:.0%} of bids made"
            f"  nils made {figures.nils_made[role]}/{nils}"
        )

    rate = result.games / max(result.elapsed_s, 1e-9)
    return "\n".join(
        [
            f"Spades, {setup.p1} vs {setup.p2}: {result.games} games to {setup.target}, "
            f"seed {setup.seed} (games 2k, 2k+1: same hands, seats swapped)",
            *_win_lines(result, (setup.p1, setup.p2), extra),
            f"  unfinished after {setup.max_hands} hands: {result.unfinished}",
            f"  mean {figures.mean_hands:.2f} hands a game",
            f"  {result.elapsed_s:.2f} s wall, {rate:.0f} games/s",
        ]
    )


def spades_json(result: SpadesRun) -> dict[str, Any]:
    setup = result.setup
    figures = spades_sim.figures(result.records)
    low, high = result.p1_interval
    data: dict[str, Any] = {
        "game": SPADES,
        "games": result.games,
        "seed": setup.seed,
        "p1": setup.p1,
        "p2": setup.p2,
        "target": setup.target,
        "p1_wins": result.wins(0),
        "p2_wins": result.wins(1),
        "unfinished": result.unfinished,
        "p1_win_rate": round(result.p1_win_rate, 6),
        "p1_win_rate_ci95": [round(low, 6), round(high, 6)],
        "mean_hands": round(figures.mean_hands, 4),
    }
    for role in (0, 1):
        p = f"p{role + 1}"
        data[f"{p}_mean_score"] = round(figures.mean_score[role], 3)
        data[f"{p}_bids_made_share"] = round(figures.made_rate[role], 4)
        data[f"{p}_nils"] = figures.nils[role]
        data[f"{p}_nils_made"] = figures.nils_made[role]
    data["max_hands"] = setup.max_hands
    data["elapsed_s"] = round(result.elapsed_s, 3)
    return data


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
