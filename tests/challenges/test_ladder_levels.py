"""The ladder's steps: the named levels, then ``expert+N`` from the same human model,
faster each step down to the floors, and ``skill_of`` the inverse of the naming."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.replay.challenge import MAX_STEP
from spit.games.spit.bots import LEVEL_TABLE, LEVELS, make_bot, skill_of, step_level
from spit.games.spit.bots.levels import PRACTISED, REACTION_FLOOR_MS, model_at
from spit.games.spit.ladder import level_of, step_of
from spit.stats.challenges import next_step


def test_the_first_ten_steps_are_the_named_levels() -> None:
    assert [level_of(step) for step in range(10)] == list(LEVELS)
    assert [level_of(step) for step in (10, 11, 25)] == ["expert+1", "expert+2", "expert+16"]


@given(st.integers(0, MAX_STEP))
def test_skill_of_a_step_s_level_is_its_place_on_the_scale(step: int) -> None:
    skill = skill_of(step_level(step))
    assert skill == pytest.approx(step / 9)
    assert step_of(step_level(step)) == step


@pytest.mark.parametrize("name", ["expert+0", "expert+01", "Expert+1", "expert+", "x", ""])
def test_names_that_are_no_level_have_no_skill(name: str) -> None:
    assert skill_of(name) is None and step_of(name) is None


def test_steps_past_expert_are_faster_down_to_the_floors() -> None:
    models = [model_at(skill_of(level_of(step)) or 0) for step in range(9, 60)]
    for slower, faster in itertools.pairwise(models):
        assert faster.typical_play_ms <= slower.typical_play_ms
    top = models[-1]
    assert top.overlook == top.wrong_pile == 0
    assert top.reaction_min_ms == REACTION_FLOOR_MS
    assert top.choice_ms == PRACTISED.choice_ms // 2
    assert models[1].typical_play_ms < models[0].typical_play_ms  # expert+1 beats expert


def test_a_bot_past_expert_plays_as_expert_does_under_its_own_name() -> None:
    bot = make_bot("expert+3", 1, seed=5)
    assert (bot.level, bot.policy.name) == ("expert+3", LEVEL_TABLE["expert"].policy)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert+0", 1, seed=5)


def test_a_win_goes_up_a_loss_down_never_below_the_first_step() -> None:
    assert (next_step(4, True), next_step(4, False), next_step(0, False)) == (5, 3, 0)
