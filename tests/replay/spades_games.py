"""Recording Spades test games: two bots through a ``ReplayWriter``, told what a session
tells its recorders (each hand's orders, every action with its result, each hand's end
and the game's).

``Scripted`` wraps a bot to reach what bots seldom do on their own: it declares blind
nil in the hands listed and gives away cards in the exchange, and it tries one illegal
card first (a refused input) in the hands listed.
"""

from __future__ import annotations

import tempfile
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from spit.core.replay.fields import PlayerInfo
from spit.core.seats import SEATS
from spit.engine import Dealer
from spit.games.spades.bots import Bot, make_bot
from spit.games.spades.engine import (
    Action,
    Applied,
    DeclareBlindNil,
    Exchange,
    Phase,
    PlayCard,
    State,
    apply,
    legal_actions,
    new_game,
    next_hand,
    observe,
    shuffled_hand,
    to_move,
)
from spit.games.spades.replay import ReplayWriter
from spit.play.events import InputRecord

NAMES = ("North", "South")


@dataclass
class Scripted:
    bot: Bot
    blind_in: Collection[int] = ()
    """Hands in which to declare blind nil."""
    mistake_in: Collection[int] = ()
    """Hands in which to try an illegal card once, when following."""
    _mistakes: set[int] = field(default_factory=set)

    def choose(self, state: State, player: int) -> list[Action]:
        """The actions to submit in turn: a mistake first, sometimes, then a legal one."""
        legal = legal_actions(state, player)
        if state.phase is Phase.BLIND and state.hand in self.blind_in:
            return [DeclareBlindNil()]
        if state.phase is Phase.EXCHANGE:
            return [Exchange(tuple(sorted(state.hands[player])[-2:]))]
        chosen = self.bot.choose(observe(state, player), legal)
        wrong = [c for c in state.hands[player] if PlayCard(c) not in legal]
        if state.hand in self.mistake_in and state.hand not in self._mistakes and wrong:
            self._mistakes.add(state.hand)
            return [PlayCard(wrong[0]), chosen]
        return [chosen]


def record_spades_game(
    directory: Path,
    seed: int,
    *,
    levels: tuple[str, str] = ("hard", "easy"),
    target: int = 500,
    first: int = 0,
    blind_in: Collection[int] = (),
    mistake_in: Collection[int] = (),
    stop_after: int | None = None,
    created: datetime | None = None,
    states: list[State] | None = None,
) -> tuple[Path, State, int]:
    """Play a game (up to ``stop_after`` inputs) and record it; the path, the final
    state and the number of inputs. ``states`` collects the state after each input."""
    seeds = (seed * 2 + 1, seed * 2 + 2)
    players = (
        Scripted(make_bot(levels[0], 0, seeds[0]), blind_in, mistake_in),
        Scripted(make_bot(levels[1], 1, seeds[1])),
    )
    info = tuple(
        PlayerInfo("bot", NAMES[p], level=levels[p], policy="scripted", seed=seeds[p])
        for p in (0, 1)
    )
    writer = ReplayWriter.create(
        directory,
        players=(info[0], info[1]),
        seed=seed,
        target=target,
        first=first,
        created=created,
    )
    dealer = Dealer(seed)
    orders = shuffled_hand(dealer)
    state = new_game(*orders, target=target, first=first)
    t = inputs = 0
    writer.on_deal(t, 1, orders)
    while state.phase is not Phase.GAME_OVER and inputs != stop_after:
        t += 250
        if state.phase is Phase.HAND_OVER:
            orders = shuffled_hand(dealer)
            state = next_hand(state, *orders).state
            writer.on_deal(t, state.hand, orders)
            continue
        player = to_move(state)
        assert player is not None
        for action in players[player].choose(state, player):
            outcome = apply(state, player, action)
            accepted = isinstance(outcome, Applied)
            if isinstance(outcome, Applied):
                state = outcome.state
            writer.on_input(InputRecord(t, SEATS[player], action, accepted), state)
            if accepted and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                writer.on_round_over(t, state)
                if state.phase is Phase.GAME_OVER:
                    writer.on_game_over(t, state)
            inputs += 1
            if states is not None:
                states.append(state)
    if stop_after is not None:
        writer.close()
    return writer.path, state, inputs


GOLDEN = Path(__file__).parent / "golden"
CREATED = datetime(2026, 1, 2, 15, 4, 5, tzinfo=UTC)


def main() -> None:
    """Write the generated Spades golden replays (``python -m tests.replay.spades_games``).

    Only when the format's major version changes: the committed files are the point of
    the golden tests. ``spades_hand_written.spades.jsonl`` is written by hand.
    """
    with tempfile.TemporaryDirectory() as tmp:
        finished, _, _ = record_spades_game(
            Path(tmp) / "a", 1, blind_in={1}, mistake_in={2}, created=CREATED
        )
        (GOLDEN / "spades_finished.spades.jsonl").write_bytes(finished.read_bytes())
        cut, _, _ = record_spades_game(Path(tmp) / "b", 2, stop_after=90, created=CREATED)
        data = cut.read_bytes() + b'{"type": "input", "t": 9'  # the interrupted write of a line
        (GOLDEN / "spades_unfinished.spades.jsonl").write_bytes(data)


if __name__ == "__main__":
    main()
