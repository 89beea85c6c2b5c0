"""The throughput benchmark still runs (its figures are not checked: tests are never timed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_throughput.py"


def test_engine_throughput_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "3", "--repeat", "1", "--variant", "points"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert "games/s" in done.stdout
    assert "0 unfinished" in done.stdout


def test_engine_throughput_script_rejects_bad_arguments() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "0"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "--games" in done.stderr
    assert "Traceback" not in done.stderr
