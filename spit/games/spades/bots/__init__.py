"""Computer players for two-player Spades (``spit.games.spades.engine``).

A separate package from ``spit.games.spit.bots`` (the Spit bots) because Spades is turn-based and
needs no model of reaction time: a bot here is just a policy, asked for one action at a
time. The surface mirrors ``spit.games.spit.bots``: ``LEVELS``, ``make_bot``, ``bot_description``.

    >>> from spit.core.dealer import Dealer
    >>> from spit.games.spades.engine import legal_actions, new_game, observe, shuffled_hand
    >>> from spit.games.spades.bots import make_bot
    >>> state = new_game(*shuffled_hand(Dealer(1)))
    >>> bot = make_bot("hard", player=0, seed=5)
    >>> str(bot.choose(observe(state, 0), legal_actions(state, 0)))
    'decline'
"""

from spit.core.seats import Seat
from spit.games.spades.bots.bot import LEVEL_TABLE, LEVELS, Bot, BotLevel, Level


def make_bot(level: str, player: Seat, seed: int) -> Bot:
    """A bot of ``level`` for seat ``player``; raises ``ValueError`` for an unknown level."""
    return Bot(level, player, seed)


def bot_description(level: str) -> str:
    """One line describing ``level``, for menus."""
    for entry in LEVEL_TABLE:
        if entry.name == level:
            return entry.blurb
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = [
    "LEVELS",
    "LEVEL_TABLE",
    "Bot",
    "BotLevel",
    "Level",
    "bot_description",
    "make_bot",
]
