"""The replay file may open after the game began, and misses nothing
(``spit.replay.feed``): calls made before the file opens reach it, in
order; after the close nothing does; a game without a card played leaves no file.
No Textual here: the game screen's part is in ``tests/tui/game/test_recording_feed.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.engine import Move, Play, Slap, new_game
from spit.engine.timers import Timing
from spit.games.spit.game import card_played
from spit.games.spit.replay import Deal, Input, ReplayWriter, load_replay
from spit.play.events import InputRecord
from spit.replay.feed import WriterFeed

STATE = new_game((tuple(range(26)), tuple(range(26, 52))))


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
    early = InputRecord(10, 0, Play(0, 0), False, reason="not_playing")
    watched: list[object] = []
    feed = WriterFeed(card_played, watched.append)
    feed.on_deal(0, 1, ((), ()))
    feed.on_input(early, STATE)
    assert watched == []  # nothing to watch before there is a writer
    writer = _Writer()
    feed.open(writer)  # type: ignore[arg-type]
    feed.on_round_over(20, STATE)
    assert writer.calls == [
        ("deal", 0, 1, ((), ())),
        ("input", early, STATE),
        ("round over", 20, STATE),
    ]
    assert watched == [writer, writer]  # at the opening, and after the call passed on
    assert feed.close() is None
    feed.on_game_over(30, STATE)  # after closing: dropped
    assert writer.calls[-1] == ("closed",)
    assert watched == [writer] * 3


def test_a_feed_closed_before_its_file_opened_keeps_nothing() -> None:
    feed = WriterFeed(card_played)
    feed.on_deal(0, 1, ((), ()))
    assert feed.close() is None
    feed.on_deal(5, 2, ((), ()))
    writer = _Writer()
    feed.open(writer)  # type: ignore[arg-type]
    assert writer.calls == []


@pytest.mark.parametrize(
    ("inputs", "played"),
    [
        ((), False),
        ((InputRecord(5, 0, Play(0, 0), False, "not_playing"),), False),  # refused
        ((InputRecord(5, 1, Slap(0), True),), False),  # a slap plays no card
        ((InputRecord(5, 0, Play(2, 1), True),), True),
        ((InputRecord(5, 1, Move(3), True),), True),
        ((InputRecord(4, 1, Slap(1), True), InputRecord(5, 0, Play(0, 0), True)), True),
    ],
)
def test_the_file_is_kept_only_if_a_card_was_played(
    tmp_path: Path, inputs: tuple[InputRecord, ...], played: bool
) -> None:
    feed = WriterFeed(card_played)
    feed.on_deal(0, 1, (tuple(range(26)), tuple(range(26, 52))))
    for record in inputs:
        feed.on_input(record, STATE)
    writer = ReplayWriter.create(
        tmp_path,
        players=(PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")),
        variant=STATE.variant,
        target=100,
        timing=Timing(),
        seed=1,
    )
    feed.open(writer)
    assert feed.played is played
    feed.close()
    assert writer.path.exists() is played
    if played:
        deal, *rest = load_replay(writer.path).records
        assert isinstance(deal, Deal) and deal.t == 0
        assert [r.action for r in rest if isinstance(r, Input)] == [i.action for i in inputs]
