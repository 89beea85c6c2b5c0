"""A network game that ended by forfeit, or went on with a bot: its replay says so,
reads back, verifies strictly, and ``replay --check`` takes it like any other; a
forfeit line out of place is refused where it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.cli import main
from spit.core.replay.seal import Seal
from spit.core.replay.seat_records import BotSeat, Forfeit
from spit.engine.timers import Timing
from spit.games.spit.replay import End, load_replay, parse_replay, verify
from spit.games.spit.wire import Table

SHORT = Timing(
    start_countdown_ms=200, stall_countdown_ms=100, slap_window_ms=300, round_pause_ms=100
)


def _forfeited(tmp_path: Path, seat: int, at: int, *, bot_first: bool = False) -> Path:
    table = Table(("Ann", "Bob"), 11, tmp_path, timing=SHORT)
    if bot_first:
        table.bot_takes(1 - seat)
    table.advance(at)
    table.forfeit(seat)
    assert table.finished and table.result() == (1 - seat, "forfeit")
    path = table.replay_path
    assert path is not None
    return path


@pytest.mark.parametrize(("seat", "at"), [(0, 0), (1, 150), (0, 5_000), (1, 30_000)])
def test_a_forfeit_verifies_with_the_other_player_the_winner(
    tmp_path: Path, seat: int, at: int
) -> None:
    replay = load_replay(_forfeited(tmp_path, seat, at))
    assert replay.forfeit == Forfeit(at, seat)
    assert isinstance(replay.closing, End) and replay.closing.winner == 1 - seat
    result = verify(replay)
    assert result.trusted and result.seal is Seal.SEALED
    assert result.finished and result.winner == 1 - seat and result.duration_ms == at


def test_a_bot_line_reads_back_and_the_bots_game_verifies(tmp_path: Path) -> None:
    path = _forfeited(tmp_path, 0, 20_000, bot_first=True)
    replay = load_replay(path)
    bots = [r for r in replay.records if isinstance(r, BotSeat)]
    assert bots and bots[0].player == 1 and bots[0].level == "normal" and bots[0].t == 0
    assert any(i.player == 1 for i in replay.inputs)  # the bot played
    assert verify(replay).trusted


def test_replay_check_takes_a_forfeited_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _forfeited(tmp_path, 1, 2_000)
    assert main(["replay", str(path), "--check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] and report["finished"] and report["winner"] == "p1"


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _unsealed(lines: list[dict]) -> bytes:
    for line in lines:
        line.pop("chain", None)
    return "".join(json.dumps(line) + "\n" for line in lines).encode()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("winner", "the winner"),
        ("time", "the time"),
        ("input after", "after the forfeit"),
        ("forfeit after the end", "after the end of the game"),
        ("forfeit twice", "after the forfeit"),
        ("bad player", "'player'"),
    ],
)
def test_a_forfeit_out_of_place_is_refused_at_its_line(
    tmp_path: Path, change: str, says: str
) -> None:
    lines = _lines(_forfeited(tmp_path, 1, 3_000))
    forfeit = next(i for i, line in enumerate(lines) if line.get("type") == "forfeit")
    end = lines[-1]
    if change == "winner":
        end["winner"] = "p2"
    elif change == "time":
        end["t"] += 1
    elif change == "input after":
        lines.insert(forfeit + 1, {"type": "input", "t": 3_000, "player": "p1", "action": "move 0"})
    elif change == "forfeit after the end":
        lines.append(dict(lines[forfeit]))
    elif change == "forfeit twice":
        lines.insert(forfeit + 1, dict(lines[forfeit]))
    else:
        lines[forfeit]["player"] = "p3"
    result = verify(parse_replay(_unsealed(lines)))
    assert not result.valid and says in (result.error or ""), result.error


def test_a_reader_of_format_1_1_skips_the_new_lines_as_the_format_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spit.core.replay import reading
    from spit.games.spit.replay import FORMAT

    bot_game = _forfeited(tmp_path / "bot", 0, 20_000, bot_first=True)
    lines = _lines(bot_game)
    bot_game.write_bytes(_unsealed(lines[:-2]))  # the bot's game, cut before the forfeit
    forfeited = _forfeited(tmp_path / "forfeit", 1, 3_000)
    lines = FORMAT.lines
    old_types = lines.line_types.types - {"forfeit", "bot"}
    monkeypatch.setattr(reading, "FORMAT_VERSION", (1, 1))
    monkeypatch.setattr(lines.line_types, "types", old_types)
    assert verify(load_replay(bot_game)).valid  # the bot line skipped, its inputs checked
    result = verify(load_replay(forfeited))
    assert not result.valid and "recorded as over" in (result.error or "")
