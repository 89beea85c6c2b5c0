"""The replayed table at any position: a match moved there, and what the board shows.

``go_to`` moves forward by feeding the inputs in between to the current match; going
back, or far ahead, starts from the nearest snapshot instead, so no move costs more
than ``SNAPSHOT_EVERY`` inputs. The board is drawn by the live game's own presenter
from that match, fed the recorded events with their game times as its clock: effects
(the card that just landed, a refused key's note) last as long in game time as they
do in play, stay on screen while the replay is paused, and scale with the speed.
After a jump the presenter starts afresh from the start of the round, which tells it
all it remembers (the slap, the cards gathered). The countdown's seconds are worked out
from the match's deadline at the position shown (the timeline keeps no event per
second: a file may claim countdowns of any length).
"""

from __future__ import annotations

from msgspec.structs import replace

from spit.core.replay.fields import PlayerInfo
from spit.engine import Move, Play
from spit.engine.timers import CountdownTick, StagePhase
from spit.game import TimedEvent
from spit.games.spit.game import Session
from spit.games.spit.timeline import START, Position, Timeline
from spit.play.events import InputHandled
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.presenter import (
    FLASH_MS,
    HIGHLIGHT_MS,
    MESSAGE_MS,
    SPIT_MS,
    Players,
    Presenter,
    refusal,
)
from spit.tui.spit.board.view import Centre, TableView
from spit.tui.spit.viewer.captions import WHO, latest_caption

FADE_MS = max(FLASH_MS, HIGHLIGHT_MS, MESSAGE_MS, SPIT_MS)
"""The longest any effect on the table lasts."""


def players_of(infos: tuple[PlayerInfo, PlayerInfo]) -> Players:
    """The seats as the table names them; nobody is at the keyboard in a replay."""
    return Players((infos[0].name, infos[1].name), WHO, humans=())


class Playback:
    """The table of ``timeline`` at ``position``; see the module docstring."""

    def __init__(self, timeline: Timeline, painter: CardPainter, keys_hint: str = "") -> None:
        self.timeline = timeline
        self.painter = painter
        self.keys_hint = keys_hint
        self.players = players_of(timeline.replay.header.players)
        self.position = START
        self.match: Session = timeline.snapshot_for(START).restore()
        self.presenter = self._presenter()
        self._seen = 0
        """Events the presenter has taken in: those before ``position``."""
        self._restart(START)

    @property
    def at_end(self) -> bool:
        return self.position >= self.timeline.end

    def go_to(self, target: Position) -> None:
        """Show the table at ``target`` (clamped to the replay)."""
        timeline = self.timeline
        target = min(max(target, START), timeline.end)
        snapshot = timeline.snapshot_for(target)
        if target < self.position or snapshot.at > self.position:
            self.match = snapshot.restore()
            self._advance(snapshot.at.inputs, target)
            self._restart(target)
        else:
            self._advance(self.position.inputs, target)
            self._take(timeline.events_before(target))
        self.position = target
        self.presenter.expire(target.t)
        self._count_down()

    def _advance(self, handled: int, target: Position) -> None:
        """Feed the inputs from ``handled`` up to ``target`` and run its timers. The
        match's own events are dropped: the timeline already holds them."""
        match = self.match
        for record in self.timeline.inputs[handled : target.inputs]:
            match.submit_at(record.t or 0, record.player, record.action)  # Spit: always a time
        match.advance_to(target.t)
        match.drain()

    def _restart(self, target: Position) -> None:
        """A fresh presenter, told everything from the start of ``target``'s round, or
        from a moment before it if an effect from then could still be showing."""
        timeline = self.timeline
        self.presenter = self._presenter()
        self._seen = min(timeline.round_start(target), timeline.first_event_at(target.t - FADE_MS))
        self._take(timeline.events_before(target))
        self._count_down()

    def _count_down(self) -> None:
        """Tell the presenter the whole seconds left in a running countdown, as the
        live match's tick each second would have: the ticks still due after now."""
        match, t = self.match, self.position.t
        kind, deadline = match.stage.countdown, match.stage.deadline
        if match.stage.phase is StagePhase.COUNTDOWN and kind is not None and deadline is not None:
            seconds = max(0, -(-(deadline - t) // 1000))
            self.presenter.absorb((TimedEvent(t, CountdownTick(kind, seconds)),), match, t)

    def _presenter(self) -> Presenter:
        return Presenter(self.players, self.painter, lambda _binding: "")

    def _take(self, seen: int) -> None:
        """Let the presenter take in the events up to ``seen``, each at its own time;
        a refused input becomes a note beside its player's row, as in play."""
        timeline, presenter, match = self.timeline, self.presenter, self.match
        for index in range(self._seen, seen):
            timed = timeline.events[index]
            presenter.absorb((timed,), match, timed.t)
            event = timed.event
            if isinstance(event, InputHandled) and not event.record.accepted:
                record = event.record
                action = record.action
                stock = action.stock if isinstance(action, Play | Move) else None
                text = refusal(record, timeline.tried[index].phase)
                presenter.note(record.player, text, stock, timed.t)
        self._seen = max(self._seen, seen)

    def view(self) -> TableView:
        """What the board shows at the current position."""
        match, t = self.match, self.position.t
        seconds, stage = None, match.stage
        if stage.deadline is not None and stage.phase in (StagePhase.SLAP, StagePhase.ROUND_OVER):
            seconds = max(0, -(-(stage.deadline - t) // 1000))
        table = self.presenter.view(match, paused=False, seconds=seconds, cursor=None)
        centre = table.centre
        if self.at_end and not self.timeline.finished:
            centre = Centre("The recording stops here", "", "This game was not finished.")
        return replace(
            table,
            header=f"Replay{self.painter.dot}{table.header}",
            keys_hint=self.keys_hint,
            centre=centre,
            footer=latest_caption(self.timeline, self._seen, self.painter),
        )
