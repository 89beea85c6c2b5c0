"""What the server decided of a game: the only thing the store rates and ranks.

A ``GameResult`` is made by the server from its own room at the end of a game: who
sat where (accounts the server authenticated, bots it seated), who won, why, and the
replay it wrote. Nothing a client sends becomes one: the protocol has no message that
carries a result, a rating or a board entry, this package never decodes one, and the
store checks what the server could not have got wrong on purpose (seats that are
accounts, winners that are seats, a daily attempt that is the player's own; see
``spit.online.store.OnlineStore.record_result``).

The outcome is ``winners`` (seat numbers): the winning seat, or seats (partners), or
none for a draw. ``reason`` says how the game ended; an ``ABORTED`` game (the server
failed in its room, or it ended before anyone played) has no winner and rates no one
(``spit.online.rating`` has the whole policy).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from msgspec import Struct


class Reason(StrEnum):
    """How a game ended."""

    CARDS = "cards"
    """A player ran out of cards (Spit's ordinary end)."""
    POINTS = "points"
    """The score decided it (Spades, Spit's points variant)."""
    FORFEIT = "forfeit"
    """A player gave the game up."""
    LEFT = "left"
    """A player left, or lost the connection and did not come back in time."""
    ABORTED = "aborted"
    """The game could not finish: the server failed in its room, or no one played."""


class Seated(Struct, frozen=True, kw_only=True):
    """One seat of a finished game: an account or a bot (exactly one of the two)."""

    seat: int
    account_id: str | None = None
    bot: str | None = None
    """The bot's level (rated as the server's ``spit.online.rating.BotRatings`` say)."""
    score: int | None = None
    """The seat's final score, for a game that keeps one."""


class DailyScore(Struct, frozen=True, kw_only=True):
    """A daily deal's measure, for the game that is an account's attempt at it.

    The daily board ranks a win above a loss, then more ``points``, then less
    ``time_ms``: each game fills them with its own measure (Spit: the cards played,
    and the time to the end; Spades: the points)."""

    attempt_id: int
    """``spit.online.store.OnlineStore.start_daily``'s attempt."""
    points: int = 0
    time_ms: int


class GameResult(Struct, frozen=True, kw_only=True):
    """A finished game, as the server decided it."""

    game_key: str
    """The game's unique key (its replay's): the same game is recorded once."""
    game: str
    """The game's registry name: ``spit``, ``spades``."""
    variant: str
    """The variant and options that make its ratings apart (``classic``, ``target=500``)."""
    seats: tuple[Seated, ...]
    winners: tuple[int, ...]
    """The winning seats; none for a draw (or an aborted game)."""
    reason: Reason
    finished: datetime
    """When it ended (aware); its week on the boards is this time's, in UTC."""
    replay: str
    """The replay's id or path on the server."""
    final_hash: str
    """The replay's final state hash: what re-verifying it must reach."""
    rated: bool = True
    """Whether the server plays this game for ratings (a friendly game may not be)."""
    daily: DailyScore | None = None

    @property
    def draw(self) -> bool:
        return not self.winners and self.reason is not Reason.ABORTED
