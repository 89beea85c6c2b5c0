"""The promised public API and the ordering of the difficulty levels."""

from __future__ import annotations

import itertools
import random

import pytest

from spit.bots import LEVEL_TABLE, LEVELS, bot_description, make_bot
from spit.match import Agent
from spit.sim import run_games


def test_levels_are_the_promised_five_weakest_first() -> None:
    assert LEVELS == ("beginner", "easy", "normal", "hard", "expert")


@pytest.mark.parametrize("level", LEVELS)
def test_make_bot_gives_an_agent_for_the_seat(level: str) -> None:
    bot: Agent = make_bot(level, 1, seed=3)
    assert bot.player == 1
    assert bot.next_wakeup() is None


@pytest.mark.parametrize("level", LEVELS)
def test_description_is_one_line_naming_the_level(level: str) -> None:
    text = bot_description(level)
    assert text.startswith(level) and "\n" not in text and len(text) < 80


@pytest.mark.parametrize("call", [lambda: make_bot("godlike", 0, 1), lambda: bot_description("")])
def test_unknown_level_is_a_value_error_naming_the_levels(call: object) -> None:
    with pytest.raises(ValueError, match="beginner, easy, normal, hard, expert"):
        call()  # type: ignore[operator]


def test_unknown_policy_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="naive, strong"):
        make_bot("normal", 0, 1, policy="clever")


def test_levels_get_quicker_and_slip_less() -> None:
    models = [LEVEL_TABLE[name].model for name in LEVELS]
    for weaker, stronger in itertools.pairwise(models):
        assert stronger.typical_play_ms < weaker.typical_play_ms
        assert stronger.perception_ms <= weaker.perception_ms
        assert stronger.slap_median_ms < weaker.slap_median_ms
        assert stronger.overlook <= weaker.overlook
        assert stronger.wrong_slap <= weaker.wrong_slap


def test_the_extremes_match_the_humans_they_stand_for() -> None:
    # expert: a fast human's sub-400 ms; beginner: a child's 1.5 to 2.5 s a card.
    assert LEVEL_TABLE["expert"].model.typical_play_ms < 400
    assert 1500 <= LEVEL_TABLE["beginner"].model.typical_play_ms <= 2500
    assert LEVEL_TABLE["beginner"].model.overlook >= 0.2


def test_reaction_times_are_skewed_to_the_slow_side() -> None:
    model = LEVEL_TABLE["normal"].model
    rng = random.Random(1)
    draws = sorted(model.reaction(rng) for _ in range(4000))
    median = draws[len(draws) // 2]
    assert abs(median - model.reaction_median_ms) < 0.05 * model.reaction_median_ms
    assert draws[-40] - median > median - draws[40]  # longer tail above the median
    assert draws[0] >= model.reaction_min_ms


def test_each_level_plays_more_cards_a_minute_than_the_one_below() -> None:
    # Each level against itself, so that the opponent's speed is the level's too.
    results = [run_games(2, 4, level, level) for level in LEVELS]
    speeds = [r.cards_per_minute(0) + r.cards_per_minute(1) for r in results]
    assert speeds == sorted(speeds)
