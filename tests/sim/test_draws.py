"""The runner counts draws apart from unfinished games, for any game whose records say
which (no game of ours can draw yet: a record made up here can)."""

from __future__ import annotations

from dataclasses import dataclass

from spit.sim import run_indexed, wilson
from spit.sim.report import win_lines

OUTCOMES = ("p1", "p2", "draw", "unfinished", "p1", "draw", "p1", "unfinished", "p2", "p1")
"""Game ``i``'s outcome: 4 won by p1, 2 by p2, 2 drawn, 2 stopped unfinished."""


@dataclass(frozen=True, slots=True)
class Record:
    index: int
    finished: bool
    winner: int | None

    def won_by(self, role: int) -> bool:
        return self.winner == role


def play(setup: None, index: int) -> Record:
    """A module-level game, as the runner wants; p1 sits in seat 0 throughout."""
    outcome = OUTCOMES[index]
    winner = {"p1": 0, "p2": 1}.get(outcome)
    return Record(index, outcome != "unfinished", winner)


def test_draws_are_counted_apart_from_unfinished_games() -> None:
    run = run_indexed(play, None, len(OUTCOMES))
    assert (run.games, run.wins(0), run.wins(1), run.draws, run.unfinished) == (10, 4, 2, 2, 2)
    assert (run.finished, run.decisive) == (8, 6)


def test_the_win_rate_and_its_interval_are_over_the_games_someone_won() -> None:
    run = run_indexed(play, None, len(OUTCOMES))
    assert run.p1_win_rate == 4 / 6
    assert run.p1_interval == wilson(4, 6)
    [first, second] = win_lines(run, ("A", "B"), ("", ""))
    assert "4 wins   66.7%" in first and "2 wins   33.3%" in second
