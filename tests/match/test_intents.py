"""What a player's key means, decided by the match when it arrives
(``spit.games.spit.intents``, ``spit.games.spit.game.Game.resolve``, ``Session.submit_at``).

For each phase: what every kind of intent resolves to, and whether it is handled and
recorded (a resolved action, even one the rules reject) or refused and not recorded
(an intent that means nothing now, or any intent while paused). Then: a key pressed
as the phase changes is judged by the table at that moment; and a random run of keys
sent as intents leaves the same tables as the actions they resolved to, fed to a
fresh match and written to a replay that verifies.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spit.core.clock import FakeClock
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import SEATS
from spit.engine import Action, Move, Play, Reason, Slap, Spit, legal_actions, state_hash
from spit.engine.timers import CountdownKind, StagePhase
from spit.games.spit.game import Session, new_session, useful_intents
from spit.games.spit.intents import (
    PLAYER_INTENTS,
    Intent,
    MoveIntent,
    PlayIntent,
    Side,
    SpitIntent,
    intent_text,
    parse_intent,
)
from spit.games.spit.replay import ReplayWriter, load_replay, verify
from spit.play.events import InputRecord, IntentRefused, Stopped

from .helpers import STOCK_OUT_PLAYS, FakeRecorder, FirstLegalAgent, stall_deal, stock_out_deal

LEFT, RIGHT = Side.LEFT, Side.RIGHT
OUT_AT = 3000 + 10 * len(STOCK_OUT_PLAYS)
"""When player 1's last stockpile card lands in ``stock_out_deal``: the slap window opens."""


def _stocked_out(recorder: FakeRecorder) -> Session:
    m = new_session(deals=stock_out_deal(seed=5), recorders=[recorder])
    for i, play in enumerate(STOCK_OUT_PLAYS, start=1):
        assert m.submit_at(3000 + 10 * i, 0, play).accepted
    return m


def countdown(rec: FakeRecorder) -> Session:
    return new_session(deals=stock_out_deal(seed=5), recorders=[rec])


def playing(rec: FakeRecorder) -> Session:
    m = countdown(rec)
    m.advance_to(3000)
    return m


def stall(rec: FakeRecorder) -> Session:
    """``stall_deal`` after player 1's only play: the stall countdown."""
    m = new_session(deals=stall_deal(), recorders=[rec])
    m.advance_to(3000)
    assert m.submit_at(3500, 0, Play(1, 0)).accepted
    return m


def slap(rec: FakeRecorder) -> Session:
    return _stocked_out(rec)


def round_over(rec: FakeRecorder) -> Session:
    """After player 2 slapped the left (16-card) pile, before the next deal."""
    m = _stocked_out(rec)
    assert m.submit_at(OUT_AT + 100, 1, Slap(0)).accepted
    return m


def one_pile(rec: FakeRecorder) -> Session:
    """Round 2 in play: player 1 has no spit cards, so there is one pile (R17)."""
    m = round_over(rec)
    m.advance_to(OUT_AT + 100 + m.game.timing.round_pause_ms + m.game.timing.start_countdown_ms)
    return m


def paused(rec: FakeRecorder) -> Session:
    clock = FakeClock()
    m = new_session(deals=stock_out_deal(seed=5), recorders=[rec], clock=clock)
    clock.advance(3000)
    m.update()
    m.pause()
    return m


def paused_at_the_slap(rec: FakeRecorder) -> Session:
    clock = FakeClock()
    m = new_session(deals=stock_out_deal(seed=5), recorders=[rec], clock=clock)
    for i, play in enumerate(STOCK_OUT_PLAYS, start=1):
        clock.advance(3000 if i == 1 else 10)
        assert m.submit(0, play).accepted
    m.pause()
    return m


def game_over(rec: FakeRecorder) -> Session:
    agents = [FirstLegalAgent(0, 150), FirstLegalAgent(1, 400)]
    m = new_session(seed=4, agents=agents, recorders=[rec])
    m.run_to_end(limit_ms=3_600_000)
    return m


PHASES: dict[str, tuple[Callable[[FakeRecorder], Session], StagePhase]] = {
    "countdown": (countdown, StagePhase.COUNTDOWN),
    "playing": (playing, StagePhase.PLAYING),
    "stall": (stall, StagePhase.COUNTDOWN),
    "slap": (slap, StagePhase.SLAP),
    "round over": (round_over, StagePhase.ROUND_OVER),
    "one pile": (one_pile, StagePhase.PLAYING),
    "paused": (paused, StagePhase.PLAYING),
    "paused at the slap": (paused_at_the_slap, StagePhase.SLAP),
    "game over": (game_over, StagePhase.GAME_OVER),
}

PLAY_LEFT, PLAY_RIGHT, MOVE = PlayIntent(2, LEFT), PlayIntent(2, RIGHT), MoveIntent(2)

Expected = Action | Reason
MEANINGS: list[tuple[str, Expected, Expected, Expected, Expected]] = [
    # phase, then what PLAY_LEFT, PLAY_RIGHT, MOVE and a SpitIntent resolve to
    ("countdown", Play(2, 0), Play(2, 1), Move(2), Reason.SPIT_IS_AUTOMATIC),
    ("playing", Play(2, 0), Play(2, 1), Move(2), Reason.SPIT_IS_AUTOMATIC),
    ("stall", Play(2, 0), Play(2, 1), Move(2), Reason.SPIT_IS_AUTOMATIC),
    ("slap", Slap(0), Slap(1), Reason.ONLY_SLAPS, Reason.SPIT_IS_AUTOMATIC),
    ("round over", Slap(0), Slap(1), Reason.ONLY_SLAPS, Reason.SPIT_IS_AUTOMATIC),
    ("one pile", Play(2, 0), Play(2, 0), Move(2), Reason.SPIT_IS_AUTOMATIC),
    ("paused", Play(2, 0), Play(2, 1), Move(2), Reason.SPIT_IS_AUTOMATIC),
    (
        "paused at the slap",
        Slap(0),
        Slap(1),
        Reason.ONLY_SLAPS,
        Reason.SPIT_IS_AUTOMATIC,
    ),
    ("game over", *[Reason.GAME_OVER] * 4),  # type: ignore[list-item]
]


@pytest.mark.parametrize(("phase", "left", "right", "move", "spit"), MEANINGS)
def test_what_each_intent_means_in_each_phase(
    phase: str, left: Expected, right: Expected, move: Expected, spit: Expected
) -> None:
    make, match_phase = PHASES[phase]
    m = make(FakeRecorder())
    assert m.stage.phase is match_phase
    if phase == "stall":
        assert m.stage.countdown is CountdownKind.STALL
    if phase == "one pile":
        assert len(m.state.piles) == 1
    intents: tuple[Intent, ...] = (PLAY_LEFT, PLAY_RIGHT, MOVE, SpitIntent())
    assert [m.resolve(SEATS[0], i) for i in intents] == [left, right, move, spit]


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("intent", [PLAY_LEFT, PLAY_RIGHT, MOVE, SpitIntent()])
@pytest.mark.parametrize("player", [0, 1])
def test_a_resolved_intent_is_handled_as_its_action_and_recorded(
    phase: str, intent: Intent, player: int
) -> None:
    """What ``submit_intent`` does is what ``submit_at`` does with the resolved action,
    on a twin match; an intent refused is not recorded and changes nothing."""
    make, _ = PHASES[phase]
    rec, twin_rec = FakeRecorder(), FakeRecorder()
    m, twin = make(rec), make(twin_rec)
    t = m.time + 1
    meaning = m.resolve(SEATS[0], intent)
    before = (m.state, len(rec.inputs), m.input_count)
    result = m.submit_at(t, player, intent)
    if m.paused or isinstance(meaning, Reason):
        reason = meaning if isinstance(meaning, Reason) else Stopped.PAUSED
        assert result == IntentRefused(t, player, intent, reason)
        assert (m.state, len(rec.inputs), m.input_count) == before
    else:
        assert result == twin.submit_at(t, player, meaning)
        assert rec.inputs[-1] == result
        assert state_hash(m.state) == state_hash(twin.state)


def test_an_intent_without_a_time_arrives_now_by_the_clock() -> None:
    clock = FakeClock()
    m = new_session(deals=stock_out_deal(seed=5), clock=clock)
    clock.advance(3010)
    record = m.submit(0, PlayIntent(0, LEFT))
    assert record == InputRecord(3010, 0, Play(0, 0), True)


def test_an_intent_is_judged_by_the_table_when_it_arrives() -> None:
    """Nothing has run the match's timers since the round ended: it still stands at
    the slap, where a play key slaps. Pressed once the next one-pile round has begun,
    the right-hand play key plays onto the only pile instead."""
    rec = FakeRecorder()
    m = round_over(rec)
    assert m.resolve(SEATS[0], PlayIntent(0, RIGHT)) == Slap(1)
    begins = OUT_AT + 100 + m.game.timing.round_pause_ms + m.game.timing.start_countdown_ms
    record = m.submit_at(begins + 5, 0, PlayIntent(0, RIGHT))
    assert isinstance(record, InputRecord)
    assert record.action == Play(0, 0)
    assert len(m.state.piles) == 1


def test_a_slap_key_after_the_window_is_a_late_slap_not_nothing() -> None:
    m = slap(FakeRecorder())
    assert m.stage.deadline is not None
    late = m.submit_at(m.stage.deadline + 1, 1, PlayIntent(4, RIGHT))
    assert isinstance(late, InputRecord)
    assert (late.action, late.accepted, late.reason, late.too_slow) == (
        Slap(1),
        False,
        "not_slapping",
        True,
    )


@pytest.mark.parametrize("stock", [-1, 5, 99])
def test_an_intent_names_a_stockpile_that_exists(stock: int) -> None:
    with pytest.raises(ValueError, match="stockpile"):
        PlayIntent(stock, LEFT)
    with pytest.raises(ValueError, match="stockpile"):
        MoveIntent(stock)


def test_an_intent_names_a_side_that_exists() -> None:
    with pytest.raises(ValueError):
        PlayIntent(0, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("phase", ["playing", "one pile", "slap"])
@pytest.mark.parametrize("player", [0, 1])
def test_useful_intents_are_the_keys_that_would_do_something(phase: str, player: int) -> None:
    m = PHASES[phase][0](FakeRecorder())
    useful = useful_intents(m.state, m.stage, player)
    assert [i for i, _ in useful] == [
        i for i in PLAYER_INTENTS if (i, m.resolve(SEATS[0], i)) in useful
    ]
    assert {a for _, a in useful} == set(legal_actions(m.state, player))
    if phase == "slap":  # every play key slaps, the move keys do nothing
        assert [i for i, _ in useful] == [i for i in PLAYER_INTENTS if isinstance(i, PlayIntent)]


def test_no_key_does_anything_once_the_game_is_over() -> None:
    m = game_over(FakeRecorder())
    assert useful_intents(m.state, m.stage, 0) == useful_intents(m.state, m.stage, 1) == ()


def test_the_first_useful_play_key_is_the_first_legal_play() -> None:
    m = playing(FakeRecorder())
    assert useful_intents(m.state, m.stage, 0)[0] == (PlayIntent(0, LEFT), Play(0, 0))


# -- random keys -------------------------------------------------------------------

KEYS = st.sampled_from((*PLAYER_INTENTS, SpitIntent()))


def _record_to(directory: Path, seed: int) -> ReplayWriter:
    return ReplayWriter.create(
        directory,
        players=(PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")),
        variant=new_session(seed=seed).state.variant,
        target=100,
        timing=new_session(seed=seed).game.timing,
        seed=seed,
    )


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_keys_sent_as_intents_leave_the_tables_their_actions_leave(
    tmp_path_factory: pytest.TempPathFactory, seed: int, data: st.DataObject
) -> None:
    """Random keys of both players at random moments, often one that would do
    something (so that games get to slaps and later rounds), sent as intents; then the
    actions they resolved to, fed at the same times to a fresh match (as a replay's
    re-simulation does), leave the same table after each input and at the end, and
    the replay written as they were played verifies."""
    rec = FakeRecorder()
    writer = _record_to(tmp_path_factory.mktemp("intents"), seed)
    m = new_session(seed=seed, recorders=[rec, writer])
    t = 0
    results: list[InputRecord | IntentRefused] = []
    for _ in range(data.draw(st.integers(0, 200), label="presses")):
        t += data.draw(st.sampled_from((0, 1, 40, 250, 900, 3000)), label="gap")
        player = data.draw(st.integers(0, 1), label="player")
        useful = useful_intents(
            m.state, m.stage, player
        )  # as the table was drawn: maybe out of date
        if useful and data.draw(st.booleans(), label="useful"):
            intent = data.draw(st.sampled_from([i for i, _ in useful]), label="key")
        else:
            intent = data.draw(KEYS, label="key")
        results.append(m.submit_at(t, player, intent))
        if m.finished:
            break
    writer.close()
    event(f"round {min(m.state.round, 3)}{'+' if m.state.round > 3 else ''}")
    if any(r.accepted and isinstance(r.action, Slap) for r in rec.inputs):
        event("a slap by a key")

    handled = [r for r in results if isinstance(r, InputRecord)]
    assert rec.inputs == handled  # every resolved intent recorded, no refused one
    assert not any(isinstance(r.action, Spit) for r in handled)
    twin = new_session(seed=seed)
    for record, after in zip(rec.inputs, rec.states_after_input, strict=True):
        assert twin.submit_at(record.t, record.player, record.action) == record
        assert state_hash(twin.state) == state_hash(after)
    if not twin.finished:
        twin.advance_to(t)
    assert state_hash(twin.state) == state_hash(m.state)
    assert verify(load_replay(writer.path)).valid


def test_every_intent_has_a_text_that_reads_back() -> None:
    """The network protocol's notation: each key's intent, and the spit, round-trip."""
    for intent in (*PLAYER_INTENTS, SpitIntent()):
        assert parse_intent(intent_text(intent)) == intent
    assert intent_text(PlayIntent(2, Side.RIGHT)) == "play 2 right"


@pytest.mark.parametrize(
    "text", ["", "play 2 1", "play 5 left", "play -1 left", "move", "move 12", "slap 0", "x" * 99]
)
def test_text_that_is_no_intent_is_refused_readably(text: str) -> None:
    with pytest.raises(ValueError, match="bad intent"):
        parse_intent(text)
