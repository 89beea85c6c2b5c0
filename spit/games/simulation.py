"""What every game's simulator gives ``spit-tui sim``, and what their reports share.

A game's side of the command is a ``Simulator`` (``GameDescriptor.simulator``): its
default players and target, its own options, and ``plan``, which checks a request and
returns the games to play (a top-level ``play(setup, index)``, as ``spit.sim.run_indexed``
sends to worker processes) with the two reports of a finished run. The command itself
(``spit.commands.sim``) parses the options every game has, runs the plan and prints a
report, and knows no game.

Here rather than in ``spit.sim`` because the games sit below the simulator's runner
and each game writes its own report: a finished run is seen through ``Run``, which
``spit.sim.RunResult`` fulfils.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
R = TypeVar("R")
S_co = TypeVar("S_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)


class Run(Protocol[S_co, R_co]):
    """A finished run as a report reads it (``spit.sim.RunResult``): the setup, the
    games in index order, and the wins of the player given first (``role`` 0) and
    second (1)."""

    @property
    def setup(self) -> S_co: ...

    @property
    def records(self) -> tuple[R_co, ...]: ...

    @property
    def elapsed_s(self) -> float: ...

    @property
    def games(self) -> int: ...

    @property
    def unfinished(self) -> int: ...

    @property
    def draws(self) -> int: ...

    @property
    def p1_win_rate(self) -> float: ...

    @property
    def p1_interval(self) -> tuple[float, float]: ...

    def wins(self, role: int) -> int: ...


@dataclass(frozen=True, slots=True)
class SimOption:
    """An option of one game's simulator only, ``--NAME``: its values are ``choices``,
    or a number above 0 and at most ``maximum``. Given for another game, it is refused
    rather than ignored."""

    name: str
    help: str
    choices: tuple[str, ...] | None = None
    maximum: float | None = None
    metavar: str | None = None

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")


@dataclass(frozen=True, slots=True)
class SimRequest:
    """What the user asked of a run, the players and target already defaulted; ``options``
    holds the game's own options that were given (by ``SimOption.dest``)."""

    games: int
    seed: int
    p1: str
    p2: str
    target: int
    jobs: int
    replay_dir: Path | None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SimPlan(Generic[S, R]):
    """The games of a run, and its reports once played: the text summary and the
    ``--json`` object."""

    play: Callable[[S, int], R]
    setup: S
    report: Callable[[Run[S, R]], str]
    to_json: Callable[[Run[S, R]], dict[str, Any]]


class Simulator(Protocol):
    """A game's side of ``spit-tui sim``."""

    @property
    def default_player(self) -> str:
        """The bot in both seats unless ``--p1``/``--p2`` say otherwise."""
        ...

    @property
    def default_target(self) -> int: ...

    @property
    def target_help(self) -> str:
        """What ``--target`` means in this game, with its default: ``Spades (default 500)``."""
        ...

    @property
    def players_help(self) -> str:
        """The sentences of ``--help`` naming who may play."""
        ...

    @property
    def options(self) -> Sequence[SimOption]: ...

    def plan(self, request: SimRequest) -> SimPlan[Any, Any]:
        """The run asked for; a bad request is a ``ValueError`` worded as argparse's errors."""
        ...


def player_option(option: str, text: str, parse: Callable[[str], R]) -> R:
    """``parse(text)``, its ``ValueError`` worded as argparse words a bad option."""
    try:
        return parse(text)
    except ValueError as err:
        raise ValueError(f"argument {option}: {err}") from None


def win_lines(run: Run[Any, Any], names: tuple[str, str], extra: Callable[[int], str]) -> list[str]:
    """Each player's wins, win rate and its 95% interval, then ``extra(role)``: the
    lines every game's report starts with."""
    width = max(len(n) for n in names)
    low, high = run.p1_interval
    rates = (
        (run.p1_win_rate, low, high),
        (1 - run.p1_win_rate, 1 - high, 1 - low),
    )
    lines = []
    for role in (0, 1):
        rate, lo, hi = rates[role]
        lines.append(
            f"  p{role + 1} {names[role]:<{width}}  {run.wins(role):>6} wins  {rate:6.1%}"
            f"  (95% CI {lo:.1%} to {hi:.1%})  {extra(role)}"
        )
    return lines


def rate_line(run: Run[Any, Any]) -> str:
    """The last line of every report: wall-clock time and games a second."""
    rate = run.games / max(run.elapsed_s, 1e-9)
    return f"  {run.elapsed_s:.2f} s wall, {rate:.0f} games/s"
