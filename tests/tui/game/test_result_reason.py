"""The result says why the game ended, in words, for every way a game can end
(``spit.engine.GameEnd``: R19, R20, D12)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from spit.engine import Phase, Play, Slap, State, Variant, game_end
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.presenter import Players, Presenter
from tests.engine.positions import ok, position


def _out_first_in_a_one_pile_round(scores: tuple[int, int], variant: Variant) -> State:
    """Player 2 (short) plays their last card: no cards left at all (D12, D13)."""
    state = position(["KS QS", "2D"], ["6H"], piles=["5C"], hands=("7C", ""),
                     rest="none", variant=variant, scores=scores)  # fmt: skip
    return ok(state, 1, Play(0, 0)).state


def _points_round(scores: tuple[int, int]) -> State:
    """Player 1 goes out and slaps; player 2 keeps 3 cards (D12)."""
    state = position(["6H"], ["KS QS", "2D"], piles=["5C", "9D"], hands=("7C 8C", ""),
                     variant=Variant.POINTS, scores=scores)  # fmt: skip
    return ok(ok(state, 0, Play(0, 0)).state, 0, Slap(0)).state


def _why(state: State, bot: str | None = None) -> str:
    assert state.phase is Phase.GAME_OVER
    presenter = Presenter(Players.for_game(bot), CardPainter(), lambda _: "")
    result = presenter.result(SimpleNamespace(state=state), 1, None)  # type: ignore[arg-type]
    return result.lines[0]


@pytest.mark.parametrize(
    ("state", "bot", "why"),
    [
        (
            _out_first_in_a_one_pile_round((0, 0), Variant.STANDARD),
            None,
            "Player 2 got rid of every card.",
        ),
        (
            _points_round((99, 96)),
            None,
            "Player 1 reached 101 points: at 100 the game ends, and the lower total wins.",
        ),
        (
            _points_round((99, 96)),
            "easy",
            "You reached 101 points: at 100 the game ends, and the lower total wins.",
        ),
        (
            _out_first_in_a_one_pile_round((94, 0), Variant.POINTS),
            None,
            "Player 2 has no cards left, so no round can be dealt: the lower total wins.",
        ),
        (
            _out_first_in_a_one_pile_round((10, 14), Variant.POINTS),
            "hard",
            "Hard bot has no cards left, so no round can be dealt: "
            "on equal totals the player without cards wins.",
        ),
    ],
)
def test_the_result_says_why_the_game_ended(state: State, bot: str | None, why: str) -> None:
    assert game_end(state) is not None
    assert _why(state, bot) == why
