"""The room's micro-benchmark still runs (its figures are not checked: tests are never
timed), and refuses a count below one clearly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "room_step.py"


def test_room_step_script_runs_games_with_intents_taken() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rooms", "2", "--ticks", "400", "--repeat", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    taken = int(done.stdout.split(" intents taken")[0])
    assert taken > 0
    assert "µs of CPU an intent" in done.stdout


def test_room_step_script_rejects_no_rooms() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rooms", "0"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "--rooms must be at least 1" in done.stderr
    assert "Traceback" not in done.stderr
