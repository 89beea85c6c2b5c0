"""The result says why the game ended, in words, for every way a game can end
(``spit.engine.GameEnd``: R19, R20, D12)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from spit.engine import Phase, Play, Slap, State, Variant, game_end
from spit.match import FakeClock, MatchPhase
from spit.tui.board.overlays import ResultOverlay
from spit.tui.board.presenter import Players, Presenter
from spit.tui.cards import CardPainter
from tests.engine.positions import ok, position
from tests.tui.game.driver import Driver, game_app


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


async def test_a_played_game_ends_with_its_reason_on_the_result() -> None:
    clock = FakeClock()
    app = game_app(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await driver.play_until(lambda m: m.phase is MatchPhase.GAME_OVER)
        await pilot.pause()
        assert isinstance(app.screen, ResultOverlay)
        winner = ("Player 1", "Player 2")[driver.match.state.winner or 0]
        text = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        assert f"{winner} got rid of every card." in text
