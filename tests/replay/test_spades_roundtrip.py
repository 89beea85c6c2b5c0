"""Record a Spades game, read it back, re-play it: the same game must come out; the
file closes itself at the end, and tells itself apart from a Spit one. (The writer's
other promises are tested for both games in ``test_writer``.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.core.replay.reading import UnreadableReplay
from spit.games.replays import load_any_replay, parse_any_replay
from spit.games.spades.engine import Phase, State, state_hash
from spit.games.spades.replay import (
    load_spades_replay,
    parse_spades_replay,
    resimulation,
    verify_spades,
)
from spit.games.spit.replay import load_replay

from .goldens import GOLDEN
from .spades_games import record_spades_game


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "levels"),
    [(0, ("hard", "hard")), (1, ("easy", "hard")), (2, ("easy", "easy")), (3, ("hard", "easy"))],
)
def test_a_recorded_bot_game_verifies_to_the_same_result(
    tmp_path: Path, seed: int, levels: tuple[str, str]
) -> None:
    states: list[State] = []
    path, final, inputs = record_spades_game(
        tmp_path, seed, levels=levels, target=300, blind_in={2}, mistake_in={1}, states=states
    )
    assert final.phase is Phase.GAME_OVER
    result = verify_spades(load_spades_replay(path))
    assert (result.valid, result.error, result.line) == (True, None, None)
    assert (result.finished, result.winner) == (True, final.winner)
    assert (result.rounds, result.inputs) == (final.hand, inputs)
    assert result.final_hash == state_hash(final)
    sim = resimulation(load_spades_replay(path))
    for n, state in enumerate(states, start=1):
        sim.seek(n)
        assert sim.state == state


@pytest.mark.slow
def test_the_first_player_and_target_come_from_the_header(tmp_path: Path) -> None:
    path, final, _ = record_spades_game(tmp_path, 4, target=120, first=1)
    replay = load_spades_replay(path)
    assert (replay.header.first, replay.header.target) == (1, 120)
    assert verify_spades(replay).final_hash == state_hash(final)


def test_every_cut_of_a_recording_at_a_line_end_is_a_valid_unfinished_game(
    tmp_path: Path,
) -> None:
    path, _, _ = record_spades_game(tmp_path, 5, stop_after=70)
    data = path.read_bytes()
    ends = [i + 1 for i, byte in enumerate(data) if byte == ord("\n")]
    for end in ends[1::7]:
        result = verify_spades(parse_spades_replay(data[:end]))
        assert (result.valid, result.finished) == (True, False), end


def test_the_file_closes_itself_at_the_end_of_the_game(tmp_path: Path) -> None:
    path, final, _ = record_spades_game(tmp_path, 6, target=100)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["type"] == "end"
    replay = load_spades_replay(path)
    assert replay.closing is not None and replay.closing.scores == final.scores


def test_spit_and_spades_files_are_told_apart(tmp_path: Path) -> None:
    spades = GOLDEN / "spades_hand_written.spades.jsonl"
    spit = GOLDEN / "hand_written.spit.jsonl"
    with pytest.raises(UnreadableReplay, match="it is a Spades replay, not a Spit one"):
        load_replay(spades)
    with pytest.raises(UnreadableReplay, match="it is a Spit replay, not a Spades one"):
        load_spades_replay(spit)
    assert type(load_any_replay(spades)).__name__ == "Replay"
    assert type(load_any_replay(spit)).__name__ == "Replay"
    named = spit.read_bytes().replace(b'"version": "1.0"', b'"version": "1.0", "game": "spit"', 1)
    assert type(parse_any_replay(named)).__name__ == "Replay"


@pytest.mark.parametrize(
    ("game", "message"),
    [('"hearts"', "the game 'hearts', which this spit-tui"), ("5", "'game' must be")],
)
def test_a_replay_of_an_unknown_game_is_unreadable(game: str, message: str) -> None:
    data = b'{"format": "spit-replay", "version": "1.0", "game": ' + game.encode() + b"}\n"
    with pytest.raises(UnreadableReplay, match=message):
        parse_any_replay(data)
