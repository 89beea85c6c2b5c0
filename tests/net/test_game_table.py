"""The one network table, for every registered game that is played over the network:
a game of its bots in both seats through the room's ``NetTable`` calls, to the end
that its replay verifies, a draw reported without a winner, a view kept while nothing changed, and
a seat a bot plays closed to its player's intents."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.seats import SEATS, Seat
from spit.game import Outcome
from spit.games.descriptor import GameDescriptor
from spit.games.registry import games
from spit.games.replays import load_any_replay, verify_any
from spit.play.net_table import GameTable

NET_GAMES = [game for game in games() if game.net is not None]
MAX_STEPS = 100_000
"""Due times at most in one game."""


def _table(game: GameDescriptor, seed: int, replay_dir: Path | None) -> GameTable:
    assert game.net is not None
    table = game.net.table(("Ann", "Bob"), seed=seed, replay_dir=replay_dir)
    assert isinstance(table, GameTable)
    return table


def _bots_to_the_end(table: GameTable) -> int:
    """Both seats taken by the game's bots, the table run from one due time to the
    next, every view and all the news read as a room reads them; the steps taken."""
    for seat in SEATS:
        table.bot_takes(seat)
    for step in range(MAX_STEPS):
        due = table.next_due()
        if table.finished or due is None:
            return step
        table.advance(due)
        for seat in SEATS:
            table.view(seat)
        table.public_view()
        table.news()
        table.public_news()
    raise AssertionError(f"no end in {MAX_STEPS} steps")


@pytest.mark.slow
@pytest.mark.parametrize("game", NET_GAMES, ids=lambda game: game.name)
def test_bots_in_both_seats_end_as_the_replay_says(game: GameDescriptor, tmp_path: Path) -> None:
    table = _table(game, 5, tmp_path)
    _bots_to_the_end(table)
    table.close()
    outcome = table.session.game.outcome(table.session.state)
    assert outcome is not None
    assert table.result() == (outcome.winner, outcome.reason)
    assert table.replay_path is not None
    checked = verify_any(load_any_replay(table.replay_path))
    assert checked.valid and checked.finished, checked.error
    assert checked.final_hash == table.state_hash()


@pytest.mark.parametrize("game", NET_GAMES, ids=lambda game: game.name)
def test_a_draw_is_reported_without_a_winner(game: GameDescriptor) -> None:
    table = _table(game, 1, None)
    real = table.session.game

    class Drawn:
        """The game, ending in a draw."""

        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

        def outcome(self, state: object) -> Outcome:
            return Outcome((), (0, 0), "drawn")

    table.session.game = Drawn()  # type: ignore[assignment]
    assert table.result() == (None, "drawn")


@pytest.mark.parametrize("game", NET_GAMES, ids=lambda game: game.name)
def test_a_view_is_kept_while_nothing_changes(game: GameDescriptor) -> None:
    table = _table(game, 2, None)
    first, public = table.view(Seat(0)), table.public_view()
    assert table.view(Seat(0)) is first and table.public_view() is public
    table.forfeit(Seat(1))
    assert table.view(Seat(0)) is not first
    assert table.result() == (0, "forfeit")


@pytest.mark.parametrize("game", NET_GAMES, ids=lambda game: game.name)
def test_a_seat_a_bot_plays_takes_no_intent_from_its_player(game: GameDescriptor) -> None:
    table = _table(game, 3, None)
    session = table.session
    table.bot_takes(Seat(1))
    assert not table.view(Seat(1))["can_play"]
    before = session.input_count
    seen = [(s, a) for s in SEATS for a in session.legal_actions(s)]
    for seat, action in seen:
        if seat == 1:
            table.submit(Seat(1), session.game.codec.action_text(action), session.time)
    assert session.input_count == before
    assert all(whom != 0 for whom, item in table.news() if item.get("kind") == "refused")
