"""Golden replays: files written by earlier versions must keep verifying, with the same
result, as the code evolves (the way OpenSpiel keeps its playthroughs). A failure here
means the rules, the match timing or the format changed under existing saved games:
bump the engine's ``ENGINE_VERSION`` (Spit's or Spades') or the format version deliberately
rather than editing these. ``python -m tests.replay.make_golden`` and
``python -m tests.replay.spades_games`` write the generated ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.core.replay.line_parts import line_json
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.core.seats import SEATS
from spit.games.replays import load_any_replay, verify_any
from spit.games.spades import replay as spades_verify
from spit.games.spades.replay import load_spades_replay
from spit.games.spit.replay import load_replay, resimulation
from spit.replay.records import End, Input

from .goldens import EXPECTED, GOLDEN


def test_every_golden_file_has_an_expectation() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.jsonl")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_replay_verifies_with_the_recorded_result(name: str) -> None:
    replay = load_any_replay(GOLDEN / name)
    assert replay.problems == ()
    assert verify_any(replay).to_json() == EXPECTED[name]


@pytest.mark.parametrize(
    "name",
    ["unfinished.spit.jsonl", "spades_unfinished.spades.jsonl", "sealed_unfinished.spit.jsonl"],
)
def test_the_unfinished_golden_files_end_in_an_interrupted_line(name: str) -> None:
    replay = load_any_replay(GOLDEN / name)
    assert replay.truncated
    assert replay.closing is None


def test_golden_finished_files_carry_checkpoints_and_a_closing_line() -> None:
    replay = load_replay(GOLDEN / "points_finished.spit.jsonl")
    closing = replay.closing
    assert closing is not None
    assert (closing.winner, closing.rounds) == (0, 7)
    assert len(replay.checkpoints) >= 6 + 3  # six round ends, every 100 inputs
    assert replay.header.players[0].name == "Lefty"


def test_the_finished_game_has_a_blind_nil_exchange_a_refused_card_and_hand_checkpoints() -> None:
    replay = load_spades_replay(GOLDEN / "spades_finished.spades.jsonl")
    actions = [str(i.action) for i in replay.inputs]
    assert "blind" in actions and any(a.startswith("exchange ") for a in actions)
    assert [i.accepted for i in replay.inputs].count(False) == 1
    assert len(replay.deals) == 8 and len(replay.checkpoints) == 7  # every hand end but the last
    closing = replay.closing
    assert isinstance(closing, End) and (closing.winner, closing.rounds) == (0, 8)
    assert closing.scores == (523, 377)


def test_stepping_through_a_golden_file_visits_every_line_once() -> None:
    replay = load_replay(GOLDEN / "standard_finished.spit.jsonl")
    sim = resimulation(replay)
    seen = [replay.records[0]]
    while (record := sim.step()) is not None:
        seen.append(record)
    assert seen == list(replay.records)
    assert sim.inputs == len(replay.inputs)


def test_stepping_through_a_golden_spades_file_visits_every_line_once() -> None:
    replay = load_spades_replay(GOLDEN / "spades_finished.spades.jsonl")
    sim = spades_verify.resimulation(replay)
    seen = []
    while (record := sim.step()) is not None:
        seen.append(record)
    assert seen == list(replay.records)
    assert sim.inputs == len([r for r in seen if isinstance(r, Input)])


@pytest.mark.parametrize(
    ("name", "bot", "loser"),
    [("forfeit_bot.spit.jsonl", 1, 0), ("forfeit_bot.spades.jsonl", 0, 1)],
)
def test_the_network_golden_files_read_their_bot_and_forfeit_lines_as_the_shared_records(
    name: str, bot: int, loser: int
) -> None:
    replay = load_any_replay(GOLDEN / name)
    bots = [r for r in replay.records if isinstance(r, BotSeat)]
    forfeits = [r for r in replay.records if isinstance(r, Forfeit)]
    assert [(b.t, b.player) for b in bots] == [(0, SEATS[bot])]
    assert [f.player for f in forfeits] == [SEATS[loser]] and forfeits[0].t == replay.closing.t
    file_lines = (GOLDEN / name).read_text().splitlines()
    for index, record in enumerate(replay.records):
        if isinstance(record, BotSeat | Forfeit):  # written again, the file's line byte for byte
            written = json.dumps(line_json(record.line()))
            assert file_lines[replay.line_of(index) - 1].startswith(written[:-1])


@pytest.mark.parametrize(
    ("name", "loser"), [("left_lag.spit.jsonl", 1), ("left_lag.spades.jsonl", 0)]
)
def test_a_player_who_left_and_the_servers_lag_are_read_from_a_14_file(
    name: str, loser: int
) -> None:
    """Format 1.4: the ``forfeit`` line says the player left on purpose, and the closing
    line carries the lag the server did not credit each seat (``docs/replay-format.md``);
    a file of 1.2 reads as a player who did not come back."""
    replay = load_any_replay(GOLDEN / name)
    (forfeit,) = [r for r in replay.records if isinstance(r, Forfeit)]
    assert forfeit.player == SEATS[loser] and forfeit.left
    closing = json.loads((GOLDEN / name).read_text().splitlines()[-1])
    assert closing["lag"][0] == {"uncredited_ms": 40, "disagreed": 1, "refused": 0}
    older = load_any_replay(GOLDEN / "forfeit_bot.spit.jsonl")
    assert not next(r for r in older.records if isinstance(r, Forfeit)).left


@pytest.mark.slow
def test_this_version_writes_its_golden_files_byte_for_byte(tmp_path: Path) -> None:
    """The files of the current version (``make_golden.current_games``) were written
    before the lines became Structs: the same games written now are the same bytes."""
    from .make_golden import CURRENT, current_games

    current_games(tmp_path, into=tmp_path)
    for name in CURRENT:
        assert (tmp_path / name).read_bytes() == (GOLDEN / name).read_bytes(), name
