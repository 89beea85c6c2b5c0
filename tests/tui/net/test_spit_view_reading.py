"""What a Spit table reads of the server's view and news: Structs, converted strictly;
what is not in its form is passed over, and never reaches the board."""

from __future__ import annotations

from spit.tui.spit.net_view import (
    CountdownNews,
    InputNews,
    RefusedNews,
    SpitTable,
    read_news,
    read_table,
)

VIEW = {
    "seat": 0,
    "round": 2,
    "phase": "playing",
    "own": [["5D", 0], [None, 2], ["KS", 1], ["2C", 3], ["AH", 4]],
    "opponent": [["3C", 0], ["4C", 1], [None, 0], [None, 0], [None, 0]],
    "own_spit_cards": 7,
    "opponent_spit_cards": 9,
    "piles": ["QD", "JH"],
    "pile_sizes": [3, 4],
    "must_spit": False,
    "scores": [0, 0],
    "winner": None,
    "can_play": True,
}


def test_a_view_of_spits_form_is_its_table() -> None:
    table = read_table(VIEW, None)
    assert table is not None
    assert (table.round, table.phase, table.piles, table.can_play) == (
        2,
        "playing",
        ("QD", "JH"),
        True,
    )
    assert table.own[1] == (None, 2) and table.spit_cards("opponent") == 9


def test_a_spectators_view_has_no_can_play() -> None:
    spectator = {k: v for k, v in VIEW.items() if k not in ("can_play", "must_spit")}
    table = read_table(spectator, None)
    assert table is not None and table.can_play is None


def test_a_view_not_in_spits_form_keeps_the_last_table() -> None:
    last = SpitTable(round=1)
    for wrong in ({"round": "two"}, {"own": [["5D"]]}, {"scores": [1, 2, 3]}, {"piles": 3}):
        assert read_table({**VIEW, **wrong}, last) is last
    assert read_table(None, last) is None


def test_news_of_other_kinds_and_in_the_wrong_form_are_passed_over() -> None:
    events = [
        {"kind": "input", "t": 5, "seat": 1, "action": "spit", "accepted": True},
        {"kind": "bot", "seat": 0},
        {"kind": "countdown", "t": 10, "what": "start", "ends_at": 3010},
        {"kind": "countdown", "t": "10", "ends_at": 3010},
        {"kind": "refused", "seat": 0, "why": "paused"},
        {"kind": "input", "accepted": "yes"},
        {"no": "kind"},
    ]
    read = list(read_news(events))
    assert [type(n) for n in read] == [InputNews, CountdownNews, RefusedNews]
    assert read[1] == CountdownNews(t=10, what="start", ends_at=3010)
