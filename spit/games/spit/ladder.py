"""The ladder: an endless run of games against a bot that gets faster with each win.

Step ``k`` plays the bot at skill ``k/9``: the named levels for steps 0-9 (beginner to
expert), then ``expert+1``, ``expert+2``... at the same spacing, from the same human
model (``spit.games.spit.bots.levels.model_at`` past 1, with its floors: see
``docs/bots.md``). A win moves the player one step up, a loss one step down (never
below 0), so the ladder finds the step where the player wins about half their games.
The player's step and highest step are the statistics' (``spit.stats.challenges``),
worked out from the sealed games, so a lost or edited file cannot move them.
"""

from __future__ import annotations

from spit.core.replay.challenge import Challenge
from spit.games.spit.bots import LEVELS, skill_of, step_level


def level_of(step: int) -> str:
    """The bot level of ``step``, as the replay's bot line names it."""
    return step_level(step)


def step_of(level: str) -> int | None:
    """The step whose bot is ``level``; ``None`` for a name that is no level."""
    skill = skill_of(level)
    return None if skill is None else round(skill * (len(LEVELS) - 1))


def challenge(step: int) -> Challenge:
    """What the replay's header records for a game at ``step``."""
    return Challenge.ladder(step)
