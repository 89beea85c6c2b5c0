"""Many simulated games of any game, on one core or several, and their statistics.

``play_game`` plays game ``index`` of a run through the game's ``spit.game.Game`` in a
``spit.play.session.Session`` on a virtual clock, the bots given by the game's
``spit.games.simulation.Table``: games ``2k`` and ``2k+1`` are a pair, the same deals
with the players' seats swapped, so that neither profits from a lucky deal or from its
seat. ``run_indexed`` plays the indices and ``RunResult`` holds the wins, the draws,
the games left unfinished and the wins' confidence interval.

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
from typing import Any, Generic, Protocol, TypeVar

from spit.core.outcome import Refusal
from spit.core.seats import SEATS
from spit.core.seeds import derive_seed
from spit.game import Stage
from spit.games.simulation import GameRecord, Setup, Table, Writer
from spit.play.deals import SeededDeals
from spit.play.session import Recorder, Session
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
St = TypeVar("St")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
Rf = TypeVar("Rf", bound=Refusal)
O = TypeVar("O")  # noqa: E741  (the observation)


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
    picklable. ``progress`` is called with the number of games finished so far, after
    each batch. ``ValueError`` for impossible counts."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    if jobs < 1:
        raise ValueError("the number of jobs must be at least 1")
    return RunResult(*_run(play, setup, games, jobs, progress))


def play_game(setup: Setup[Table[St, G, A, I, C, E, Rf, O]], index: int) -> GameRecord:
    """Play game ``index`` of the run to its end or to the table's limit. Each player
    keeps its own seed across a pair."""
    pair, p1_seat = divmod(index, 2)
    deal_seed = derive_seed(setup.seed, "deal", pair)
    seeds = (derive_seed(setup.seed, "bot", pair, 1), derive_seed(setup.seed, "bot", pair, 2))
    if p1_seat:
        names, seeds = (setup.p2, setup.p1), (seeds[1], seeds[0])
    else:
        names = (setup.p1, setup.p2)
    table = setup.table
    agents = [table.agent(names[seat], seat, seeds[seat]) for seat in SEATS]
    tally = table.tally()
    recorders: list[Recorder[St, A, C, Rf]] = [tally]
    writer: Writer[St, A, C, Rf] | None = None
    if setup.replay_dir is not None:
        writer = table.writer(setup.replay_dir, names, seeds, deal_seed)
        recorders.append(writer)
    game = table.game()
    session = Session(
        game,
        SeededDeals(game, deal_seed),
        agents=agents,
        recorders=recorders,
        collect_events=False,
        max_rounds=table.max_rounds,
    )
    try:
        session.run_to_end(table.limit_ms)
    finally:
        if writer is not None:
            writer.close()
    state = session.state
    outcome = game.outcome(state)
    return GameRecord(
        index=index,
        deal_seed=deal_seed,
        p1_seat=p1_seat,
        winner=None if outcome is None else outcome.winner,
        finished=session.stage.over,
        rounds=session.rounds,
        length_ms=session.time,
        counts=tally.counts(state),
    )


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
