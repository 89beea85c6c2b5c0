"""The Textual application: one app, the menu and the game as screens.

Skeleton by the lead; the menu/settings engineer owns and extends this file. The
constructor is a contract: `spit-tui` opens the menu, `spit-tui play` passes
``start_game`` and lands straight on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

if TYPE_CHECKING:
    from spit.match import Clock
    from spit.tui.game_config import GameConfig
    from spit.tui.settings import Settings


class SpitApp(App[int]):
    """spit-tui. ``clock`` is for tests (a FakeClock); live play uses the real clock."""

    TITLE = "spit-tui"

    def __init__(
        self,
        settings: Settings | None = None,
        start_game: GameConfig | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.start_game = start_game
        self.clock = clock
