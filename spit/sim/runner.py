"""Many simulated games, on one core or several, and their statistics: for any game.

A game's simulator is a function ``play(setup, index) -> record`` at the top level of
its module (so that worker processes can be sent it), such as
``spit.games.spit.sim.play_game`` and ``spit.games.spades.sim.play_game``;
``run_indexed`` plays the indices and ``RunResult`` holds the wins, the draws, the
games left unfinished and the wins' confidence interval, which every game has,
whatever else it counts.

Games are split into batches of consecutive indices. A batch runs in whatever process
picks it up, but every game's seeds come from the run's seed and the game's index, and
results are put back in index order before anything is summed, so the figures are
identical for any number of jobs.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spit import sim as spit_sim
from spit.games.spit.sim import DEFAULT_LIMIT_MS, BotSpec, GameRecord, GameSetup, play_game
from spit.sim.stats import wilson

BATCHES_PER_JOB = 8
"""Enough batches per worker to even out the load, few enough to keep overhead low."""


class IndexedRecord(Protocol):
    """What the runner needs of a game's record: its index, whether it ended, and who
    won it."""

    @property
    def index(self) -> int: ...

    @property
    def finished(self) -> bool:
        """The game reached its end (won, or drawn), rather than being stopped at the
        run's limit."""
        ...

    @property
    def winner(self) -> int | None:
        """The winning seat, or ``None`` for a draw or an unfinished game."""
        ...

    def won_by(self, role: int) -> bool:
        """Whether the player given first (``role`` 0) or second (1) won."""
        ...


S = TypeVar("S")
R = TypeVar("R", bound=IndexedRecord)


@dataclass(frozen=True, slots=True)
class RunResult(Generic[S, R]):
    """The games of one run, in index order, and the figures every game has."""

    setup: S
    records: tuple[R, ...]
    elapsed_s: float
    """Wall-clock seconds: the only figure that differs between identical runs."""

    @property
    def games(self) -> int:
        return len(self.records)

    def wins(self, role: int) -> int:
        """Games won by the bot given first (``role`` 0) or second (1)."""
        return sum(r.won_by(role) for r in self.records)

    @property
    def unfinished(self) -> int:
        """Games stopped at the run's limit (time, hands) before their end."""
        return sum(not r.finished for r in self.records)

    @property
    def draws(self) -> int:
        """Games that ended with nobody winning: finished, and apart from the
        unfinished ones."""
        return sum(r.finished and r.winner is None for r in self.records)

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    @property
    def decisive(self) -> int:
        """Games someone won: the finished ones but the draws."""
        return self.finished - self.draws

    @property
    def p1_win_rate(self) -> float:
        """The first bot's share of the games someone won (0.5 if none), so that the
        two bots' rates add up to 1 whatever the draws."""
        return self.wins(0) / self.decisive if self.decisive else 0.5

    @property
    def p1_interval(self) -> tuple[float, float]:
        """95% Wilson interval for ``p1_win_rate``."""
        return wilson(self.wins(0), self.decisive)


@dataclass(frozen=True, slots=True)
class SimResult(RunResult[GameSetup, GameRecord]):
    """A run of Spit games, and Spit's own figures (``spit.games.spit.sim``'s)."""

    @property
    def mean_rounds(self) -> float:
        return spit_sim.mean_rounds(self.records)

    @property
    def mean_length_s(self) -> float:
        """Mean game length in game seconds (unfinished games count at the limit)."""
        return spit_sim.mean_length_s(self.records)

    def cards_per_minute(self, role: int) -> float:
        """Cards the first (0) or second (1) bot played per game minute."""
        return spit_sim.cards_per_minute(self.records, role)

    def refused_share(self, role: int) -> float:
        """Share of that bot's inputs the match refused (races lost, stale plays)."""
        return spit_sim.refused_share(self.records, role)

    def to_json(self) -> dict[str, Any]:
        return spit_sim.run_json(self)


def run_games(
    games: int,
    seed: int,
    p1: BotSpec | str,
    p2: BotSpec | str,
    *,
    variant: Variant = Variant.STANDARD,
    target: int = 100,
    timing: Timing | None = None,
    limit_ms: int = DEFAULT_LIMIT_MS,
    jobs: int = 1,
    replay_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    """Play ``games`` games of bot ``p1`` against bot ``p2`` on a virtual clock.

    Games ``2k`` and ``2k+1`` share a deal with the seats swapped. ``progress`` is
    called with the number of games finished so far, after each batch. Raises
    ``ValueError`` for impossible arguments.
    """
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    if jobs < 1:
        raise ValueError("the number of jobs must be at least 1")
    if limit_ms < 1:
        raise ValueError("the time limit must be positive")
    setup = GameSetup(
        seed=seed,
        p1=p1 if isinstance(p1, BotSpec) else BotSpec.parse(p1),
        p2=p2 if isinstance(p2, BotSpec) else BotSpec.parse(p2),
        variant=variant,
        target=target,
        timing=timing or Timing(),
        limit_ms=limit_ms,
        replay_dir=replay_dir,
    )
    return SimResult(*_run(play_game, setup, games, jobs, progress))


def run_indexed(
    play: Callable[[S, int], R],
    setup: S,
    games: int,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> RunResult[S, R]:
    """Play games ``0`` to ``games - 1`` of a run, ``play(setup, index)`` each, in
    ``jobs`` processes. ``play`` must be a module's top-level function and ``setup``
    picklable. ``progress`` as for ``run_games``; ``ValueError`` for impossible counts."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    if jobs < 1:
        raise ValueError("the number of jobs must be at least 1")
    return RunResult(*_run(play, setup, games, jobs, progress))


def _run(
    play: Callable[[S, int], R],
    setup: S,
    games: int,
    jobs: int,
    progress: Callable[[int], None] | None,
) -> tuple[S, tuple[R, ...], float]:
    start = time.perf_counter()
    records: list[R] = []
    for batch in _run_batches(play, setup, _batches(games, jobs), jobs):
        records.extend(batch)
        if progress is not None:
            progress(len(records))
    records.sort(key=lambda r: r.index)
    return setup, tuple(records), time.perf_counter() - start


def _batches(games: int, jobs: int) -> Iterator[range]:
    """Consecutive index ranges: one per 50 games in-process (so that progress moves),
    ``BATCHES_PER_JOB`` per worker otherwise. Made as they are needed: a huge run
    in-process has millions."""
    count = BATCHES_PER_JOB * jobs if jobs > 1 else -(-games // 50)
    size = -(-games // count)
    return (range(a, min(a + size, games)) for a in range(0, games, size))


def _play_batch(play: Callable[[S, int], R], setup: S, indices: range) -> list[R]:
    return [play(setup, i) for i in indices]


def _run_batches(
    play: Callable[[S, int], R], setup: S, batches: Iterator[range], jobs: int
) -> Iterator[list[R]]:
    if jobs == 1:
        for indices in batches:
            yield _play_batch(play, setup, indices)
        return
    # "spawn" rather than fork: the caller may be running threads (a progress bar), and
    # forking a threaded process can deadlock.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_init)
    finished = False
    try:
        with _sigint_held():  # the workers start as the batches are handed out
            futures = [pool.submit(_play_batch, play, setup, indices) for indices in batches]
        for future in as_completed(futures):
            yield future.result()
        finished = True
    finally:
        if not finished:
            # After Ctrl-C (or an error) the run is over: batches not yet started are
            # dropped, and those being played are stopped rather than waited for (a
            # batch of a long run takes minutes).
            _stop_workers(pool)
        pool.shutdown(cancel_futures=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's worker processes (there is no public way before 3.14)."""
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(Exception):  # ended meanwhile
            process.terminate()


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Start worker processes with Ctrl-C held back (blocked) from their first
    instruction until ``_worker_init`` ignores it: a worker still importing when Ctrl-C
    comes would otherwise die with a traceback. A process inherits the blocked signals
    of the thread that starts it, so this thread blocks SIGINT meanwhile; and as another
    thread (a progress bar's) may still take it, the parent's handler only notes it
    until the workers are started, then acts on it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield  # Windows: no signal masks (and no SIGINT sent to a process group)
        return
    noted: list[int] = []
    main = threading.current_thread() is threading.main_thread()
    handler = signal.signal(signal.SIGINT, lambda n, _: noted.append(n)) if main else None
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if main:
            signal.signal(signal.SIGINT, signal.SIG_DFL if handler is None else handler)
    if noted and callable(handler):
        handler(signal.SIGINT, None)  # Python's own raises KeyboardInterrupt


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the run and exits cleanly.
    (A Ctrl-C held back while the worker started is dropped here.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
