"""The Spades replay worked out once, without an app: a frame per step, the marks the
keys jump to, the pace, the captions and what the table says at the ends."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.games.spades.engine import Phase, state_hash
from spit.games.spades.replay import load_spades_replay
from spit.games.spades.timeline import (
    DRAW_MS,
    HAND_MS,
    PACE_MS,
    TRICK_MS,
    Timeline,
    build_timeline,
    open_spades_timeline,
)
from spit.replay.records import Deal as Hand
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.viewer.captions import caption
from spit.tui.spades.viewer.table import Playing, present, score_heads
from tests.replay.spades_games import record_spades_game
from tests.tui.spades_viewer.driver import FINISHED, HAND_WRITTEN, UNFINISHED

PAINTER = CardPainter()
NAMES = ("North", "South")


@pytest.fixture(scope="module")
def finished() -> Timeline:
    return open_spades_timeline(FINISHED)


def captions(timeline: Timeline, names: tuple[str, str] = NAMES) -> list[str]:
    return [caption(frame, names, PAINTER) for frame in timeline.frames]


@pytest.mark.slow
def test_every_state_is_the_one_the_game_was_played_through(tmp_path: Path) -> None:
    states: list = []
    path, final, inputs = record_spades_game(tmp_path, 5, mistake_in={1}, states=states)
    timeline = build_timeline(load_spades_replay(path), finished=True)
    after_inputs = [f.state for f in timeline.frames if not isinstance(f.record, Hand)]
    assert [state_hash(s) for s in after_inputs] == [state_hash(s) for s in states]
    assert timeline.inputs == inputs and timeline.frames[-1].state == final
    assert len(timeline.frames) == inputs + final.hand


def test_a_frame_per_hand_and_per_input_refused_ones_too(finished: Timeline) -> None:
    assert (finished.inputs, finished.rounds, len(finished.frames)) == (449, 8, 457)
    refused = [i for i, f in enumerate(finished.frames) if not f.accepted]
    assert refused == [63]
    frame = finished.frames[63]
    assert frame.state is frame.before and frame.refusal == "cards are not being played now"


def test_hands_and_tricks_are_marked_where_the_keys_land(finished: Timeline) -> None:
    frames = finished.frames
    assert all(isinstance(frames[i].record, Hand) for i in finished.round_marks)
    assert len(finished.round_marks) == 8
    assert len(finished.marks) == 8 * 14  # bidding over, after each of 13 tricks
    for i in finished.marks:
        state = frames[i].state
        assert state.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER) and not state.trick
    first = finished.marks[0]
    assert finished.mark_after(finished.marks, 0) == first
    assert finished.mark_before(finished.marks, first) == 0
    assert finished.mark_after(finished.round_marks, finished.round_marks[-1]) == finished.last


def test_the_pace_is_by_step_slower_where_there_is_more_to_see(finished: Timeline) -> None:
    times, frames = finished.times, finished.frames
    dwell = [b - a for a, b in pairwise(times)]
    assert dwell[0] == TRICK_MS  # the start of a hand
    assert dwell[2] == DRAW_MS  # a draw shows one card
    assert frames[30].state.phase is Phase.PLAY and dwell[30] == PACE_MS  # the bid
    trick = finished.marks[1]  # right after the first trick was taken
    assert dwell[trick] == TRICK_MS
    over = next(i for i, f in enumerate(frames) if f.state.phase is Phase.HAND_OVER)
    assert dwell[over] == HAND_MS
    assert [finished.at_time(t) for t in (0, times[5] - 1, times[5])] == [0, 4, 5]


def test_captions_say_each_step_in_words(finished: Timeline) -> None:
    said = captions(finished)
    assert said[0] == "Hand 1: North draws first."
    assert said[1] == "North bids blind nil!"
    assert said[2] == "South declines blind nil."
    assert said[3:5] == ["North discards 6♠ and takes 4♣.", "South keeps 6♣; 10♦ goes face down."]
    assert said[28] == "South keeps 10♥; K♦ goes face down. The stock is used up."
    assert said[29:33] == [
        "North gives A♦ A♥ and gets 8♣ 10♠.",
        "South bids 3.",
        "South leads K♥.",
        "North plays 4♥. South wins the trick.",
    ]
    assert said[63] == "North tried to play 10♠: not allowed, cards are not being played now."
    leads = [s for s in said if " leads " in s]
    assert len(leads) == 8 * 13
    assert sum(s.endswith(" wins the trick.") for s in said) == 8 * 13
    assert any("Spades are broken." in s for s in said)


def test_the_player_at_the_keyboard_is_you() -> None:
    said = captions(open_spades_timeline(FINISHED), ("You", "Bot"))
    assert said[0] == "Hand 1: You draw first." and said[1] == "You bid blind nil!"
    assert any(s.startswith("You lead ") for s in said)
    assert any(s.endswith(" You win the trick.") for s in said)


def test_a_draw_names_both_cards_and_a_refused_step_what_was_tried() -> None:
    said = captions(open_spades_timeline(HAND_WRITTEN), ("P1", "P2"))
    assert said[3] == "P2 tried 'keep': not allowed, it is the other player's turn."
    assert said[4] == "P1 keeps 2♣; 2♦ goes face down."
    assert said[5] == "P2 discards 2♥ and takes 2♠."


def test_the_end_says_who_won_or_that_the_recording_stops(finished: Timeline) -> None:
    end = present(finished, finished.last, Playing(False, 1.0), PAINTER, "", "")
    assert end.band.caption == "North wins, 523 to 377"
    assert end.notes[1][0].startswith("Hand 8. North: bid 4, took 4")
    assert end.status == "❚❚ 1×  input 449/449  hand 8/8"
    cut = open_spades_timeline(UNFINISHED)
    end = present(cut, cut.last, Playing(True, 2.0), PAINTER, "", "")
    assert end.band.caption == "The recording stops here"
    assert end.notes[1] == ("This game was not finished: the recording stops here.", "alert")
    assert end.status.startswith("▶ 2×  input 90/90  hand 2/2") and "(unfinished)" in end.status


YOU = PlayerInfo("human", "You")
HARD = PlayerInfo("bot", "Hard bot", level="hard")


@pytest.mark.parametrize(
    ("players", "heads"),
    [
        ((PlayerInfo("human", "North"), PlayerInfo("human", "South")), ("North", "South")),
        ((YOU, HARD), ("You", "Bot")),  # as the play screen heads them
        ((HARD, YOU), ("Bot", "You")),
        ((HARD, PlayerInfo("bot", "Easy bot", level="easy")), ("P1", "P2")),
        ((PlayerInfo("human", "Alexandra"), HARD), ("P1", "P2")),
    ],
)
def test_score_heads_fit_their_columns(
    players: tuple[PlayerInfo, PlayerInfo], heads: tuple[str, str]
) -> None:
    """A name too long for its score column was cut ("Hard b")."""
    assert score_heads(players) == heads
