"""What the Spades table looks like at each stage, from a fixed seed.

Regenerate after an intended change with ``pytest tests/tui/spades --snapshot-update``
and look at the SVGs in ``__snapshots__`` before committing them. Nothing on this
screen blinks (there is no text cursor), so the shots are stable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from spit.games.spades.engine import Phase, to_move
from spit.tui.spades.screen import SpadesScreen

from .driver import Player, spades_app

pytestmark = pytest.mark.slow  # screenshots of Spades at each stage of a game

Done = Callable[[SpadesScreen], bool]


def _mine(phase: Phase) -> Done:
    return lambda s: s.game.state.phase is phase and to_move(s.game.state) == 0


def _snap(
    snap_compare: Any,
    done: Done | None = None,
    keys: tuple[str, ...] = (),
    size: tuple[int, int] = (80, 24),
    **options: Any,
) -> bool:
    async def run_before(pilot: Pilot[int]) -> None:
        if done is not None:
            await Player(pilot).play_until(done)
        await pilot.press(*keys)
        await pilot.pause()

    return bool(snap_compare(spades_app(**options), terminal_size=size, run_before=run_before))


def _drawn(count: int) -> Done:
    return lambda s: s.game.state.phase is Phase.DRAW and len(s.game.state.hands[0]) == count


class TestTable:
    def test_blind_nil_question(self, snap_compare: Any) -> None:
        assert _snap(snap_compare)

    def test_draw(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _drawn(7))

    def test_bidding_with_a_bid_typed(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _mine(Phase.BID), keys=("4",))

    def test_a_bid_out_of_range(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _mine(Phase.BID), keys=("1", "7", "enter"))

    def test_play_following_a_lead(self, snap_compare: Any) -> None:
        def following(s: SpadesScreen) -> bool:
            return (
                _mine(Phase.PLAY)(s) and len(s.game.state.tricks) == 4 and bool(s.game.state.trick)
            )

        assert _snap(snap_compare, following, keys=("right",))

    def test_play_after_taking_a_trick(self, snap_compare: Any) -> None:
        def leading(s: SpadesScreen) -> bool:
            return _mine(Phase.PLAY)(s) and len(s.game.state.tricks) >= 3 and not s.game.state.trick

        assert _snap(snap_compare, leading)

    def test_blind_nil_exchange(self, snap_compare: Any) -> None:
        async def run_before(pilot: Pilot[int]) -> None:
            await pilot.press("b")
            await Player(pilot).play_until(_mine(Phase.EXCHANGE))
            await pilot.press("a", "f", "right", "right", "space")

        assert snap_compare(spades_app(), terminal_size=(80, 24), run_before=run_before)

    def test_hand_over(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, lambda s: s.game.state.phase is Phase.HAND_OVER)

    def test_big_terminal(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _mine(Phase.PLAY), size=(120, 36))

    def test_light_theme_ascii_four_colours(self, snap_compare: Any) -> None:
        options = {"theme": "textual-light", "card_style": "ascii", "four_colour": True}
        assert _snap(snap_compare, _mine(Phase.PLAY), **options)


class TestScreens:
    def test_result(self, snap_compare: Any) -> None:
        def over(s: SpadesScreen) -> bool:
            return s.game.stage.over

        assert _snap(snap_compare, over, target=100)

    def test_help(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, _drawn(3), keys=("question_mark",))

    def test_too_small(self, snap_compare: Any) -> None:
        assert _snap(snap_compare, size=(70, 20))
