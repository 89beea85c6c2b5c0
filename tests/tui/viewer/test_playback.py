"""The table at any position is the game at that moment, however it was reached."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from spit.engine import CardSpat, RoundDealt, Slapped
from spit.games.spit.replay import load_replay, replay_session
from spit.games.spit.timeline import START, Mark, Position, build_timeline
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.viewer.playback import Playback
from tests.tui.viewer.driver import FINISHED, HAND_WRITTEN, UNFINISHED


@pytest.mark.parametrize("path", [FINISHED, UNFINISHED], ids=["finished", "unfinished"])
def test_every_position_in_any_order_is_the_re_simulated_game(path: Path) -> None:
    replay = load_replay(path)
    timeline = build_timeline(replay, finished=path == FINISHED, every=10)
    playback = Playback(timeline, CardPainter())
    counts = list(range(len(timeline.inputs) + 1))
    random.Random(3).shuffle(counts)
    for count in counts:
        playback.go_to(timeline.after_input(count))
        assert playback.match.state == replay_session(replay, inputs=count).state, count
        assert playback.position.inputs == count


def test_moving_forward_and_jumping_show_the_same_table() -> None:
    timeline = build_timeline(load_replay(FINISHED), finished=True, every=10)
    walked, jumped = Playback(timeline, CardPainter()), Playback(timeline, CardPainter())
    for t in range(0, timeline.end.t, 700):
        target = timeline.at_time(t)
        walked.go_to(target)
        jumped.go_to(timeline.end)
        jumped.go_to(target)
        assert walked.view() == jumped.view(), t


def test_the_timeline_knows_rounds_spits_slaps_and_the_end() -> None:
    timeline = build_timeline(load_replay(FINISHED), finished=True)
    events = [e.event for e in timeline.events]
    assert [events[i] for i in timeline.rounds] == [e for e in events if isinstance(e, RoundDealt)]
    assert len(timeline.rounds) == 3
    kinds = {mark for _, mark in timeline.marks}
    assert kinds == set(Mark)
    assert any(isinstance(e, CardSpat) for e in events) and any(
        isinstance(e, Slapped) for e in events
    )
    positions = [p for p, _ in timeline.marks]
    assert positions == sorted(set(positions))
    assert timeline.end == Position(135, 59168)
    assert timeline.snapshots[0].at == START


def test_stepping_goes_through_inputs_of_the_same_millisecond_one_at_a_time() -> None:
    timeline = build_timeline(load_replay(FINISHED), finished=True)
    position, seen = START, []
    while position < timeline.end:
        position = timeline.input_after(position)
        seen.append(position.inputs)
    assert seen == list(range(1, 136))
    back = [timeline.input_before(timeline.after_input(n)).inputs for n in range(1, 136)]
    assert back == list(range(135))
    between = Position(10, timeline.inputs[9].t + 1)
    assert timeline.input_before(between) == timeline.after_input(10)


def test_a_refused_input_says_what_the_player_tried() -> None:
    timeline = build_timeline(load_replay(HAND_WRITTEN), finished=True)
    playback = Playback(timeline, CardPainter())
    playback.go_to(timeline.after_input(3))
    view = playback.view()
    assert view.footer == "P1 too slow: 3♣ on the pile"
    assert view.sides[0].message == "too slow!"
    assert view.sides[0].flash_stock == 0
    playback.go_to(timeline.at_time(3300 + 1300))  # the note has faded
    assert playback.view().sides[0].message == ""


def test_ascii_cards_in_captions() -> None:
    timeline = build_timeline(load_replay(HAND_WRITTEN), finished=True)
    playback = Playback(timeline, CardPainter("ascii"))
    playback.go_to(timeline.after_input(3))
    assert playback.view().footer == "P1 too slow: 3C on the pile"


@pytest.mark.parametrize(("style", "between"), [("unicode", " · "), ("ascii", " - ")])
def test_the_spit_caption_keeps_to_the_card_style(style: str, between: str) -> None:
    """Both players' spit cards on one line, apart as the style allows (ASCII: no "·")."""
    from spit.tui.spit.viewer.captions import caption

    timeline = build_timeline(load_replay(FINISHED), finished=True)
    spits = [i for i, e in enumerate(timeline.events) if isinstance(e.event, CardSpat)]
    texts = [caption(timeline, i, CardPainter(style)) or "" for i in spits]
    both = [text for text in texts if "P1" in text and "P2" in text]
    assert both and all(text.startswith("Spit! P1 ") and between in text for text in both)
    assert all(text.isascii() == (style == "ascii") for text in both)
