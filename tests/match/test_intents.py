"""What a player's key means, decided by the match when it arrives
(``spit.games.spit.session.intents``, ``Match.submit_intent``).

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

from spit.core.replay.fields import PlayerInfo
from spit.engine import Action, Move, Play, Slap, Spit, legal_actions, state_hash
from spit.games.spit.replay.reader import load_replay
from spit.games.spit.replay.verify import verify
from spit.games.spit.replay.writer import ReplayWriter
from spit.games.spit.session import (
    PLAYER_INTENTS,
    CountdownKind,
    FakeClock,
    InputRecord,
    Intent,
    IntentRefusal,
    IntentRefused,
    Match,
    MatchPhase,
    MoveIntent,
    PlayIntent,
    SeededDeals,
    Side,
    SpitIntent,
    intent_text,
    parse_intent,
)

from .helpers import STOCK_OUT_PLAYS, FakeRecorder, FirstLegalAgent, stall_deal, stock_out_deal

LEFT, RIGHT = Side.LEFT, Side.RIGHT
OUT_AT = 3000 + 10 * len(STOCK_OUT_PLAYS)
"""When player 1's last stockpile card lands in ``stock_out_deal``: the slap window opens."""


def _stocked_out(recorder: FakeRecorder) -> Match:
    m = Match(stock_out_deal(seed=5), recorders=[recorder])
    for i, play in enumerate(STOCK_OUT_PLAYS, start=1):
        assert m.submit_at(3000 + 10 * i, 0, play).accepted
    return m


def countdown(rec: FakeRecorder) -> Match:
    return Match(stock_out_deal(seed=5), recorders=[rec])


def playing(rec: FakeRecorder) -> Match:
    m = countdown(rec)
    m.advance_to(3000)
    return m


def stall(rec: FakeRecorder) -> Match:
    """``stall_deal`` after player 1's only play: the stall countdown."""
    m = Match(stall_deal(), recorders=[rec])
    m.advance_to(3000)
    assert m.submit_at(3500, 0, Play(1, 0)).accepted
    return m


def slap(rec: FakeRecorder) -> Match:
    return _stocked_out(rec)


def round_over(rec: FakeRecorder) -> Match:
    """After player 2 slapped the left (16-card) pile, before the next deal."""
    m = _stocked_out(rec)
    assert m.submit_at(OUT_AT + 100, 1, Slap(0)).accepted
    return m


def one_pile(rec: FakeRecorder) -> Match:
    """Round 2 in play: player 1 has no spit cards, so there is one pile (R17)."""
    m = round_over(rec)
    m.advance_to(OUT_AT + 100 + m.timing.round_pause_ms + m.timing.start_countdown_ms)
    return m


def paused(rec: FakeRecorder) -> Match:
    clock = FakeClock()
    m = Match(stock_out_deal(seed=5), recorders=[rec], clock=clock)
    clock.advance(3000)
    m.update()
    m.pause()
    return m


def paused_at_the_slap(rec: FakeRecorder) -> Match:
    clock = FakeClock()
    m = Match(stock_out_deal(seed=5), recorders=[rec], clock=clock)
    for i, play in enumerate(STOCK_OUT_PLAYS, start=1):
        clock.advance(3000 if i == 1 else 10)
        assert m.submit(0, play).accepted
    m.pause()
    return m


def game_over(rec: FakeRecorder) -> Match:
    agents = [FirstLegalAgent(0, 150), FirstLegalAgent(1, 400)]
    m = Match(SeededDeals(4), agents=agents, recorders=[rec])
    m.run_to_end(limit_ms=3_600_000)
    return m


PHASES: dict[str, tuple[Callable[[FakeRecorder], Match], MatchPhase]] = {
    "countdown": (countdown, MatchPhase.COUNTDOWN),
    "playing": (playing, MatchPhase.PLAYING),
    "stall": (stall, MatchPhase.COUNTDOWN),
    "slap": (slap, MatchPhase.SLAP),
    "round over": (round_over, MatchPhase.ROUND_OVER),
    "one pile": (one_pile, MatchPhase.PLAYING),
    "paused": (paused, MatchPhase.PLAYING),
    "paused at the slap": (paused_at_the_slap, MatchPhase.SLAP),
    "game over": (game_over, MatchPhase.GAME_OVER),
}

PLAY_LEFT, PLAY_RIGHT, MOVE = PlayIntent(2, LEFT), PlayIntent(2, RIGHT), MoveIntent(2)

Expected = Action | IntentRefusal
MEANINGS: list[tuple[str, Expected, Expected, Expected, Expected]] = [
    # phase, then what PLAY_LEFT, PLAY_RIGHT, MOVE and a SpitIntent resolve to
    ("countdown", Play(2, 0), Play(2, 1), Move(2), IntentRefusal.SPIT_IS_AUTOMATIC),
    ("playing", Play(2, 0), Play(2, 1), Move(2), IntentRefusal.SPIT_IS_AUTOMATIC),
    ("stall", Play(2, 0), Play(2, 1), Move(2), IntentRefusal.SPIT_IS_AUTOMATIC),
    ("slap", Slap(0), Slap(1), IntentRefusal.ONLY_SLAPS, IntentRefusal.SPIT_IS_AUTOMATIC),
    ("round over", Slap(0), Slap(1), IntentRefusal.ONLY_SLAPS, IntentRefusal.SPIT_IS_AUTOMATIC),
    ("one pile", Play(2, 0), Play(2, 0), Move(2), IntentRefusal.SPIT_IS_AUTOMATIC),
    ("paused", Play(2, 0), Play(2, 1), Move(2), IntentRefusal.SPIT_IS_AUTOMATIC),
    (
        "paused at the slap",
        Slap(0),
        Slap(1),
        IntentRefusal.ONLY_SLAPS,
        IntentRefusal.SPIT_IS_AUTOMATIC,
    ),
    ("game over", *[IntentRefusal.GAME_OVER] * 4),  # type: ignore[list-item]
]


@pytest.mark.parametrize(("phase", "left", "right", "move", "spit"), MEANINGS)
def test_what_each_intent_means_in_each_phase(
    phase: str, left: Expected, right: Expected, move: Expected, spit: Expected
) -> None:
    make, match_phase = PHASES[phase]
    m = make(FakeRecorder())
    assert m.phase is match_phase
    if phase == "stall":
        assert m.countdown_kind is CountdownKind.STALL
    if phase == "one pile":
        assert len(m.state.piles) == 1
    intents: tuple[Intent, ...] = (PLAY_LEFT, PLAY_RIGHT, MOVE, SpitIntent())
    assert [m.resolve(i) for i in intents] == [left, right, move, spit]


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
    meaning = m.resolve(intent)
    before = (m.state, len(rec.inputs), m.input_count)
    result = m.submit_intent(player, intent, t)
    if m.paused or isinstance(meaning, IntentRefusal):
        reason = meaning if isinstance(meaning, IntentRefusal) else IntentRefusal.PAUSED
        assert result == IntentRefused(t, player, intent, reason)
        assert (m.state, len(rec.inputs), m.input_count) == before
    else:
        assert result == twin.submit_at(t, player, meaning)
        assert rec.inputs[-1] == result
        assert state_hash(m.state) == state_hash(twin.state)


def test_an_intent_without_a_time_arrives_now_by_the_clock() -> None:
    clock = FakeClock()
    m = Match(stock_out_deal(seed=5), clock=clock)
    clock.advance(3010)
    record = m.submit_intent(0, PlayIntent(0, LEFT))
    assert record == InputRecord(3010, 0, Play(0, 0), True)


def test_an_intent_is_judged_by_the_table_when_it_arrives() -> None:
    """Nothing has run the match's timers since the round ended: it still stands at
    the slap, where a play key slaps. Pressed once the next one-pile round has begun,
    the right-hand play key plays onto the only pile instead."""
    rec = FakeRecorder()
    m = round_over(rec)
    assert m.resolve(PlayIntent(0, RIGHT)) == Slap(1)
    begins = OUT_AT + 100 + m.timing.round_pause_ms + m.timing.start_countdown_ms
    record = m.submit_intent(0, PlayIntent(0, RIGHT), begins + 5)
    assert isinstance(record, InputRecord)
    assert record.action == Play(0, 0)
    assert len(m.state.piles) == 1


def test_a_slap_key_after_the_window_is_a_late_slap_not_nothing() -> None:
    m = slap(FakeRecorder())
    assert m.deadline is not None
    late = m.submit_intent(1, PlayIntent(4, RIGHT), m.deadline + 1)
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
    useful = m.useful_intents(player)
    assert [i for i, _ in useful] == [i for i in PLAYER_INTENTS if (i, m.resolve(i)) in useful]
    assert {a for _, a in useful} == set(legal_actions(m.state, player))
    if phase == "slap":  # every play key slaps, the move keys do nothing
        assert [i for i, _ in useful] == [i for i in PLAYER_INTENTS if isinstance(i, PlayIntent)]


def test_no_key_does_anything_once_the_game_is_over() -> None:
    m = game_over(FakeRecorder())
    assert m.useful_intents(0) == m.useful_intents(1) == ()


def test_the_first_useful_play_key_is_the_first_legal_play() -> None:
    m = playing(FakeRecorder())
    assert m.useful_intents(0)[0] == (PlayIntent(0, LEFT), Play(0, 0))


# -- random keys -------------------------------------------------------------------

KEYS = st.sampled_from((*PLAYER_INTENTS, SpitIntent()))


def _record_to(directory: Path, seed: int) -> ReplayWriter:
    return ReplayWriter.create(
        directory,
        players=(PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")),
        variant=Match(SeededDeals(seed)).state.variant,
        target=100,
        timing=Match(SeededDeals(seed)).timing,
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
    m = Match(SeededDeals(seed), recorders=[rec, writer])
    t = 0
    results: list[InputRecord | IntentRefused] = []
    for _ in range(data.draw(st.integers(0, 200), label="presses")):
        t += data.draw(st.sampled_from((0, 1, 40, 250, 900, 3000)), label="gap")
        player = data.draw(st.integers(0, 1), label="player")
        useful = m.useful_intents(player)  # as the table was drawn: maybe out of date
        if useful and data.draw(st.booleans(), label="useful"):
            intent = data.draw(st.sampled_from([i for i, _ in useful]), label="key")
        else:
            intent = data.draw(KEYS, label="key")
        results.append(m.submit_intent(player, intent, t))
        if m.finished:
            break
    writer.close()
    event(f"round {min(m.state.round, 3)}{'+' if m.state.round > 3 else ''}")
    if any(r.accepted and isinstance(r.action, Slap) for r in rec.inputs):
        event("a slap by a key")

    handled = [r for r in results if isinstance(r, InputRecord)]
    assert rec.inputs == handled  # every resolved intent recorded, no refused one
    assert not any(isinstance(r.action, Spit) for r in handled)
    twin = Match(SeededDeals(seed))
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
