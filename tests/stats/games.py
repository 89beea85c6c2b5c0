"""Replays for the statistics tests: random games with chosen players, and one tiny
hand-written game whose every figure is worked out by hand in ``test_figures``."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Final

import msgspec
import pytest

from spit.core.replay.fields import PlayerInfo
from spit.core.replay.seal import Seal
from spit.games.descriptor import GameReplay
from spit.games.replays import load_any_replay
from spit.games.spades import wire as spades_wire
from spit.games.spit import wire as spit_wire
from tests.replay.games import recorded_match

HUMAN = PlayerInfo("human", "Ann")
START = datetime(2026, 3, 1, 12, 0, tzinfo=timezone(timedelta(hours=1)))


def bot(level: str, name: str = "Bot") -> PlayerInfo:
    return PlayerInfo("bot", name, level=level, policy="random", seed=1)


def play(
    directory: Path,
    seed: int,
    players: tuple[PlayerInfo, PlayerInfo] = (HUMAN, bot("normal")),
    *,
    minute: int | None = None,
    limit_ms: int = 3_600_000,
    network: bool = False,
) -> Path:
    """Record a game between two random players (whatever the header calls them),
    started ``minute`` minutes after ``START`` (default: ``seed``); ``network``: as a
    server records a game over the network."""
    created = START + timedelta(minutes=seed if minute is None else minute)
    writer, match = recorded_match(
        directory, seed, players=players, created=created, network=network
    )
    match.run_to_end(limit_ms)
    writer.close()
    return writer.path


SHORT_HAND = "3C"
LONG_HAND = (
    "2C 2D 2H 2S 3D 3H 3S 4C 4H 4S 5C 5D 5H 5S 6C 4D 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C "
    "9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS AC AD AH AS"
)
"""Stockpiles 2C | 2D 3H | 2H 3S 4S | 2S 4C 5C 5H | 3D 4H 5D 5S 6C (face-up last),
then 4D is the first spit card."""


def hand_game(
    directory: Path,
    name: str = "hand",
    players: tuple[PlayerInfo, PlayerInfo] = (HUMAN, bot("easy")),
    *,
    created: str | None = "2026-03-01T12:00:00+01:00",
    short_seat: int = 0,
    finished: bool = True,
) -> Path:
    """The game of ``docs/replay-format.md``: the player in ``short_seat`` holds only
    the three of clubs and goes out at 3900 ms, winning in one round (without the last
    input, if not ``finished``).

    - 2500: the short player presses too early (refused: countdown).
    - 3000: the long player spits 4D; the short player's 3C is playable from now.
    - 3200: the long player plays 3H on 4D (3C no longer playable); 2D is revealed.
    - 3500: the long player plays 2D on 3H (3C playable again); nothing else playable.
    - 3900: the short player plays 3C on 2D and is out.
    """
    short, long = ("p1", "p2") if short_seat == 0 else ("p2", "p1")
    header = {
        "format": "spit-replay",
        "version": "1.0",
        "created": created,
        "players": msgspec.to_builtins(players),
    }
    if created is None:
        del header["created"]
    records = [
        header,
        {"type": "deal", "round": 1, short: SHORT_HAND, long: LONG_HAND},
        {"type": "input", "t": 2500, "player": short, "action": "play 0 0", "accepted": False},
        {"type": "input", "t": 3200, "player": long, "action": "play 1 0", "accepted": True},
        {"type": "input", "t": 3500, "player": long, "action": "play 1 0", "accepted": True},
        {"type": "input", "t": 3900, "player": short, "action": "play 0 0", "accepted": True},
    ]
    if not finished:
        records.pop()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.spit.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@contextlib.contextmanager
def seals(default: Seal = Seal.SEALED, **by_name: Seal) -> Iterator[None]:
    """Read every replay as sealed by ``default`` (the file named ``name`` with
    ``by_name[name]``, dots as underscores, without the suffix), whatever its digest
    says: the statistics' side of the seal, apart from the digest itself."""

    def load(path: str | os.PathLike[str]) -> GameReplay:
        replay = load_any_replay(path)
        name = Path(path).name.split(".")[0]
        return dataclasses.replace(replay, seal=by_name.get(name, default))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("spit.stats.walk.load_any_replay", load)
        yield


def spades_game(directory: Path, seed: int, level: str = "hard", target: int = 100) -> Path:
    """A finished Spades game of a person (seat 0, "You") against a bot of ``level``:
    two bots played it, and the header is made to say so (the rules never look at it)."""
    from tests.replay.spades_games import record_spades_game

    path, _, _ = record_spades_game(directory, seed, levels=("hard", level), target=target)
    header, rest = path.read_text(encoding="utf-8").split("\n", 1)
    obj = json.loads(header)
    obj["players"][0] = {"kind": "human", "name": "You"}
    path.write_text(json.dumps(obj) + "\n" + rest, encoding="utf-8")
    return path


FAR_FUTURE_NS: Final = 10**21
"""A modification time in the year 33658: tmpfs, btrfs and XFS can hold it (ext4
stops at 2446), ``datetime`` cannot."""


@contextlib.contextmanager
def far_future_folder() -> Iterator[Path]:
    """A new folder on a file system that holds ``FAR_FUTURE_NS`` (tmpfs, at
    ``/dev/shm``), removed afterwards; the test is skipped where there is none."""
    import shutil
    import tempfile

    try:
        folder = Path(tempfile.mkdtemp(dir="/dev/shm"))
    except OSError:
        pytest.skip("no tmpfs at /dev/shm to hold a time past the year 9999")
    try:
        probe = folder / "probe"
        probe.write_bytes(b"")
        os.utime(probe, ns=(FAR_FUTURE_NS, FAR_FUTURE_NS))
        if probe.stat().st_mtime_ns != FAR_FUTURE_NS:
            pytest.skip("/dev/shm cannot hold a time past the year 9999")
        probe.unlink()
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def forfeited(folder: Path, game: str, loser: int) -> Path:
    """A network game of ``game`` between Ann and Bob, lost by ``loser`` by forfeit
    after a little play; its replay as the server wrote it."""
    if game == "spit":
        spit = spit_wire.Table(("Ann", "Bob"), 5, folder)
        spit.advance(4000)
        spit.forfeit(loser)
        spit.close()
        path = spit.replay_path
    else:
        spades = spades_wire.Table(("Ann", "Bob"), 5, folder)
        spades.submit(0, "decline", 10)
        spades.forfeit(loser)
        spades.close()
        path = spades.replay_path
    assert path is not None
    return path
