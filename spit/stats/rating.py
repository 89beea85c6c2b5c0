"""The player's rating: a skill with an uncertainty, moved by every counted game.

Ratings are openskill's (``openskill.models.PlackettLuce``, its default parameters: a
new player at ``mu`` 25, ``sigma`` 8.33, and a small drift, ``tau``, that keeps the
rating able to move however many games are behind it), never home-made formulas.
Plackett-Luce rather than openskill's other models: it is the library's default and
the one its documentation rates with; for two players all its models agree closely.

- **Who is rated**: each person by name, case-folded ("ann" is "Ann"): the human of a
  game against a bot, and both players of a game of two named people (on one keyboard,
  or over the network; not two of the same name, nor the seats' own "Player 1" and
  "Player 2", which name nobody). So two friends who also play the bots carry one
  rating each across both.
- **Per game**: a person has one rating in each game (Spit, Spades), each folded from
  that game's counted games only.
- **Against a bot** the person is rated against the bot level's fixed rating, the
  game's ``Bots.ratings`` in its descriptor, which the game does not change: bots do
  not learn. A level without a rating (a replay may name anything; a game whose bots
  have none) rates nothing.
- **Which games count**: ``COUNTED`` games only, sealed games each the first of
  its deal (``spit.stats.queries.FIRST_OF_DEAL``); a forfeit counts, the leaver having
  lost (a rating that a player could keep by leaving a lost game would mean little).
  A draw (``winner`` NULL) counts as openskill's tie: both ranked first.
- **In what order**: the games are folded in the order they were started (then by
  their row), from the start, so the same games always give the same ratings
  (``rebuild``). Adding the newest game only folds that one (``update``); a game
  older than some rated one (a replay found later) refolds them all.
- **Shown** as ``mu`` × ``DISPLAY_SCALE`` (60: the start reads 1500 ± 500),
  (``Rating.shown``, ``Rating.spread``). The uncertainty shown is one ``sigma``: the rating is the
  likeliest skill, and about two games in three fall within it.

Each counted game's rating before and after, for each person rated, is a row of the
``ratings`` table: the chart and a game's rating change are read from it, not
recomputed. Like every table, it is derived from the replays.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from openskill.models import PlackettLuce, PlackettLuceRating

from spit.core.dates import from_iso
from spit.core.replay.fields import DEFAULT_PLAYERS
from spit.core.replay.seal import Seal
from spit.games import registry
from spit.stats.queries import FIRST_OF_DEAL
from spit.stats.summary import Mode

HISTORY: Final = 30
"""Rated games in the chart, the latest."""
DISPLAY_SCALE: Final = 60.0
"""Shown rating = ``mu`` × 60, uncertainty = ``sigma`` × 60: openskill's start, 25 ±
8.33, reads 1500 ± 500, the scale chess players know."""

COUNTED: Final = f"""
    FROM games AS g
    JOIN players AS a ON a.game_id = g.id AND a.seat = 0
    JOIN players AS b ON b.game_id = g.id AND b.seat = 1
    WHERE g.seal = '{Seal.SEALED.value}' AND {FIRST_OF_DEAL}
    AND g.mode IN ('{Mode.VS_BOT.value}', '{Mode.TWO_PLAYERS.value}')
"""
"""The games that may move a rating, as ``g`` with its seats ``a`` (0) and ``b`` (1)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill on openskill's scale and its uncertainty (one standard deviation)."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        return round(self.mu * DISPLAY_SCALE)

    @property
    def spread(self) -> int:
        return round(self.sigma * DISPLAY_SCALE)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One person's rating before and after one counted game."""

    game_key: str
    started: datetime
    name: str
    """As written in that game (text from a replay: made safe before it is drawn)."""
    before: Rating
    after: Rating
    game: str = ""
    """The game it was (``GameInfo.key``): a person has a rating in each."""

    @property
    def change(self) -> int:
        """The change as shown: the shown ratings' difference."""
        return self.after.shown - self.before.shown


_SEAT_NAMES: Final = frozenset(info.name.casefold() for info in DEFAULT_PLAYERS)
""""Player 1" and "Player 2": the seats' names, which a game between two people on one
keyboard gives them unless they are named (as over the network): names of nobody in
particular, so such a game rates nobody."""


def player_key(name: str) -> str:
    """Whose rating a name is: the name case-folded."""
    return name.casefold()


def new_model() -> PlackettLuce:
    """The model people are rated with (openskill's defaults)."""
    return PlackettLuce()


def rate_pair(
    model: PlackettLuce, winner: Rating, loser: Rating, *, draw: bool = False
) -> tuple[Rating, Rating]:
    """Both players' ratings after ``winner`` beat ``loser``, or after they drew
    (``draw``: openskill's tie, both ranked first). A bot's side of it is simply not
    kept."""
    teams = [[_theirs(model, winner)], [_theirs(model, loser)]]
    [[won], [lost]] = model.rate(teams, ranks=[1, 1] if draw else [1, 2])
    return Rating(won.mu, won.sigma), Rating(lost.mu, lost.sigma)


def _theirs(model: PlackettLuce, rating: Rating) -> PlackettLuceRating:
    return model.rating(mu=rating.mu, sigma=rating.sigma)


@dataclass(frozen=True, slots=True)
class _Seat:
    number: int
    key: str | None
    """``player_key`` of a person; ``None`` for a bot."""
    name: str
    fixed: Rating | None
    """A bot's rating (never changed); ``None`` for a person."""


def _seat(game: str, number: int, kind: str, name: str, level: str | None) -> _Seat | None:
    """A seat of a game of ``game`` as it is rated; ``None`` for a bot of no known level."""
    if kind != "bot":
        return _Seat(number, player_key(name), name, None)
    found = None if level is None else _bot_rating(game, level)
    return None if found is None else _Seat(number, None, name, Rating(*found))


def _bot_rating(game: str, level: str) -> tuple[float, float] | None:
    """The fixed rating of ``game``'s bot ``level``, from its descriptor
    (``Bots.ratings``), if the game is installed and gives its bots one."""
    try:
        ratings = registry.by_name(game).bots.ratings
    except registry.UnknownGame:
        return None
    return None if ratings is None else ratings().get(level)


def rebuild(conn: sqlite3.Connection) -> None:
    """Fold every counted game again, from the start (in a write transaction)."""
    conn.execute("DELETE FROM ratings")
    _fold(conn, "", ())


def unrated(conn: sqlite3.Connection) -> bool:
    """Whether there are games to rate but no rating: the games were stored without
    being folded (a database just migrated, whose replays are gone)."""
    if conn.execute("SELECT 1 FROM ratings LIMIT 1").fetchone() is not None:
        return False
    return conn.execute(f"SELECT 1 {COUNTED} LIMIT 1").fetchone() is not None


def update(conn: sqlite3.Connection, game_id: int) -> None:
    """Rate the game just stored as ``game_id`` (in the same write transaction): fold
    it alone if no rated game was started after it, else refold them all."""
    later = conn.execute(
        "SELECT 1 FROM ratings AS r JOIN games AS g ON g.id = r.game_id "
        "JOIN games AS n ON n.id = ? WHERE (g.started, g.id) > (n.started, n.id) LIMIT 1",
        (game_id,),
    ).fetchone()
    if later is not None:
        rebuild(conn)
    else:
        _fold(conn, "AND g.id = ?", (game_id,))


def _fold(conn: sqlite3.Connection, where: str, params: tuple[int, ...]) -> None:
    model = new_model()
    start = Rating(model.mu, model.sigma)
    known: dict[tuple[str, str], Rating] = {}
    """Each (game, person)'s rating so far."""

    def current(game: str, seat: _Seat) -> Rating:
        if seat.fixed is not None or seat.key is None:
            return seat.fixed or start
        key = (game, seat.key)
        if key not in known:
            latest = conn.execute(
                "SELECT r.mu_after, r.sigma_after FROM ratings AS r "
                "JOIN games AS g ON g.id = r.game_id WHERE g.game = ? AND r.player = ? "
                "ORDER BY g.started DESC, g.id DESC LIMIT 1",
                key,
            ).fetchone()
            known[key] = start if latest is None else Rating(latest[0], latest[1])
        return known[key]

    rows = conn.execute(
        "SELECT g.id, g.game, g.mode, g.winner, a.kind, a.name, a.level, b.kind, b.name, "
        f"b.level {COUNTED} {where} ORDER BY g.started, g.id",
        params,
    ).fetchall()
    for game_id, game, mode, winner, *seated in rows:
        one, two = _seat(game, 0, *seated[:3]), _seat(game, 1, *seated[3:])
        if one is None or two is None or one.key == two.key:
            continue  # a bot of no known level; the same name twice
        if mode == Mode.TWO_PLAYERS and {one.key, two.key} & _SEAT_NAMES:
            continue  # someone without a name of their own
        first, second = (two, one) if winner == 1 else (one, two)  # a draw: in seat order
        before = (current(game, first), current(game, second))
        after = rate_pair(model, *before, draw=winner is None)
        for seat, old, new in zip((first, second), before, after, strict=True):
            if seat.key is not None:
                known[game, seat.key] = new
                conn.execute(
                    "INSERT INTO ratings (game_id, player, seat, name, mu_before, "
                    "sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        seat.key,
                        seat.number,
                        seat.name,
                        old.mu,
                        old.sigma,
                        new.mu,
                        new.sigma,
                    ),
                )


# -- reading -----------------------------------------------------------------------

_HISTORY: Final = (
    "SELECT g.game_key, g.started, r.name, r.mu_before, r.sigma_before, r.mu_after, "
    "r.sigma_after, g.game FROM ratings AS r JOIN games AS g ON g.id = r.game_id "
)


def history(
    conn: sqlite3.Connection, name: str, limit: int = HISTORY, game: str | None = None
) -> list[RatedGame]:
    """The last ``limit`` rated games of ``game`` (``None``: of the game of the
    person's latest) of the person called ``name``, oldest first."""
    if game is None:
        game = your_game(conn, name)
    rows = conn.execute(
        f"{_HISTORY} WHERE g.game = ? AND r.player = ? ORDER BY g.started DESC, g.id DESC LIMIT ?",
        (game, player_key(name), limit),
    ).fetchall()
    return [_rated(row) for row in reversed(rows)]


def of_game(conn: sqlite3.Connection, game_key: str) -> list[RatedGame]:
    """The rating changes of the game ``game_key``, by seat; empty if it counted for
    no rating."""
    rows = conn.execute(f"{_HISTORY} WHERE g.game_key = ? ORDER BY r.seat", (game_key,)).fetchall()
    return [_rated(row) for row in rows]


def your_name(conn: sqlite3.Connection, game: str | None = None) -> str | None:
    """Whose rating the menu shows: the person of the latest rated game of ``game``
    (``None``: of any game) against a bot (the one who plays the bots here)."""
    row = conn.execute(
        "SELECT r.name FROM ratings AS r JOIN games AS g ON g.id = r.game_id "
        f"WHERE (g.game = ? OR ? IS NULL) AND g.mode = '{Mode.VS_BOT.value}' "
        "ORDER BY g.started DESC, g.id DESC LIMIT 1",
        (game, game),
    ).fetchone()
    return None if row is None else str(row[0])


def your_game(conn: sqlite3.Connection, name: str | None = None) -> str | None:
    """The game of the latest rated game against a bot (of the person called ``name``,
    if given): the game whose ratings the statistics show first."""
    row = conn.execute(
        "SELECT g.game FROM ratings AS r JOIN games AS g ON g.id = r.game_id "
        f"WHERE g.mode = '{Mode.VS_BOT.value}' AND (r.player = ? OR ? IS NULL) "
        "ORDER BY g.started DESC, g.id DESC LIMIT 1",
        (None if name is None else player_key(name),) * 2,
    ).fetchone()
    return None if row is None else str(row[0])


def everyone(conn: sqlite3.Connection, game: str | None) -> list[tuple[str, Rating, int]]:
    """Each person rated in ``game`` (``None``: the game of the latest rated game):
    latest name, rating and rated games, best rated first."""
    if game is None:
        row = conn.execute(
            "SELECT g.game FROM ratings AS r JOIN games AS g ON g.id = r.game_id "
            "ORDER BY g.started DESC, g.id DESC LIMIT 1"
        ).fetchone()
        game = None if row is None else str(row[0])
    rows = conn.execute(
        "SELECT r.player, r.name, r.mu_after, r.sigma_after FROM ratings AS r "
        "JOIN games AS g ON g.id = r.game_id WHERE g.game = ? ORDER BY g.started, g.id",
        (game,),
    )
    latest: dict[str, tuple[str, Rating, int]] = {}
    for key, name, mu, sigma in rows:
        games = latest[key][2] if key in latest else 0
        latest[key] = (name, Rating(mu, sigma), games + 1)
    return sorted(latest.values(), key=lambda found: -found[1].mu)


def _rated(row: sqlite3.Row) -> RatedGame:
    key, started, name, mu0, sigma0, mu1, sigma1, game = row
    when = from_iso(started)
    if when is None:
        raise ValueError(f"not a time: {started!r}")
    return RatedGame(key, when, name, Rating(mu0, sigma0), Rating(mu1, sigma1), game)
