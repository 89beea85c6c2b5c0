"""The promised public API, the ordering of the levels and their human limits."""

from __future__ import annotations

import argparse
import itertools
import random
import statistics

import pytest

from spit.games.spit.bots import LEVEL_TABLE, LEVELS, HumanModel, bot_description, make_bot
from spit.games.spit.bots.levels import LEARNER, PRACTISED, model_at
from spit.games.spit.game import Agent
from spit.games.spit.sim import SIMULATOR
from spit.sim import run_games

MAIN = ("beginner", "easy", "normal", "hard", "expert")


def test_the_five_main_levels_keep_their_names_and_order_among_fine_steps() -> None:
    assert len(LEVELS) >= 7
    assert [name for name in LEVELS if name in MAIN] == list(MAIN)
    assert (LEVELS[0], LEVELS[-1]) == ("beginner", "expert")


def test_levels_are_ordered_weakest_first() -> None:
    levels = [LEVEL_TABLE[name] for name in LEVELS]
    for weaker, stronger in itertools.pairwise(levels):
        assert stronger.skill > weaker.skill
        assert stronger.cards_per_minute > weaker.cards_per_minute
        if weaker.policy == "strong":
            assert stronger.policy == "strong"  # no level forgets the tactics
        slow, quick = weaker.model, stronger.model
        assert quick.typical_play_ms < slow.typical_play_ms
        assert quick.typical_slap_ms < slow.typical_slap_ms
        assert quick.perception_ms <= slow.perception_ms
        assert quick.overlook <= slow.overlook
        assert quick.wrong_pile <= slow.wrong_pile


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
    with pytest.raises(ValueError, match=", ".join(LEVELS)):
        call()  # type: ignore[operator]


def test_the_play_command_names_every_level_in_its_help() -> None:
    # The help is written out, so that `spit-tui play --help` need not import the bots.
    from spit.commands.play import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    help_text = next(a.help for a in parser._actions if a.dest == "bot")
    assert help_text is not None
    named = [word.strip(",()") for word in help_text.split()]
    assert [word for word in named if word in LEVELS] == list(LEVELS)


def test_unknown_policy_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="naive, strong"):
        make_bot("normal", 0, 1, policy="clever")


def slap_times(model: HumanModel, seed: int, games: int = 400, slaps: int = 5) -> list[int]:
    """Last card to slap, over ``games`` games' forms of ``slaps`` slaps each."""
    rng = random.Random(seed)
    times = []
    for _ in range(games):
        form = model.in_form(rng)
        times += [form.perception_ms + form.slap_reaction(rng) for _ in range(slaps)]
    return times


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_slaps_faster_than_a_fast_adult(level: str) -> None:
    # A slap is reading two pile sizes, choosing the smaller and pressing a key: a fast
    # adult needs about 450-500 ms from the last card landing (docs/bots.md).
    model = LEVEL_TABLE[level].model
    median = statistics.median(slap_times(model, seed=12))
    assert median >= 450
    assert abs(median - model.typical_slap_ms) < 0.05 * model.typical_slap_ms


def test_every_stage_is_within_the_published_human_ranges() -> None:
    for model in (LEVEL_TABLE[name].model for name in LEVELS):
        assert 80 <= model.keystroke_ms <= 280  # the Keystroke-Level Model's K
        assert 50 <= model.perception_ms <= 200  # the Model Human Processor's perception
        # A play is a choice, so no faster than a two-choice reaction (about 340 ms).
        assert model.typical_play_ms >= 340
        assert model.perception_ms + model.reaction_min_ms >= 190  # simple reaction time


def test_the_scale_runs_from_the_learner_to_the_practised_player() -> None:
    assert model_at(0.0) == LEARNER and model_at(1.0) == PRACTISED
    assert LEVEL_TABLE["beginner"].model == LEARNER
    assert LEVEL_TABLE["expert"].model == PRACTISED
    for skill in (-0.1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="skill"):
            model_at(skill)


def wrong_share(model: HumanModel, sizes: tuple[int, int], draws: int = 4000) -> float:
    rng = random.Random(8)
    smaller = sizes.index(min(sizes))
    return sum(model.slap_pile(sizes, rng) != smaller for _ in range(draws)) / draws


@pytest.mark.parametrize("sizes", [(5, 6), (9, 8), (3, 12)])
def test_beginners_sometimes_slap_the_larger_pile(sizes: tuple[int, int]) -> None:
    beginner, expert = LEVEL_TABLE["beginner"].model, LEVEL_TABLE["expert"].model
    assert 0 < wrong_share(beginner, sizes) < 0.5
    assert wrong_share(expert, sizes) < wrong_share(beginner, sizes)


def test_close_piles_are_harder_to_tell_apart() -> None:
    beginner = LEVEL_TABLE["beginner"].model
    assert wrong_share(beginner, (7, 8)) > 2 * wrong_share(beginner, (4, 8))
    assert wrong_share(beginner, (6, 6)) == 0  # equal piles: no wrong choice


def test_reaction_times_are_skewed_to_the_slow_side() -> None:
    model = LEVEL_TABLE["normal"].model
    rng = random.Random(1)
    draws = sorted(model.reaction(rng) for _ in range(4000))
    median = draws[len(draws) // 2]
    expected = model.choice_ms + model.keystroke_ms
    assert abs(median - expected) < 0.05 * expected
    assert draws[-40] - median > median - draws[40]  # longer tail above the median
    assert draws[0] >= model.reaction_min_ms


def test_form_varies_from_game_to_game_around_the_level() -> None:
    model = LEVEL_TABLE["normal"].model
    rng = random.Random(2)
    forms = [model.in_form(rng) for _ in range(400)]
    assert len({form.choice_ms for form in forms}) > 100
    assert abs(statistics.median(f.choice_ms for f in forms) - model.choice_ms) < 20
    assert {form.perception_ms for form in forms} == {model.perception_ms}
    assert all(form.in_form(rng) is form for form in forms[:5])  # a form is not re-drawn


@pytest.mark.slow
def test_the_levels_make_a_ladder_in_small() -> None:
    # A reduced ladder (docs/bots.md has the full one, 2000 games a step, with every step
    # at 67-71%): over all the steps, the stronger level's share is inside the 60-75%
    # band, and across the whole ladder the expert beats the beginner nearly always.
    # Each step has its own seed: with one seed for all, every step would replay the same
    # deals with the same bots' forms, and the steps' errors would add up instead of
    # averaging out.
    wins = finished = 0
    for step, (weaker, stronger) in enumerate(itertools.pairwise(LEVELS)):
        result = run_games(SIMULATOR, 60, 100 + step, stronger, weaker)
        wins, finished = wins + result.wins(0), finished + result.finished
    assert 0.6 <= wins / finished <= 0.75
    assert run_games(SIMULATOR, 20, 5, LEVELS[-1], LEVELS[0]).p1_win_rate >= 0.9
