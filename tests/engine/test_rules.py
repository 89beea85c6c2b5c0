"""One or more tests per rule R01-R20 (docs/rules_sources/RULES.md), named after it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spit.engine import (
    ADJACENT,
    DECK,
    Applied,
    CardMoved,
    CardPlayed,
    CardSpat,
    Dealer,
    EndReason,
    GameOver,
    Move,
    Phase,
    Play,
    PlayStarted,
    Reason,
    RoundDealt,
    RoundEnded,
    RoundResolved,
    Slap,
    Slapped,
    Spit,
    Stalled,
    State,
    Variant,
    apply,
    deal_round,
    lay_out,
    legal_actions,
    new_game,
    observe,
    rank,
    suit,
)

from .positions import actor, all_cards, c, cards, next_round, ok, position, refused


def locations(state: State) -> dict[int, tuple[object, ...]]:
    """Where each card lies: its zone (stockpile, spit hand or spit pile)."""
    where: dict[int, tuple[object, ...]] = {}
    for p in (0, 1):
        for s, pile in enumerate(state.stocks[p]):
            for card in pile:
                where[card] = ("stock", p, s)
        for card in state.hands[p]:
            where[card] = ("hand", p)
        for card in state.collected[p]:
            where[card] = ("collected", p)
    for i, pile in enumerate(state.piles):
        for card in pile:
            where[card] = ("pile", i)
    return where


def random_transitions(seeds: range, max_actions: int = 3000):
    """(before, player, action, outcome) for random legal play in games from ``seeds``."""
    for seed in seeds:
        rng = random.Random(seed)
        dealer = Dealer(seed)
        state = new_game(dealer.first_deal())
        for _ in range(max_actions):
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state, dealer)
                continue
            player, actions = actor(state, rng.randrange(2))
            action = rng.choice(actions)
            outcome = ok(state, player, action)
            yield state, player, action, outcome
            state = outcome.state


# R01 Players and deck ------------------------------------------------------------


def test_rule_01_deck_has_52_distinct_cards_in_13_ranks_and_4_suits() -> None:
    assert sorted(DECK) == list(range(52))
    assert Counter(rank(x) for x in DECK) == {r: 4 for r in range(13)}
    assert Counter(suit(x) for x in DECK) == {s: 13 for s in range(4)}


def test_rule_01_a_game_needs_the_whole_deck_exactly_once() -> None:
    deck = list(DECK)
    with pytest.raises(ValueError):
        new_game((deck[:26], deck[26:51]))  # one card missing
    with pytest.raises(ValueError):
        new_game((deck[:26], [*deck[26:51], deck[0]]))  # one card twice
    state = new_game((deck[:26], deck[26:]))
    assert sorted(all_cards(state)) == deck


def test_rule_01_suits_are_irrelevant_to_play() -> None:
    for a in DECK:
        for b in DECK:
            assert ADJACENT[a][b] == ADJACENT[rank(a) * 4][rank(b) * 4]
    # Four fives of different suits are all playable on the same four.
    for five in ("5C", "5D", "5H", "5S"):
        state = position(["9C " + five], ["KD QD"], piles=["4S", "JH"])
        assert Play(0, 0) in legal_actions(state, 0)
        ok(state, 0, Play(0, 0))


# R02 Ranks and adjacency -----------------------------------------------------------


def test_rule_02_ace_is_adjacent_to_king_and_two() -> None:
    for ace in ("AC", "AD", "AH", "AS"):
        for other in ("KC", "KH", "2D", "2S"):
            assert ADJACENT[c(ace)][c(other)]
            assert ADJACENT[c(other)][c(ace)]
    # ... and so the engine lets an ace go on a king or a two, and both on an ace.
    state = position(["9C AH"], ["9D 2S"], piles=["KC", "AD"])
    ok(state, 0, Play(0, 0))
    ok(state, 1, Play(0, 1))
    state = position(["9C AH"], ["9D KS"], piles=["2C", "AD"])
    ok(state, 0, Play(0, 0))
    ok(state, 1, Play(0, 1))


def test_rule_02_adjacency_is_exactly_one_rank_up_or_down() -> None:
    for a in DECK:
        for b in DECK:
            diff = (rank(a) - rank(b)) % 13
            assert ADJACENT[a][b] == (diff in (1, 12)), (a, b)
    assert not ADJACENT[c("7C")][c("7D")]  # same rank
    assert not ADJACENT[c("AS")][c("3S")]
    assert not ADJACENT[c("KS")][c("2S")]  # the ring wraps only through the ace


def test_rule_02_same_rank_and_two_apart_are_rejected() -> None:
    state = position(["9C 7H", "9D 6H"], ["KD QD"], piles=["7C", "JH"])
    refused(state, 0, Play(0, 0), Reason.NOT_ADJACENT)
    state = position(["9C AH"], ["KD QD"], piles=["3C", "JH"])
    refused(state, 0, Play(0, 0), Reason.NOT_ADJACENT)


# R03 First deal ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5])
def test_rule_03_first_deal_gives_26_cards_each(seed: int) -> None:
    a, b = Dealer(seed).first_deal()
    assert len(a) == len(b) == 26
    assert sorted(a + b) == list(DECK)
    state = new_game((a, b))
    assert state.cards_held(0) == state.cards_held(1) == 26
    assert state.round == 1


# R04 Layout -------------------------------------------------------------------------


def test_rule_04_five_stockpiles_of_one_to_five_and_eleven_spit_cards() -> None:
    orders = Dealer(3).first_deal()
    state = new_game(orders)
    for p in (0, 1):
        assert [len(s) for s in state.stocks[p]] == [1, 2, 3, 4, 5]
        assert len(state.hands[p]) == 11
        # The spit cards are the cards after the first 15, in dealing order.
        assert state.hands[p] == tuple(orders[p][15:])
        view = observe(state, p)
        for stock, seen in zip(state.stocks[p], view.own, strict=True):
            assert seen.face_up == stock[-1]  # top card face up
            assert seen.face_down == len(stock) - 1  # all others face down
        assert view.own_spit_cards == 11


def test_rule_04_layout_from_a_known_order() -> None:
    stocks, hand = lay_out(DECK[:26])
    assert stocks == ((0,), (1, 5), (2, 6, 9), (3, 7, 10, 12), (4, 8, 11, 13, 14))
    assert hand == tuple(range(15, 26))


# R05 Spitting -----------------------------------------------------------------------


def test_rule_05_round_starts_with_each_player_spitting_onto_own_pile() -> None:
    state = new_game(Dealer(11).first_deal())
    assert state.phase is Phase.SPIT
    assert state.piles == ((), ())
    assert state.must_spit == (True, True)
    first0, first1 = state.hands[0][0], state.hands[1][0]

    after0 = ok(state, 0, Spit())
    assert after0.events == (CardSpat(0, 0, first0),)
    assert after0.state.phase is Phase.SPIT  # still waiting for player 2
    assert after0.state.piles == ((first0,), ())
    assert len(after0.state.hands[0]) == 10

    after1 = ok(after0.state, 1, Spit())
    assert after1.events[:2] == (CardSpat(1, 1, first1), PlayStarted())
    assert after1.state.piles[1][0] == first1
    assert after1.state.phase in (Phase.PLAYING, Phase.SPIT)  # SPIT only on a stall
    if after1.state.phase is Phase.PLAYING:
        assert after1.events == (CardSpat(1, 1, first1), PlayStarted())


# R06 One card at a time ---------------------------------------------------------------


def test_rule_06_each_action_moves_exactly_one_card() -> None:
    checked = 0
    for before, _player, action, outcome in random_transitions(range(5)):
        if any(isinstance(e, RoundResolved) for e in outcome.events):
            continue  # gathering at the end of a round is not a player's card action
        if isinstance(action, Slap):
            continue
        old, new = locations(before), locations(outcome.state)
        moved = [card for card in DECK if old[card] != new[card]]
        assert len(moved) == 1, (action, moved)
        checked += 1
    assert checked > 500


def test_rule_06_one_action_yields_at_most_one_card_event() -> None:
    for _before, _player, _action, outcome in random_transitions(range(3)):
        card_events = [e for e in outcome.events if isinstance(e, CardPlayed | CardMoved)]
        assert len(card_events) <= 1


# R07 Playing a card -------------------------------------------------------------------


def test_rule_07_play_face_up_card_onto_adjacent_pile() -> None:
    state = position(["9D 4H"], ["KS QS"], piles=["3C", "JD"])
    applied = ok(state, 0, Play(0, 0))
    assert applied.events == (CardPlayed(0, 0, 0, c("4H"), c("9D")),)
    assert applied.state.piles[0][-1] == c("4H")
    assert applied.state.stocks[0][0] == cards("9D")
    assert applied.state.piles[1] == state.piles[1]
    assert applied.state.stocks[1] == state.stocks[1]


def test_rule_07_either_player_may_play_on_either_pile() -> None:
    state = position(["9D 4H"], ["KS 2S"], piles=["3C", "JD"])
    assert Play(0, 0) in legal_actions(state, 1)  # 2S on 3C, player 1's card on pile 0
    ok(state, 1, Play(0, 0))
    state = position(["9D QH"], ["KS 2S"], piles=["3C", "JD"])
    ok(state, 0, Play(0, 1))  # QH on JD, player 0's card on pile 1


def test_rule_07_non_adjacent_play_is_rejected_and_changes_nothing() -> None:
    state = position(["9D 4H"], ["KS QS"], piles=["3C", "JD"])
    refused(state, 0, Play(0, 1), Reason.NOT_ADJACENT)


def test_rule_07_a_face_down_card_cannot_be_played() -> None:
    # The ten under the four would fit on the jack, but only the face-up top plays.
    state = position(["TD 4H"], ["KS QS"], piles=["3C", "JD"])
    refused(state, 0, Play(0, 1), Reason.NOT_ADJACENT)
    assert legal_actions(state, 0) == [Play(0, 0), Move(0)]


def test_rule_07_bad_plays_are_rejected_with_the_right_reason() -> None:
    state = position(["9D 4H"], ["KS QS"], piles=["3C", "JD"])
    refused(state, 0, Play(1, 0), Reason.EMPTY_STOCKPILE)
    refused(state, 0, Play(5, 0), Reason.BAD_INDEX)
    refused(state, 0, Play(0, 2), Reason.BAD_INDEX)
    refused(state, 0, Play(-1, 0), Reason.BAD_INDEX)
    refused(state, 2, Play(0, 0), Reason.BAD_PLAYER)
    one_pile = position(["9D 4H"], ["KS QS"], piles=["3C"], short=1)
    refused(one_pile, 0, Play(0, 1), Reason.BAD_INDEX)


# R08 Turning up -----------------------------------------------------------------------


def test_rule_08_next_card_is_turned_up_after_a_play() -> None:
    state = position(["8S 9D 4H", "KC"], ["KS QS"], piles=["3C", "JD"])
    applied = ok(state, 0, Play(0, 0))
    assert applied.events[0] == CardPlayed(0, 0, 0, c("4H"), c("9D"))
    view = observe(applied.state, 0)
    assert view.own[0].face_up == c("9D")
    assert view.own[0].face_down == 1
    assert view.opponent[0] == observe(state, 1).own[0]


def test_rule_08_last_card_of_a_stockpile_leaves_an_empty_space() -> None:
    state = position(["4H", "KC 8C"], ["KS QS"], piles=["3C", "JD"])
    applied = ok(state, 0, Play(0, 0))
    assert applied.events[0] == CardPlayed(0, 0, 0, c("4H"), None)
    assert applied.state.stocks[0][0] == ()
    assert observe(applied.state, 0).own[0].face_up is None


# R09 Empty spaces ---------------------------------------------------------------------


def test_rule_09_move_face_up_card_into_empty_space_turns_up_the_card_beneath() -> None:
    state = position(["2C", "", "7D 8D 9S"], ["KS QS"], piles=["4C", "JD"])
    assert Move(2) in legal_actions(state, 0)
    applied = ok(state, 0, Move(2))
    assert applied.events == (CardMoved(0, 2, 1, c("9S"), c("8D")),)
    assert applied.state.stocks[0] == (cards("2C"), cards("9S"), cards("7D 8D"), (), ())
    assert applied.state.piles == state.piles


# R10 First to touch ---------------------------------------------------------------------


def test_rule_10_second_card_lands_only_if_still_adjacent() -> None:
    # Both players can play on the five; the six lands first.
    state = position(["2D 6H"], ["KD 4S"], piles=["5C", "9D"])
    assert Play(0, 0) in legal_actions(state, 0)
    assert Play(0, 0) in legal_actions(state, 1)
    first = ok(state, 0, Play(0, 0)).state
    assert first.piles[0][-1] == c("6H")
    refused(first, 1, Play(0, 0), Reason.NOT_ADJACENT)  # the four no longer fits


def test_rule_10_second_card_lands_on_top_when_still_adjacent() -> None:
    state = position(["2D 6H"], ["KD 4S", "TD 7S"], piles=["5C", "9D"])
    first = ok(state, 0, Play(0, 0)).state
    second = ok(first, 1, Play(1, 0)).state  # the seven fits on the six
    assert second.piles[0][-2:] == cards("6H 7S")


# R11 No take-backs ----------------------------------------------------------------------


def test_rule_11_no_action_removes_a_card_from_a_spit_pile() -> None:
    checked = 0
    for before, _player, _action, outcome in random_transitions(range(5)):
        if outcome.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            continue  # the round is over: the piles have been gathered (R16)
        for old, new in zip(before.piles, outcome.state.piles, strict=True):
            assert new[: len(old)] == old
        checked += 1
    assert checked > 500


# R12 At most five stockpiles -------------------------------------------------------------


def test_rule_12_no_move_without_an_empty_space() -> None:
    state = position(["2C 3D", "4C", "5D 6D", "7H", "8S 9S"], ["KS QS"], piles=["JC", "JD"])
    refused(state, 0, Move(0), Reason.NO_EMPTY_SPACE)
    assert not any(isinstance(a, Move) for a in legal_actions(state, 0))


def test_rule_12_players_always_have_five_stockpile_spaces() -> None:
    for _before, _player, _action, outcome in random_transitions(range(3)):
        for p in (0, 1):
            assert len(outcome.state.stocks[p]) == 5


# R13 Stall: spit again ----------------------------------------------------------------------


def stall_position(**kwargs: object) -> State:
    """After player 0 plays the four of hearts, nobody can play or move."""
    return position(["2H 4H"], ["QS", "KH"], piles=["5C", "9D"], **kwargs)  # type: ignore[arg-type]


def test_rule_13_stall_means_both_players_spit_again() -> None:
    state = stall_position(hands=("7C 8C", "JC TC"))
    applied = ok(state, 0, Play(0, 0))
    assert applied.events[1:] == (Stalled((True, True)),)
    stalled = applied.state
    assert stalled.phase is Phase.SPIT
    assert stalled.must_spit == (True, True)
    assert legal_actions(stalled, 0) == legal_actions(stalled, 1) == [Spit()]

    spat = ok(stalled, 0, Spit())
    assert spat.events == (CardSpat(0, 0, c("7C")),)
    resumed = ok(spat.state, 1, Spit())
    assert resumed.events == (CardSpat(1, 1, c("JC")), PlayStarted())
    assert resumed.state.phase is Phase.PLAYING
    assert legal_actions(resumed.state, 1) == [Play(0, 1)]  # QS on JC


# R14 End of a round -------------------------------------------------------------------------


def test_rule_14_round_ends_when_a_player_plays_the_last_stockpile_card() -> None:
    state = position(["6H"], ["KS QS"], piles=["5C", "9D"], hands=("2C", ""))
    applied = ok(state, 0, Play(0, 0))
    assert applied.events == (
        CardPlayed(0, 0, 0, c("6H"), None),
        RoundEnded(EndReason.STOCK_OUT, 0),
    )
    assert applied.state.phase is Phase.SLAP


def test_rule_14_round_ends_on_a_stall_with_no_spit_cards_anywhere() -> None:
    state = stall_position()
    applied = ok(state, 0, Play(0, 0))
    assert applied.events[1:] == (RoundEnded(EndReason.NO_SPIT_CARDS, None),)
    assert applied.state.phase is Phase.SLAP


def test_rule_14_a_stall_with_spit_cards_does_not_end_the_round() -> None:
    applied = ok(stall_position(hands=("7C", "")), 0, Play(0, 0))
    assert not any(isinstance(e, RoundEnded) for e in applied.events)


# R15 The slap ---------------------------------------------------------------------------------


def slap_position() -> State:
    return position(["2H"], ["QS", "KH"], piles=["5C 4H", "9D"], hands=("7C", ""),
                    phase=Phase.SLAP)  # fmt: skip


def test_rule_15_first_slapper_takes_that_pile_other_takes_the_other() -> None:
    state = slap_position()
    pile0, pile1 = state.piles
    applied = ok(state, 1, Slap(0))
    assert applied.events[0] == Slapped(1, 0, (len(pile0), len(pile1)))
    new = applied.state
    assert new.phase is Phase.ROUND_OVER
    assert new.collected[1] == tuple(sorted(pile0 + cards("QS KH")))
    assert new.collected[0] == tuple(sorted(pile1 + cards("2H 7C")))
    assert applied.events[1] == RoundResolved(
        (len(new.collected[0]), len(new.collected[1])), (2, 2), (0, 0)
    )
    assert new.piles == () and new.hands == ((), ())


def test_rule_15_slapping_either_pile_either_player() -> None:
    state = slap_position()
    pile0, pile1 = state.piles
    for player in (0, 1):
        for pile in (0, 1):
            new = ok(state, player, Slap(pile)).state
            taken = state.piles[pile]
            other = state.piles[1 - pile]
            own = [cards("2H 7C"), cards("QS KH")]
            assert new.collected[player] == tuple(sorted(own[player] + taken))
            assert new.collected[1 - player] == tuple(sorted(own[1 - player] + other))
    assert len(pile0) != len(pile1)


# R16 Gathering and re-dealing ---------------------------------------------------------------


def test_rule_16_gather_and_redeal_from_shuffles_of_collected() -> None:
    over = ok(slap_position(), 0, Slap(1)).state
    assert over.phase is Phase.ROUND_OVER and over.winner is None
    dealer = Dealer(5)
    orders = (dealer.shuffle(over.collected[0]), dealer.shuffle(over.collected[1]))
    dealt = deal_round(over, orders)
    new = dealt.state
    assert new.round == over.round + 1
    assert new.phase is Phase.SPIT
    assert new.collected == ((), ())
    for p in (0, 1):
        stocks, hand = lay_out(orders[p])
        assert new.stocks[p] == stocks
        assert new.hands[p] == hand
        assert sorted([*(c for s in new.stocks[p] for c in s), *hand]) == list(over.collected[p])
    assert dealt.events == (RoundDealt(new.round, (len(new.hands[0]), len(new.hands[1]))),)
    assert new.must_spit == (bool(new.hands[0]), bool(new.hands[1]))


def test_rule_16_dealing_is_only_possible_between_rounds() -> None:
    state = new_game(Dealer(1).first_deal())
    with pytest.raises(ValueError):
        deal_round(state, (state.hands[0], state.hands[1]))


# R17 Fewer than 15 cards ------------------------------------------------------------------------


def test_rule_17_short_player_gets_a_partial_layout_and_the_round_one_pile() -> None:
    ten = "2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    over = position(phase=Phase.ROUND_OVER, piles=(), collected=("", ten), rest="collected0")
    order1 = cards(ten)
    dealt = deal_round(over, (over.collected[0], order1))
    new = dealt.state
    o = order1
    assert new.stocks[1] == ((o[0],), (o[1], o[5]), (o[2], o[6], o[9]), (o[3], o[7]), (o[4], o[8]))
    assert new.hands[1] == ()
    assert len(new.hands[0]) == 42 - 15
    assert new.piles == ((),)
    assert new.short == 1
    assert new.must_spit == (True, False)
    assert dealt.events == (RoundDealt(new.round, (27, 0)),)
    assert legal_actions(new, 1) == []
    refused(new, 1, Spit(), Reason.ALREADY_SPAT)
    spat = ok(new, 0, Spit())
    assert spat.events[:2] == (CardSpat(0, 0, new.hands[0][0]), PlayStarted())
    assert spat.state.piles == ((new.hands[0][0],),)


# R18 One-pile ending ----------------------------------------------------------------------------


def test_rule_18_first_out_takes_nothing_opponent_takes_pile_and_own_cards() -> None:
    state = position(["6H"], ["KS QS", "2D"], hands=("7C 8C", ""), piles=["5C"], rest="hand0")
    assert state.short == 1
    hand0, pile = state.hands[0], state.piles[0]
    applied = ok(state, 0, Play(0, 0))
    assert applied.events[:2] == (
        CardPlayed(0, 0, 0, c("6H"), None),
        RoundEnded(EndReason.STOCK_OUT, 0),
    )
    new = applied.state
    assert not any(isinstance(e, Slapped) for e in applied.events)  # no slap with one pile
    assert new.collected[0] == tuple(sorted(hand0))  # keeps own spit cards, takes nothing
    assert new.collected[1] == tuple(sorted((*pile, c("6H"), *cards("KS QS 2D"))))
    resolved = applied.events[2]
    assert resolved == RoundResolved((len(hand0), 52 - len(hand0)), (len(hand0), 3), (0, 0))
    assert new.phase is Phase.ROUND_OVER  # R19: the game goes on


# R19 Winning the standard game ------------------------------------------------------------------


def test_rule_19_short_player_going_out_first_wins_the_game() -> None:
    state = position(["KS QS"], ["6H"], piles=["5C"], rest="hand0")
    assert state.short == 1
    applied = ok(state, 1, Play(0, 0))
    assert applied.events[-1] == GameOver(1)
    assert applied.state.phase is Phase.GAME_OVER
    assert applied.state.winner == 1
    assert applied.state.collected[1] == ()
    for p in (0, 1):
        assert legal_actions(applied.state, p) == []


def test_rule_19_otherwise_the_game_continues() -> None:
    # The player with spit cards goes out first: another deal follows.
    state = position(["6H"], ["KS QS"], piles=["5C"], rest="hand0")
    applied = ok(state, 0, Play(0, 0))
    assert applied.state.phase is Phase.ROUND_OVER
    assert applied.state.winner is None
    assert not any(isinstance(e, GameOver) for e in applied.events)
    # A two-pile round never ends the standard game: both take a pile.
    over = ok(slap_position(), 0, Slap(0)).state
    assert over.phase is Phase.ROUND_OVER and over.winner is None


# R20 Points variant -------------------------------------------------------------------------------


def test_rule_20_one_point_per_card_left_each_round() -> None:
    state = position(["6H"], ["KS QS", "2D"], piles=["5C", "9D"], hands=("7C 8C", "3S"),
                     variant=Variant.POINTS, scores=(10, 20))  # fmt: skip
    ended = ok(state, 0, Play(0, 0)).state
    applied = ok(ended, 1, Slap(1))
    resolved = next(e for e in applied.events if isinstance(e, RoundResolved))
    assert resolved.left == (2, 4)
    assert resolved.scores == (12, 24)
    assert applied.state.scores == (12, 24)
    assert applied.state.phase is Phase.ROUND_OVER


def test_rule_20_game_ends_at_target_and_lowest_total_wins() -> None:
    state = position(["6H"], ["KS QS", "2D"], piles=["5C", "9D"], hands=("7C 8C", "3S"),
                     variant=Variant.POINTS, scores=(95, 40))  # fmt: skip
    ended = ok(state, 0, Play(0, 0)).state
    applied = ok(ended, 0, Slap(0))
    assert applied.state.scores == (97, 44)
    assert applied.state.phase is Phase.ROUND_OVER  # nobody at 100 yet
    state = state._replace(scores=(98, 40))
    applied = ok(ok(state, 0, Play(0, 0)).state, 0, Slap(0))
    assert applied.state.scores == (100, 44)
    assert applied.state.phase is Phase.GAME_OVER
    assert applied.state.winner == 1  # lower total wins, though player 0 went out
    assert applied.events[-1] == GameOver(1)


def test_rule_20_target_is_taken_from_the_state() -> None:
    state = position(["6H"], ["KS QS", "2D"], piles=["5C", "9D"], hands=("7C 8C", "3S"),
                     variant=Variant.POINTS, target=5)  # fmt: skip
    applied = ok(ok(state, 0, Play(0, 0)).state, 0, Slap(0))
    assert applied.state.scores == (2, 4)
    assert applied.state.phase is Phase.ROUND_OVER
    applied = ok(ok(state._replace(target=4), 0, Play(0, 0)).state, 0, Slap(0))
    assert applied.state.winner == 0


def test_rule_20_points_game_starts_from_new_game() -> None:
    state = new_game(Dealer(2).first_deal(), Variant.POINTS, target=50)
    assert state.variant is Variant.POINTS
    assert state.target == 50
    assert state.scores == (0, 0)
    assert isinstance(apply(state, 0, Spit()), Applied)
