"""The composition root: the one module that knows every game, and hands them to the
rest of the program.

A game is its own packages (``spit/games/<name>/``, its screens in ``spit/tui/<name>/``).
Everything else finds it through two tables that ``install`` fills, once, when the
program starts (``spit.cli.main``; the tests, ``tests/conftest.py``):

- ``spit.games.registry``: each game's descriptor (``spit/games/<name>/descriptor.py``):
  what it is, its replays, bots, network table and simulator;
- ``spit.tui.shared.front_ends``: each game's screens
  (``spit/tui/<name>/front_ends.py``).

``GAMES`` is the order menus and listings show them in; the first is the game of a
replay that names none (every file written before there was a second game).

Importing this module loads no game's rules, bots, replay code or screens: a
descriptor and a front-end table name them by functions that import them when first
called. The import contracts (``pyproject.toml``) allow this module, and the command
line above it, to import every game; nothing else may import two.
"""

from __future__ import annotations

from typing import Final

from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.games.spades.descriptor import DESCRIPTOR as SPADES
from spit.games.spit.descriptor import DESCRIPTOR as SPIT
from spit.tui.shared import front_ends
from spit.tui.shared.front_ends import FrontEnds
from spit.tui.spades.front_ends import FRONT_ENDS as SPADES_SCREENS
from spit.tui.spit.front_ends import FRONT_ENDS as SPIT_SCREENS

GAMES: Final[tuple[tuple[GameDescriptor, FrontEnds], ...]] = (
    (SPIT, SPIT_SCREENS),
    (SPADES, SPADES_SCREENS),
)
"""Every game, with its screens."""


def install(extra: tuple[tuple[GameDescriptor, FrontEnds], ...] = ()) -> None:
    """Register every game (and ``extra`` ones after them: a test's own game) with the
    registry and its screens with the shared screens."""
    chosen = GAMES + extra
    registry.install(game for game, _ in chosen)
    front_ends.install({game.name: screens for game, screens in chosen})
