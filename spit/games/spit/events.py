"""What a game of Spit tells as it is played: its table's events (the rules' and the
timers', ``spit.engine.timers.TableEvent``), each input handled and each pause.

Apart from ``spit.games.spit.game`` so that the bots, which read these events and keep
no clock, need not import the session.
"""

from __future__ import annotations

from typing import TypeAlias

from spit.engine import Action, Reason
from spit.engine.timers import TableEvent
from spit.play.events import SessionEvent

Event: TypeAlias = SessionEvent[TableEvent, Action, Reason]
"""What a Spit session tells: the table's events, each input handled, a pause."""
