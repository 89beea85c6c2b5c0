"""Everything needed to start a game of Spit on screen, as one immutable value.

The menu builds one from the settings, ``spit-tui play`` from its arguments; the game
screen takes it and nothing else, so both ways into a game behave the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from msgspec import field
from msgspec.structs import force_setattr

from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spit.identity import NAME
from spit.settings.model import CARD_STYLES, CardStyle, Settings, game_setting
from spit.tui.shared.table_settings import TableSettings, table_options

if TYPE_CHECKING:  # only a challenge's game has one (spit.tui.spit.challenges)
    from spit.core.replay.challenge import Challenge


class GameConfig(TableSettings, frozen=True):
    game: ClassVar[str] = NAME
    """The game it starts (``spit.tui.shared.front_ends.GameStart``)."""
    bot_level: str | None = None
    """A level from ``spit.games.spit.bots.LEVELS``, or ``None`` for two players on one keyboard."""
    variant: Variant = Variant.STANDARD
    seed: int | None = None
    """The deal; ``None`` draws a random seed when the game starts (shown at the end, so
    a good deal can be played again)."""
    keymap_preset: str = "qwerty"
    """A name from ``spit.settings.keymap.PRESETS``."""
    key_overrides: Mapping[str, str] = field(default_factory=dict)
    """Binding id -> key, on top of the preset."""
    timing: Timing | None = None
    """The match's pacing; ``None`` for the standard ``Timing()``."""
    show_play_hint: bool = True
    """Say beside each player whether they can play ("● can play")."""
    bell: bool = False
    """Ring the terminal bell when a human's key lost a race ("too slow") or the slap."""
    bot_seed: int | None = None
    """The bot's own seed; ``None``: the deal's (the day's deal sets both apart, so
    that everyone meets the same bot: ``spit.games.spit.daily``)."""
    challenge: Challenge | None = None
    """The day's deal or the ladder step this game is played as, for the replay's header."""
    names: tuple[str, str] | None = None
    """The two players' names in a game on one keyboard (``spit-tui play --names``), for
    the table, the replay and so the ratings of each; ``None``: "Player 1", "Player 2"."""

    def __post_init__(self) -> None:
        # a plain "ascii" is taken and made the member: tests and scripts spell it so
        if self.card_style not in CARD_STYLES:
            raise ValueError(f"card_style must be one of {CARD_STYLES}, not {self.card_style!r}")
        force_setattr(self, "card_style", CardStyle(self.card_style))

    @classmethod
    def from_settings(
        cls, settings: Settings, *, bot_level: str | None = None, seed: int | None = None
    ) -> GameConfig:
        """The game these settings ask for; ``bot_level`` ``None`` means two players."""
        return cls(
            bot_level=bot_level,
            variant=Variant(str(game_setting(settings, NAME, "variant"))),
            seed=seed,
            keymap_preset=settings.keymap_preset,
            key_overrides=dict(settings.key_overrides),
            **table_options(settings),
            show_play_hint=settings.show_play_hint,
            bell=settings.bell,
        )
