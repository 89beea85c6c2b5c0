"""One or more tests per decision SD01-SD14 (docs/rules_sources/SPADES.md), named after it."""

from __future__ import annotations

import random

import pytest

from spit.core.cards import DECK
from spit.core.dealer import Dealer
from spit.games.spades.engine import (
    Applied,
    Bid,
    BlindNilChosen,
    CardsDrawn,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    Exchange,
    Exchanged,
    Keep,
    Phase,
    PlayCard,
    Reason,
    State,
    apply,
    from_json,
    legal_actions,
    new_game,
    next_hand,
    observe,
    redact,
    score_player,
    shuffled_hand,
    to_json,
)

from .positions import (
    before_last_trick,
    c,
    cards,
    finish_hand,
    full_deck,
    ok,
    position,
    refused,
    run,
    through_draw,
)


def declined(state: State) -> State:
    return run(state, [(state.first, DeclineBlindNil()), (state.second, DeclineBlindNil())])


# SD01 -----------------------------------------------------------------------------------


def test_sd01_player_one_draws_first_in_the_first_hand() -> None:
    state = new_game(DECK, DECK)
    assert state.first == 0 and state.second == 1 and state.turn == 0
    assert legal_actions(state, 1) == []


def test_sd01_first_player_can_be_chosen() -> None:
    state = new_game(DECK, DECK, first=1)
    assert state.first == 1 and state.turn == 1
    with pytest.raises(ValueError):
        new_game(DECK, DECK, first=2)


@pytest.mark.parametrize("first", [0, 1])
def test_sd01_second_player_bids_and_leads_first(first: int) -> None:
    state = through_draw(first=first)
    assert state.turn == 1 - first
    state = run(state, [(1 - first, Bid(2)), (first, Bid(2))])
    assert state.phase is Phase.PLAY and state.turn == 1 - first


# SD02 -----------------------------------------------------------------------------------


def test_sd02_drawer_sees_both_cards_opponent_neither() -> None:
    state = declined(new_game(DECK, DECK))
    view = observe(state, 0)
    assert view.top_card == c("2C")
    assert observe(state, 1).top_card is None
    outcome = ok(state, 0, Keep())
    drawer, other = observe(outcome.state, 0), observe(outcome.state, 1)
    assert drawer.hand == cards("2C") and drawer.discards == cards("2D")
    assert other.hand == () and other.discards == () and other.opponent_discards == 1
    assert other.opponent_cards == 1 and other.top_card == c("2H")  # now player 2 draws


def test_sd02_events_are_redacted_for_the_opponent() -> None:
    state = declined(new_game(DECK, DECK))
    (event,) = ok(state, 0, Discard()).events
    assert event == CardsDrawn(0, False, c("2D"), c("2C"))
    assert redact(event, 0) == event
    assert redact(event, 1) == CardsDrawn(0, False, None, None)  # which one was kept is public


# SD03 -----------------------------------------------------------------------------------


def test_sd03_turns_of_two_cards_alternate_strictly() -> None:
    state = declined(new_game(DECK, DECK, first=1))
    order = []
    while state.phase is Phase.DRAW:
        order.append(state.turn)
        refused(state, 1 - state.turn, Keep(), Reason.NOT_YOUR_TURN)
        state = ok(state, state.turn, Keep() if len(order) % 3 else Discard()).state
    assert order == [1, 0] * 13


def test_sd03_the_discards_are_the_set_aside_cards() -> None:
    state = through_draw(keep=False)
    assert len(state.discards[0]) == len(state.discards[1]) == 13
    assert sorted(state.discard_pile()) == sorted([*state.discards[0], *state.discards[1]])
    assert sorted([*state.hands[0], *state.hands[1], *state.discard_pile()]) == list(DECK)


# SD04 -----------------------------------------------------------------------------------


def test_sd04_first_player_answers_then_second() -> None:
    state = new_game(DECK, DECK, first=1)
    assert legal_actions(state, 0) == []
    refused(state, 0, DeclareBlindNil(), Reason.NOT_YOUR_TURN)
    state = ok(state, 1, DeclineBlindNil()).state
    assert state.phase is Phase.BLIND and state.turn == 0
    outcome = ok(state, 0, DeclareBlindNil())
    assert outcome.events == (BlindNilChosen(0, True),)
    assert outcome.state.phase is Phase.DRAW and outcome.state.turn == 1


def test_sd04_both_may_declare_and_it_is_public() -> None:
    state = run(new_game(DECK, DECK), [(0, DeclareBlindNil()), (1, DeclareBlindNil())])
    assert state.blind == (True, True) and state.bids == (0, 0)
    assert observe(state, 0).blind == observe(state, 1).blind == (True, True)


def test_sd04_blind_bidder_draws_normally() -> None:
    state = run(new_game(DECK, DECK), [(0, DeclareBlindNil()), (1, DeclineBlindNil())])
    assert legal_actions(state, 0) == [Keep(), Discard()]
    assert observe(state, 0).top_card == c("2C")


def test_sd04_no_declaration_after_the_draw_starts() -> None:
    state = through_draw()
    for p in (0, 1):
        refused(state, p, DeclareBlindNil(), Reason.NOT_BLIND_TIME)


# SD05 -----------------------------------------------------------------------------------


def test_sd05_replacements_come_from_both_players_discards() -> None:
    # Keeping every card, player 2 drawing first: player 2 discards diamonds, player 1 spades.
    order = (c("2S"), c("2D"), *(x for x in DECK if x not in (c("2S"), c("2D"))))
    state = through_draw(blind=(True, False), exchange_order=order, first=1)
    assert state.phase is Phase.EXCHANGE and state.turn == 0
    outcome = ok(state, 0, Exchange(cards("AH KH")))
    assert outcome.state.received[0] == cards("2D 2S")
    assert c("2D") in state.discards[1] and c("2S") in state.discards[0]  # one of each


def test_sd05_given_cards_are_not_drawn_back() -> None:
    state = through_draw(blind=(True, False), exchange_order=DECK)
    given = cards("2C 3C 4C")  # first in the exchange order, but in the hand
    outcome = ok(state, 0, Exchange(given))
    assert not set(given) & set(outcome.state.hands[0])
    assert set(given) <= set(outcome.state.discard_pile())
    assert outcome.state.discards[0][-3:] == given


def test_sd05_second_player_exchanges_first_then_the_first_draws_from_what_is_left() -> None:
    state = through_draw(blind=(True, True), first=0, exchange_order=tuple(reversed(DECK)))
    assert state.phase is Phase.EXCHANGE and state.turn == 1
    refused(state, 0, Exchange(), Reason.NOT_YOUR_TURN)
    given = cards("AH KH QH")
    first = ok(state, 1, Exchange(given)).state
    assert first.phase is Phase.EXCHANGE and first.turn == 0
    # The pile holds diamonds and spades; the exchange order runs AS AH AD AC KS KH ...
    assert first.received[1] == cards("KS AD AS")
    # Player 2's AH is now on the pile and comes next in the order.
    second = ok(first, 0, Exchange(cards("2C"))).state
    assert second.received[0] == cards("AH")
    assert second.phase is Phase.PLAY and second.turn == 1  # both blind: no bidding (SD11)
    assert sorted(full_deck(second)) == list(DECK)


def test_sd05_the_exchange_may_name_no_card() -> None:
    state = through_draw(blind=(True, False))
    assert Exchange() in legal_actions(state, 0)
    after = ok(state, 0, Exchange()).state
    assert after.hands == state.hands and after.phase is Phase.BID


def test_sd05_exchange_rejections() -> None:
    state = through_draw(blind=(True, False))
    refused(state, 0, Exchange(cards("2H")), Reason.NOT_HELD)  # player 2's card
    refused(state, 0, Exchange((c("2C"), c("2C"))), Reason.NOT_HELD)
    refused(state, 1, Exchange(), Reason.NOT_YOUR_TURN)
    assert len(legal_actions(state, 0)) == 1 + 13 + 78 + 286
    bidding = through_draw()
    refused(bidding, 1, Exchange(), Reason.NOT_EXCHANGING)


def test_sd05_opponent_sees_only_the_count() -> None:
    state = through_draw(blind=(True, False))
    outcome = ok(state, 0, Exchange(cards("2C 3C")))
    (event,) = outcome.events
    assert redact(event, 1) == Exchanged(0, 2, None, None)
    assert observe(outcome.state, 1).opponent_received == 2
    assert observe(outcome.state, 0).received == outcome.state.received[0]


# SD06 -----------------------------------------------------------------------------------


def test_sd06_replacements_are_the_first_cards_of_the_exchange_order_on_the_pile() -> None:
    rng = random.Random(6)
    for _ in range(20):
        order = tuple(rng.sample(DECK, 52))
        state = through_draw(blind=(True, False), exchange_order=order)
        pile = set(state.discard_pile())
        expected = [x for x in order if x in pile][:3]
        after = ok(state, 0, Exchange(state.hands[0][:3])).state
        assert after.received[0] == tuple(sorted(expected))


def test_sd06_orders_come_from_the_seeded_dealer_without_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = shuffled_hand(Dealer(99))

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the engine must not use the random module")

    for name in ("random", "randrange", "randint", "shuffle", "choice", "sample", "getrandbits"):
        monkeypatch.setattr(random, name, forbidden)
    assert shuffled_hand(Dealer(99)) == expected
    assert expected.stock != expected.exchange_order
    assert sorted(expected.stock) == sorted(expected.exchange_order) == list(DECK)
    state = through_draw(expected.stock, blind=(True, True), exchange_order=expected.exchange_order)
    assert isinstance(apply(state, 1, Exchange(state.hands[1][:3])), Applied)


def test_sd06_orders_must_be_whole_decks() -> None:
    with pytest.raises(ValueError, match="stock"):
        new_game(DECK[1:], DECK)
    with pytest.raises(ValueError, match="exchange"):
        new_game(DECK, (*DECK[1:], DECK[1]))


# SD07 -----------------------------------------------------------------------------------


def test_sd07_nil_tricks_are_not_bags() -> None:
    assert score_player(0, False, 4, 9) == (-100, 0, 0)
    assert score_player(0, True, 13, 9) == (-200, 0, 0)
    final = finish_hand(before_last_trick((0, 5), (6, 6), bags=(9, 0))).state
    assert final.history[-1].bags == (0, 1) and final.history[-1].penalties == (0, 0)
    assert final.bags == (9, 1)


# SD08 -----------------------------------------------------------------------------------


def test_sd08_a_penalty_at_every_tenth_bag_never_reset() -> None:
    assert score_player(1, False, 2, 9).penalty == -100  # 9 -> 10
    assert score_player(1, False, 2, 10).penalty == 0  # 10 -> 11: already charged
    assert score_player(1, False, 2, 19).penalty == -100  # 19 -> 20
    assert score_player(1, False, 13, 9) == (10 + 12 - 200, 12, -200)  # 9 -> 21: twice


def test_sd08_a_missed_bid_has_no_bags() -> None:
    assert score_player(5, False, 4, 9) == (-50, 0, 0)


# SD09 -----------------------------------------------------------------------------------


def test_sd09_the_trick_winner_leads_next() -> None:
    state = position("2H 3D", "AH 4D", first=1)
    state = run(state, [(0, PlayCard(c("2H"))), (1, PlayCard(c("AH")))])
    assert state.turn == 1 and state.leader == 1 and state.trick == ()
    assert legal_actions(state, 0) == []


# SD10 -----------------------------------------------------------------------------------


def test_sd10_no_obligation_to_trump() -> None:
    state = position("3D", "KD 5S 9C", first=1, turn=1, trick="2H")
    legal = legal_actions(state, 1)
    assert PlayCard(c("9C")) in legal and PlayCard(c("5S")) in legal
    assert not ok(state, 1, PlayCard(c("9C"))).state.broken


def test_sd10_following_a_spade_lead_needs_spades_broken_first() -> None:
    state = position("2S 3S", "AS 4D", first=1)
    state = run(state, [(0, PlayCard(c("2S")))])  # only spades: a legal lead, and a break
    assert state.broken
    assert legal_actions(state, 1) == [PlayCard(c("AS"))]


# SD11 -----------------------------------------------------------------------------------


def test_sd11_blind_nil_bidder_skips_the_bidding() -> None:
    state = run(through_draw(blind=(False, True), first=0), [(1, Exchange())])
    assert state.phase is Phase.BID and state.turn == 0
    state = ok(state, 0, Bid(4)).state
    assert state.phase is Phase.PLAY and state.bids == (4, 0) and state.turn == 1


def test_sd11_bids_are_public() -> None:
    state = ok(through_draw(first=0), 1, Bid(5)).state
    assert observe(state, 0).bids == (None, 5)


# SD12 -----------------------------------------------------------------------------------


def test_sd12_the_game_only_ends_after_a_hand() -> None:
    state = before_last_trick((6, 6), (6, 6), scores=(520, 0))
    assert state.phase is Phase.PLAY and state.winner is None
    final = finish_hand(state).state
    assert final.winner == 0


def test_sd12_negative_scores_go_on() -> None:
    final = finish_hand(before_last_trick((13, 13), (6, 6), scores=(-300, -400))).state
    assert final.scores == (-430, -530) and final.phase is Phase.HAND_OVER
    assert from_json(to_json(final)) == final


def test_sd12_only_one_player_over_the_target_wins_even_when_it_is_a_comeback() -> None:
    final = finish_hand(before_last_trick((6, 13), (6, 6), scores=(450, 498))).state
    assert final.scores == (511, 368) and final.winner == 0


# SD13 -----------------------------------------------------------------------------------


def test_sd13_every_hand_shuffles_all_52_cards() -> None:
    over = finish_hand(before_last_trick((6, 6), (6, 6))).state
    dealer = Dealer(13)
    new = next_hand(over, *shuffled_hand(dealer)).state
    assert sorted(new.stock) == list(DECK) and new.discards == ((), ())
    with pytest.raises(ValueError):
        next_hand(over, DECK[:-1], DECK)


# SD14 -----------------------------------------------------------------------------------


def test_sd14_a_view_hides_the_opponents_cards() -> None:
    state = position("2H 3D", "AH 4D", first=1, bids=(2, 3))
    view = observe(state, 0)
    assert view.hand == state.hands[0] and view.opponent_cards == 2
    assert view.discards == state.discards[0]
    assert view.opponent_discards == len(state.discards[1])
    assert view.top_card is None and view.stock_size == 0
    assert view.bids == (2, 3) and view.to_move == 0
    other = state._replace(hands=(state.hands[0], cards("KS QS")))
    assert observe(other, 0) == view
