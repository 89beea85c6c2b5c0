"""What the statistics screens ask of the database, as plain values.

"The human" is the human seat of a game against a bot. Two-player games have two
humans and no way to tell which of them is the user, so they appear in the list of
recent games but not in the results, bests and trends, which are about playing against
the bots.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from spit.bots import LEVELS
from spit.engine import Variant
from spit.stats.summary import GameSummary, Mode, PlayerSummary

MIN_REACTIONS: Final = 10
"""A game counts for the quickest mean reaction only with at least this many samples,
so that a game with two lucky plays is no record."""

_HUMAN: Final = f"""
    FROM games AS g JOIN players AS p ON p.game_id = g.id AND p.seat = g.human_seat
    WHERE g.mode = '{Mode.VS_BOT.value}'
"""
"""The human's row of each game against a bot, as ``g`` and ``p``."""


@dataclass(frozen=True, slots=True)
class LevelResults:
    """The human's results against one bot level."""

    level: str | None
    """``None`` for bots recorded without a level."""
    games: int
    wins: int
    losses: int
    """A game always has a winner (the rules have no draw), so ``wins + losses`` is
    ``games``."""


@dataclass(frozen=True, slots=True)
class Best:
    """A personal best and the game it was set in."""

    value: float
    game_key: str
    started: datetime
    opponent_level: str | None
    replay_path: Path


@dataclass(frozen=True, slots=True)
class PersonalBests:
    """``None`` where no game qualifies yet."""

    fastest_win: Best | None
    """Shortest duration of a win, in ms."""
    fewest_rounds_win: Best | None
    """Fewest rounds of a win (the faster one on a tie)."""
    most_cards_per_minute: Best | None
    quickest_reaction: Best | None
    """Lowest mean reaction time in ms, over games with ``MIN_REACTIONS`` samples."""
    longest_run: Best | None
    """Most plays in one fast run (see ``spit.stats.figures``)."""


@dataclass(frozen=True, slots=True)
class CpmPoint:
    started: datetime
    cards_per_minute: float
    opponent_level: str | None
    won: bool


def recent_games(conn: sqlite3.Connection, limit: int, mode: Mode | None) -> list[GameSummary]:
    where, params = ("WHERE mode = ?", (mode.value,)) if mode is not None else ("", ())
    recent = f"SELECT * FROM games {where} ORDER BY started DESC, id DESC LIMIT ?"
    games = conn.execute(recent, (*params, limit)).fetchall()
    seats: dict[int, list[PlayerSummary]] = {g["id"]: [] for g in games}
    for row in conn.execute(
        f"SELECT * FROM players WHERE game_id IN (SELECT id FROM ({recent})) "
        "ORDER BY game_id, seat",
        (*params, limit),
    ):
        seats[row["game_id"]].append(_player(row))
    return [_game(g, seats[g["id"]]) for g in games]


def results_by_level(conn: sqlite3.Connection) -> list[LevelResults]:
    """In ``LEVELS`` order, then other levels by name, then bots without one."""
    rows = conn.execute(
        f"SELECT g.opponent_level, COUNT(*), SUM(p.won) {_HUMAN} GROUP BY g.opponent_level"
    ).fetchall()
    results = [LevelResults(level, games, wins, games - wins) for level, games, wins in rows]
    return sorted(results, key=_level_order)


def personal_bests(conn: sqlite3.Connection, level: str | None) -> PersonalBests:
    where, params = ("AND g.opponent_level = ?", (level,)) if level is not None else ("", ())

    def best(value: str, condition: str, order: str) -> Best | None:
        row = conn.execute(
            f"SELECT {value}, g.game_key, g.started, g.opponent_level, g.replay_path "
            f"{_HUMAN} {where} AND {condition} ORDER BY {value} {order}, g.duration_ms, "
            "g.started LIMIT 1",
            params,
        ).fetchone()
        if row is None:
            return None
        return Best(row[0], row[1], datetime.fromisoformat(row[2]), row[3], Path(row[4]))

    return PersonalBests(
        fastest_win=best("g.duration_ms", "p.won", "ASC"),
        fewest_rounds_win=best("g.rounds", "p.won", "ASC"),
        most_cards_per_minute=best("p.cards_per_minute", "p.cards_played > 0", "DESC"),
        quickest_reaction=best("p.reaction_ms", f"p.reactions >= {MIN_REACTIONS}", "ASC"),
        longest_run=best("p.fastest_run", "p.fastest_run > 0", "DESC"),
    )


def cpm_trend(conn: sqlite3.Connection, limit: int) -> list[CpmPoint]:
    rows = conn.execute(
        f"SELECT g.started, p.cards_per_minute, g.opponent_level, p.won {_HUMAN} "
        "ORDER BY g.started DESC, g.id DESC LIMIT ?",
        (limit,),
    ).fetchall()
    return [
        CpmPoint(datetime.fromisoformat(started), cpm, level, bool(won))
        for started, cpm, level, won in reversed(rows)
    ]


def _level_order(results: LevelResults) -> tuple[int, str]:
    level = results.level
    if level is None:
        return (len(LEVELS) + 1, "")
    return (LEVELS.index(level), "") if level in LEVELS else (len(LEVELS), level)


def _player(row: sqlite3.Row) -> PlayerSummary:
    return PlayerSummary(
        seat=row["seat"],
        kind=row["kind"],
        name=row["name"],
        level=row["level"],
        won=bool(row["won"]),
        cards_played=row["cards_played"],
        cards_per_minute=row["cards_per_minute"],
        reaction_ms=row["reaction_ms"],
        reactions=row["reactions"],
        rejected=row["rejected"],
        too_slow=row["too_slow"],
        fastest_run=row["fastest_run"],
    )


def _game(row: sqlite3.Row, players: list[PlayerSummary]) -> GameSummary:
    return GameSummary(
        game_key=row["game_key"],
        replay_path=Path(row["replay_path"]),
        final_hash=row["final_hash"],
        started=datetime.fromisoformat(row["started"]),
        mode=Mode(row["mode"]),
        human_seat=row["human_seat"],
        opponent_level=row["opponent_level"],
        variant=Variant(row["variant"]),
        winner=row["winner"],
        rounds=row["rounds"],
        duration_ms=row["duration_ms"],
        playing_ms=row["playing_ms"],
        players=(players[0], players[1]),
    )
