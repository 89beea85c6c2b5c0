"""What a screen may ask of the app it runs in, without knowing which app that is.

Screens reach the player's settings, the replay folder, the clock and the settings
file through ``services(screen)``, typed as the ``Services`` protocol, never through
the concrete ``spit.tui.app.SpitApp``: the app imports every screen it opens, so a
screen that imported the app would close an import cycle (``tests/tui/test_import_cycles.py``
checks that there is none). Going from one screen to another a screen does not own
(a game, a replay, leaving) is a message to the app (``spit.tui.shared.navigation``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.signal import Signal

    from spit.core.clock import Clock
    from spit.settings.model import Settings


class Services(Protocol):
    """The app's side of the screens' contract. ``SpitApp`` provides it, which mypy
    checks where the app is defined; a screen in some other app (a test's) that uses
    none of it needs none of it."""

    settings: Settings
    """The settings in use: read them here each time, as the Settings screen changes them."""
    settings_file: Path
    """Where the settings are saved (shown to the player, written by the menu's offer)."""
    clock: Clock | None
    """The clock for games and viewers: a FakeClock in tests, ``None`` for real time."""
    card_style_signal: Signal[bool]
    """Published with whether the card style is ASCII whenever it is set."""

    def replay_dir(self) -> Path:
        """Where games are saved: the settings' folder, or the default one."""
        ...

    def change_settings(self, settings: Settings) -> bool:
        """Use and save ``settings``; False if saving failed (the app has told the player why)."""
        ...


def services(node: DOMNode) -> Services:
    """The services of ``node``'s app: a cast, since ``isinstance`` on a protocol is slow."""
    return cast("Services", node.app)
