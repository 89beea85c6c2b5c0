"""Spades as the network server runs it, without a network: the intents' notation, the
views and events as JSON and back, and whole games through ``Table`` (to the
end, by forfeit, with a bot taking a seat over) whose replays verify."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.core.cards import DECK
from spit.core.replay.seat_records import BotSeat
from spit.games.registry import by_name
from spit.games.spades.engine import (
    MAX_EXCHANGE,
    Bid,
    DeclareBlindNil,
    Discard,
    Exchange,
    Keep,
    Phase,
    PlayCard,
    observe,
)
from spit.games.spades.intents import (
    KEY_LETTERS,
    Confirm,
    Intent,
    Key,
    NextHand,
    intent_text,
    parse_intent,
)
from spit.games.spades.replay import load_spades_replay, verify_spades
from spit.games.spades.wire import Table, read_event, read_view, turned, turned_event
from spit.net.protocol import MAX_INTENT
from spit.play.net_table import event_json

from .spades_players import spades_intent

cards = st.sampled_from(DECK)
intents: st.SearchStrategy[Intent] = st.one_of(
    st.builds(Key, st.sampled_from(KEY_LETTERS)),
    st.just(NextHand()),
    st.builds(
        Confirm,
        st.none() | cards,
        st.frozensets(cards, max_size=MAX_EXCHANGE),
        st.sampled_from(("", "0", "7", "13", "99")),
    ),
    st.sampled_from((DeclareBlindNil(), Keep(), Discard())),
    st.builds(Bid, st.integers(0, 13)),
    st.builds(PlayCard, cards),
    st.builds(Exchange, st.lists(cards, max_size=MAX_EXCHANGE, unique=True).map(tuple)),
)


@pytest.mark.slow
@given(intents)
def test_every_intent_reads_back_from_its_text_within_the_protocols_limit(
    intent: Intent,
) -> None:
    text = intent_text(intent)
    assert parse_intent(text) == intent
    assert len(text) <= MAX_INTENT


@pytest.mark.parametrize(
    "text",
    [
        "",
        "key",
        "key o",
        "key ab",
        "next hand",
        "enter at",
        "enter at XX",
        "enter bid",
        "enter bid 123",
        "enter bid -1",
        "enter pick",
        "enter pick 2C 2C",
        "enter pick 2C 3C 4C 5C",
        "enter bid 4 at AS",
        "enter now",
        "bid 99 tricks",
        "play",
        "x" * 200,
    ],
)
def test_text_that_is_no_intent_is_refused_with_a_short_safe_message(text: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_intent(text)
    assert "bad intent" in str(error.value)
    assert len(str(error.value)) < 250


def _play(
    table: Table,
    rng: random.Random,
    *,
    check: bool = True,
    steps: int = 5000,
    until: int | None = None,
) -> int:
    """Both seats act on their views until the game ends (or ``until`` steps); returns
    the steps taken. Every view and event is checked to survive JSON on the way."""
    at = table.now()
    for step in range(steps):
        if table.finished or step == until:
            return step
        at += 10
        for seat in (0, 1):
            view = table.view(seat)
            if check:
                _check_view(table, seat, view)
            intent = spades_intent(view, rng)
            if intent is not None:
                table.submit(seat, intent, at)
        table.advance(at)
        for _, item in table.news():
            for event in item.get("events", []):
                assert event_json(read_event(event)) == event
    raise AssertionError("the game did not end")


def _check_view(table: Table, seat: int, view: dict[str, Any]) -> None:
    seen = observe(table.session.state, seat)
    assert read_view(view) == seen
    assert turned(turned(seen)) == seen


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_a_game_between_two_network_seats_ends_and_its_replay_verifies(seed: int) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        table = Table(("Ann", "Bob"), seed, Path(folder), target=100)
        _play(table, random.Random(seed))
        table.close()
        assert table.result() == (table.session.state.winner, "points")
        assert table.replay_path is not None
        result = verify_spades(load_spades_replay(table.replay_path))
    assert result.valid and result.finished
    assert result.final_hash == table.state_hash()
    assert result.winner == table.session.state.winner


def test_the_registry_makes_spades_network_tables(tmp_path: Path) -> None:
    net = by_name("spades").net
    assert net is not None
    table = net.table(("Ann", "Bob"), seed=3, replay_dir=tmp_path, target=200)
    assert isinstance(table, Table)
    assert table.session.state.target == 200
    table.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("loser", [0, 1])
def test_a_forfeit_ends_the_game_and_the_replay_says_who_won(
    tmp_path: Path, seed: int, loser: int
) -> None:
    table = Table(("Ann", "Bob"), seed, tmp_path, target=1000)
    _play(table, random.Random(seed), until=30 * seed)
    table.news()
    table.forfeit(loser)
    assert table.finished and table.result() == (1 - loser, "forfeit")
    assert table.view(0)["forfeit"] == loser and not table.view(0)["can_play"]
    assert table.news() == [
        (None, {"kind": "forfeit", "t": table.now(), "seat": loser, "winner": 1 - loser})
    ]
    table.forfeit(1 - loser)  # too late: the game is over
    assert table.result() == (1 - loser, "forfeit")
    table.submit(loser, "next", table.now() + 10)
    assert table.news()[0][1]["why"] == "the game is over"
    assert table.replay_path is not None
    replay = load_spades_replay(table.replay_path)
    result = verify_spades(replay)
    assert result.valid and result.finished and result.winner == 1 - loser
    assert replay.forfeit is not None and replay.forfeit.player == loser


def test_a_forfeit_line_in_a_finished_game_or_followed_by_play_fails_the_check(
    tmp_path: Path,
) -> None:
    table = Table(("Ann", "Bob"), 4, tmp_path, target=1000)
    _play(table, random.Random(4), until=40)
    table.forfeit(0)
    assert table.replay_path is not None
    lines = table.replay_path.read_text().splitlines()
    assert '"type":"forfeit"' in lines[-2].replace(" ", "")
    # the closing line with the wrong winner
    wrong = [*lines[:-1], lines[-1].replace('"p2"', '"p1"')]
    edited = tmp_path / "edited.spades.jsonl"
    edited.write_text("\n".join(wrong) + "\n")
    result = verify_spades(load_spades_replay(edited))
    assert not result.valid and "winner" in (result.error or "")
    # an input after the forfeit
    later = [*lines[:-1], lines[-3], lines[-1]]
    edited.write_text("\n".join(later) + "\n")
    assert not verify_spades(load_spades_replay(edited)).valid


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, 1])
def test_a_bot_that_takes_a_seat_over_plays_it_to_the_end(tmp_path: Path, seat: int) -> None:
    table = Table(("Ann", "Bob"), 11, tmp_path, target=100)
    _play(table, random.Random(5), until=25)
    table.bot_takes(seat)
    assert any(item["kind"] == "bot" for _, item in table.news())
    table.submit(seat, "next", table.now())  # the seat's old client: refused
    assert table.news()[0][1]["why"] == "a bot plays here"
    _play(table, random.Random(6))
    assert table.result() == (table.session.state.winner, "points")
    assert table.replay_path is not None
    replay = load_spades_replay(table.replay_path)
    assert [r.player for r in replay.records if isinstance(r, BotSeat)] == [seat]
    result = verify_spades(replay)
    assert result.valid and result.finished


def _to_hand_over(table: Table, rng: random.Random) -> None:
    at = table.now()
    while table.session.state.phase is not Phase.HAND_OVER:
        at += 10
        seat = next(s for s in (0, 1) if table.view(s)["can_play"])
        intent = spades_intent(table.view(seat), rng)
        assert intent is not None
        table.submit(seat, intent, at)


def test_the_next_hand_waits_until_both_players_have_seen_the_score(tmp_path: Path) -> None:
    table = Table(("Ann", "Bob"), 8, tmp_path, target=1000)
    rng = random.Random(8)
    for first in (0, 1):
        _to_hand_over(table, rng)
        hand = table.session.state.hand
        table.news()
        table.submit(first, "next", table.now())
        assert table.session.state.phase is Phase.HAND_OVER
        assert table.view(1 - first)["ready"][first] and table.view(1 - first)["can_play"]
        assert not table.view(first)["can_play"]
        assert (None, {"kind": "ready", "t": table.now(), "seat": first}) in table.news()
        table.submit(first, "enter", table.now())  # again: nothing more
        assert table.session.state.phase is Phase.HAND_OVER
        table.submit(1 - first, "enter", table.now())
        assert table.session.state.hand == hand + 1
        assert table.view(0)["ready"] == [False, False]
    table.close()


def test_news_of_a_draw_shows_the_cards_only_to_the_drawer(tmp_path: Path) -> None:
    table = Table(("Ann", "Bob"), 2, None)
    table.news()
    drawer = next(s for s in (0, 1) if table.view(s)["can_play"])
    table.submit(drawer, "decline", 10)
    table.submit(1 - drawer, "decline", 20)
    table.news()
    table.submit(drawer, "keep", 30)
    items = {seat: item for seat, item in table.news() if item["kind"] == "input"}
    mine, theirs = items[drawer]["events"][0], items[1 - drawer]["events"][0]
    assert mine["event"] == theirs["event"] == "CardsDrawn"
    assert mine["data"]["kept"] is not None and mine["data"]["discarded"] is not None
    assert theirs["data"]["kept"] is None and theirs["data"]["discarded"] is None
    assert table.writer is None and table.replay_path is None


def test_refusals_and_picks_go_to_their_sender_only(tmp_path: Path) -> None:
    table = Table(("Ann", "Bob"), 2, tmp_path)
    table.news()
    waiting = next(s for s in (0, 1) if not table.view(s)["can_play"])
    table.submit(waiting, "decline", 10)
    table.submit(waiting, "bid 4", 20)  # an action the rules refuse: recorded
    news = table.news()
    assert [whom for whom, _ in news] == [waiting, waiting]
    assert news[0][1]["why"] == "it is the other player's turn"
    assert news[1][1]["resolved"] == "bid 4"
    with pytest.raises(ValueError):
        table.submit(waiting, "dance", 30)


def test_the_events_of_either_seat_turn_back(tmp_path: Path) -> None:
    table = Table(("Ann", "Bob"), 6, None, target=100)
    rng = random.Random(6)
    table.session.drain()
    at = 0
    while not table.finished:
        at += 10
        for seat in (0, 1):
            intent = spades_intent(table.view(seat), rng)
            if intent is not None:
                table.submit(seat, intent, at)
        for _, item in table.news():
            for data in item.get("events", []):
                event = read_event(data)
                assert turned_event(turned_event(event)) == event


@pytest.mark.parametrize("intent", ["play AS", "bid 3", "keep", "exchange 2C 3C 4C", "blind"])
def test_an_action_that_comes_between_hands_is_refused_and_the_replay_still_verifies(
    tmp_path: Path, intent: str
) -> None:
    """A player's action sent from a view of the hand just over (it crossed the last
    card) is refused without being recorded: the replay's next line after a hand is
    the next hand's deal, and a check of the file passes."""
    table = Table(("Ann", "Bob"), 8, tmp_path, target=1000)
    rng = random.Random(8)
    _to_hand_over(table, rng)
    table.news()
    table.submit(0, intent, table.now() + 5)
    assert any(item["kind"] == "refused" for _, item in table.news())
    for seat in (0, 1):
        table.submit(seat, "next", table.now() + 10)
    _to_hand_over(table, rng)
    table.close()
    assert table.replay_path is not None
    result = verify_spades(load_spades_replay(table.replay_path))
    assert result.valid, result.error


def test_a_client_refuses_a_view_or_event_that_is_not_of_spades() -> None:
    """What a server sends is read back field by field: a card that is none, a seat
    that is none, a field of the wrong type or missing are each refused with a
    ``ValueError``, never drawn."""
    table = Table(("Ann", "Bob"), 2, None)
    view = table.view(0)
    seen = read_view(view)
    good = list(view["observation"])
    assert read_view(dict(view, observation=good)) == seen
    for field, bad in (("hand", [52]), ("player", 2), ("phase", "dancing"), ("target", "500")):
        observation = list(good)
        observation[seen._fields.index(field)] = bad
        with pytest.raises(ValueError):
            read_view(dict(view, observation=observation))
    with pytest.raises(ValueError):
        read_view(dict(view, observation=good[:-1]))
    for event in (
        {"event": "CardPlayed", "data": {"player": 0, "card": 60}},
        {"event": "CardPlayed", "data": {"player": 3, "card": 6}},
        {"event": "Dance", "data": {}},
        {"event": "HandStarted", "data": {"hand": 1}},
    ):
        with pytest.raises(ValueError):
            read_event(event)
    assert read_event({"event": "CardPlayed", "data": {"player": 1, "card": 51}}).card == 51
