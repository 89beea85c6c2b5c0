"""The replay file opens just after the game's first frame, and misses nothing.

The game screen hands the match's recorder calls to a ``_WriterFeed``, which keeps
them until the writer is there (``spit.tui.spit.game_screen``); a whole recorded game is
verified in ``test_play``. Here: calls made before the file opens reach it, in order.
"""

from __future__ import annotations

from pathlib import Path

from textual.widget import Widget

from spit.engine import Play, Reason, new_game
from spit.games.spit.replay.reader import load_replay
from spit.games.spit.replay.records import Deal, Input
from spit.games.spit.replay.verify import verify
from spit.games.spit.session import FakeClock, InputRecord, MatchPhase
from spit.tui.shared.unsaved import SaveWatch
from spit.tui.spit.game_screen import _WriterFeed
from tests.tui.game.driver import Driver, game_app


class _Writer:
    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []
        self.error: OSError | None = None
        self.path = Path("/nonexistent/spit-tui/fake-writer")
        """Deleted at the close when nothing was played: there is no file there."""

    def on_deal(self, *args: object) -> None:
        self.calls.append(("deal", *args))

    def on_input(self, *args: object) -> None:
        self.calls.append(("input", *args))

    def on_round_over(self, *args: object) -> None:
        self.calls.append(("round over", *args))

    def on_game_over(self, *args: object) -> None:
        self.calls.append(("game over", *args))

    def close(self) -> None:
        self.calls.append(("closed",))


def test_calls_made_before_the_file_opens_reach_it_in_order() -> None:
    state = new_game((tuple(range(26)), tuple(range(26, 52))))
    early = InputRecord(10, 0, Play(0, 0), False, reason=Reason.NOT_PLAYING)
    feed = _WriterFeed(SaveWatch(Widget()))
    feed.on_deal(0, 1, ((), ()))
    feed.on_input(early, state)
    writer = _Writer()
    feed.open(writer)  # type: ignore[arg-type]
    feed.on_round_over(20, state)
    assert writer.calls == [
        ("deal", 0, 1, ((), ())),
        ("input", early, state),
        ("round over", 20, state),
    ]
    assert feed.close() is None
    feed.on_game_over(30, state)  # after closing: dropped
    assert writer.calls[-1] == ("closed",)


def test_a_feed_closed_before_its_file_opened_keeps_nothing() -> None:
    feed = _WriterFeed(SaveWatch(Widget()))
    feed.on_deal(0, 1, ((), ()))
    assert feed.close() is None
    feed.on_deal(5, 2, ((), ()))
    writer = _Writer()
    feed.open(writer)  # type: ignore[arg-type]
    assert writer.calls == []


async def test_a_recorded_game_has_its_deal_and_keys_from_the_start(tmp_path: Path) -> None:
    clock = FakeClock()
    async with game_app(clock, record=True, replay_dir=tmp_path).run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock)
        await driver.press(0, Play(0, 0))  # during the countdown: refused, and recorded
        await driver.play_until(lambda m: m.phase is MatchPhase.PLAYING)
        await driver.step()
        await pilot.pause()
        assert driver.screen.replay_path is not None
        replay = load_replay(driver.screen.replay_path)
        assert verify(replay).valid
        deal, refused, played = replay.records
        assert isinstance(deal, Deal) and deal.t == 0  # dealt before the file was opened
        assert isinstance(refused, Input) and not refused.accepted
        assert isinstance(played, Input) and played.accepted
