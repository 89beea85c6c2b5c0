"""A game as the rest of the program finds it in the registry: its ``GameDescriptor``.

Each game package declares one (``spit/games/<name>/descriptor.py``); the composition
root (``spit.composition``) imports them and installs them in ``spit.games.registry``.
A descriptor holds the game's headless parts, typed: what it is (``spit.game.GameInfo``),
how its replay files look in a listing, how to read, verify and name a replay, its bots,
its network table, its simulator and its own figures for the statistics. The parts that
live in higher layers (its screens, its command) are in those layers' own tables.

Importing a descriptor must cost next to nothing: ``spit-tui`` lists the games at
start-up, and ``spit-tui play`` should never pay for Spades. So every part that needs
the game's rules, bots or replay code is a small function of the descriptor's module
that imports them when first called: typed like the function it calls, and lazy.

A function here that takes any game's replay (``GameReplay``) is given a replay of
its own game by the registry's lookups (``spit.games.replays``); it refuses another
game's with ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from msgspec import Struct

from spit.game import GameInfo, Option

if TYPE_CHECKING:
    from spit.core.replay.fields import PlayerInfo
    from spit.core.replay.reading import Problem
    from spit.core.replay.seal import Seal
    from spit.core.replay.verification import Verification
    from spit.games.simulation import Simulator
    from spit.games.summary import GameStats
    from spit.play.net_table import NetTable
    from spit.replay.format import ReplayFormat
    from spit.replay.reader import Replay

    AnyFormat: TypeAlias = ReplayFormat[Any, Any, Any, Any, Any, Any, Any, Any, Any]


class ReplayHeader(Protocol):
    """What every game's replay header has."""

    @property
    def players(self) -> tuple[PlayerInfo, PlayerInfo]: ...

    @property
    def created(self) -> str | None: ...

    @property
    def network(self) -> bool: ...


class GameReplay(Protocol):
    """What every game's replay, as read, has."""

    @property
    def header(self) -> ReplayHeader: ...

    @property
    def problems(self) -> tuple[Problem, ...]: ...

    @property
    def seal(self) -> Seal: ...

    @property
    def path(self) -> Path | None: ...

    @property
    def game(self) -> str:
        """The game's key (``GameInfo.key``)."""
        ...


class ListedEnd(Protocol):
    """What a listing shows of a game's closing line (its ``End`` record)."""

    @property
    def winner(self) -> int | None:
        """The winning seat; ``None``: a draw."""
        ...

    @property
    def t(self) -> int | None: ...

    @property
    def rounds(self) -> int:
        """Rounds, hands: whatever the game counts (``GameInfo.round_word``)."""
        ...


class ReplayFiles(Struct, frozen=True):
    """How the game's replays look in a folder, for listings that read no more of a
    file than its first and last lines (``spit.saved_games``)."""

    suffix: str
    """The file name ending, e.g. ``.spit.jsonl``; a rename keeps it."""
    new_round: tuple[str, str]
    """The line type that starts a round and the key holding its number."""
    header: Callable[[dict[str, object], tuple[int, int]], ReplayHeader]
    """The header line's object and format version to the game's header. Raises
    ``FormatError``."""
    end: Callable[[dict[str, object]], ListedEnd]
    """The closing line's object to the game's ``End``. Raises ``FormatError``."""
    mode_text: Callable[[tuple[PlayerInfo, PlayerInfo], bool], str]
    """How a list names the game of these players, and whether it was played over the
    network: ``vs hard bot``, ``Network``."""

    @classmethod
    def of_format(
        cls,
        format_of: Callable[[], AnyFormat],
        suffix: str,
        new_round: tuple[str, str],
        mode_text: Callable[[tuple[PlayerInfo, PlayerInfo], bool], str],
    ) -> ReplayFiles:
        """The files of a game whose replays are ``spit.replay``'s, in the format
        ``format_of`` imports when first called (its ``suffix``, known before)."""
        return cls(
            suffix=suffix,
            new_round=new_round,
            header=lambda obj, version: format_of().header.from_json(obj, version),
            end=lambda obj: format_of().lines.read_end(obj),
            mode_text=mode_text,
        )

    def read_header(self, obj: dict[str, object], version: tuple[int, int]) -> ReplayHeader:
        return self.header(obj, version)

    def read_end(self, obj: dict[str, object]) -> ListedEnd:
        """The closing line's object as a listing reads it."""
        return self.end(obj)


class Replays(Struct, frozen=True):
    """The game's replays: read one from its bytes, check it, name its kind of game."""

    read: Callable[[bytes, Path | None], GameReplay]
    """A replay's bytes (and where they came from) to the game's replay. Raises
    ``UnreadableReplay``."""
    verify: Callable[[GameReplay], Verification]
    """Re-simulate a replay of the game strictly (``spit.core.replay.verification``)."""
    describe: Callable[[GameReplay], str]
    """The game line of ``replay --check``: ``standard``, ``spades (to 500)``."""
    format: Callable[[], AnyFormat] | None = None
    """The game's ``spit.replay.format.ReplayFormat``, for the parts written once that
    re-play its games (the statistics); ``None``: the statistics keep none of them."""

    @classmethod
    def of_format(
        cls, format_of: Callable[[], AnyFormat], describe: Callable[[Replay[Any, Any, Any]], str]
    ) -> Replays:
        """The replays of a game whose replays are ``spit.replay``'s, in the format
        ``format_of`` imports when first called; ``describe`` is given one of them."""

        def read(data: bytes, path: Path | None) -> GameReplay:
            from spit.replay.reader import parse_replay

            return parse_replay(format_of(), data, path)

        def verify(replay: GameReplay) -> Verification:
            from spit.replay.verify import verify_own

            return verify_own(format_of(), replay)

        def line(replay: GameReplay) -> str:
            from spit.replay.reader import Replay

            if not isinstance(replay, Replay) or replay.game != format_of().key:
                raise TypeError(f"a replay of {replay.game}, not of {format_of().key}")
            return describe(replay)

        return cls(read=read, verify=verify, describe=line, format=format_of)


class Bots(Struct, frozen=True):
    """The game's computer players, weakest first, each with a line for a chooser."""

    levels: Callable[[], Sequence[str]]
    describe: Callable[[str], str]
    default: str | None
    """The level a chooser offers first; ``None`` where the player's settings say."""
    ratings: Callable[[], Mapping[str, tuple[float, float]]] | None = None
    """Each level's fixed openskill rating (``mu``, ``sigma``), for rating people
    against the bot on a server; ``None``: games against this game's bots are unrated."""


class ServerDaily(Struct, frozen=True):
    """A game's deal of one UTC day as a server plays it: the variant, the bot's
    level, and the day's seed (which the server mixes with a secret of its own)."""

    variant: str
    bot: str
    seed: int


class NetTableFactory(Protocol):
    """A room's game on the network server: the two players' names by seat, its deals
    from ``seed``, its replay written into ``replay_dir`` (``None``: not recorded).
    ``options`` are the game's own (checked by ``NetPlay.options`` when they come from
    a client); one it does not take raises ``TypeError``, a value it does not take
    ``ValueError``."""

    def __call__(
        self, names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: object
    ) -> NetTable: ...


class NetPlay(Struct, frozen=True):
    """How the game is played over the network."""

    table: NetTableFactory
    options: Callable[[Mapping[str, object]], dict[str, object]]
    """A client's options for a new room (a ``hello``'s ``options``, already checked for
    shape by ``spit.net.protocol``), checked against the game's room options
    (``GameDescriptor.room_choices``): the keyword arguments for ``table``. Raises
    ``ValueError`` with a message for the player."""


class GameDescriptor(Struct, frozen=True):
    """Everything the program's shared parts need to know of one game."""

    info: GameInfo
    files: ReplayFiles
    replays: Replays
    bots: Bots
    net: NetPlay | None = None
    """``None`` for a game not yet playable over the network."""
    simulator: Callable[[], Simulator] | None = None
    """The game's side of ``spit-tui sim`` (``spit.games.simulation``), loaded when
    called; ``None`` for a game without a simulator."""
    server_daily: Callable[[date], ServerDaily] | None = None
    """The game's deal of a day on a server's daily board; ``None``: no daily board."""
    rules: Callable[[], str] | None = None
    """The rules in short, in Markdown, for How to play; ``None``: none written."""
    stats: Callable[[], GameStats[Any, Any, Any, Any, Any]] | None = None
    """The game's own figures for the statistics (``spit.games.summary.GameStats``);
    ``None``: only those every game has."""

    @property
    def name(self) -> str:
        """The header's ``game`` key, the statistics' ``game`` column."""
        return self.info.key

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def round_word(self) -> str:
        return self.info.round_word

    @property
    def suffix(self) -> str:
        return self.files.suffix

    @property
    def room_choices(self) -> tuple[Option, ...]:
        """The options a new room's form offers (``Option.in_rooms``)."""
        return tuple(option for option in self.info.options if option.in_rooms)
