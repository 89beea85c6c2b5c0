"""The writers of both games: file names, line-by-line writing, self-closing, and
failing safely."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.core.replay.recording import LineWriter
from spit.engine import DECK, Play, Variant
from spit.engine import Orders as Orders
from spit.engine import State as State
from spit.engine.timers import StagePhase, Timing
from spit.games.spades.engine import HandOrders, Keep, new_game
from spit.games.spades.replay import load_spades_replay
from spit.games.spit.game import new_session, scripted_deals
from spit.games.spit.replay import load_replay, parse_replay, verify
from spit.play.deals import Deals
from spit.play.events import InputRecord

from .games import BOTS, record_game
from .goldens import GOLDEN
from .writers import HUMAN_VS_BOT, WHEN, FullDisk, create_spades, create_spit

EACH_GAME = pytest.mark.parametrize(
    ("make", "suffix"),
    [(create_spit, ".spit.jsonl"), (create_spades, ".spades.jsonl")],
    ids=["spit", "spades"],
)


def hand_deal() -> Deals[State, Orders]:
    """The hand-written golden deal: after the spit at 3000 ms, p2's "play 1 0" is legal."""
    return scripted_deals([load_replay(GOLDEN / "hand_written.spit.jsonl").deals[0].deal])


@EACH_GAME
def test_files_are_named_by_start_time_and_players_and_never_clash(
    tmp_path: Path, make: Callable[..., LineWriter], suffix: str
) -> None:
    writers = [make(tmp_path) for _ in range(3)]
    names = [w.path.name for w in writers]
    assert names == [
        f"2026-11-29_14-05-12_p1-vs-normal{suffix}",
        f"2026-11-29_14-05-12_p1-vs-normal_002{suffix}",
        f"2026-11-29_14-05-12_p1-vs-normal_003{suffix}",
    ]
    assert sorted(names) == names
    two_humans = (PlayerInfo("human", "A"), PlayerInfo("human", "B"))
    assert make(tmp_path, players=two_humans).path.name.endswith(f"_p1-vs-p2{suffix}")
    odd = (PlayerInfo("bot", "X", level="Very Hard!"), PlayerInfo("bot", "Y"))
    assert make(tmp_path, players=odd).path.name.endswith(f"_very-hard-vs-bot{suffix}")
    for writer in writers:
        writer.close()


def test_the_directory_is_made_when_missing(tmp_path: Path) -> None:
    writer = create_spit(tmp_path / "a" / "b")
    assert writer.path.parent == tmp_path / "a" / "b"
    writer.close()


def test_the_header_is_on_disk_as_soon_as_the_writer_exists(tmp_path: Path) -> None:
    writer = create_spit(tmp_path)
    header = json.loads(writer.path.read_text(encoding="utf-8"))
    assert (header["format"], header["version"], header["created"]) == (
        "spit-replay",
        "1.5",
        "2026-11-29T14:05:12+01:00",
    )
    assert header["players"][1] == {
        "kind": "bot",
        "name": "Bot",
        "level": "normal",
        "policy": "strong",
        "seed": 9,
    }
    replay = load_replay(writer.path)
    assert replay.header.players == HUMAN_VS_BOT and replay.header.seed == 7
    writer.close()


def test_every_line_reaches_the_file_the_moment_it_happens(tmp_path: Path) -> None:
    writer = create_spit(tmp_path)
    match = new_session(deals=hand_deal(), recorders=[writer])
    assert len(writer.path.read_text().splitlines()) == 2  # header and deal
    match.submit_at(3200, 1, Play(1, 0))
    last = json.loads(writer.path.read_text().splitlines()[-1])
    assert re.fullmatch("[0-9a-f]{8}", last.pop("chain"))
    assert last == {
        "type": "input",
        "t": 3200,
        "player": "p2",
        "action": "play 1 0",
        "accepted": True,
    }
    writer.close()


def test_the_file_closes_itself_at_the_end_and_ignores_later_key_presses(tmp_path: Path) -> None:
    path, match = record_game(tmp_path, 0)
    assert match.stage.phase is StagePhase.GAME_OVER
    size = path.stat().st_size
    match.submit_at(match.time + 10, 0, Play(0, 0))  # on the game-over screen
    assert path.stat().st_size == size
    assert verify(load_replay(path)).valid


def test_a_closed_writer_records_nothing_more(tmp_path: Path) -> None:
    writer = create_spit(tmp_path)
    writer.close()
    writer.close()
    writer.on_input(InputRecord(5, 0, Play(0, 0), False, "not_playing"), None)  # type: ignore[arg-type]
    assert len(writer.path.read_text().splitlines()) == 1


@pytest.mark.parametrize(
    ("make", "changes"),
    [
        (create_spit, {"timing": Timing(slap_window_ms=-1)}),
        (create_spit, {"target": 0}),
        (create_spit, {"seed": -1}),
        (create_spit, {"seed": 2**64}),
        (create_spades, {"target": 0}),
        (create_spades, {"first": 2}),
        (create_spades, {"seed": -1}),
    ],
)
def test_create_refuses_what_the_format_cannot_hold(
    tmp_path: Path, make: Callable[..., LineWriter], changes: dict[str, object]
) -> None:
    with pytest.raises(ValueError):
        make(tmp_path, **changes)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "player",
    [
        lambda: PlayerInfo("human", ""),
        lambda: PlayerInfo("human", "a\x1b[31m"),
        lambda: PlayerInfo("robot", "R2"),  # type: ignore[arg-type]
        lambda: PlayerInfo("bot", "B", level="x" * 65),
    ],
)
def test_player_info_refuses_names_that_cannot_be_shown_safely(player: object) -> None:
    with pytest.raises(ValueError):
        player()  # type: ignore[operator]


def test_a_disk_error_stops_the_recording_but_never_the_game(tmp_path: Path) -> None:
    writer = create_spit(tmp_path)
    writer._file = FullDisk()  # the disk fills up after the header
    match = new_session(deals=hand_deal(), recorders=[writer])
    match.submit_at(3200, 1, Play(1, 0))
    assert isinstance(writer.error, OSError) and writer.error.errno == 28
    writer.close()


def test_a_disk_error_stops_a_spades_recording_but_never_the_game(tmp_path: Path) -> None:
    writer = create_spades(tmp_path)
    writer._file = FullDisk()  # the disk fills up after the header
    writer.on_deal(0, 1, HandOrders(DECK, DECK))
    assert isinstance(writer.error, OSError) and writer.error.errno == 28
    assert writer.closed
    writer.close()


def test_each_spades_line_is_on_disk_as_soon_as_it_is_written(tmp_path: Path) -> None:
    with create_spades(tmp_path / "new") as writer:
        header = json.loads(writer.path.read_text(encoding="utf-8"))
        assert (header["format"], header["version"], header["game"]) == (
            "spit-replay",
            "1.5",
            "spades",
        )
        orders = HandOrders(DECK, DECK)
        writer.on_deal(0, 1, orders)
        state = new_game(*orders)
        writer.on_input(InputRecord(5, 0, Keep(), False), state)
        lines = writer.path.read_text(encoding="utf-8").splitlines()
        assert [json.loads(line)["type"] for line in lines[1:]] == ["hand", "input"]
    replay = load_spades_replay(writer.path)
    assert replay.header.players == HUMAN_VS_BOT and replay.header.seed == 7


def test_the_writer_is_a_context_manager(tmp_path: Path) -> None:
    with create_spit(tmp_path) as writer:
        pass
    assert writer.path.read_text().count("\n") == 1


def test_the_written_lines_are_readable_json_with_the_documented_keys(tmp_path: Path) -> None:
    path, _ = record_game(tmp_path, 1, Variant.POINTS, created=WHEN)
    kinds: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        obj = json.loads(line)
        kinds.setdefault(obj["type"], set()).update(obj)
    assert kinds == {
        "deal": {"type", "t", "round", "p1", "p2", "chain"},
        "input": {"type", "t", "player", "action", "accepted", "chain"},
        "checkpoint": {"type", "t", "hash", "chain"},
        "end": {"type", "t", "winner", "rounds", "scores", "hash", "chain"},
    }
    assert re.fullmatch(r"2026-11-29_14-05-12_test-vs-test\.spit\.jsonl", path.name)
    assert parse_replay(path.read_bytes()).header.players == BOTS
