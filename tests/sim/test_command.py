"""``spit-tui sim`` as a user runs it: output, JSON, replays and bad arguments."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spit.games.spit.replay import load_replay, verify

from .cli import assert_usage_error, run_sim


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_sim(capsys, "--games", "4", "--seed", "3", "--p1", "hard", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {"games", "p1_wins", "p2_wins", "elapsed_s", "unfinished"} <= data.keys()
    assert data["games"] == 4
    assert data["p1_wins"] + data["p2_wins"] + data["unfinished"] == 4
    assert data["p1"] == "hard" and data["p2"] == "normal"
    low, high = data["p1_win_rate_ci95"]
    assert 0 <= low <= data["p1_win_rate"] <= high <= 1


def test_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(capsys, "--games", "2", "--p1", "expert", "--p2", "beginner/strong")
    assert code == 0
    assert "expert vs beginner/strong: 2 games" in out
    assert "p1 expert" in out and "95% CI" in out and "cards/min" in out
    assert "draws: 0; unfinished after 30 game-minutes: 0" in out


def test_unfinished_games_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_sim(capsys, "--games", "2", "--limit-minutes", "0.25", "--json")
    data = json.loads(out)
    assert code == 0 and (data["unfinished"], data["draws"]) == (2, 0)


def test_replays_are_saved_and_verify(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    code, _, _ = run_sim(
        capsys, "--games", "2", "--p1", "expert", "--p2", "easy", "--save-replays", str(folder)
    )
    assert code == 0
    files = sorted(folder.iterdir())
    assert len(files) == 2
    for path in files:
        replay = load_replay(path)
        assert verify(replay).valid and verify(replay).finished
        assert {p.level for p in replay.header.players} == {"expert", "easy"}
        assert all(p.kind == "bot" for p in replay.header.players)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games: must be at least 1"),
        (["--games", "many"], "--games: 'many' is not a whole number"),
        (["--jobs", "0"], "--jobs: must be at least 1"),
        (["--p1", "wizard"], "--p1: unknown bot level 'wizard'"),
        (["--p2", "normal/lucky"], "--p2: unknown bot policy 'lucky'"),
        (["--variant", "blitz"], "--variant: invalid choice"),
        (["--limit-minutes", "-1"], "--limit-minutes: must be a positive number"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert_usage_error(capsys, args, message)


def test_replay_folder_that_is_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("")
    code, _, err = run_sim(capsys, "--games", "2", "--save-replays", str(blocker))
    assert code == 2 and "is not a directory" in err and err.count("\n") == 1


@pytest.mark.slow
def test_the_installed_command_fails_cleanly() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spit.cli", "sim", "--p1", "wizard"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.strip().startswith("spit-tui sim: error: argument --p1")


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_long_run_at_once(jobs: str) -> None:
    """Ctrl-C reaches every process of the terminal's foreground group: the command
    ends within seconds, with status 130, no traceback and no worker left behind, even
    when each worker is in the middle of thousands of games."""
    command = [sys.executable, "-m", "spit.cli", "sim", "--games", "200000", "--jobs", jobs]
    run = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        time.sleep(4)  # the workers are started and busy
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=15)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert "Traceback" not in err and out == ""
    deadline = time.monotonic() + 10  # nothing of the group is left (once reaped)
    with pytest.raises(ProcessLookupError):
        while time.monotonic() < deadline:
            os.killpg(run.pid, 0)
            time.sleep(0.1)


def test_a_replay_folder_that_cannot_be_looked_at_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / ("x" * 300)  # stat() fails: "File name too long"
    code, _, err = run_sim(capsys, "--games", "2", "--save-replays", str(folder))
    assert code == 2
    assert err == f"spit-tui sim: error: --save-replays: cannot use {folder}: File name too long\n"
