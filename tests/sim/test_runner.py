"""``spit.sim.run_games`` with Spit's simulator: reproducible, paired, job-independent
statistics."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import tracemalloc
from typing import Any

import pytest

from spit.games.spit.identity import INFO
from spit.games.spit.sim import SIMULATOR, BotSpec, cards_per_minute
from spit.sim import Result, derive_seed, wilson
from spit.sim import run_games as run_any
from spit.sim.report import to_json
from spit.sim.runner import _sigint_held


def run_games(games: int, seed: int, p1: str, p2: str, *, jobs: int = 1, **options: Any) -> Result:
    return run_any(SIMULATOR, games, seed, p1, p2, jobs=jobs, **options)


def test_same_seed_same_games_other_seed_other_games() -> None:
    first = run_games(6, 9, "hard", "normal")
    assert first.records == run_games(6, 9, "hard", "normal").records
    assert first.records != run_games(6, 10, "hard", "normal").records


@pytest.mark.slow
def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    alone = run_games(12, 4, "normal", "normal/naive", jobs=1)
    spread = run_games(12, 4, "normal", "normal/naive", jobs=2)
    assert alone.records == spread.records
    reports = [to_json(INFO, SIMULATOR, run) | {"elapsed_s": 0} for run in (alone, spread)]
    assert reports[0] == reports[1]


def test_games_come_in_pairs_with_one_deal_and_swapped_seats() -> None:
    result = run_games(6, 2, "expert", "beginner")
    for k in range(3):
        first, second = result.records[2 * k], result.records[2 * k + 1]
        assert first.deal_seed == second.deal_seed == derive_seed(2, "deal", k)
        assert (first.p1_seat, second.p1_seat) == (0, 1)
    assert len({r.deal_seed for r in result.records}) == 3


def test_wins_are_counted_per_bot_whatever_its_seat() -> None:
    result = run_games(4, 1, "expert", "beginner")
    assert result.wins(0) == 4 and result.wins(1) == 0
    assert {r.winner for r in result.records} == {0, 1}  # the expert won from both seats
    assert result.p1_win_rate == 1.0
    assert cards_per_minute(result, 0) > cards_per_minute(result, 1) > 0


def test_games_over_the_time_limit_are_unfinished_not_draws() -> None:
    result = run_games(2, 1, "beginner", "beginner", limit_minutes=1 / 3)
    assert result.unfinished == 2 and result.wins(0) == result.wins(1) == 0
    assert result.draws == 0 and result.finished == 0
    assert result.p1_win_rate == 0.5 and result.p1_interval == (0.0, 1.0)
    assert all(r.length_ms <= 20_000 for r in result.records)


def test_points_variant_is_played() -> None:
    result = run_games(2, 1, "hard", "easy", variant="points", target=30)
    assert result.finished == 2 and result.setup.table.variant == "points"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"games": 0}, "games"), ({"jobs": 0}, "jobs")],
)
def test_impossible_arguments_are_value_errors(kwargs: dict[str, int], message: str) -> None:
    args = {"games": 2, "seed": 1, "p1": "normal", "p2": "normal"} | kwargs
    with pytest.raises(ValueError, match=message):
        run_games(**args)  # type: ignore[arg-type]


def test_bot_specs() -> None:
    assert BotSpec.parse("hard") == BotSpec("hard")
    assert BotSpec.parse("easy/strong") == BotSpec("easy", "strong")
    assert str(BotSpec("easy", "strong")) == "easy/strong"
    for bad in ("", "hard/", "hard/x", "master", "/naive"):
        with pytest.raises(ValueError):
            BotSpec.parse(bad)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_huge_run_does_not_plan_every_batch_before_the_first_game() -> None:
    """``--games 100000000`` starts playing at once (Ctrl-C stops it), in little memory."""

    class Stop(Exception):
        pass

    def stop(done: int) -> None:
        raise Stop

    tracemalloc.start()
    try:
        with pytest.raises(Stop):
            run_games(10**8, 1, "normal", "normal", limit_minutes=1e-5, progress=stop)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


def _blocked_signals(queue: Any) -> None:
    queue.put(signal.pthread_sigmask(signal.SIG_BLOCK, []))


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_workers_start_with_ctrl_c_held_back_and_the_parent_still_gets_it() -> None:
    """A worker still importing when Ctrl-C comes must not die with a traceback: it
    starts with SIGINT blocked. The parent's Ctrl-C meanwhile is not lost."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    with pytest.raises(KeyboardInterrupt), _sigint_held():
        worker = context.Process(target=_blocked_signals, args=(queue,))
        worker.start()
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.1)  # noted, not raised here
        started = True
    assert started
    assert signal.SIGINT in queue.get(timeout=30)
    worker.join(timeout=30)
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
