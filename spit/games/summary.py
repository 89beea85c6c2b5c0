"""One finished game as the statistics keep it, for any game: who played, how it went.

Here rather than in ``spit.stats`` because a game declares the figures that are its
own (``GameStats``, in its package's ``stats`` module, which its descriptor names), and
the games sit below the statistics. ``spit.stats`` works these values out from any
game's replay, stores them and answers questions about them.

A game is identified by ``game_key``, a digest of its chance and its choices (the deals,
or Spades hands, and every input), not of the whole file and not by its final state
hash: in Spit's standard game the final table is always "the loser holds all 52 cards,
sorted", so two different games often share the hash; and a copy of a game whose
header was edited (a new ``created``, other names) is still that game, so it is counted
once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

from spit.core.dates import from_iso, from_timestamp
from spit.core.replay.challenge import Challenge
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.seal import Seal
from spit.core.seats import Seat

H = TypeVar("H")
S = TypeVar("S")
G = TypeVar("G")
A = TypeVar("A")
E = TypeVar("E")


class Mode(StrEnum):
    TWO_PLAYERS = "two_players"
    """Two people on one keyboard."""
    VS_BOT = "vs_bot"
    """A person against a bot: ``GameSummary.opponent_level`` says which."""
    BOT_VS_BOT = "bot_vs_bot"
    NETWORK = "network"
    """Two people over the network (``ReplayFile.over_the_network``): counted in a
    section of their own and rated by nobody, until players have server accounts (the
    names typed there are anyone's)."""


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's figures of play in a game that counts its plays (``PlayStats``:
    Spit), as ``spit.stats.figures`` defines and works them out. Here, with the summary,
    because a seat's summary is these figures and more (``PlayerSummary``); other games
    have none of them (``NO_FIGURES``)."""

    cards_played: int
    cards_per_minute: float
    reaction_ms: float | None
    """Mean reaction time; ``None`` without a sample."""
    reactions: int
    """Reaction samples (chances used): how much the mean is worth."""
    rejected: int
    too_slow: int
    fastest_run: int


NO_FIGURES: Final = PlayerFigures(0, 0.0, None, 0, 0, 0, 0)
"""The figures of a game that counts no plays (Spades, War): what the statistics store."""


@dataclass(frozen=True, slots=True)
class PlayerSummary(PlayerFigures):
    """One seat of a game: who sat there, their figures (0 in a game without them, see
    ``NO_FIGURES``), and each game's own (``None`` in the other games)."""

    seat: int
    """0 for player 1, 1 for player 2."""
    kind: str
    """``"human"`` or ``"bot"``."""
    name: str
    level: str | None
    won: bool
    score: int | None = None
    """The final score in Spades and in Spit's points variant."""
    bids: int | None = None
    """Spades: hands bid at one trick or more."""
    bids_made: int | None = None
    """Spades: of those, the hands in which the player took at least the bid."""
    nils: int | None = None
    """Spades: nil and blind-nil bids."""
    nils_made: int | None = None
    """Spades: of those, the hands in which the player took no trick."""

    @classmethod
    def of(
        cls, seat: int, info: PlayerInfo, won: bool, figures: PlayerFigures, **own: Any
    ) -> PlayerSummary:
        """The summary of ``seat``, where ``info``'s player sat and played to ``figures``;
        ``own``: the game's own fields of this record, by name (``score``, ``bids``, ...)."""
        return cls(
            seat=seat,
            kind=info.kind,
            name=info.name,
            level=info.level,
            won=won,
            **{f.name: getattr(figures, f.name) for f in fields(PlayerFigures)},
            **own,
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    game_key: str
    game: str
    """The game's name in the registry: ``"spit"``, ``"spades"``."""
    seal: Seal
    """Whether the file is as the program wrote it: only sealed games set records."""
    replay_path: Path
    final_hash: str
    started: datetime
    """When the game started (the replay's ``created``, else the file's modification
    time), timezone-aware, in UTC: ``.astimezone()`` gives local time."""
    mode: Mode
    human_seat: int | None
    """The human's seat in a game against a bot; ``None`` otherwise."""
    opponent_level: str | None
    """The bot's level in a game against a bot."""
    variant: str | None
    """The game's variant as its replay names it (Spit's ``spit.engine.Variant`` values,
    which the database stores); ``None`` for a game without variants (Spades). A name
    rather than the game's own type so that this record, shared by every game, depends on
    none of them."""
    winner: int | None
    """The winner's seat; ``None``: a draw (an unfinished game has no summary)."""
    rounds: int
    """Rounds in Spit, hands in Spades."""
    duration_ms: int
    playing_ms: int
    active_ms: int
    """``spit.stats.figures``: what "fastest win" compares."""
    players: tuple[PlayerSummary, PlayerSummary]
    forfeit: bool = False
    """The game ended by forfeit (over the network: the loser left, or did not come
    back in time): ``winner`` won it so. Such a win sets no record."""
    challenge: Challenge | None = None
    """The day's deal or the ladder step the game was played as (its header's)."""
    deal_key: str | None = None
    """Which deal the game was played from (``deal_key``): a game played again from
    the same deal shares it, and only the first of them counts for the rating and the
    bests. ``None`` for a game whose game gives none (Spades): it is its own deal."""

    @property
    def draw(self) -> bool:
        """The game ended with no winner."""
        return self.winner is None

    @property
    def human(self) -> PlayerSummary | None:
        """The human in a game against a bot."""
        return None if self.human_seat is None else self.players[self.human_seat]


def game_key(game: str, lines: Iterable[Mapping[str, object]]) -> str:
    """A digest of ``game``'s name and its chance and choice lines (deals or hands, and
    inputs), as read: line ends, blank lines, unknown keys and the header do not count."""
    digest = hashlib.blake2b(game.encode(), digest_size=16)
    for record in lines:
        digest.update(b"\n")
        digest.update(json.dumps(record, sort_keys=True).encode())
    return digest.hexdigest()


def deal_key(game: str, first_deal: Mapping[str, object], *setting: str | None) -> str:
    """A digest of ``game``, its first deal and ``setting`` (the variant, the opponent): what
    makes a replay the same game. Only the first deal: the later ones are the cards each
    player gathered, which differ as soon as the play does."""
    digest = hashlib.blake2b(game.encode(), digest_size=16)
    digest.update(json.dumps([first_deal, setting], sort_keys=True).encode())
    return digest.hexdigest()


def mode_of(
    players: tuple[PlayerInfo, PlayerInfo], *, network: bool = False
) -> tuple[Mode, int | None, str | None]:
    """The mode, the human's seat and the bot's level (for a game against a bot);
    ``network``: the game was played over the network (two people, whatever their
    seats' kinds say: a bot that took a gone player's seat over is in the lines)."""
    if network:
        return Mode.NETWORK, None, None
    kinds = (players[0].kind, players[1].kind)
    if kinds.count("human") == 1:
        seat = kinds.index("human")
        return Mode.VS_BOT, seat, players[1 - seat].level
    return (Mode.TWO_PLAYERS if kinds[0] == "human" else Mode.BOT_VS_BOT), None, None


def started_at(created: str | None, path: Path) -> datetime:
    """The header's start time (local time if it has no UTC offset), else the file's
    modification time, else now: a file may hold any time (``spit.core.dates``)."""
    when = None if created is None else from_iso(created)
    if when is None:
        try:
            when = from_timestamp(path.stat().st_mtime)
        except OSError:  # gone since it was read
            when = None
    return (when or datetime.now(UTC)).astimezone(UTC)


Held = tuple[int, int]
"""What each seat still holds (Spit's cards left to get rid of), for a game's story."""


@dataclass(frozen=True, slots=True)
class PlayStats(Generic[H, S, G, A, E]):
    """How to count a game's plays, for a game of cards played at once (Spit): each
    seat's ``PlayerFigures`` (``spit.stats.figures``) and its story (``spit.stats.story``)."""

    plays: Callable[[A], bool]
    """Whether an accepted action is a card played (Spit's ``Play``)."""
    playing: Callable[[E], bool | None]
    """``True`` for an event after which cards can be played (Spit's ``PlayStarted``),
    ``False`` for one after which they cannot (a stall, a round's end), else ``None``."""
    held: Callable[[S], Held]
    """What each seat holds, for the chart of a game."""
    held_within: Callable[[S, int, E], Iterable[tuple[int, Held]]]
    """The steps an event at ``t`` took at once (Spit's run of stalls) from ``state``:
    each step's time and what each seat held after it."""
    skip_to: Callable[[H, S, G, int, int], int]
    """Where the statistics' walk (``spit.stats.walk``) moves a game whose next timer
    is due at ``due``, before a line at ``before``: ``due``, or the last of a run of
    timers nobody can play in (Spit's stalls), taken at once."""


@dataclass(frozen=True, slots=True)
class LevelColumn:
    """A column of a game's own in the statistics' table of the human's games against
    each bot level (Spades' bids made), after the columns every game has."""

    heading: str
    cell: Callable[[Mapping[str, int]], str]
    """The cell, from the human's own figures (``GameStats.seat``'s) summed over the
    games against one level, by ``PlayerSummary`` field."""
    note: str
    """What the column says, for the line under the table."""


@dataclass(frozen=True, slots=True)
class GameStats(Generic[H, S, G, A, E]):
    """What the statistics, written once (``spit.stats``), cannot know of a game: its
    own figures. A game without any (``GameDescriptor.stats`` is ``None``) gets the
    figures every game has: who played, who won or that nobody did, the scores, the
    rounds, the time. Typed in the game's header, state, stage, action and event."""

    play: PlayStats[H, S, G, A, E] | None = None
    seat: Callable[[S, Seat], Mapping[str, int]] | None = None
    """A seat's own figures at the end (Spades' bids), by ``PlayerSummary`` field."""
    keeps_score: Callable[[H], bool] | None = None
    """Whether a game of this header has a score (Spit's: in its points variant);
    ``None``: every game has one."""
    levels: tuple[LevelColumn, ...] = ()
    """The game's own columns against each level; none: the statistics show no table
    against each level for the game."""
