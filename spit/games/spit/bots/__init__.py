"""Computer players: decision policies driven through a model of human speed and slips.

The public surface the front ends rely on is ``LEVELS``, ``make_bot``,
``step_level`` and ``skill_of`` (the ladder's levels, past expert too) and
``bot_description`` (a row of the bot chooser, under ``LEVEL_HEADER``); ``docs/bots.md``
documents the levels and how they were tuned.

    >>> from spit.games.spit.bots import LEVELS, make_bot
    >>> bot = make_bot("normal", player=1, seed=42)
    >>> bot.player, bot.level, bot.policy.name
    (1, <BotLevel.NORMAL: 'normal'>, 'strong')
"""

from spit.games.spit.bots.agent import BotAgent, Plan
from spit.games.spit.bots.human import HumanModel
from spit.games.spit.bots.levels import (
    LEVEL_HEADER,
    LEVEL_TABLE,
    LEVELS,
    Level,
    bot_description,
    get_level,
    make_bot,
    skill_of,
    step_level,
)
from spit.games.spit.bots.policies import POLICIES, NaivePolicy, Policy, StrongPolicy
from spit.games.spit.identity import BotLevel

__all__ = [
    "LEVELS",
    "LEVEL_HEADER",
    "LEVEL_TABLE",
    "POLICIES",
    "BotAgent",
    "BotLevel",
    "HumanModel",
    "Level",
    "NaivePolicy",
    "Plan",
    "Policy",
    "StrongPolicy",
    "bot_description",
    "get_level",
    "make_bot",
    "skill_of",
    "step_level",
]
