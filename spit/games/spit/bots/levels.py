"""The difficulty levels, weakest first: each a policy plus a human model.

A level is a point on one scale of skill, from 0 (someone learning the game) to 1 (a
fast, practised adult). Every time in the human model moves geometrically between
the two ends and every error rate linearly, so the levels differ in all their human
limits at once, as people do, and a level is tuned by moving it along the scale. The
two ends are set on published human figures and the level's places on the scale with
the simulator, so that each level beats the one below it in 60-75% of games;
``docs/bots.md`` has the sources, the parameters, the ladder and the command that
measured it (``benchmarks/bot_ladder.py``). Change a number here and the ladder must be
re-measured.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from typing import Final

from spit.core.seats import Seat
from spit.games.spit.bots.agent import BotAgent
from spit.games.spit.bots.human import HumanModel
from spit.games.spit.bots.policies import POLICIES
from spit.games.spit.identity import BotLevel

LEARNER: Final = HumanModel(
    perception_ms=170,
    choice_ms=800,
    compare_ms=700,
    keystroke_ms=250,
    reaction_spread=0.3,
    reaction_min_ms=250,
    retarget_ms=550,
    overlook=0.2,
    wrong_pile=0.25,
    form_spread=0.22,
)
"""Skill 0: a child or a newcomer, hunting for each card and each key."""

PRACTISED: Final = HumanModel(
    perception_ms=100,
    choice_ms=220,
    compare_ms=300,
    keystroke_ms=80,
    reaction_spread=0.2,
    reaction_min_ms=150,
    retarget_ms=180,
    overlook=0.0,
    wrong_pile=0.02,
    form_spread=0.22,
)
"""Skill 1: a fast adult at the top of the published ranges, who knows the game."""


TIME_FLOOR_SHARE: Final = 0.5
"""Beyond skill 1 (the ladder's steps past expert) a time goes on shrinking by the same
factor a step, but never below this share of its skill-1 value: twice as fast as the
fastest published adults is already beyond people, and a bot with no time at all
would win every race and teach nothing."""

REACTION_FLOOR_MS: Final = 100
"""...and no reaction is quicker than 100 ms, the limit of human visual reaction (the
false-start rule of sprinting)."""


def model_at(skill: float) -> HumanModel:
    """The human model at ``skill`` on the scale from ``LEARNER`` (0) to ``PRACTISED`` (1),
    and beyond 1 by the same laws (the ladder's steps past expert): each time goes on
    geometrically down to its floor (``TIME_FLOOR_SHARE``, ``REACTION_FLOOR_MS``), each
    error rate linearly down to 0, and the spreads stay as at 1 (the best players vary
    from one play to the next as much as practised ones do)."""
    if not (math.isfinite(skill) and skill >= 0.0):
        raise ValueError(f"skill must be a number from 0 up, not {skill!r}")

    def time(low: int, high: int, floor: int | None = None) -> int:
        least = math.ceil(high * TIME_FLOOR_SHARE) if floor is None else floor
        return max(min(least, high), round(low * math.pow(high / low, skill)))

    def share(low: float, high: float) -> float:
        return round(max(0.0, low + (high - low) * skill), 4)

    def spread(low: float, high: float) -> float:
        return share(low, high) if skill <= 1.0 else high

    a, b = LEARNER, PRACTISED
    return HumanModel(
        perception_ms=time(a.perception_ms, b.perception_ms),
        choice_ms=time(a.choice_ms, b.choice_ms),
        compare_ms=time(a.compare_ms, b.compare_ms),
        keystroke_ms=time(a.keystroke_ms, b.keystroke_ms),
        reaction_spread=spread(a.reaction_spread, b.reaction_spread),
        reaction_min_ms=time(a.reaction_min_ms, b.reaction_min_ms, REACTION_FLOOR_MS),
        retarget_ms=time(a.retarget_ms, b.retarget_ms),
        overlook=share(a.overlook, b.overlook),
        wrong_pile=share(a.wrong_pile, b.wrong_pile),
        form_spread=spread(a.form_spread, b.form_spread),
    )


@dataclass(frozen=True, slots=True)
class Level:
    name: BotLevel
    skill: float
    """Its place between ``LEARNER`` (0) and ``PRACTISED`` (1)."""
    policy: str
    """A key of ``spit.games.spit.bots.policies.POLICIES``."""
    blurb: str
    """What playing against it feels like, for the menu."""
    cards_per_minute: float
    """Cards it played a game-minute in the measured ladder (the mean of its games
    against the levels next to it), as ``benchmarks/bot_ladder.py`` printed it."""

    model: HumanModel = field(init=False)
    """``model_at(skill)``, worked out once."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "model", model_at(self.skill))


_LEVELS: Final = (
    Level(BotLevel.BEGINNER, 0 / 9, "naive", "new to the game, misses plays", 15.4),
    Level(BotLevel.NOVICE, 1 / 9, "naive", "plays the first card it sees", 16.9),
    Level(BotLevel.EASY, 2 / 9, "naive", "a relaxed pace, the odd slip", 18.6),
    Level(BotLevel.CASUAL, 3 / 9, "strong", "knows the tactics, no hurry", 21.1),
    Level(BotLevel.STEADY, 4 / 9, "strong", "keeps up a fair pace", 23.0),
    Level(BotLevel.NORMAL, 5 / 9, "strong", "an everyday adult player", 25.0),
    Level(BotLevel.SKILLED, 6 / 9, "strong", "quick, rarely misses a play", 27.0),
    Level(BotLevel.HARD, 7 / 9, "strong", "fast and sharp: quick hands", 29.1),
    Level(BotLevel.VETERAN, 8 / 9, "strong", "hardly a wasted moment", 31.1),
    Level(BotLevel.EXPERT, 9 / 9, "strong", "as fast as people get", 34.0),
)
"""Evenly spaced on the scale of skill: the ladder measured that way came out even
(every step 60-75%), the change from naive to strong play included."""

LEVEL_TABLE: Final[dict[str, Level]] = {level.name: level for level in _LEVELS}

LEVELS: Final[tuple[BotLevel, ...]] = tuple(BotLevel)
"""The level names, weakest first (the order menus show them in)."""


BEYOND_EXPERT: Final = f"{BotLevel.EXPERT.value}+"
"""The ladder's steps past expert are named ``expert+1``, ``expert+2``...: a name that
says how far past the last measured level the bot is, and that a replay records as
its bot's level like any other."""

_BEYOND = re.compile(re.escape(BEYOND_EXPERT) + r"([1-9][0-9]{0,5})")
_STEP: Final = 1 / (len(_LEVELS) - 1)
"""The spacing of the named levels on the scale of skill, kept past expert."""


def step_level(step: int) -> str:
    """The level of the ladder's ``step``: the named levels for 0-9 (beginner..expert),
    ``expert+N`` beyond."""
    if step < 0:
        raise ValueError(f"a ladder step is 0 or more, not {step}")
    last = len(LEVELS) - 1
    return LEVELS[step] if step <= last else f"{BEYOND_EXPERT}{step - last}"


def skill_of(level: str) -> float | None:
    """The skill of the level called ``level`` (a named one, or ``expert+N``), for
    whoever rates a game against it; ``None`` for a name that is no level."""
    named = LEVEL_TABLE.get(level)
    if named is not None:
        return named.skill
    beyond = _BEYOND.fullmatch(level)
    return None if beyond is None else 1.0 + int(beyond.group(1)) * _STEP


def get_level(name: str) -> Level:
    """The level called ``name``; ``ValueError`` names the valid ones otherwise."""
    try:
        return LEVEL_TABLE[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot level {name!r}: choose from {', '.join(LEVELS)}") from None


def make_bot(level: str, player: Seat, seed: int, *, policy: str | None = None) -> BotAgent:
    """A bot of ``level`` (a named level, or ``expert+N``: expert's play at the speed of its
    skill) for seat ``player``, seeded with ``seed``. ``policy`` swaps in another policy at
    the same speed (how the simulator compares policies). ``ValueError`` for an unknown
    level or policy."""
    skill = skill_of(level) if isinstance(level, str) else None
    if skill is not None and level not in LEVEL_TABLE:
        chosen_policy, model = LEVEL_TABLE[BotLevel.EXPERT].policy, _beyond_model(skill)
    else:
        chosen = get_level(level)
        chosen_policy, model, level = chosen.policy, chosen.model, chosen.name
    policy_name = chosen_policy if policy is None else policy
    if policy_name not in POLICIES:
        raise ValueError(f"unknown bot policy {policy_name!r}: choose from {', '.join(POLICIES)}")
    return BotAgent(player, POLICIES[policy_name], model, seed, level=level)


@functools.lru_cache(maxsize=32)
def _beyond_model(skill: float) -> HumanModel:
    return model_at(skill)


LEVEL_HEADER: Final = f"{'level':<9}{'cards/min':>9}{'reacts':>10}{'slaps':>9}  what it is like"
"""The column heads over ``bot_description``'s rows."""


def bot_description(level: str) -> str:
    """One row of the bot chooser, under ``LEVEL_HEADER``: the level, its cards a minute
    (measured), its typical answer to a change and its typical slap (from the human
    model), and what it is like, e.g.
    ``"normal          25    0.65 s   0.70 s  an everyday adult player"``."""
    chosen = get_level(level)
    model = chosen.model
    return (
        f"{chosen.name:<9}{chosen.cards_per_minute:>9.0f}{model.typical_play_ms / 1000:>8.2f} s"
        f"{model.typical_slap_ms / 1000:>7.2f} s  {chosen.blurb}"
    )
