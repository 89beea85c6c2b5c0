"""The practice round on screen: the Spit game screen, its bot the slow one, and a
hint line over the table's bottom row (where the key reminder is) that says what to
press and points at the card on the table (the arrow keys' selection).

The game is the real one, so it is played with the player's keys and settings, but
it is not recorded: a first game with hints is no game for the replays or the
statistics, and a player who wants it saved can play the slow bot's neighbours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from msgspec.structs import replace
from textual import events
from textual.app import ComposeResult
from textual.widgets import Static

from spit.core.seats import SEATS
from spit.settings.keymap import spelt_key_label
from spit.tui.shared.styles import GAME_CSS
from spit.tui.spit.board.presenter import Cursor
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.game_screen import SpitScreen
from spit.tui.spit.practice.coach import Coach, Hint
from spit.tui.spit.practice.slow_bot import NAME, make_slow_bot

if TYPE_CHECKING:
    from spit.core.clock import Clock
    from spit.games.spit.bots import BotAgent
    from spit.settings.model import Settings


DEAL_SEED: Final = 7
"""The practice deal, the same every time: one with a play for the player as soon as
the cards are turned up, and a move into a space soon after (a rematch deals the next
seed's cards)."""


class PracticeScreen(SpitScreen):
    """A practice game with ``config``'s keys and cards (its bot and recording are
    the practice round's own)."""

    CSS_PATH: ClassVar = list(GAME_CSS)
    """The game screen's files (relative paths would be read from this package)."""
    DEFAULT_CSS: ClassVar[str] = """
    PracticeScreen #practice-hint {
        position: absolute;
        overlay: screen;
        width: 100%;
        height: 1;
        padding: 0 1;
        background: $warning;
        color: $background;
        text-style: bold;
    }
    """

    def __init__(self, config: GameConfig, clock: Clock | None = None) -> None:
        super().__init__(replace(config, bot_level=NAME, record=False), clock)
        self.coach = Coach()
        self.watchers = [self.coach]
        self.hint: Hint | None = None
        """The hint on screen."""
        self._hint_line = Static(id="practice-hint", markup=False)

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self._hint_line

    def make_bots(self, seed: int) -> list[BotAgent]:
        return [make_slow_bot(SEATS[1], seed)]

    def on_resize(self, event: events.Resize) -> None:
        self._place_hint(event.size.height)

    def on_show(self) -> None:
        self._place_hint(self.size.height)

    def _place_hint(self, height: int) -> None:
        self._hint_line.styles.offset = (0, max(0, height - 1))

    def on_redraw(self) -> None:
        """Say what the table now teaches, and point at its card when it is new."""
        hint = self.coach.hint(self.match, self._spelt, self.painter.name)
        if hint == self.hint:
            return
        self.hint = hint
        self._hint_line.update(hint.text)
        if hint.aim is not None:
            self._cursor = Cursor(*hint.aim)
            self._cursor_used = True
            self._redraw()

    def _spelt(self, binding_id: str) -> str:
        """A key named in a sentence ("press O-umlaut", not "press O:")."""
        return spelt_key_label(self.keys[binding_id], ascii_only=self.painter.ascii)


def practice_round(settings: Settings, clock: Clock | None = None) -> PracticeScreen:
    """The practice round with the player's settings (the app opens it over the screen
    the player is on: ``spit.tui.shared.navigation.StartPractice``)."""
    return PracticeScreen(GameConfig.from_settings(settings, seed=DEAL_SEED), clock)
