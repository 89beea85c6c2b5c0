"""A network table's replay is written without ``fsync``: the server steps every room
in one event loop, which would otherwise wait for the disk at each room's round ends.
Its lines still reach the operating system as they are written (a killed server keeps
them: ``test_many_rooms``), and a local game's replay is synced as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spit.core.replay.fields import PlayerInfo
from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spades import wire as spades_wire
from spit.games.spit import wire as spit_wire
from spit.games.spit.replay import ReplayWriter


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync

    def counting(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return calls


@pytest.mark.parametrize("table", [spit_wire.Table, spades_wire.Table])
def test_a_network_tables_replay_is_flushed_but_not_synced(
    table: type[spit_wire.Table] | type[spades_wire.Table], tmp_path: Path, fsyncs: list[int]
) -> None:
    game = table(("Ann", "Bob"), 5, tmp_path)
    game.forfeit(0)  # the closing lines, written at once
    game.close()
    assert fsyncs == []
    path = game.replay_path
    assert path is not None and path.read_text(encoding="utf-8").count("\n") >= 3


def test_a_local_games_replay_is_still_synced(tmp_path: Path, fsyncs: list[int]) -> None:
    players = (PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob"))
    writer = ReplayWriter.create(
        tmp_path, players=players, variant=Variant.STANDARD, target=100, timing=Timing(), seed=1
    )
    writer.close()
    assert len(fsyncs) == 1
