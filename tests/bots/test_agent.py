"""The bot as a match agent: perception delay, reaction, re-targeting, refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pytest

from spit.engine import Action, Applied, Play, State, apply, legal_actions
from spit.game import TimedEvent
from spit.games.spit.bots import BotAgent, HumanModel, Plan, make_bot
from spit.games.spit.bots.policies import POLICIES
from spit.games.spit.game import Session, new_session
from spit.play.events import InputHandled, InputRecord
from tests.bots.tables import started

MODEL = HumanModel(
    perception_ms=200,
    choice_ms=300,
    compare_ms=200,
    keystroke_ms=200,
    reaction_spread=0.3,
    reaction_min_ms=250,
    retarget_ms=300,
    overlook=0.0,
    wrong_pile=0.0,
)
"""No form (``form_spread`` 0): these tests pin the model's times exactly."""


class SpyBot(BotAgent):
    """A bot that remembers every table it was shown, every plan and every submission."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.shown: list[tuple[int, State]] = []
        self.plans: list[Plan] = []
        self.shown_before: list[int] = []
        """For each plan, how many tables had been shown when it was made."""
        self.submitted: list[tuple[int, Action, Plan]] = []

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent]) -> None:
        if not self.shown or self.shown[-1][1] is not state:
            self.shown.append((t, state))
        super().on_events(t, state, events)
        self._note_plan()

    def wake(self, t: int, state: State) -> Action | None:
        plan = self.plan
        action = super().wake(t, state)
        if action is not None:
            assert plan is not None
            self.submitted.append((t, action, plan))
        self._note_plan()
        return action

    def _note_plan(self) -> None:
        if self.plan is not None and (not self.plans or self.plans[-1] is not self.plan):
            self.plans.append(self.plan)
            self.shown_before.append(len(self.shown))

    def table_at(self, t: int, shown: int | None = None) -> State:
        """The newest table shown at or before ``t`` (among the first ``shown``)."""
        return [s for when, s in self.shown[:shown] if when <= t][-1]


def spy(level: str, player: int, seed: int) -> SpyBot:
    bot = make_bot(level, player, seed)
    return SpyBot(player, bot.policy, bot.model, seed, level=level)


def play(bots: list[BotAgent], deal_seed: int = 11) -> Session:
    match = new_session(seed=deal_seed, agents=bots)
    match.run_to_end(30 * 60_000)
    return match


def inputs(match: Session) -> list[InputRecord]:
    return [e.event.record for e in match.drain() if isinstance(e.event, InputHandled)]


def test_a_seed_replays_the_same_game() -> None:
    first = inputs(play([make_bot("normal", 0, 1), make_bot("hard", 1, 2)]))
    again = inputs(play([make_bot("normal", 0, 1), make_bot("hard", 1, 2)]))
    other = inputs(play([make_bot("normal", 0, 7), make_bot("hard", 1, 2)]))
    assert first == again
    assert first != other


@pytest.mark.parametrize(("level", "seed"), [("beginner", 1), ("normal", 2), ("expert", 3)])
def test_every_decision_is_made_on_the_table_as_it_was_a_moment_ago(level: str, seed: int) -> None:
    bots = [spy(level, 0, seed), spy("normal", 1, seed + 100)]
    match = play(bots, deal_seed=seed)
    assert match.finished
    for bot in bots:
        delay = bot.model.perception_ms
        assert bot.plans
        for plan, shown in zip(bot.plans, bot.shown_before, strict=True):
            # It sees the newest table at least perception_ms old, and nothing newer. (As
            # it was when the plan was made: a second change in the same millisecond
            # makes the bot plan again on the newer table.)
            assert plan.seen_at <= plan.looked_at - delay
            assert plan.basis is bot.table_at(plan.looked_at - delay, shown)
            assert plan.due - plan.looked_at >= bot.model.reaction_min_ms
    # The delay matters: sometimes the real table had already moved on. (Counted over
    # both bots: against a slow beginner, the other bot's table rarely changes within
    # its perception delay, and in some games never does.)
    assert any(p.basis is not bot.table_at(p.looked_at) for bot in bots for p in bot.plans)


def test_submitted_actions_were_legal_on_the_table_decided_on() -> None:
    bots = [spy("expert", 0, 5), spy("expert", 1, 6)]
    match = play(bots, deal_seed=5)
    records = inputs(match)
    for bot in bots:
        assert bot.submitted
        for t, action, plan in bot.submitted:
            assert action == plan.action and t == plan.due
            assert action in legal_actions(plan.basis, bot.player)
    # Equal bots race for the same piles: some plays are refused, and both cope.
    assert {r.player for r in records if not r.accepted} == {0, 1}
    assert match.state.winner is not None


def bot_on_table(seed: int = 1) -> tuple[BotAgent, State]:
    """A bot that has just seen a started round (at time 0) and planned a play."""
    for deal in range(seed, seed + 100):
        table = started(deal)
        bot = BotAgent(0, POLICIES["strong"], MODEL, seed)
        bot.on_events(0, table, [])
        if bot.plan is not None and type(bot.plan.action) is Play:
            return bot, table
    raise AssertionError("no deal gives the bot a play")


def rival_moves(table: State) -> list[State]:
    """Every table the other player (player 1) can make from ``table`` in one action."""
    outcomes = [apply(table, 1, action) for action in legal_actions(table, 1)]
    return [o.state for o in outcomes if isinstance(o, Applied)]


class Race(NamedTuple):
    bot: BotAgent
    """Planning a play (seen at time 0) onto a pile that the other player then takes."""
    raced: State
    """The table after the other player's play onto that pile."""
    newer: State
    """The table after one more action of the other player."""


def bot_facing_a_race() -> Race:
    for seed in range(1, 300):
        bot, table = bot_on_table(seed)
        assert bot.plan is not None and type(bot.plan.action) is Play
        aim = bot.plan.action.pile
        for raced in rival_moves(table):
            if len(raced.piles[aim]) != len(table.piles[aim]) and (later := rival_moves(raced)):
                return Race(bot, raced, later[0])
    raise AssertionError("no race found")


def test_the_bot_acts_only_after_perception_and_reaction() -> None:
    bot, table = bot_on_table()
    plan = bot.plan
    assert plan is not None
    assert plan.looked_at == MODEL.perception_ms and plan.seen_at == 0
    assert bot.next_wakeup() == plan.due >= MODEL.perception_ms + MODEL.reaction_min_ms
    assert bot.wake(plan.due, table) == plan.action


def test_a_change_to_the_aimed_pile_makes_the_bot_hesitate_and_look_again() -> None:
    race = bot_facing_a_race()
    bot, raced = race.bot, race.raced
    plan = bot.plan
    assert plan is not None
    bot.on_events(10, raced, [])
    noticed = 10 + MODEL.perception_ms
    assert bot.next_wakeup() == min(noticed, plan.due)
    assert noticed < plan.due  # 210 ms against a reaction of at least 250 ms
    assert bot.wake(noticed, raced) is None  # stops reaching
    assert bot.plan is None
    assert bot.next_wakeup() == noticed + MODEL.retarget_ms
    bot.wake(noticed + MODEL.retarget_ms, raced)  # looks again, at the new table
    if bot.plan is not None:
        assert bot.plan.basis is raced
        assert bot.plan.action in legal_actions(raced, 0)


def test_a_change_too_late_to_notice_does_not_stop_the_card() -> None:
    race = bot_facing_a_race()
    bot, raced = race.bot, race.raced
    plan = bot.plan
    assert plan is not None
    bot.on_events(plan.due - 1, raced, [])
    assert bot.next_wakeup() == plan.due
    assert bot.wake(plan.due, raced) == plan.action


def test_a_refused_action_is_followed_by_a_look_at_the_table_a_moment_ago() -> None:
    bot, raced, newer = bot_facing_a_race()
    plan = bot.plan
    assert plan is not None
    bot.on_events(plan.due - 1, raced, [])
    t = plan.due
    action = bot.wake(t, raced)
    assert action is not None and bot.next_wakeup() is None
    refused = InputRecord(t, 0, action, False, "not_adjacent", too_slow=True)
    bot.on_events(t, raced, [TimedEvent(t, InputHandled(refused))])
    again = bot.next_wakeup()
    assert again is not None
    assert again >= max(t + MODEL.retarget_ms, plan.due - 1 + MODEL.perception_ms)
    bot.on_events(again - 1, newer, [])  # too recent to be seen at the next look
    bot.wake(again, newer)
    assert bot.plan is not None
    assert bot.plan.basis is raced
    assert bot.plan.action in legal_actions(raced, 0)


def test_a_bot_never_acts_during_the_countdown() -> None:
    bot = make_bot("expert", 0, 1)
    match = new_session(seed=3, agents=[bot])
    match.advance_to(match.game.timing.start_countdown_ms - 1)
    assert match.input_count == 0


def test_bad_player_is_refused() -> None:
    with pytest.raises(ValueError, match="player"):
        BotAgent(2, POLICIES["naive"], MODEL, 1)
