"""Crash safety: a recording killed with SIGKILL mid-game leaves a consistent,
unfinished replay holding everything played before the kill, sealed."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from spit.core.replay.seal import Seal
from spit.games.spit.replay import load_replay, verify

from .record_slowly import READY_AFTER

ROOT = Path(__file__).parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_game_killed_mid_way_leaves_a_valid_unfinished_replay(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.replay.record_slowly", str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        path = Path(child.stdout.readline().strip())
        assert child.stdout.readline().strip() == "ready"
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    replay = load_replay(path)
    result = verify(replay)
    assert (result.valid, result.finished, result.error) == (True, False, None)
    assert result.inputs >= READY_AFTER
    assert replay.problems == ()
    assert (replay.seal, replay.edit) == (Seal.SEALED, None)  # up to its last complete line
