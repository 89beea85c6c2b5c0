"""What the statistics screens ask of the database, as plain values, for every game.

Every finished game is counted (``results_by_mode``): by game, against each bot
level, between two people on one keyboard, over the network, bots against bots; and
against each level, the scores and rounds (``level_results``).
"The human" is the human seat of a game against a bot; two-player games have two
humans and no way to tell which of them is the user, so they are counted and kept as a
head-to-head between the two names (``head_to_head``), not in the bests and trends,
which are about playing against the bots.

Records (``personal_bests``) are kept for the games that count their plays
(``spit.games.summary.PlayStats``: Spit); they count only sealed games: a file that is unsealed
(hand-written, or older than the seal) or edited could say anything, so it is listed
(``not_sealed``) rather than trusted. And only the first game of each deal
(``FIRST_OF_DEAL``): a deal played again, knowing its cards, is practice, not a record
(the rating, ``spit.stats.rating``, counts the same games).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from spit.core.dates import from_iso
from spit.core.replay.seal import Seal
from spit.games import registry
from spit.stats.challenges import challenge_of
from spit.stats.summary import GameSummary, Mode, PlayerSummary

MIN_REACTIONS: Final = 10
"""A game counts for the quickest mean reaction only with at least this many samples,
so that a game with two lucky plays is no record."""

SEALED: Final = f"g.seal = '{Seal.SEALED.value}'"
"""The games ``g`` that may count for a record: sealed games."""

FIRST_OF_DEAL: Final = """(g.deal_key IS NULL OR NOT EXISTS (
    SELECT 1 FROM games AS e WHERE e.deal_key = g.deal_key
    AND (e.started, e.id) < (g.started, g.id)
))"""
"""The game ``g`` is the first started of its deal (``GameSummary.deal_key``), sealed or
not: a first game edited since does not let the next one count instead."""


def playing_games() -> tuple[str, ...]:
    """The installed games that count their plays (``GameStats.play``): those with
    records and a trend of cards a minute."""
    found = []
    for game in registry.games():
        stats = None if game.stats is None else game.stats()
        if stats is not None and stats.play is not None:
            found.append(game.name)
    return tuple(found)


def _human() -> str:
    """The human's row of each game against a bot of a game that counts its plays, as
    ``g`` and ``p``."""
    # A game's key is a name in files and on the command line: an identifier, never a quote.
    names = ", ".join(f"'{name}'" for name in playing_games() if name.isidentifier())
    return f"""
    FROM games AS g JOIN players AS p ON p.game_id = g.id AND p.seat = g.human_seat
    WHERE g.mode = '{Mode.VS_BOT.value}' AND g.game IN ({names})
"""


@dataclass(frozen=True, slots=True)
class ModeResults:
    """The games of one game, mode and bot level."""

    game: str
    """The game's key (``GameInfo.key``)."""
    mode: Mode
    level: str | None
    """The bot's level in a game against a bot (``None`` for a bot without one)."""
    games: int
    wins: int | None
    """The human's wins against the bot; ``None`` in other modes (no "you")."""
    not_sealed: int
    """Games among them whose file is unsealed or edited."""
    draws: int = 0
    """Games among them that nobody won."""

    @property
    def losses(self) -> int | None:
        """The human's games against the bot neither won nor drawn."""
        return None if self.wins is None else self.games - self.wins - self.draws


@dataclass(frozen=True, slots=True)
class LevelResults:
    """The human's games of one game against one bot level."""

    game: str
    level: str | None
    games: int
    wins: int
    draws: int
    mean_score: float
    """The human's final score, averaged over the games."""
    best_score: int
    mean_rounds: float
    own: Mapping[str, int]
    """The human's own figures of the game (``GameStats.seat``'s, ``OWN_FIGURES``)
    summed over the games, by ``PlayerSummary`` field: what a game's ``LevelColumn``
    shows."""


@dataclass(frozen=True, slots=True)
class Best:
    """A personal best and the game it was set in."""

    value: float
    game_key: str
    started: datetime
    opponent_level: str | None
    replay_path: Path
    variant: str | None = None


@dataclass(frozen=True, slots=True)
class PersonalBests:
    """``None`` where no game qualifies yet. Sealed games against a bot only, of the
    games that count their plays (``playing_games``)."""

    fastest_win: Best | None
    """Shortest active time of a win, in ms (``spit.stats.figures``)."""
    fewest_rounds_win: Best | None
    """Fewest rounds of a win (the faster one on a tie)."""
    most_cards_per_minute: Best | None
    quickest_reaction: Best | None
    """Lowest mean reaction time in ms, over games with ``MIN_REACTIONS`` samples."""
    longest_run: Best | None
    """Most plays in one fast run (see ``spit.stats.figures``)."""


RECORDS: Final = ("fastest_win", "most_cards_per_minute", "longest_run")
"""The bests kept per level and variant, and told on the result screen when broken:
the fastest win, the most cards a minute, and the fastest reaction streak (the longest
run of plays each within ``spit.stats.figures.RUN_GAP_MS`` of the last)."""


@dataclass(frozen=True, slots=True)
class LevelBests:
    """The bests against one bot level in one variant."""

    level: str
    variant: str
    bests: PersonalBests


@dataclass(frozen=True, slots=True)
class NewBest:
    """A record a game broke: ``name`` is a field of ``PersonalBests`` (of ``RECORDS``)."""

    name: str
    value: float
    previous: Best | None
    """The best it beat; ``None`` for the first result against that level and variant,
    which is a best as it stands (the first win is the fastest so far)."""
    level: str
    variant: str


@dataclass(frozen=True, slots=True)
class CpmPoint:
    started: datetime
    cards_per_minute: float
    opponent_level: str | None
    won: bool
    sealed: bool


@dataclass(frozen=True, slots=True)
class Rivalry:
    """The games of one game two names played against each other on one keyboard.
    Names are matched case-folded ("ann" is "Ann"); each is shown as last written."""

    names: tuple[str, str]
    """In the order of their case-folded forms."""
    wins: tuple[int, int]
    last_played: datetime
    draws: int = 0
    game: str = ""
    """The game's key (``GameInfo.key``)."""

    @property
    def games(self) -> int:
        return self.wins[0] + self.wins[1] + self.draws

    def describe(self) -> str:
        """``Ann leads Bob 3-2``, or ``Ann and Bob are level at 2-2``; with the games
        drawn, if any (``, 1 drawn``)."""
        (a, b), (x, y) = self.names, self.wins
        drawn = f", {self.draws} drawn" if self.draws else ""
        if x == y:
            return f"{a} and {b} are level at {x}-{y}{drawn}"
        return (f"{a} leads {b} {x}-{y}" if x > y else f"{b} leads {a} {y}-{x}") + drawn


def recent_games(conn: sqlite3.Connection, limit: int, mode: Mode | None) -> list[GameSummary]:
    where, params = ("WHERE mode = ?", (mode.value,)) if mode is not None else ("", ())
    return _games(conn, where, params, limit)


def game_by_key(conn: sqlite3.Connection, key: str) -> GameSummary | None:
    found = _games(conn, "WHERE game_key = ?", (key,), 1)
    return found[0] if found else None


def not_sealed(conn: sqlite3.Connection, limit: int) -> tuple[list[GameSummary], int]:
    where = f"WHERE seal != '{Seal.SEALED.value}'"
    (count,) = conn.execute(f"SELECT COUNT(*) FROM games {where}").fetchone()
    return _games(conn, where, (), limit), int(count)


def _games(
    conn: sqlite3.Connection, where: str, params: tuple[str, ...], limit: int
) -> list[GameSummary]:
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


def results_by_mode(conn: sqlite3.Connection) -> list[ModeResults]:
    """Unordered: the screen puts them in the order it shows them."""
    rows = conn.execute(
        "SELECT g.game, g.mode, g.opponent_level, COUNT(*), SUM(p.won), "
        f"SUM(g.seal != '{Seal.SEALED.value}'), SUM(g.winner IS NULL) FROM games AS g "
        "LEFT JOIN players AS p ON p.game_id = g.id AND p.seat = g.human_seat "
        "GROUP BY g.game, g.mode, g.opponent_level"
    ).fetchall()
    return [
        ModeResults(
            game, Mode(mode), level, games, wins if mode == Mode.VS_BOT else None, bad, draws
        )
        for game, mode, level, games, wins, bad, draws in rows
    ]


OWN_FIGURES: Final = ("bids", "bids_made", "nils", "nils_made")
"""The players table's columns of the games' own figures (``GameStats.seat``'s keys)."""


def level_results(conn: sqlite3.Connection, game: str) -> list[LevelResults]:
    """The human's games of ``game`` against each level; unordered, like
    ``results_by_mode``."""
    own = "".join(f", SUM(p.{column})" for column in OWN_FIGURES)
    rows = conn.execute(
        "SELECT g.opponent_level, COUNT(*), SUM(p.won), SUM(g.winner IS NULL), "
        f"AVG(p.score), MAX(p.score), AVG(g.rounds){own} "
        "FROM games AS g JOIN players AS p ON p.game_id = g.id AND p.seat = g.human_seat "
        f"WHERE g.mode = '{Mode.VS_BOT.value}' AND g.game = ? "
        "GROUP BY g.opponent_level",
        (game,),
    ).fetchall()
    return [
        LevelResults(
            game,
            level,
            games,
            wins or 0,
            draws or 0,
            float(score or 0),
            best or 0,
            float(hands or 0),
            {column: total or 0 for column, total in zip(OWN_FIGURES, totals, strict=True)},
        )
        for level, games, wins, draws, score, best, hands, *totals in rows
    ]


def personal_bests(
    conn: sqlite3.Connection,
    level: str | None,
    variant: str | None = None,
    before: GameSummary | None = None,
) -> PersonalBests:
    """The bests against ``level`` in ``variant`` (each ``None``: all), in the counted
    games started before ``before`` (if given: the bests that game had to beat)."""
    where = f"AND {SEALED} AND {FIRST_OF_DEAL}"
    params: tuple[str, ...] = ()
    for column, value in (("g.opponent_level", level), ("g.variant", variant)):
        if value is not None:
            where += f" AND {column} = ?"
            params += (value,)
    if before is not None:
        where += " AND (g.started, g.id) < (SELECT started, id FROM games WHERE game_key = ?)"
        params += (before.game_key,)

    def best(value: str, condition: str, order: str) -> Best | None:
        row = conn.execute(
            f"SELECT {value}, g.game_key, g.started, g.opponent_level, g.replay_path, "
            f"g.variant {_human()} {where} AND {condition} ORDER BY {value} {order}, "
            "g.active_ms, g.started LIMIT 1",
            params,
        ).fetchone()
        if row is None:
            return None
        return Best(row[0], row[1], _when(row[2]), row[3], _path(row[4]), row[5])

    return PersonalBests(
        fastest_win=best("g.active_ms", "p.won AND NOT g.forfeit", "ASC"),
        fewest_rounds_win=best("g.rounds", "p.won AND NOT g.forfeit", "ASC"),
        most_cards_per_minute=best("p.cards_per_minute", "p.cards_played > 0", "DESC"),
        quickest_reaction=best("p.reaction_ms", f"p.reactions >= {MIN_REACTIONS}", "ASC"),
        longest_run=best("p.fastest_run", "p.fastest_run > 0", "DESC"),
    )


def bests_by_level(conn: sqlite3.Connection) -> list[LevelBests]:
    """The bests against each level in each variant played, in no order."""
    rows = conn.execute(
        f"SELECT DISTINCT g.opponent_level, g.variant {_human()} AND {SEALED} "
        f"AND {FIRST_OF_DEAL} AND g.opponent_level IS NOT NULL AND g.variant IS NOT NULL"
    ).fetchall()
    return [
        LevelBests(level, variant, personal_bests(conn, level, variant)) for level, variant in rows
    ]


def why_not_counted(conn: sqlite3.Connection, game: GameSummary) -> str | None:
    """Why the stored ``game`` counts for no rating or best, briefly; ``None`` if it
    counts (a game sealed, the first of its deal)."""
    if game.mode is Mode.NETWORK:
        return "games over the network are not rated yet"
    if game.seal is not Seal.SEALED:
        return f"its replay is {game.seal.value}"
    first = conn.execute(
        f"SELECT 1 FROM games AS g WHERE g.game_key = ? AND {FIRST_OF_DEAL}", (game.game_key,)
    ).fetchone()
    return None if first is not None else "a deal played before"


def new_bests(conn: sqlite3.Connection, game: GameSummary) -> list[NewBest]:
    """The records ``game`` (stored) broke against its level in its variant: each of
    ``RECORDS`` better than the best of the counted games before it, or the first of
    its kind there (the first win against a level is its fastest win so far). None for
    a game that does not count."""
    human = game.human
    if human is None or game.opponent_level is None or game.variant is None:
        return []
    counted = conn.execute(
        f"SELECT 1 {_human()} AND {SEALED} AND {FIRST_OF_DEAL} AND g.game_key = ?",
        (game.game_key,),
    ).fetchone()
    if counted is None:
        return []
    old = personal_bests(conn, game.opponent_level, game.variant, before=game)
    mine = {
        "fastest_win": (
            float(game.active_ms) if human.won and not game.forfeit else None,
            False,
        ),
        "most_cards_per_minute": (
            human.cards_per_minute if human.cards_played else None,
            True,
        ),
        "longest_run": (float(human.fastest_run) if human.fastest_run else None, True),
    }
    found = []
    for name in RECORDS:
        value, higher = mine[name]
        previous: Best | None = getattr(old, name)
        if value is None:
            continue
        if previous is None or ((value > previous.value) if higher else (value < previous.value)):
            found.append(NewBest(name, value, previous, game.opponent_level, game.variant))
    return found


def cpm_trend(conn: sqlite3.Connection, limit: int) -> list[CpmPoint]:
    rows = conn.execute(
        f"SELECT g.started, p.cards_per_minute, g.opponent_level, p.won, g.seal {_human()} "
        "ORDER BY g.started DESC, g.id DESC LIMIT ?",
        (limit,),
    ).fetchall()
    return [
        CpmPoint(_when(started), cpm, level, bool(won), seal == "sealed")
        for started, cpm, level, won, seal in reversed(rows)
    ]


def head_to_head(conn: sqlite3.Connection) -> list[Rivalry]:
    """Each pair of names in each game, most recently played first. A game between two
    players of the same name is no rivalry and is left out."""
    rows = conn.execute(
        "SELECT g.started, g.winner, g.game, a.name, b.name FROM games AS g "
        "JOIN players AS a ON a.game_id = g.id AND a.seat = 0 "
        "JOIN players AS b ON b.game_id = g.id AND b.seat = 1 "
        f"WHERE g.mode = '{Mode.TWO_PLAYERS.value}' "
        "ORDER BY g.started, g.id"
    )
    pairs: dict[tuple[str, str, str], tuple[list[str], list[int], datetime]] = {}
    for started, winner, game, *seated in rows:
        folded = (seated[0].casefold(), seated[1].casefold())
        if folded[0] == folded[1]:
            continue
        order = (0, 1) if folded[0] < folded[1] else (1, 0)
        key = (game, folded[order[0]], folded[order[1]])
        names, counts, _ = pairs.get(key, ([], [0, 0, 0], datetime.min))
        names[:] = [seated[order[0]], seated[order[1]]]  # the latest spelling
        counts[2 if winner is None else order.index(winner)] += 1  # [2]: the draws
        pairs[key] = (names, counts, _when(started))
    rivalries = [
        Rivalry((names[0], names[1]), (counts[0], counts[1]), last, counts[2], game)
        for (game, _, _), (names, counts, last) in pairs.items()
    ]
    return sorted(rivalries, key=lambda r: r.last_played, reverse=True)


def path_text(path: Path) -> str | bytes:
    """A path as the database keeps it: text, or the file system's bytes for a name
    that is not UTF-8 (SQLite text cannot hold it)."""
    text = str(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(path)
    return text


def _when(text: str) -> datetime:
    """A start time as stored. Raises ``ValueError`` for one that is not (a damaged
    record: ``spit.stats.db`` rebuilds such a database)."""
    when = from_iso(text)
    if when is None:
        raise ValueError(f"not a time: {text!r}")
    return when


def _path(value: str | bytes) -> Path:
    return Path(os.fsdecode(value))


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
        score=row["score"],
        bids=row["bids"],
        bids_made=row["bids_made"],
        nils=row["nils"],
        nils_made=row["nils_made"],
    )


def _game(row: sqlite3.Row, players: list[PlayerSummary]) -> GameSummary:
    return GameSummary(
        game_key=row["game_key"],
        game=row["game"],
        seal=Seal(row["seal"]),
        replay_path=_path(row["replay_path"]),
        final_hash=row["final_hash"],
        started=_when(row["started"]),
        mode=Mode(row["mode"]),
        human_seat=row["human_seat"],
        opponent_level=row["opponent_level"],
        variant=row["variant"],
        winner=row["winner"],
        rounds=row["rounds"],
        duration_ms=row["duration_ms"],
        playing_ms=row["playing_ms"],
        active_ms=row["active_ms"],
        players=(players[0], players[1]),
        forfeit=bool(row["forfeit"]),
        challenge=challenge_of(row),
        deal_key=row["deal_key"],
    )
