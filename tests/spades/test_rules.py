"""One or more tests per rule S01-S16 (docs/rules_sources/SPADES.md), named after it."""

from __future__ import annotations

import pytest

from spit.core.cards import DECK
from spit.games.spades.engine import (
    SPADES,
    Applied,
    Bid,
    BidMade,
    CardPlayed,
    DeclareBlindNil,
    DeclineBlindNil,
    Discard,
    DrawEnded,
    Exchange,
    GameOver,
    HandScored,
    HandStarted,
    Keep,
    Phase,
    PlayCard,
    Reason,
    SpadesBroken,
    TrickTaken,
    beats,
    legal_actions,
    new_game,
    next_hand,
    observe,
    score_player,
    trick_winner,
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


def play(card: str) -> PlayCard:
    return PlayCard(c(card))


# S01 ------------------------------------------------------------------------------------


def test_s01_deck_of_52_ace_high_two_low() -> None:
    state = new_game(DECK, DECK)
    assert sorted(full_deck(state)) == list(DECK)
    assert beats(c("AH"), c("KH")) and not beats(c("2H"), c("3H"))
    assert beats(c("3C"), c("2C")) and not beats(c("KD"), c("AD"))


def test_s01_spades_are_trumps() -> None:
    assert c("2S") & 3 == SPADES
    assert beats(c("2S"), c("AH"))
    assert not beats(c("AH"), c("2S"))


# S02 ------------------------------------------------------------------------------------


def test_s02_the_target_is_500_points() -> None:
    assert new_game(DECK, DECK).target == 500
    assert new_game(DECK, DECK, target=200).target == 200
    with pytest.raises(ValueError):
        new_game(DECK, DECK, target=0)


# S03 ------------------------------------------------------------------------------------


def test_s03_keep_takes_the_top_card_and_discards_the_next() -> None:
    state = run(new_game(DECK, DECK), [(0, DeclineBlindNil()), (1, DeclineBlindNil())])
    assert state.phase is Phase.DRAW and legal_actions(state, 0) == [Keep(), Discard()]
    after = ok(state, 0, Keep()).state
    assert after.hands[0] == cards("2C") and after.discards[0] == cards("2D")
    assert after.stock == DECK[2:]


def test_s03_discard_gives_up_the_top_card_and_keeps_the_next() -> None:
    state = run(new_game(DECK, DECK), [(0, DeclineBlindNil()), (1, DeclineBlindNil())])
    after = ok(state, 0, Discard()).state
    assert after.hands[0] == cards("2D") and after.discards[0] == cards("2C")


def test_s03_there_is_no_deal_hands_start_empty() -> None:
    state = new_game(DECK, DECK)
    assert state.hands == ((), ()) and state.stock == DECK


# S04 ------------------------------------------------------------------------------------


def test_s04_after_the_draw_13_each_and_26_set_aside() -> None:
    state = through_draw()
    assert state.stock == ()
    assert len(state.hands[0]) == len(state.hands[1]) == 13
    assert len(state.discard_pile()) == 26
    assert state.phase is Phase.BID
    # Keeping every top card: player 1 drew clubs, player 2 hearts; the rest set aside.
    assert state.hands[0] == tuple(c for c in DECK if c & 3 == 0)
    assert state.hands[1] == tuple(c for c in DECK if c & 3 == 2)


def test_s04_draw_ends_with_an_event() -> None:
    state = run(new_game(DECK, DECK), [(0, DeclineBlindNil()), (1, DeclineBlindNil())])
    for _ in range(25):
        state = ok(state, state.turn, Keep()).state
    assert DrawEnded() in ok(state, state.turn, Keep()).events


# S05 ------------------------------------------------------------------------------------


def test_s05_second_player_bids_first_any_number_0_to_13() -> None:
    state = through_draw(first=0)
    assert state.turn == 1
    assert legal_actions(state, 1) == [Bid(n) for n in range(14)]
    assert legal_actions(state, 0) == []
    refused(state, 0, Bid(3), Reason.NOT_YOUR_TURN)
    refused(state, 1, Bid(14), Reason.BAD_BID)


def test_s05_one_round_no_raise_needed() -> None:
    state = through_draw(first=0)
    bid = ok(state, 1, Bid(7))
    assert bid.events == (BidMade(1, 7),)
    lower = ok(bid.state, 0, Bid(2)).state  # lower than the first bid is fine
    assert lower.bids == (2, 7)
    assert lower.phase is Phase.PLAY
    refused(lower, 0, Bid(3), Reason.NOT_BIDDING)


def test_s05_no_passing() -> None:
    state = through_draw()
    assert all(isinstance(a, Bid) for a in legal_actions(state, state.turn))


# S06 ------------------------------------------------------------------------------------


def test_s06_nil_is_a_bid_of_zero() -> None:
    state = through_draw(first=0)
    state = run(state, [(1, Bid(0)), (0, Bid(4))])
    assert state.bids == (4, 0) and state.blind == (False, False)


# S07 ------------------------------------------------------------------------------------


def test_s07_blind_nil_is_declared_before_the_first_card() -> None:
    state = new_game(DECK, DECK)
    assert legal_actions(state, 0) == [DeclareBlindNil(), DeclineBlindNil()]
    state = ok(state, 0, DeclareBlindNil()).state
    assert state.blind == (True, False) and state.bids == (0, None)
    drawing = ok(state, 1, DeclineBlindNil()).state
    refused(drawing, 0, DeclareBlindNil(), Reason.NOT_BLIND_TIME)


def test_s07_blind_nil_bidder_exchanges_up_to_three_cards_after_the_draw() -> None:
    state = through_draw(blind=(True, False))
    assert state.phase is Phase.EXCHANGE and state.turn == 0
    four = state.hands[0][:4]
    refused(state, 0, Exchange(four), Reason.TOO_MANY)
    pile = set(state.discard_pile())
    after = ok(state, 0, Exchange(four[:3])).state
    assert not set(four[:3]) & set(after.hands[0])
    assert len(after.hands[0]) == 13
    assert set(after.received[0]) <= pile and len(after.received[0]) == 3
    assert set(four[:3]) <= set(after.discard_pile())


# S08 ------------------------------------------------------------------------------------


def test_s08_second_player_leads_the_first_trick() -> None:
    state = run(through_draw(first=1), [(0, Bid(3)), (1, Bid(3))])
    assert state.phase is Phase.PLAY and state.turn == 0 and state.leader == 0


def test_s08_no_spade_lead_before_spades_are_broken() -> None:
    state = position("AS 2H", "3H 4H", first=1)  # player 0 leads
    assert legal_actions(state, 0) == [play("2H")]
    refused(state, 0, play("AS"), Reason.SPADES_NOT_BROKEN)


def test_s08_only_spades_may_be_led() -> None:
    state = position("AS 2S", "3H 4H", first=1)
    assert legal_actions(state, 0) == [play("2S"), play("AS")]


def test_s08_spades_may_be_led_once_broken() -> None:
    state = position("AS 2H", "3H 4H", first=1, broken=True)
    assert legal_actions(state, 0) == [play("2H"), play("AS")]


# S09 ------------------------------------------------------------------------------------


def test_s09_must_follow_suit() -> None:
    state = position("3D", "AH KD 5S", first=1, turn=1, trick="2H")
    assert legal_actions(state, 1) == [play("AH")]
    refused(state, 1, play("KD"), Reason.MUST_FOLLOW)
    refused(state, 1, play("5S"), Reason.MUST_FOLLOW)


def test_s09_without_the_suit_any_card() -> None:
    state = position("3D", "KD 5S 9C", first=1, turn=1, trick="2H")
    assert legal_actions(state, 1) == [play("5S"), play("9C"), play("KD")]


# S10 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("9H", "KH", 1),  # higher of the suit led
        ("KH", "9H", 0),
        ("KH", "AD", 0),  # another suit never wins
        ("AH", "2S", 1),  # a spade beats any other suit
        ("QS", "KS", 1),  # highest spade
        ("KS", "QS", 0),
        ("2C", "AS", 1),
    ],
)
def test_s10_who_wins_a_trick(lead: str, follow: str, winner: int) -> None:
    assert trick_winner(0, c(lead), c(follow)) == winner
    state = position("3D " + lead, follow + " 4D", first=1, broken=True)
    state = run(state, [(0, play(lead))])
    outcome = ok(state, 1, play(follow))
    assert state.turn == 1
    assert outcome.state.tricks[-1].winner == winner
    assert TrickTaken(winner, 1) in outcome.events


# S11 ------------------------------------------------------------------------------------


def test_s11_trumping_breaks_spades() -> None:
    state = position("2H 3H", "5S 9C", first=1, turn=0)
    state = ok(state, 0, play("2H")).state
    assert not state.broken
    outcome = ok(state, 1, play("5S"))
    assert outcome.state.broken
    assert outcome.events[:2] == (CardPlayed(1, c("5S")), SpadesBroken(1))


def test_s11_leading_with_only_spades_breaks_them() -> None:
    state = position("2S 3S", "5H 9C", first=1)
    outcome = ok(state, 0, play("2S"))
    assert outcome.state.broken and SpadesBroken(0) in outcome.events


def test_s11_a_discard_of_another_suit_does_not_break() -> None:
    state = position("2H 3H", "5D 9S", first=1)
    state = run(state, [(0, play("2H")), (1, play("5D"))])
    assert not state.broken


def test_s11_spades_start_unbroken_each_hand() -> None:
    over = position("", "", phase=Phase.HAND_OVER, broken=True)
    assert not next_hand(over, DECK, DECK).state.broken


# S12 ------------------------------------------------------------------------------------


def test_s12_made_bid_scores_ten_per_trick_plus_one_per_bag() -> None:
    assert score_player(4, False, 6, 0) == (42, 2, 0)
    assert score_player(4, False, 4, 0) == (40, 0, 0)


def test_s12_missed_bid_loses_ten_per_trick_bid() -> None:
    assert score_player(4, False, 3, 0) == (-40, 0, 0)
    assert score_player(13, False, 12, 0) == (-130, 0, 0)


def test_s12_a_whole_hand_is_scored() -> None:
    final = finish_hand(before_last_trick((5, 4), (6, 6)))
    result = final.state.history[-1]
    assert result.tricks == (7, 6)
    assert result.points == (52, 42) and result.bags == (2, 2)
    assert final.state.scores == (52, 42) and final.state.phase is Phase.HAND_OVER
    assert isinstance(final.events[-1], HandScored)


# S13 ------------------------------------------------------------------------------------


def test_s13_nil_and_blind_nil_scores() -> None:
    assert score_player(0, False, 0, 0).points == 100
    assert score_player(0, False, 1, 0).points == -100
    assert score_player(0, True, 0, 0).points == 200
    assert score_player(0, True, 5, 0).points == -200


def test_s13_nil_in_a_whole_hand() -> None:
    final = finish_hand(before_last_trick((0, 3), (0, 12), blind=(True, False))).state
    assert final.history[-1].points == (-200, 30 + 9)


# S14 ------------------------------------------------------------------------------------


def test_s14_ten_bags_cost_100() -> None:
    assert score_player(3, False, 5, 8) == (32 - 100, 2, -100)
    assert score_player(3, False, 4, 8) == (31, 1, 0)


def test_s14_bags_accumulate_across_hands() -> None:
    final = finish_hand(before_last_trick((1, 1), (6, 6), scores=(50, 0), bags=(9, 0))).state
    result = final.history[-1]
    assert result.bags == (6, 5) and result.penalties == (-100, 0)
    assert final.bags == (15, 5)
    assert final.scores == (50 + 10 + 6 - 100, 15)


# S15 ------------------------------------------------------------------------------------


def test_s15_the_second_player_draws_first_next_hand() -> None:
    over = position("", "", phase=Phase.HAND_OVER, first=0, scores=(40, 30), bags=(1, 0))
    started = next_hand(over, DECK, tuple(reversed(DECK)))
    new = started.state
    assert started.events == (HandStarted(2, 1),)
    assert new.first == 1 and new.turn == 1 and new.hand == 2 and new.phase is Phase.BLIND
    assert new.scores == (40, 30) and new.bags == (1, 0) and new.history == over.history
    assert new.stock == DECK and new.hands == ((), ()) and new.tricks == ()
    again = next_hand(new._replace(phase=Phase.HAND_OVER), DECK, DECK).state
    assert again.first == 0


def test_s15_next_hand_only_after_a_hand() -> None:
    with pytest.raises(ValueError):
        next_hand(new_game(DECK, DECK), DECK, DECK)


# S16 ------------------------------------------------------------------------------------


def finish(scores: tuple[int, int]) -> Applied:
    """Player 1 scores 61 and player 2 scores 60 in a hand that started at ``scores``."""
    return finish_hand(before_last_trick((6, 6), (6, 6), scores=scores))


def test_s16_first_to_500_wins() -> None:
    outcome = finish((440, 300))
    assert outcome.state.scores == (501, 360)
    assert outcome.state.phase is Phase.GAME_OVER and outcome.state.winner == 0
    assert outcome.events[-1] == GameOver(0)
    assert legal_actions(outcome.state, 0) == legal_actions(outcome.state, 1) == []


def test_s16_below_500_the_game_goes_on() -> None:
    outcome = finish((400, 300))
    assert outcome.state.phase is Phase.HAND_OVER and outcome.state.winner is None


def test_s16_both_over_500_higher_wins() -> None:
    outcome = finish((450, 460))
    assert outcome.state.scores == (511, 520)
    assert outcome.state.winner == 1


def test_s16_tie_plays_another_hand() -> None:
    outcome = finish((450, 451))
    assert outcome.state.scores == (511, 511)
    assert outcome.state.phase is Phase.HAND_OVER and outcome.state.winner is None
    assert observe(outcome.state, 0).to_move is None
