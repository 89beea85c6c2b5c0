"""``spit-tui replay FILE --check [--json]``: exit codes 0, 1, 2 and what is printed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spit.cli import main

GOLDEN = Path(__file__).parent / "golden"
FINISHED = GOLDEN / "standard_finished.spit.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def broken(tmp_path: Path) -> Path:
    """The finished golden game with one refused input claimed as accepted."""
    lines = FINISHED.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, line in enumerate(lines) if '"accepted": false' in line)
    lines[i] = lines[i].replace('"accepted": false', '"accepted": true')
    path = tmp_path / "broken.spit.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_a_consistent_finished_game_exits_0_with_a_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(FINISHED), "--check")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "standard_finished.spit.jsonl: consistent, finished",
        "  players   Lefty (bot, test) vs Righty (bot, test)",
        "  game      standard, 3 rounds, 0:59 of play",
        "  inputs    135",
        "  winner    Righty (p2)",
        "  hash      1caaa98a291d50707b719a9e3873ead6",
    ]


def test_an_unfinished_game_exits_0_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(GOLDEN / "unfinished.spit.jsonl"), "--check")
    assert code == 0
    assert "consistent, unfinished" in out and "winner" not in out


def test_an_inconsistent_file_exits_1_with_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(broken(tmp_path)), "--check")
    assert code == 1
    assert "NOT consistent" in out
    assert "  problem   line " in out and "recorded as accepted" in out


@pytest.mark.parametrize("make", ["missing", "directory", "empty", "binary", "other major"])
def test_an_unreadable_file_exits_2_with_a_message(
    make: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.spit.jsonl"
    if make == "directory":
        path.mkdir()
    elif make == "empty":
        path.write_bytes(b"")
    elif make == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif make == "other major":
        path.write_text('{"format": "spit-replay", "version": "4.2", "writer": "spit-tui 7.0"}\n')
    code, out, err = run(capsys, str(path), "--check")
    assert (code, out) == (2, "")
    assert err.startswith(f"spit-tui replay: {path}: ") and err.count("\n") == 1
    if make == "other major":
        assert "format 4.2 by spit-tui 7.0" in err


def test_json_reports_carry_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(FINISHED), "--check", "--json")
    assert code == 0
    assert json.loads(out) == {
        "valid": True,
        "finished": True,
        "rounds": 3,
        "winner": "p2",
        "inputs": 135,
        "duration_ms": 59168,
        "final_hash": "1caaa98a291d50707b719a9e3873ead6",
    }
    code, out, _ = run(capsys, str(broken(tmp_path)), "--check", "--json")
    report = json.loads(out)
    assert code == 1
    assert report["valid"] is False and report["finished"] is False
    assert isinstance(report["error"], str) and isinstance(report["line"], int)
    assert "final_hash" not in report
    code, out, err = run(capsys, str(tmp_path / "missing"), "--check", "--json")
    assert (code, err) == (2, "")
    assert json.loads(out) == {
        "valid": False,
        "finished": False,
        "error": "cannot read it: No such file or directory",
        "line": None,
    }


def test_a_bare_name_is_found_in_the_replays_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SPIT_TUI_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    saved = tmp_path / "data" / "replays"
    saved.mkdir(parents=True)
    shutil.copy(FINISHED, saved / "game.spit.jsonl")
    assert run(capsys, "game.spit.jsonl", "--check")[0] == 0


def test_without_check_a_missing_file_is_not_opened_in_the_viewer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, str(tmp_path / "missing.spit.jsonl"))
    assert (code, out) == (2, "")
    assert "cannot read it" in err


def test_check_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--check")
    assert code == 2 and "needs a FILE" in err


def test_the_installed_command_runs_the_check() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spit.cli", "replay", str(FINISHED), "--check", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["valid"] is True
