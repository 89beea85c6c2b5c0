"""Recording a game of Spades as it is played (the file handling is Spit's: see
``spit.core.replay.recording``).

``ReplayWriter`` is a ``spit.games.spades.game.Recorder``: the session tells it each
hand's card orders (``on_deal``), every input with its outcome (``on_input``), the end
of each hand (a checkpoint, and an ``fsync``) and of the game (the closing line, then
it closes itself). What no input shows, a network game's forfeit and a bot taking a
seat over, the front end says (``on_forfeit``, ``on_bot``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from spit import __version__
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.recording import LineWriter
from spit.core.seats import Seat, other
from spit.games.spades.engine import ENGINE_VERSION, Action, HandOrders, Phase, State, state_hash
from spit.games.spades.game import Refused
from spit.games.spades.identity import SUFFIX
from spit.games.spades.replay.records import (
    DEFAULT_TARGET,
    Checkpoint,
    End,
    Hand,
    Header,
    Input,
)
from spit.play.events import InputRecord


class ReplayWriter(LineWriter):
    """Writes one Spades game's replay file. Make one with ``create``."""

    @classmethod
    def create(
        cls,
        directory: Path,
        *,
        players: tuple[PlayerInfo, PlayerInfo],
        seed: int | None,
        target: int = DEFAULT_TARGET,
        first: int = 0,
        created: datetime | None = None,
        network: bool = False,
    ) -> ReplayWriter:
        """A new file in ``directory`` (made if missing), named after the start time and
        the players, with the header already written. ``target`` and ``first`` are
        ``new_game``'s; ``network``: a game played over the network (the server's).

        Raises ``ValueError`` for a header the format cannot hold and ``OSError`` when
        the file cannot be created.
        """
        when = created or datetime.now().astimezone()
        header = Header(
            target=target,
            first=Seat(first),
            players=players,
            seed=seed,
            created=when.isoformat(timespec="seconds"),
            writer=f"spit-tui {__version__}",
            engine=ENGINE_VERSION,
            network=network,
        )
        if first not in (0, 1):
            raise ValueError("the first player must be 0 or 1")
        return cls._start(directory, header, when, SUFFIX)

    def on_deal(self, t: int, round_no: int, deal: HandOrders) -> None:
        """Hand ``round_no`` starts from ``deal`` (before any of its actions)."""
        self._write(Hand(t, round_no, deal).to_json())

    def on_input(self, record: InputRecord[Action, Refused], state: State) -> None:
        """An input was accepted or refused; ``state`` is the game after it."""
        self._write(Input(record.t, record.player, record.action, record.accepted).to_json())

    def on_round_over(self, t: int, state: State) -> None:
        """A hand is scored: a checkpoint (at the end of the game, the closing line has
        the hash)."""
        if state.phase is Phase.HAND_OVER:
            self._write(Checkpoint(t, state_hash(state)).to_json())
            self._sync()

    def on_game_over(self, t: int, state: State) -> None:
        assert state.winner is not None
        end = End(t, Seat(state.winner), state.hand, state.scores, state_hash(state))
        self._write(self._closing_line(end.to_json()))
        self.close()

    def on_forfeit(self, t: int, loser: Seat, state: State, *, left: bool = False) -> None:
        """``loser`` lost the game unfinished at ``state`` (``left``: on purpose): the
        forfeit line, then the closing line with the other player as the winner; the
        file is closed."""
        end = End(t, other(loser), state.hand, state.scores, state_hash(state))
        self._forfeit(t, loser, end.to_json(), left=left)
