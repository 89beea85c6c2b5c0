"""Each game's screens, as the shared screens (the app, the menu, the replays, the
network screens) find them: a ``FrontEnds`` a game, installed by the composition root.

Each game's screens package has its table (``spit/tui/<game>/front_ends.py``); the
composition root (``spit.composition``) installs them here by the game's name, beside
the games' descriptors in ``spit.games.registry``. The shared screens ask for a game's
screens by name and never import a game's package. Each part is a function that
imports the screen when first called, so that opening the menu loads no game's
screens.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from msgspec import Struct

from spit.settings import game_keys
from spit.settings.game_keys import GameKeys

if TYPE_CHECKING:
    from textual.screen import Screen

    from spit.core.clock import Clock
    from spit.net.client import NetClient
    from spit.settings.model import Settings
    from spit.tui.shared.viewer_base import ViewerScreen


class NetScreenMaker(Protocol):
    """A game's screen on a network client already welcomed to its room (a player's
    table, or a spectator's)."""

    def __call__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> Screen[None]: ...


class ScreenOpener(Protocol):
    """Opens one of a game's own screens (a challenge, a practice round) with the
    player's settings: the screen, or an awaitable of it for one that must read
    something first (the ladder's step, from the statistics, in a thread) without
    holding up the screen it is opened from."""

    def __call__(
        self, settings: Settings, clock: Clock | None
    ) -> Screen[Any] | Awaitable[Screen[Any]]: ...


class GameStart(Protocol):
    """A game as an app is started on it (``spit-tui play``): the game's own
    description of it (Spit's ``GameConfig``), which its ``FrontEnds.start`` turns
    into its table."""

    @property
    def game(self) -> str:
        """The game's name (``GameInfo.key``)."""
        ...


class SettingChoice(Struct, frozen=True):
    """One of the player's settings that is the game's own, as the Settings screen
    offers it: the game's setting it sets (an option's key, or ``bot_level``:
    ``spit.settings.model.game_settings``), its label there, and its choices (each
    shown text with the value it sets), loaded when first asked for."""

    setting: str
    label: str
    choices: Callable[[], Sequence[tuple[str, object]]]


class MenuEntry(Struct, frozen=True):
    """One of a game's entries on the main menu (``spit.tui.shell.menu``), with its
    own key: each game brings its keys, so that adding a game moves no other entry's."""

    id: str
    """The entry's id (its binding is ``menu.<id>``): the game's name for its one
    entry, or a name of its own."""
    key: str
    label: str
    start: Literal["bot", "two_players", "screen"] = "bot"
    """What it starts: a game against a bot at a level chosen first, a game of two
    players on one keyboard, or a screen of the game's own (``opens``: one of its
    challenges, through ``StartChallenge``)."""
    opens: ScreenOpener | None = None
    """The screen an entry that starts ``screen`` opens."""
    header: Callable[[], str] | None = None
    """The head of the bot levels' columns in the chooser, loaded when it opens."""
    note: str | None = None
    """Under the bot levels: how to read them."""


class FrontEnds(Struct, frozen=True):
    """One game's screens."""

    viewer: Callable[[Path, Clock | None], ViewerScreen]
    """A saved game played back."""
    table: Callable[[Settings, str | None, Clock | None], Screen[None]]
    """The live table as the settings ask for, against a bot of this level (``None``:
    the settings' level, or the game's own players)."""
    menu: tuple[MenuEntry, ...] = ()
    """The game's entries on the main menu, in order."""
    room_options: Callable[[Settings], Mapping[str, object]] | None = None
    """The options of a room the menu hosts, from the player's settings (Spit: its
    variant); ``None``: the game's defaults."""
    net_screen: NetScreenMaker | None = None
    """The table of a game over the network; ``None`` for a game not yet playable
    there."""
    watch_screen: NetScreenMaker | None = None
    """The table a spectator watches a network game on, drawn as the game's replay
    viewer draws (``NetClient.connect(watch=True)``); ``None`` for a game that cannot
    be watched."""
    settings: tuple[SettingChoice, ...] = ()
    """The player's settings that are the game's own, in the order the Settings screen
    shows them (``spit.tui.shell.settings_screen``)."""
    start: Callable[[GameStart, Clock | None], Screen[None]] | None = None
    """The table of an app started on the game (``spit-tui play``), from the game's own
    ``GameStart``; raises ``TypeError`` for another game's. ``None``: no app starts on
    it."""
    practice: ScreenOpener | None = None
    """A practice round with hints (``StartPractice`` opens the first game's that has
    one); ``None``: none."""
    keys: GameKeys | None = None
    """The game's remappable keys (``spit.settings.game_keys``), a section of the
    Settings screen's keys each; ``None``: none, or (the first game) its own key map
    (``spit.settings.keymap``)."""


_installed: dict[str, FrontEnds] = {}


def install(front_ends: Mapping[str, FrontEnds]) -> None:
    """Register each game's screens by the game's name, replacing any registered, and
    declare their remappable keys to the settings (which check the file's)."""
    _installed.clear()
    _installed.update(front_ends)
    game_keys.declare(screens.keys for screens in front_ends.values() if screens.keys)


def front_ends(game: str) -> FrontEnds:
    """The screens of the game called ``game``. Raises ``KeyError`` for a game whose
    screens are not installed (``spit.composition.install`` installs every game's)."""
    try:
        return _installed[game]
    except KeyError:
        raise KeyError(f"no screens are installed for the game {game!r}") from None
