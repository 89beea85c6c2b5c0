"""A result, once acknowledged, survives a ``kill -9`` of the process that wrote it:
a real subprocess records results and is killed mid-stream; every result it had
acknowledged is there when the database is opened again, with its rating."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from spit.online.store import OnlineStore
from tests.online.conftest import run
from tests.online.postgres import ThrowawayPostgres

ROOT = Path(__file__).resolve().parents[2]
ACKED_BEFORE_THE_KILL = 25


def kill_while_writing(where: str) -> tuple[str, list[str]]:
    """Start the writer, kill it with SIGKILL after some acknowledgements; the first
    account's id and every game key it acknowledged."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.online.writer", where],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    try:
        first = writer.stdout.readline().split()
        assert first[:1] == ["ready"], first
        acked = []
        while len(acked) < ACKED_BEFORE_THE_KILL:
            line = writer.stdout.readline()
            assert line.startswith("acked "), line + (writer.stderr.read() if writer.stderr else "")
            acked.append(line.split()[1])
        writer.send_signal(signal.SIGKILL)
        rest, _ = writer.communicate(timeout=30)
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert writer.returncode == -signal.SIGKILL
    acked += [line.split()[1] for line in rest.splitlines() if line.startswith("acked ")]
    return first[1], acked


def check_every_acknowledged_result_is_there(where: str, account: str, acked: list[str]) -> None:
    async def body(store: OnlineStore) -> None:
        async with store.db.read() as tx:
            rows = await tx.all("SELECT game_key FROM results")
        recorded = {row[0] for row in rows}
        assert set(acked) <= recorded
        history = await store.history(account, "spit", "classic", limit=1000)
        assert len(history) == len(recorded), "each result with its rating, or neither"
        rating = await store.rating(account, "spit", "classic")
        assert rating is not None and rating.games == len(recorded)

    run(where, body)


@pytest.mark.slow
def test_a_kill_loses_no_acknowledged_result_sqlite(tmp_path: Path) -> None:
    where = str(tmp_path / "online.db")
    account, acked = kill_while_writing(where)
    check_every_acknowledged_result_is_there(where, account, acked)


@pytest.mark.slow
def test_a_kill_loses_no_acknowledged_result_postgresql(postgres: ThrowawayPostgres) -> None:
    where = postgres.new_database()
    account, acked = kill_while_writing(where)
    check_every_acknowledged_result_is_there(where, account, acked)
