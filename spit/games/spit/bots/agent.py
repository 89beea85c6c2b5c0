"""A bot player: a policy driven through the human model, as a session's ``Agent``.

The bot lives in three steps, like a person at the table:

1. **Notice.** Every change reaches ``on_events`` at once, but the bot only keeps it as
   a snapshot; it looks at the table ``perception_ms`` later, and what it sees then is
   the table as it was ``perception_ms`` ago.
2. **Decide and reach.** On that stale table it asks its policy for an action and
   commits to it; the card lands a reaction time later (lognormal, from its own seeded
   random source).
3. **Land or re-plan.** If, while reaching, it notices that the pile it aims at has
   changed (or the round has), it stops, hesitates ``retarget_ms`` and looks again
   instead of playing onto a card it did not choose. If it does not notice in time, the
   action is submitted and the rules may refuse it; then the bot looks again once it
   has seen what happened.

The simulator runs hundreds of these games a second, so the bot is frugal: an event
that leaves the table as it was costs one identity check, a decision is taken once per
look (see the glance in ``on_events``), and ``observe`` and the policy are skipped when
only one action is possible.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from itertools import islice
from typing import Final

from msgspec import Struct

from spit.core.seats import Seat
from spit.engine import Action, Phase, Play, Slap, State, legal_actions, observe
from spit.game import TimedEvent
from spit.games.spit.bots.human import HumanModel
from spit.games.spit.bots.policies import Policy
from spit.games.spit.events import Event
from spit.play.events import InputHandled


class Plan(Struct, frozen=True, gc=False):
    """An action the bot has decided on and is reaching for."""

    action: Action
    looked_at: int
    """When the bot looked at the table (and decided)."""
    seen_at: int
    """Game time of the table it saw then: at least ``perception_ms`` earlier."""
    basis: State
    """That table: the action was legal on it."""
    due: int
    """When the action lands, unless the bot notices a change first."""
    aim: int
    """The spit pile a play aims at; -1 for a move or a slap."""
    aim_size: int
    """That pile's size on ``basis``: a different size means someone played on it."""


_PLAYING: Final = Phase.PLAYING
_SLAP: Final = Phase.SLAP
_SLAPS: Final = (Slap(0), Slap(1))

_HISTORY: Final = 16
"""Snapshots kept before old ones are dropped. Only a look reads the history, and it
drops what it can no longer see first, so pruning on every change (a few hundred times
a game) would only cost time; this bound just keeps the memory small."""


class BotAgent:
    """A computer player for one seat. See the module docstring for how it behaves."""

    def __init__(
        self,
        player: Seat,
        policy: Policy,
        model: HumanModel,
        seed: int,
        *,
        level: str | None = None,
    ) -> None:
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        self.player = player
        self.policy = policy
        self.seed = seed
        self.level = level
        self._rng = random.Random(seed)
        self.model = model.in_form(self._rng)
        """The human model on this game's form (``HumanModel.in_form``)."""
        self._perception = self.model.perception_ms
        self._retarget = self.model.retarget_ms
        self._reaction, self._slap_reaction = self.model.reaction_draws(self._rng)
        """The model's times and draws kept at hand: read on every change and look."""
        self._seen: deque[tuple[int, State]] = deque()
        """Snapshots (time, table), oldest first. After ``_forget`` the first is the
        latest one old enough to have been perceived, the rest are changes not yet
        noticed."""
        self._latest: State | None = None
        self._wake: int | None = None
        self._plan: Plan | None = None
        self._notice: int | None = None
        """When the bot will notice that its plan's target changed."""
        self._waiting = False
        """An action was submitted and its outcome not yet reported."""

    @property
    def plan(self) -> Plan | None:
        """What the bot is reaching for right now, if anything."""
        return self._plan

    # -- the Agent protocol ----------------------------------------------------------

    def next_wakeup(self) -> int | None:
        return self._wake

    def on_events(self, t: int, state: State, events: Sequence[TimedEvent[Event]]) -> None:
        """Keep a snapshot of a changed table; an idle bot also glances at it.

        A glance is the look an idle bot makes ``perception_ms`` after a change. That look
        would see exactly ``state`` (any later change is not perceived yet), so the
        decision is taken now, on ``state``, and only the action waits for perception
        plus reaction. Same result as waking up for the look, at half the wake-ups, which
        is what keeps the simulator fast.
        """
        if self._waiting:
            self._read_outcome(t, events)
        if state is self._latest:
            return
        self._latest = state
        perception = self._perception
        seen = self._seen
        seen.append((t, state))
        if len(seen) > _HISTORY:
            self._forget(t)
        plan = self._plan
        if plan is None:
            if self._wake is None and not self._waiting:
                self._plan_on(t, state, t + perception)  # a glance
        elif plan.seen_at == t:
            # A later change in the same millisecond: the glance would have seen this one.
            self._plan = self._notice = self._wake = None
            self._plan_on(t, state, t + perception)
        elif self._notice is None and _disturbs(plan, state):
            self._notice = notice = t + perception
            if self._wake is None or notice < self._wake:
                self._wake = notice

    def wake(self, t: int, state: State) -> Action | None:
        plan = self._plan
        if plan is None:
            self._look(t)
            return None
        self._plan = None
        noticed = self._notice is not None and self._notice <= t
        self._notice = None
        if noticed:
            self._wake = t + self._retarget
            return None
        self._wake = None
        self._waiting = True
        return plan.action

    # -- internals -------------------------------------------------------------------

    def _read_outcome(self, t: int, events: Sequence[TimedEvent[Event]]) -> None:
        """A refused action means the table moved on: look again once that is seen."""
        for timed in events:
            event = timed.event
            if type(event) is InputHandled and event.record.player == self.player:
                self._waiting = False
                if not event.record.accepted:
                    newest = self._seen[-1][0] if self._seen else t
                    self._wake = max(t + self._retarget, newest + self._perception)
                return

    def _forget(self, t: int) -> None:
        """Drop the snapshots that a look at time ``t`` can no longer see: all but the
        latest one at least ``perception_ms`` old."""
        seen = self._seen
        horizon = t - self._perception
        while len(seen) > 1 and seen[1][0] <= horizon:
            seen.popleft()

    def _look(self, t: int) -> None:
        """A look at a time of the bot's choosing (after a hesitation, a refusal or an
        overlook): it sees the latest snapshot at least ``perception_ms`` old."""
        self._forget(t)
        seen = self._seen
        self._wake = None
        if not seen:
            return
        seen_at, table = seen[0]
        if self._plan_on(seen_at, table, t):
            plan = self._plan
            assert plan is not None
            for when, later in islice(seen, 1, None):
                if _disturbs(plan, later):
                    self._notice = when + self._perception
                    self._wake = min(plan.due, self._notice)
                    break
        elif len(seen) > 1:
            # Nothing to do on what it sees, but the table has changed since: look again
            # when that change becomes visible.
            visible = seen[1][0] + self._perception
            self._wake = visible if self._wake is None else min(self._wake, visible)

    def _plan_on(self, seen_at: int, table: State, looked_at: int) -> bool:
        """Decide on ``table`` as seen at ``looked_at``; plan the action if there is one.

        The slap is the human model's (which pile looks smaller); plays and moves are
        the policy's, among the ones not overlooked. Without an action, schedules
        another look if a possible one was overlooked (nothing else would prompt one if
        the table stays as it is).

        One function, not a decision returned to a planner: it runs on most changes of
        every simulated game (docs/performance.md, "Simulator").
        """
        phase = table.phase
        if phase is _PLAYING:
            actions = legal_actions(table, self.player)
            overlook = self.model.overlook
            missed = False
            if overlook and actions:
                rand = self._rng.random
                kept: list[Action] = []
                # A loop, not a comprehension: one would make ``rand`` and ``overlook``
                # closure cells, which slows every use of them.
                for action in actions:
                    if rand() >= overlook:
                        kept.append(action)
                missed = len(kept) < len(actions)
                actions = kept
            if not actions:
                if missed:
                    self._wake = looked_at + self._reaction()
                return False
            # One option needs no policy, and skipping the view halves the cost.
            action = (
                actions[0]
                if len(actions) == 1
                else self.policy.choose(observe(table, self.player), actions)
            )
            if type(action) is Play:
                aim = action.pile
                aim_size = len(table.piles[aim])
            else:
                aim = -1
                aim_size = 0
            due = looked_at + self._reaction()
        elif phase is _SLAP:
            piles = table.piles
            action = _SLAPS[self.model.slap_pile((len(piles[0]), len(piles[1])), self._rng)]
            aim = -1
            aim_size = 0
            due = looked_at + self._slap_reaction()
        else:
            return False  # spits are automatic, and between rounds nothing is to do
        self._plan = Plan(
            action=action,
            looked_at=looked_at,
            seen_at=seen_at,
            basis=table,
            due=due,
            aim=aim,
            aim_size=aim_size,
        )
        self._wake = due
        return True


def _disturbs(plan: Plan, table: State) -> bool:
    """Would seeing ``table`` make the bot drop ``plan``? Yes if the round moved on or
    someone played onto the pile it aims at."""
    if table.phase is not plan.basis.phase:
        return True
    return plan.aim >= 0 and len(table.piles[plan.aim]) != plan.aim_size
