"""Recorded games of a challenge for the statistics tests: two random players on a
seed's deals, the human seated where the result wanted puts them."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path

from spit.core.replay.challenge import Challenge
from spit.core.replay.fields import PlayerInfo
from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spit.game import Session, new_session
from spit.games.spit.replay import ReplayWriter
from tests.replay.agents import RandomAgent

HUMAN = PlayerInfo("human", "Ann")


def _match(seed: int, agents_seed: int, recorders: list[ReplayWriter]) -> Session:
    return new_session(
        seed=seed,
        variant=Variant.STANDARD,
        target=100,
        timing=Timing(),
        agents=[RandomAgent(0, agents_seed), RandomAgent(1, agents_seed + 1)],
        recorders=recorders,
        collect_events=False,
    )


@cache
def _winner(seed: int, agents_seed: int) -> int:
    match = _match(seed, agents_seed, [])
    match.run_to_end(3_600_000)
    assert match.state.winner is not None
    return match.state.winner


def challenge_game(
    directory: Path,
    challenge: Challenge,
    started: datetime,
    *,
    won: bool,
    seed: int = 3,
    agents_seed: int = 1,
    left_at_ms: int | None = None,
) -> Path:
    """A finished, sealed game of ``challenge`` started at ``started``, that the human
    won (or lost), on the deals of ``seed`` (played by agents seeded ``agents_seed``);
    left unfinished at ``left_at_ms`` of game time, if given."""
    human_seat = _winner(seed, agents_seed) if won else 1 - _winner(seed, agents_seed)
    level = challenge.step and f"step{challenge.step}"
    bot = PlayerInfo("bot", "Bot", level=level or "normal", policy="random", seed=agents_seed)
    players = (HUMAN, bot) if human_seat == 0 else (bot, HUMAN)
    writer = ReplayWriter.create(
        directory,
        players=players,
        variant=Variant.STANDARD,
        target=100,
        timing=Timing(),
        seed=seed,
        created=started,
        challenge=challenge,
    )
    match = _match(seed, agents_seed, [writer])
    match.run_to_end(3_600_000 if left_at_ms is None else left_at_ms)
    assert (match.state.winner is None) == (left_at_ms is not None)
    writer.close()
    return writer.path


def noon(day: date, minutes: int = 0) -> datetime:
    """Noon in UTC on ``day``, plus ``minutes``."""
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC) + timedelta(minutes=minutes)
