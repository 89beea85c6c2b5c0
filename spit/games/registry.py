"""The games this program knows, as the composition root installed them.

Every place that works for any game (the replay reader and ``--check``, the replays
folder and browser, the statistics, the menu, the network server) asks this registry
instead of comparing a game's name: by the header's ``game`` key (``by_header``), by a
file's suffix (``by_path``), by name (``by_name``), or for all of them (``games``).

The registry knows no game itself. The composition root (``spit.composition``)
imports each game's descriptor (``spit.games.descriptor.GameDescriptor``) and calls
``install`` once, at start-up; the tests install the same games (``tests/conftest.py``)
and may install one more.

The registry imports the replay framing (``spit.core.replay``) only in the functions
that read a header: the command line lists the games to build its parser, and a
command that reads no replay (``spit-tui play``, ``--help``) should not pay for that.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from spit.games.descriptor import GameDescriptor


class UnknownGame(LookupError):
    """A game name, header or file suffix no registered game has; the message says
    which, quoted safely, and which games there are."""


_games: tuple[GameDescriptor, ...] = ()


def install(games: Iterable[GameDescriptor]) -> None:
    """Register ``games``, in the order menus and listings show them, replacing any
    registered before. The first is the game of a replay header that names none (every
    file written before there was a second game). Raises ``ValueError`` if two claim
    the same name, title or suffix (a mistake in a new game's descriptor)."""
    global _games
    found = tuple(games)
    for what in ("name", "title", "suffix"):
        values = [getattr(game, what) for game in found]
        if len(set(values)) != len(values):
            raise ValueError(f"two games registered with the same {what}: {values}")
    _games = found


def games() -> tuple[GameDescriptor, ...]:
    """Every registered game, in the order they were installed. Raises
    ``RuntimeError`` before ``install``: a program's entry point calls
    ``spit.composition.install`` first."""
    if not _games:
        raise RuntimeError("no game is registered: call spit.composition.install() first")
    return _games


def names() -> tuple[str, ...]:
    return tuple(game.name for game in games())


def suffixes() -> tuple[str, ...]:
    """Every game's replay file ending, for ``str.endswith``."""
    return tuple(game.suffix for game in games())


def by_name(name: str) -> GameDescriptor:
    """The game called ``name``. Raises ``UnknownGame``."""
    for game in games():
        if game.name == name:
            return game
    from spit.core.replay.fields import show  # lazily: see the module docstring

    raise UnknownGame(f"no game called {show(name)}; the games are {', '.join(names())}")


def by_header(obj: dict[str, object]) -> GameDescriptor:
    """The game a replay header names: the first registered when it names none.
    Raises ``UnknownGame`` for a game this version does not know (a newer program's)
    and ``FormatError`` when ``game`` is not a name."""
    from spit.core.replay.fields import read_game  # lazily: see the module docstring

    name = read_game(obj)
    return games()[0] if name is None else by_name(name)


def by_path(path: str | Path) -> GameDescriptor | None:
    """The game whose replay suffix ``path``'s name ends with, if any."""
    name = Path(path).name
    return next((game for game in games() if name.endswith(game.suffix)), None)


def stem(name: str) -> str:
    """A replay file's name without its game's suffix (``name`` itself if it has none)."""
    game = by_path(name)
    return name if game is None else name[: -len(game.suffix)]


def refuse_other_games(obj: dict[str, object], name: str) -> None:
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
