"""``spit-tui replay FILE --check [--json]`` on either game's files: exit codes 0
(consistent), 1 (inconsistent at a line) and 2 (unreadable), and what is printed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spit.cli import main

from .goldens import EXPECTED, GOLDEN, broken_copy

FINISHED = GOLDEN / "standard_finished.spit.jsonl"

UNSEALED = "  seal      unsealed (no integrity digest: written by hand, or before format 1.1)"
"""The golden files are of format 1.0, from before the integrity digest."""

SUMMARIES = {
    "standard_finished.spit.jsonl": [
        "standard_finished.spit.jsonl: consistent, finished",
        "  players   Lefty (bot, test) vs Righty (bot, test)",
        "  game      standard, 3 rounds, 0:59 of play",
        "  inputs    135",
        "  winner    Righty (p2)",
        "  hash      1caaa98a291d50707b719a9e3873ead6",
        UNSEALED,
    ],
    "spades_finished.spades.jsonl": [
        "spades_finished.spades.jsonl: consistent, finished",
        "  players   North (bot, hard) vs South (bot, easy)",
        "  game      spades (to 500), 8 hands, 1:53 of play",
        "  inputs    449",
        "  winner    North (p1)",
        "  hash      98d082e6950b1c5ac0c974ce96e4619a",
        UNSEALED,
    ],
}
"""The report on each game's finished golden file."""

EACH_GAME = pytest.mark.parametrize("name", sorted(SUMMARIES))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@EACH_GAME
def test_a_consistent_finished_game_exits_0_with_a_summary(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, str(GOLDEN / name), "--check")
    assert (code, err) == (0, "")
    assert out.splitlines() == SUMMARIES[name]


@pytest.mark.parametrize(
    ("name", "says"),
    [("unfinished.spit.jsonl", "3 rounds"), ("spades_unfinished.spades.jsonl", "2 hands")],
)
def test_an_unfinished_game_exits_0_and_says_so(
    name: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(GOLDEN / name), "--check")
    assert code == 0
    assert "consistent, unfinished" in out and says in out and "winner" not in out


@EACH_GAME
def test_an_inconsistent_file_exits_1_with_the_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(broken_copy(name, tmp_path)), "--check")
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


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b'{"format": "spit-replay", "version": "1.0", "game": "hearts"}', "does not know"),
        (b'{"format": "spit-replay", "version": "2.0", "game": "spades"}', "format 2.0"),
        (b'{"format": "spit-replay", "version": "1.0", "game": "spades", "target": 0}', "target"),
        (b'{"format": "spit-replay", "version": "1.0", "game": "spades", "first": 1}', "first"),
    ],
)
def test_an_unreadable_spades_header_exits_2_with_a_message(
    header: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.spades.jsonl"
    path.write_bytes(header + b"\n")
    code, out, err = run(capsys, str(path), "--check")
    assert (code, out) == (2, "")
    assert err.startswith(f"spit-tui replay: {path}: ") and message in err
    assert err.count("\n") == 1


@EACH_GAME
def test_json_reports_carry_the_documented_keys(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(GOLDEN / name), "--check", "--json")
    assert code == 0
    assert json.loads(out) == EXPECTED[name]
    code, out, _ = run(capsys, str(broken_copy(name, tmp_path)), "--check", "--json")
    report = json.loads(out)
    assert code == 1
    assert (report["valid"], report["finished"], report["winner"]) == (False, False, None)
    assert isinstance(report["error"], str) and isinstance(report["line"], int)
    assert "final_hash" not in report


def test_json_reports_on_unreadable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, str(tmp_path / "missing"), "--check", "--json")
    assert (code, err) == (2, "")
    assert json.loads(out) == {
        "valid": False,
        "finished": False,
        "error": "cannot read it: No such file or directory",
        "line": None,
    }
    path = tmp_path / "hearts.jsonl"
    path.write_text('{"format": "spit-replay", "version": "1.0", "game": "hearts"}\n')
    code, out, err = run(capsys, str(path), "--check", "--json")
    assert (code, err) == (2, "")
    report = json.loads(out)
    assert (report["valid"], report["line"]) == (False, None) and "hearts" in report["error"]


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


@pytest.mark.parametrize("check", [True, False], ids=["check", "view"])
def test_a_path_that_cannot_be_looked_at_exits_2_with_a_message(
    check: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / ("x" * 300)  # stat() fails: "File name too long"
    code, out, err = run(capsys, str(path), *(["--check"] if check else []))
    assert (code, out) == (2, "")
    assert err == f"spit-tui replay: {path}: cannot read it: File name too long\n"


@EACH_GAME
def test_a_header_alone_has_no_hash_to_show(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_text((GOLDEN / name).read_text(encoding="utf-8").split("\n", 1)[0] + "\n")
    code, out, _ = run(capsys, str(path), "--check")
    assert code == 0 and "consistent, unfinished" in out
    assert "None" not in out and "hash" not in out
