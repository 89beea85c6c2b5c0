"""The games this program knows, each described once by its own package.

Every place that works for any game (the replay reader and ``--check``, the replays
folder and browser, the statistics, the menu, the command line) asks this registry
instead of comparing a game's name: by the header's ``game`` key (``by_header``), by a
file's suffix (``by_path``), by name (``by_name``), or for all of them (``games``).

Each game package (``spit/games/<name>/``) declares its ``GameDescriptor`` in its
``descriptor`` module, and ``GAME_PACKAGES`` below lists those packages: adding a game
is one package and one line here (``docs/architecture.md``, "Adding a game").

A descriptor names the parts of its game by a dotted path, ``"module:attribute"``
(``LayerRef``), for two reasons:

- **Headless parts** (the replay reader and verifier, the listing readers, the bot
  levels, the session, the simulator, the network table) must not be imported with
  the registry: ``spit-tui``'s start-up imports it, and should load no game's engine,
  bots or replay code. A ``Deferred`` is called like the function it names and imports
  it at the first call; a value (the bot levels, the simulator) is a ``LayerRef``'s
  ``load``. Where a game does more than call its module (Spades' bot description, Spit's
  network options), its descriptor has a small function of its own instead.
- **Parts in higher layers** (the TUI's viewer and table screens, the statistics
  summary, the game's subcommand) are ``LayerRef``s imported with ``importlib`` by the
  layer that uses them. The games layer sits below ``spit.tui``, ``spit.stats`` and
  ``spit.commands`` and must not import them (the layering contracts forbid it, even
  inside a function); a path is text, so the arrow still points down.

A path is not checked by mypy: ``tests/games/test_registry.py`` checks that every path
names an existing object of the kind its field wants.

The registry itself imports the replay framing (``spit.core.replay``) only in the
functions that read a header: the command line imports it to list its subcommands, and
a command that reads no replay (``spit-tui play``, ``--help``) should not pay for that.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from msgspec import Struct

if TYPE_CHECKING:
    import argparse

    from spit.core.replay.fields import PlayerInfo
    from spit.core.replay.verification import Verification
    from spit.games.simulation import Simulator

GAME_PACKAGES: Final = ("spit.games.spit", "spit.games.spades")
"""The game packages, in the order menus and listings show them; each has a
``descriptor`` module with a ``DESCRIPTOR``. The first is the game of a replay header
that names none (every file written before there was a second game)."""

R = TypeVar("R")
R_contra = TypeVar("R_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class UnknownGame(LookupError):
    """A game name, header or file suffix no registered game has; the message says
    which, quoted safely, and which games there are."""


class ReplayReader(Protocol[R_co]):
    """A replay's bytes to the game's replay, raising ``UnreadableReplay``."""

    def __call__(self, data: bytes, path: Path | None = None) -> R_co: ...


class ReplayVerifier(Protocol[R_contra]):
    """Re-simulate a replay of the game strictly (``spit.core.replay.verification``)."""

    def __call__(self, replay: R_contra) -> Verification: ...


class Session(Protocol):
    """What a headless driver (the simulator, a duel) needs of any game's session: run
    it on its virtual clock to its end, or to a time limit, and read the time."""

    @property
    def time(self) -> int: ...

    def run_to_end(self, limit_ms: int) -> object: ...


class SessionFactory(Protocol):
    """A new session of the game: its deals from ``seed``, driven by ``agents`` (one per
    seat), each recorder told everything that happens. ``options`` are the game's own
    (Spit's variant, target and timing; Spades' target), with its defaults for any left
    out, so a generic driver passes on only what its user chose."""

    def __call__(
        self,
        *,
        seed: int,
        agents: Sequence[Any],
        recorders: Sequence[Any] = (),
        **options: Any,
    ) -> Session: ...


class NetTableFactory(Protocol):
    """A room's game on the network server (what ``spit.net.room.NetTable`` asks of
    one): the two players' names by seat, its deals from ``seed``, its replay written
    into ``replay_dir`` (``None``: not recorded); ``options`` are the game's own, as for
    ``SessionFactory``."""

    def __call__(
        self, names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: Any
    ) -> Any: ...


class LayerRef(Struct, frozen=True):
    """A module or an object, in a layer above the games or in a game's own modules, by
    its dotted path (``module`` or ``module:attribute``); ``load`` imports it (see the
    module docstring for why it is not imported here)."""

    path: str

    def load(self) -> Any:
        """The module, or the attribute of it (``Class.method`` reaches into a class)."""
        module, _, attribute = self.path.partition(":")
        found = importlib.import_module(module)
        for name in attribute.split(".") if attribute else ():
            found = getattr(found, name)
        return found


class Deferred(LayerRef, frozen=True):
    """A headless function of a game by its dotted path, called like it: its module is
    imported at the first call (see the module docstring for why not before)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


class ListedEnd(Protocol):
    """What a listing shows of a game's closing line (its ``End`` record)."""

    @property
    def winner(self) -> int: ...

    @property
    def t(self) -> int | None: ...

    @property
    def rounds(self) -> int:
        """Rounds, hands: whatever the game counts (``GameDescriptor.round_word``)."""
        ...


class ReplayFiles(Struct, frozen=True):
    """How the game's replays look in a folder, for listings that read no more of a
    file than its first and last lines (``spit.saved_games``)."""

    suffix: str
    """The file name ending, e.g. ``.spit.jsonl``; a rename keeps it."""
    new_round: tuple[str, str]
    """The line type that starts a round and the key holding its number."""
    header: Callable[[dict[str, Any], tuple[int, int]], Any]
    """The game's header reader (its ``from_json``): the header has ``players`` and
    ``created``. Raises ``FormatError``."""
    end: Callable[[dict[str, Any], int], ListedEnd]
    """The game's closing-line reader. Raises ``FormatError``."""
    mode_text: Callable[[tuple[PlayerInfo, PlayerInfo], bool], str]
    """How a list names the game of these players, and whether it was played over the
    network: ``vs hard bot``, ``Network``."""

    def read_header(self, obj: dict[str, Any], version: tuple[int, int]) -> Any:
        """The header line's object and format version to the game's header."""
        return self.header(obj, version)

    def read_end(self, obj: dict[str, Any]) -> tuple[int, int | None, int]:
        """The closing line's object to (winner, time, rounds)."""
        end = self.end(obj, 0)
        return end.winner, end.t, end.rounds


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


class FrontEnds(Struct, frozen=True):
    """The game's screens in ``spit.tui``: a saved game played back, the live table,
    and the menu entry that opens the table against a bot."""

    viewer: LayerRef
    """A ``ViewerScreen`` class, called as ``viewer(path, clock=...)``."""
    table: LayerRef
    """A screen class with ``from_settings(settings, level)``."""
    menu_label: str | None
    """The menu's entry for a game against a bot; ``None`` where the menu has the
    game's own entries (Spit's two players and bot chooser)."""
    net_screen: LayerRef | None = None
    """The table of a game over the network: a screen class called as
    ``net_screen(client, settings, clock=...)`` with a ``spit.net.client.NetClient``
    already welcomed to its room; ``None`` for a game not yet playable there."""
    watch_screen: LayerRef | None = None
    """The table a spectator watches a network game on: a screen class called as
    ``watch_screen(client, settings, clock=...)`` with a client connected to watch
    (``NetClient.connect(watch=True)``), drawn as the game's replay viewer draws;
    ``None`` for a game that cannot be watched."""
    menu_key: str | None = None
    """The key of the menu's entry (with ``menu_label``): each game brings its own,
    so that adding a game moves no other entry's key (``spit.tui.shell.menu``)."""


class RoomChoice(Struct, frozen=True):
    """One option a player may choose when opening a room on a server for many rooms
    (a key ``net_options`` takes), as the new-room form offers it: one of ``values``
    (the first is the default), or, without values, a whole number from ``lowest`` to
    ``highest`` (``default`` first)."""

    key: str
    """The option's name in the ``hello``'s ``options`` (``variant``)."""
    label: str
    """What the form calls it (``Variant``)."""
    values: tuple[str, ...] = ()
    lowest: int = 0
    highest: int = 0
    default: int = 0

    def check(self, title: str, value: object) -> str | int:
        """``value`` if this option takes it. Raises ``ValueError`` with a message for
        the player of ``title`` (the game's title)."""
        if self.values:
            if value not in self.values:
                raise ValueError(f"{title}: the {self.key} is one of {', '.join(self.values)}")
            return str(value)
        if type(value) is not int or not self.lowest <= value <= self.highest:
            raise ValueError(
                f"{title}: the {self.key} is a whole number from {self.lowest} to {self.highest}"
            )
        return value


def room_options(
    title: str, choices: Sequence[RoomChoice], options: Mapping[str, Any]
) -> dict[str, str | int]:
    """A client's options for a new room of the game ``title`` (a ``hello``'s
    ``options``), each checked by the game's choice of that key; the ones left out are
    left to the game's defaults. Raises ``ValueError`` for an option the game has not
    or a value it does not take: a game's ``net_options`` is this, or builds on it."""
    known = {choice.key: choice for choice in choices}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"{title} has no option {unknown[0]}; it has {', '.join(known)}")
    return {key: known[key].check(title, value) for key, value in options.items()}


class GameDescriptor(Struct, Generic[R], frozen=True):
    """Everything the rest of the program needs to know of one game."""

    name: str
    """The header's ``game`` key and the statistics' ``game`` column."""
    title: str
    """The name shown to people: ``Spit``."""
    round_word: str
    """What one round is called: ``round``, ``hand``."""
    files: ReplayFiles
    read_replay: ReplayReader[R]
    verify: ReplayVerifier[R]
    describe: Callable[[R], str]
    """The game line of ``replay --check``: ``standard``, ``spades (to 500)``."""
    bots: Bots
    front_ends: FrontEnds
    summary: LayerRef
    """The statistics' summary: ``(replay, path) -> spit.stats.summary.GameSummary``."""
    command: tuple[str, LayerRef]
    """The subcommand that plays the game, and its module (``add_arguments(parser)``
    and ``run(args)``, as ``spit.cli`` expects of every subcommand)."""
    command_help: str
    session: SessionFactory | None = None
    """How headless code starts a game; ``None`` for a game without a session yet."""
    net_table: NetTableFactory | None = None
    """How the network server starts a room's game; ``None`` for a game not yet
    playable over the network."""
    simulator: Callable[[], Simulator] | None = None
    """The game's side of ``spit-tui sim`` (``spit.games.simulation``), loaded when
    called; ``None`` for a game without a simulator."""
    net_options: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    """A client's options for a new room on a server for many rooms (``hello``'s
    ``options``, already checked for shape by ``spit.net.protocol``), checked against
    the game's own: the keyword arguments for ``net_table``. Raises ``ValueError`` with
    a message for the player. ``None``: the game takes no options there."""
    room_choices: tuple[RoomChoice, ...] = ()
    """The options of ``net_options`` as the new-room form offers them."""
    server_daily: Callable[[date], ServerDaily] | None = None
    """The game's deal of a day on a server's daily board; ``None``: no daily board."""

    @property
    def suffix(self) -> str:
        return self.files.suffix

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """The game's command-line options (``--level``, ``--target``, ...)."""
        self.command[1].load().add_arguments(parser)


_games: tuple[GameDescriptor[Any], ...] | None = None


def games() -> tuple[GameDescriptor[Any], ...]:
    """Every registered game, in ``GAME_PACKAGES`` order. Raises ``RuntimeError`` if
    two packages claim the same name or suffix (a mistake in a new game's package)."""
    global _games
    if _games is None:
        found = tuple(
            importlib.import_module(f"{package}.descriptor").DESCRIPTOR for package in GAME_PACKAGES
        )
        for what in ("name", "suffix"):
            values = [getattr(game, what) for game in found]
            if len(set(values)) != len(values):
                raise RuntimeError(f"two games registered with the same {what}: {values}")
        _games = found
    return _games


def names() -> tuple[str, ...]:
    return tuple(game.name for game in games())


def suffixes() -> tuple[str, ...]:
    """Every game's replay file ending, for ``str.endswith``."""
    return tuple(game.suffix for game in games())


def by_name(name: str) -> GameDescriptor[Any]:
    """The game called ``name``. Raises ``UnknownGame``."""
    for game in games():
        if game.name == name:
            return game
    from spit.core.replay.fields import show  # lazily: see the module docstring

    raise UnknownGame(f"no game called {show(name)}; the games are {', '.join(names())}")


def by_header(obj: dict[str, Any]) -> GameDescriptor[Any]:
    """The game a replay header names: the first registered when it names none.
    Raises ``UnknownGame`` for a game this version does not know (a newer program's)
    and ``FormatError`` when ``game`` is not a name."""
    from spit.core.replay.fields import read_game  # lazily: see the module docstring

    name = read_game(obj)
    return games()[0] if name is None else by_name(name)


def by_path(path: str | Path) -> GameDescriptor[Any] | None:
    """The game whose replay suffix ``path``'s name ends with, if any."""
    name = Path(path).name
    return next((game for game in games() if name.endswith(game.suffix)), None)


def stem(name: str) -> str:
    """A replay file's name without its game's suffix (``name`` itself if it has none)."""
    game = by_path(name)
    return name if game is None else name[: -len(game.suffix)]


def refuse_other_games(obj: dict[str, Any], name: str) -> None:
    """Raise ``UnreadableReplay`` unless the header ``obj`` is a replay of the game
    ``name``: a game's reader calls it first, so that a file of another game, or of
    one this version does not know, is refused with a message saying so."""
    from spit import __version__
    from spit.core.replay.fields import show
    from spit.core.replay.reading import UnreadableReplay  # lazily: see the module docstring

    try:
        found = by_header(obj)
    except UnknownGame:
        raise UnreadableReplay(
            f"it is a replay of the game {show(obj.get('game'))}, which this spit-tui "
            f"({__version__}) does not know"
        ) from None
    if found.name != name:
        raise UnreadableReplay(f"it is a {found.title} replay, not a {by_name(name).title} one")
