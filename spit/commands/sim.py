"""``spit-tui sim``: bot-against-bot games, headless, for statistics and bot tuning.

The command knows no game: it asks the registry for each game's simulator
(``GameDescriptor.simulator``, a ``spit.games.simulation.Simulator``), declares the
options every game has and each game's own, has the chosen game check them, plays the
run with ``spit.sim`` (written once for every game) and prints its report, as text
or (``--json``) as one JSON object. Bad arguments end with one line on stderr and exit
status 2. The players' names are checked once the game is known, with the same message
argparse gives (``argument --p1: ...``); the options of one game only (``--variant``
and ``--limit-minutes`` are Spit's) are refused for another rather than ignored.

Every number is checked against what the games and their replays can hold: the seed
and the target as a replay records them, a game's own limits (Spit's time limit within
a replay's game time). ``MAX_GAMES`` and ``MAX_JOBS`` bound what is a typo rather than
a run anyone waits for.
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
from spit.core.replay import MAX_TARGET
from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.games.simulation import SimOption, SimRequest, Simulator
from spit.sim import plan, play_game, run_indexed
from spit.sim.report import text, to_json

MAX_GAMES: Final = 100_000_000
"""Days of games at the simulator's speed: more is a typo."""
MAX_JOBS: Final = 256
"""Worker processes; each is a whole interpreter."""


def simulators() -> dict[str, tuple[GameDescriptor, Simulator]]:
    """Every game that has a simulator, by name, in the registry's order."""
    return {
        game.name: (game, game.simulator())
        for game in registry.games()
        if game.simulator is not None
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    found = simulators()
    first = next(iter(found))
    defaults = ", ".join(f"{sim.default_player} in {game.title}" for game, sim in found.values())
    parser.epilog = " ".join(
        [
            *(sim.players_help() for _, sim in found.values()),
            "Games 2k and 2k+1 share a deal with the bots' seats swapped.",
        ]
    )
    parser.add_argument(
        "--game",
        choices=list(found),
        default=first,
        help=f"the game the bots play (default {first})",
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
            f"--{seat}", metavar="LEVEL", help=f"the {which} bot (default {defaults})"
        )
    parser.add_argument(
        "--target",
        type=int_between(1, MAX_TARGET),
        metavar="POINTS",
        help="the total that ends the game: "
        + ", ".join(sim.target_help for _, sim in found.values()),
    )
    parser.add_argument(
        "--jobs",
        type=int_between(1, MAX_JOBS),
        default=1,
        metavar="J",
        help="worker processes (results do not depend on it; default 1)",
    )
    declared: set[str] = set()
    for _, sim in found.values():
        for option in sim.options:
            if option.name not in declared:  # a name two games share is declared once
                declared.add(option.name)
                _add_option(parser, option)
    parser.add_argument(
        "--save-replays", type=folder, metavar="DIR", help="save every game's replay in DIR"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of the text summary"
    )


def _add_option(parser: argparse.ArgumentParser, option: SimOption) -> None:
    number: dict[str, Any] = {}
    if option.maximum is not None:
        number["type"] = number_up_to(option.maximum)
    parser.add_argument(
        f"--{option.name}",
        choices=option.choices,
        metavar=option.metavar,
        help=option.help,
        **number,
    )


def run(args: argparse.Namespace) -> int:
    found = simulators()
    game, simulator = found[args.game]
    try:
        _refuse_others_options(args, game, found)
        setup = plan(
            simulator,
            SimRequest(
                games=args.games,
                seed=args.seed,
                p1=args.p1 or simulator.default_player,
                p2=args.p2 or simulator.default_player,
                target=args.target or simulator.default_target,
                jobs=args.jobs,
                replay_dir=args.save_replays,
                options={
                    o.dest: getattr(args, o.dest)
                    for o in simulator.options
                    if getattr(args, o.dest) is not None
                },
            ),
        )
    except ValueError as err:
        return _usage_error(str(err))
    replay_dir: Path | None = args.save_replays
    if replay_dir is not None:
        problem = _prepare_replay_dir(replay_dir)
        if problem:
            return _usage_error(problem)
    try:
        with _progress(args.games, enabled=sys.stdout.isatty()) as progress:
            run = run_indexed(play_game, setup, args.games, jobs=args.jobs, progress=progress)
            report = text(game.info, simulator, run)
            data = to_json(game.info, simulator, run)
    except OSError as err:  # a replay that could not be written
        complain("sim", f"error: {err}")
        return 1
    emit(json.dumps(data) if args.json else report)
    return 0


def _refuse_others_options(
    args: argparse.Namespace,
    game: GameDescriptor,
    found: dict[str, tuple[GameDescriptor, Simulator]],
) -> None:
    """``ValueError`` for an option given that is another game's only."""
    own = {option.name for option in found[game.name][1].options}
    for other, simulator in found.values():
        for option in simulator.options:
            if option.name not in own and getattr(args, option.dest) is not None:
                raise ValueError(
                    f"argument --{option.name}: an option of {other.title}'s, not of {game.title}"
                )


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
