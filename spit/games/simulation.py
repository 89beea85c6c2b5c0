"""What a game gives ``spit-tui sim``: the few parts of a simulated game that are its own.

The simulator is written once (``spit.sim``): it pairs the deals, seeds the players,
plays each game in a ``spit.play.session.Session`` on a virtual clock, counts wins,
draws and games left unfinished, and reports them with their confidence interval. A
game's ``Simulator`` (``GameDescriptor.simulator``) says only what is the game's:

- who may play (``players_help``, the defaults) and its own options (``SimOption``);
- ``table``: a checked request as a ``Table``, which builds the game with its options
  chosen, seats a bot by the name the command line gives, counts the game's own
  figures (``Tally``) and, with ``--save-replays``, writes its replay;
- ``describe``: the words and figures of the report that are the game's (the heading,
  a column beside each player's wins, its limit, its fields of ``--json``).

Here rather than in ``spit.sim`` because the games sit below the simulator and name
these types; the simulator's runner fulfils ``Run``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from spit.core.outcome import Refusal
from spit.core.seats import Seat
from spit.game import Game, GameInfo, Option, Stage
from spit.play.events import InputRecord, SessionEvent
from spit.play.session import Agent, Recorder

S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O_co = TypeVar("O_co", covariant=True)
T = TypeVar("T")
O = TypeVar("O")  # noqa: E741  (the observation)
S_contra = TypeVar("S_contra", contravariant=True)
C_contra = TypeVar("C_contra", contravariant=True)

Counts = dict[str, tuple[int, int]]
"""A game's own figures of one game, by name, per seat (Spit's ``plays``)."""


class Tally(Recorder[S_contra, A, C_contra, R], Protocol[S_contra, A, C_contra, R]):
    """A recorder that counts what a game's report needs beyond its wins."""

    def counts(self, state: S_contra) -> Counts:
        """The figures of the game that ended (or stopped) in ``state``."""
        ...


class Writer(Recorder[S_contra, A, C_contra, R], Protocol[S_contra, A, C_contra, R]):
    """A game's replay writer, as the simulator uses it."""

    def close(self) -> None: ...


class Table(Protocol[S, G, A, I, C, E, R, O_co]):
    """The games of one run as their game plays them: picklable, since ``--jobs`` sends
    it to each worker process."""

    @property
    def limit_ms(self) -> int | None:
        """Game time after which a game stops, unfinished; ``None``: none."""
        ...

    @property
    def max_rounds(self) -> int | None:
        """Rounds after which a game stops, unfinished; ``None``: none."""
        ...

    def game(self) -> Game[S, G, A, I, C, E, R, O_co]: ...

    def agent(self, player: str, seat: Seat, seed: int) -> Agent[S, A, SessionEvent[E, A, R]]:
        """The bot called ``player`` (checked by ``Simulator.table``) in ``seat``."""
        ...

    def tally(self) -> Tally[S, A, C, R]: ...

    def writer(
        self, directory: Path, players: tuple[str, str], seeds: tuple[int, int], deal_seed: int
    ) -> Writer[S, A, C, R]:
        """A replay of the game dealt from ``deal_seed``, the players by seat."""
        ...


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
class GameRecord:
    """One simulated game. Seats are 0 and 1; "p1" is the player given first, whichever
    seat it had."""

    index: int
    deal_seed: int
    """The seed of the game's deals (a pair shares it)."""
    p1_seat: int
    winner: int | None
    """The winning seat; ``None`` for a draw or an unfinished game."""
    finished: bool
    """The game reached its end (won, or drawn), rather than being stopped at a limit."""
    rounds: int
    length_ms: int
    counts: Counts
    """The game's own figures (``Tally.counts``), per seat."""

    def won_by(self, role: int) -> bool:
        """Whether the player given first (``role`` 0) or second (1) won."""
        return self.winner is not None and self.winner == self.p1_seat ^ role

    def of(self, name: str, role: int) -> int:
        """The count ``name`` of the player given first (``role`` 0) or second (1)."""
        return self.counts[name][self.p1_seat ^ role]


@dataclass(frozen=True, slots=True)
class Setup(Generic[T]):
    """Everything shared by the games of one run (sent once to each worker)."""

    seed: int
    p1: str
    p2: str
    target: int
    table: T
    replay_dir: Path | None = None


class Run(Protocol):
    """A finished run as a report reads it (``spit.sim.RunResult``)."""

    @property
    def setup(self) -> Setup[Any]: ...

    @property
    def records(self) -> tuple[GameRecord, ...]: ...

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
class Description:
    """A game's words and figures in a run's report: its first line, a column beside
    each player's wins, what stopped a game unfinished (``30 game-minutes``), and its
    fields of ``--json`` before the wins (``head``) and after the lengths (``tail``)."""

    heading: str
    columns: tuple[str, str] = ("", "")
    limit: str = "the limit"
    head: dict[str, object] = field(default_factory=dict)
    tail: dict[str, object] = field(default_factory=dict)


class NoTally(Generic[S, A, C, R]):
    """A tally of nothing, for a game whose report has no figures of its own."""

    def on_deal(self, t: int, round_no: int, deal: C) -> None:
        pass

    def on_input(self, record: InputRecord[A, R], state: S) -> None:
        pass

    def on_round_over(self, t: int, state: S) -> None:
        pass

    def on_game_over(self, t: int, state: S) -> None:
        pass

    def counts(self, state: S) -> Counts:
        return {}


def plain(title: str) -> Callable[[Run], Description]:
    """The report of a game with no figures of its own: its title and the run."""

    def describe(run: Run) -> Description:
        setup = run.setup
        return Description(
            heading=f"{title}, {setup.p1} vs {setup.p2}: {run.games} games, seed "
            f"{setup.seed} (games 2k, 2k+1: same deal, seats swapped)",
            head={"target": setup.target},
        )

    return describe


@dataclass(frozen=True, slots=True)
class BasicTable(Generic[S, G, A, I, C, E, R, O]):
    """The games of a run of a game with one bot, no figures of its own and no replays
    yet: ``make_game`` plays to ``target``, ``make_agent`` seats the bot with a seed.
    Both are a module's top-level functions or classes (a run is pickled)."""

    make_game: Callable[[int], Game[S, G, A, I, C, E, R, O]]
    make_agent: Callable[[Seat, int], Agent[S, A, SessionEvent[E, A, R]]]
    target: int
    limit_ms: int | None = 3_600_000
    max_rounds: int | None = None

    def game(self) -> Game[S, G, A, I, C, E, R, O]:
        return self.make_game(self.target)

    def agent(self, player: str, seat: Seat, seed: int) -> Agent[S, A, SessionEvent[E, A, R]]:
        return self.make_agent(seat, seed)

    def tally(self) -> NoTally[S, A, C, R]:
        return NoTally()

    def writer(
        self, directory: Path, players: tuple[str, str], seeds: tuple[int, int], deal_seed: int
    ) -> Writer[S, A, C, R]:
        raise OSError("this game keeps no replays")


def basic_simulator(
    info: GameInfo,
    levels: Sequence[str],
    target: Option,
    make_game: Callable[[int], Game[S, G, A, I, C, E, R, O]],
    make_agent: Callable[[Seat, int], Agent[S, A, SessionEvent[E, A, R]]],
) -> Simulator:
    """The simulator of a game with one bot (called ``levels[0]``), no figures of its
    own and no replays yet, its ``--target`` being its option ``target``."""

    def table(request: SimRequest) -> BasicTable[S, G, A, I, C, E, R, O]:
        for option, player in (("--p1", request.p1), ("--p2", request.p2)):
            player_option(option, player, check_level(levels, info.title))
        if request.replay_dir is not None:
            raise ValueError(f"argument --save-replays: {info.title} keeps no replays yet")
        try:
            checked = int(target.check(info.title, request.target))
        except ValueError as err:
            raise ValueError(f"argument --target: {err}") from None
        return BasicTable(make_game, make_agent, checked)

    return Simulator(
        default_player=levels[0],
        default_target=target.default,
        target_help=f"{info.title}'s {target.key} (default {target.default})",
        players_help=lambda: f"{info.title}: {', '.join(levels)}.",
        table=table,
        describe=plain(info.title),
    )


def total(records: Sequence[GameRecord], name: str, role: int) -> int:
    """The count ``name`` of one player (``role``) over a run."""
    return sum(r.of(name, role) for r in records)


@dataclass(frozen=True, slots=True)
class Simulator:
    """A game's side of ``spit-tui sim``."""

    default_player: str
    """The bot in both seats unless ``--p1``/``--p2`` say otherwise."""
    default_target: int
    target_help: str
    """What ``--target`` means in this game, with its default: ``Spades (default 500)``."""
    players_help: Callable[[], str]
    """The sentences of ``--help`` naming who may play."""
    table: Callable[[SimRequest], Table[Any, Any, Any, Any, Any, Any, Any, Any]]
    """The run asked for; a bad request is a ``ValueError`` worded as argparse's errors."""
    describe: Callable[[Run], Description]
    options: tuple[SimOption, ...] = ()


def player_option(option: str, text: str, parse: Callable[[str], T]) -> T:
    """``parse(text)``, its ``ValueError`` worded as argparse words a bad option."""
    try:
        return parse(text)
    except ValueError as err:
        raise ValueError(f"argument {option}: {err}") from None


def check_level(levels: Sequence[str], title: str) -> Callable[[str], str]:
    """A check of a bot's name against ``levels``, for ``player_option``."""

    def check(name: str) -> str:
        if name not in levels:
            raise ValueError(f"unknown {title} player {name!r}: choose from {', '.join(levels)}")
        return name

    return check
