"""Ratings on a server: openskill's, per account, per game and variant.

The model is the one the local ratings use (``spit.stats.rating``): openskill's
Plackett-Luce with its default parameters, a new account at ``mu`` 25, ``sigma``
8.33, shown as ``mu`` × 60 ± ``sigma`` × 60 (1500 ± 500 at the start). Each seat is a
side of its own; the winners share the first rank and the others the second, and a
draw ranks every seat first (openskill's ties).

**The policy: which results rate whom** (``unrated_because`` says why one does not):

- only results the server decided (``spit.online.results.GameResult``), and only those
  it plays for ratings (``rated``);
- a **forfeit** and a **deliberate leave** are a loss for the leaver, like a game
  played out and lost: a rating that a player could keep by leaving a lost game would
  mean little. A **lost connection** is a leave once the rejoin grace has run out
  (``Reason.LEFT``); a player back within the grace plays on, and nothing is counted;
- a game the **server failed** in, or that ended before anyone played
  (``Reason.ABORTED``), rates no one, and a daily attempt it was does not count (the
  player may start again);
- a **bot** is rated on the players' scale and never moves: bots do not learn
  (``BotRatings``; a level without a rating makes the game unrated);
- a game with an account in two seats, or with fewer than two sides, rates no one.

The all-time board ranks by the conservative rating, ``mu`` − 3 ``sigma``
(openskill's ``ordinal``): a player is ranked by what they have shown for sure, so a
lucky first win does not top the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from msgspec import Struct
from openskill.models import PlackettLuce

from spit.online.results import GameResult, Reason

DISPLAY_SCALE: Final = 60.0
"""Shown rating = ``mu`` × 60 (``spit.games.spit.bots.ratings.DISPLAY_SCALE``)."""


class Rating(Struct, frozen=True):
    """A skill and its uncertainty, on openskill's scale."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The rating as shown (1500 at the start)."""
        return round(self.mu * DISPLAY_SCALE)

    @property
    def spread(self) -> int:
        """Its uncertainty as shown (± 500 at the start)."""
        return round(self.sigma * DISPLAY_SCALE)

    @property
    def ordinal(self) -> float:
        """The conservative rating, ``mu`` − 3 ``sigma``: what the all-time board ranks."""
        return self.mu - 3 * self.sigma


START: Final = Rating(25.0, 25.0 / 3)
"""A new account's rating in every game and variant (openskill's defaults)."""

BotRatings = Mapping[str, Mapping[str, tuple[float, float]]]
"""Each game's bot levels -> (``mu``, ``sigma``) on the players' scale: what a server
seeds its bots' ratings from (``spit.online.store.OnlineStore.seed_bots``), given by
the games (each game measures its own; a game without measured levels has none, and
its games against bots are not rated)."""

_MODEL: Final = PlackettLuce()


def unrated_because(result: GameResult, bots: Mapping[str, Rating]) -> str | None:
    """Why ``result`` rates no one (a phrase for the record); ``None`` if it rates its
    accounts. ``bots`` are the game's bot levels' ratings."""
    if not result.rated:
        return "not played for ratings"
    if result.reason is Reason.ABORTED:
        return "aborted"
    accounts = [seat.account_id for seat in result.seats if seat.account_id is not None]
    if len(set(accounts)) != len(accounts):
        return "an account in two seats"
    if not accounts:
        return "no account seated"
    if len(result.seats) < 2 or len(set(result.winners)) == len(result.seats):
        return "fewer than two sides"
    for seat in result.seats:
        if seat.bot is not None and seat.bot not in bots:
            return f"no rating for the bot level {seat.bot!r}"
    return None


def rate(before: Sequence[Rating], winners: Sequence[int]) -> list[Rating]:
    """Every seat's rating after a game, from ``before`` (by seat index): the ``winners``
    (indices) ranked first, the others second; a draw if there are none.
    >>> after = rate([START, START], [0])
    >>> after[0].mu > 25 > after[1].mu
    True"""
    teams = [[_MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    won = set(winners)
    ranks = [1.0 if not won or index in won else 2.0 for index in range(len(before))]
    rated = _MODEL.rate(teams, ranks=ranks)
    return [Rating(team[0].mu, team[0].sigma) for team in rated]
