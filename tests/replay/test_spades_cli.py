"""``spit-tui replay FILE --check [--json]`` on Spades files: the same exit codes
(0 consistent, 1 inconsistent at a line, 2 unreadable) and the same JSON keys as Spit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.cli import main

GOLDEN = Path(__file__).parent / "golden"
FINISHED = GOLDEN / "spades_finished.spades.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def broken(tmp_path: Path) -> Path:
    """The finished golden game with its refused card claimed as accepted."""
    text = FINISHED.read_text(encoding="utf-8").replace('"accepted": false', '"accepted": true')
    path = tmp_path / "broken.spades.jsonl"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_consistent_finished_game_exits_0_with_a_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(FINISHED), "--check")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "spades_finished.spades.jsonl: consistent, finished",
        "  players   North (bot, hard) vs South (bot, easy)",
        "  game      spades (to 500), 8 hands, 1:53 of play",
        "  inputs    449",
        "  winner    North (p1)",
        "  hash      98d082e6950b1c5ac0c974ce96e4619a",
    ]


def test_an_unfinished_game_exits_0_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(GOLDEN / "spades_unfinished.spades.jsonl"), "--check")
    assert code == 0
    assert "consistent, unfinished" in out and "2 hands" in out and "winner" not in out


def test_an_inconsistent_file_exits_1_with_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(broken(tmp_path)), "--check")
    assert code == 1
    assert "NOT consistent" in out
    assert "  problem   line " in out and "recorded as accepted" in out


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b'{"format": "spit-replay", "version": "1.0", "game": "hearts"}', "does not know"),
        (b'{"format": "spit-replay", "version": "2.0", "game": "spades"}', "format 2.0"),
        (b'{"format": "spit-replay", "version": "1.0", "game": "spades", "target": 0}', "target"),
        (b'{"format": "spit-replay", "version": "1.0", "game": "spades", "first": 1}', "first"),
    ],
)
def test_an_unreadable_file_exits_2_with_a_message(
    header: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.spades.jsonl"
    path.write_bytes(header + b"\n")
    code, out, err = run(capsys, str(path), "--check")
    assert (code, out) == (2, "")
    assert err.startswith(f"spit-tui replay: {path}: ") and message in err
    assert err.count("\n") == 1


def test_json_reports_carry_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(FINISHED), "--check", "--json")
    assert code == 0
    assert json.loads(out) == {
        "valid": True,
        "finished": True,
        "rounds": 8,
        "winner": "p1",
        "inputs": 449,
        "duration_ms": 113750,
        "final_hash": "98d082e6950b1c5ac0c974ce96e4619a",
    }
    code, out, _ = run(capsys, str(broken(tmp_path)), "--check", "--json")
    report = json.loads(out)
    assert code == 1
    assert (report["valid"], report["finished"], report["winner"]) == (False, False, None)
    assert isinstance(report["error"], str) and isinstance(report["line"], int)
    assert "final_hash" not in report
    path = tmp_path / "hearts.jsonl"
    path.write_text('{"format": "spit-replay", "version": "1.0", "game": "hearts"}\n')
    code, out, err = run(capsys, str(path), "--check", "--json")
    assert (code, err) == (2, "")
    report = json.loads(out)
    assert (report["valid"], report["line"]) == (False, None) and "hearts" in report["error"]
