"""The Spades computer players: the level API, sensible single decisions, the look-ahead's
sampling, what a bot may see, and whole bot-against-bot games (which must finish, be
reproducible, and show each level beating what it must beat). The full ladder, with
confidence intervals, is ``benchmarks/spades_ladder.py``; the duels here are small
fixed-seed samples of it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.core.cards import DECK, parse_card
from spit.games.simulation import total
from spit.games.spades.bots import LEVELS, bot_description, make_bot
from spit.games.spades.bots.knowledge import read
from spit.games.spades.bots.lookahead import best_bid, sample_hands
from spit.games.spades.engine import (
    Bid,
    DeclineBlindNil,
    Discard,
    Exchange,
    Keep,
    Phase,
    PlayCard,
    State,
    legal_actions,
    new_game,
    observe,
)
from spit.games.spades.sim import SIMULATOR
from spit.sim import run_games

from .positions import position, run, through_draw

HARD_OVER_EASY = 0.75
"""Hard must win at least this share of games against easy (see docs/bots.md)."""
HARD_OVER_SCRIPTED = 0.7
"""... and against the scripted player of ``baselines``."""
EASY_OVER_RANDOM = 0.9
HARD_MAKES = 0.7
"""Hard must make at least this share of its bids against the scripted player."""


def c(text: str) -> int:
    return parse_card(text)


def choice(level: str, state: State, player: int, seed: int = 0) -> object:
    return make_bot(level, player, seed).choose(
        observe(state, player), legal_actions(state, player)
    )


# --- the level API ----------------------------------------------------------------------


def test_levels_and_descriptions() -> None:
    assert LEVELS == ("easy", "hard")
    for level in LEVELS:
        assert bot_description(level)
        assert make_bot(level, 1, 3).player == 1
    with pytest.raises(ValueError, match="unknown level"):
        make_bot("expert", 0, 0)
    with pytest.raises(ValueError, match="unknown level"):
        bot_description("expert")


def test_a_bot_refuses_to_act_out_of_turn() -> None:
    state = new_game(DECK, DECK)
    with pytest.raises(ValueError):
        make_bot("hard", 1, 0).choose(observe(state, 1), [])


# --- single decisions ---------------------------------------------------------------------


def test_hard_keeps_a_high_spade_and_lets_a_low_card_go() -> None:
    stock = (c("AS"), *(x for x in DECK if x != c("AS")))
    state = run(new_game(stock, DECK), [(0, DeclineBlindNil()), (1, DeclineBlindNil())])
    assert choice("hard", state, 0) == Keep()
    low = (c("2C"), *(x for x in DECK if x != c("2C")))
    state = run(new_game(low, DECK), [(0, DeclineBlindNil()), (1, DeclineBlindNil())])
    assert choice("hard", state, 0) == Discard()


def test_hard_bids_a_strong_hand_high_and_a_safe_hand_nil() -> None:
    strong = "AS KS QS JS TS AH KH AD KD AC KC 2H 2D"
    weak = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S"
    fillers = "3C 4C 5C 6C 7C 3D 4D 5D 6D 3H 4H 5H 6H"
    state = position(strong, fillers, phase=Phase.BID, bids=(None, None), turn=0)
    bid = choice("hard", state, 0)
    assert isinstance(bid, Bid) and bid.tricks >= 9
    state = position(weak, strong.replace("2H 2D", "QH QD"), phase=Phase.BID, bids=(None, None))
    assert choice("hard", state._replace(turn=0), 0) == Bid(0)


def test_hard_gives_away_its_dangerous_cards_in_a_blind_exchange() -> None:
    state = position(
        "AS AH 2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D",
        "KS QS JS KH QH JH KD QD JD KC QC JC TC",
        phase=Phase.EXCHANGE,
        bids=(0, None),
        blind=(True, False),
        turn=0,
    )
    assert choice("hard", state, 0) == Exchange((c("AH"), c("AS")))


def test_hard_keeps_a_safe_blind_hand() -> None:
    state = through_draw(blind=(True, False))  # player 1 drew all the clubs: nothing to fear
    assert choice("hard", state, 0) == Exchange()


def test_hard_cashes_a_sure_winner_when_it_needs_tricks() -> None:
    state = position("AH 4D 7C", "2H 5D 8C 9S", first=1, bids=(2, 1))
    assert choice("hard", state, 0) == PlayCard(c("AH"))


def test_hard_ducks_under_the_lead_with_a_nil() -> None:
    state = position("3H 9H", "4H KH AC", first=0, turn=0, trick="5H", bids=(0, 4))
    assert choice("hard", state, 0) == PlayCard(c("3H"))


def test_hard_wins_cheaply_when_following() -> None:
    state = position("6H KH AH", "2C 3C", first=0, turn=0, trick="5H", bids=(3, 3))
    assert choice("hard", state, 0) == PlayCard(c("6H"))


def test_knowledge_reads_voids_from_the_tricks() -> None:
    state = position("2C 3C", "4D 5D", first=0, turn=0, tricks=[(1, "9H", "KD")], bids=(1, 1))
    know = read(observe(state, 1))
    assert know.chances(c("2H") & 3) == [0.0] * len(know.chances(c("2H") & 3))
    assert c("KD") not in know.unseen and c("9H") not in know.unseen


# --- whole games ----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("hard", "hard"), ("easy", "easy"), ("easy", "hard")])
def test_bot_games_finish(levels: tuple[str, str]) -> None:
    run = run_games(SIMULATOR, 4, 0, *levels)
    assert run.unfinished == 0
    for record in run.records:
        assert record.winner in (0, 1) and max(record.counts["scores"]) >= 500


@pytest.mark.slow
def test_bot_games_are_reproducible() -> None:
    a, b = run_games(SIMULATOR, 2, 42, "hard", "easy"), run_games(SIMULATOR, 2, 42, "hard", "easy")
    assert a.records == b.records
    assert run_games(SIMULATOR, 2, 43, "hard", "easy").records != a.records


@pytest.mark.slow
@pytest.mark.parametrize(
    ("levels", "share"),
    [
        (("hard", "easy"), HARD_OVER_EASY),
        (("hard", "scripted"), HARD_OVER_SCRIPTED),
        (("easy", "random"), EASY_OVER_RANDOM),
    ],
)
def test_each_level_beats_what_it_must(levels: tuple[str, str], share: float) -> None:
    run = run_games(SIMULATOR, 16, 2024, *levels)
    assert run.unfinished == 0
    assert run.p1_win_rate >= share, run.records
    if levels == ("hard", "scripted"):
        # and hard makes most of its bids (some 240 of them in these 16 games)
        made, bids = total(run.records, "made", 0), total(run.records, "bids", 0)
        assert made >= HARD_MAKES * bids, run.records


# --- the look-ahead -----------------------------------------------------------------------


def _play_states(seed: int) -> list[State]:
    """Every state of one hard-against-scripted game in which someone plays a card."""
    from spit.core.dealer import Dealer
    from spit.games.spades.engine import apply, next_hand, shuffled_hand, to_move
    from spit.games.spades.sim import make_player as seat

    dealer = Dealer(seed)
    state = new_game(*shuffled_hand(dealer), target=150)
    players = (seat("hard", 0, 1), seat("scripted", 1, 2))
    found = []
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.HAND_OVER:
            state = next_hand(state, *shuffled_hand(dealer)).state
            continue
        player = to_move(state)
        assert player is not None
        if state.phase is Phase.PLAY:
            found.append(state)
        view = observe(state, player)
        state = apply(
            state, player, players[player].choose(view, legal_actions(state, player))
        ).state  # type: ignore[union-attr]
    return found


@pytest.mark.slow
@given(st.integers(0, 10_000), st.integers(0, 2**32))
@settings(max_examples=15, deadline=None)
def test_sampled_layouts_agree_with_everything_seen(game: int, seed: int) -> None:
    import random

    states = _play_states(game % 50)
    state = states[seed % len(states)]
    player = to_move_of(state)
    view = observe(state, player)
    know = read(view)
    seen = {*view.hand, *view.trick, *(c for t in view.tricks for c in (t.lead, t.follow))}
    voids = {s for s in range(4) if know.chances(s) and not any(know.chances(s))}
    for hand in sample_hands(view, know, random.Random(seed)):
        assert len(hand) == view.opponent_cards
        assert len(set(hand)) == len(hand)
        assert not set(hand) & seen
        assert not {c & 3 for c in hand} & voids
    actual_voids = {s for s in voids if any(c & 3 == s for c in state.hands[1 - player])}
    assert not actual_voids, "a void the reader inferred must be real"


def to_move_of(state: State) -> int:
    from spit.games.spades.engine import to_move

    player = to_move(state)
    assert player is not None
    return player


def test_best_bid_weighs_a_missed_bid_against_bags() -> None:
    assert best_bid([4] * 10) == 4
    assert best_bid([3, 4, 4, 4, 5, 5, 6]) == 4
    assert best_bid([1, 2, 2, 8, 9]) == 2  # a bid that fails half the time is worth less


def test_bots_see_only_their_own_view() -> None:
    """A bot decides from ``observe`` alone: shuffle everything its seat cannot see
    (the opponent's hand, the stock, the exchange order) and it decides the same."""
    import random

    for state in _play_states(3)[::7]:
        player = to_move_of(state)
        other = 1 - player
        hidden = [*state.hands[other], *state.stock]
        random.Random(len(hidden)).shuffle(hidden)
        size = len(state.hands[other])
        twin = state._replace(
            hands=_seat(state.hands, other, tuple(sorted(hidden[:size]))),
            stock=tuple(hidden[size:]),
            exchange_order=tuple(reversed(state.exchange_order)),
        )
        assert observe(twin, player) == observe(state, player)
        legal = legal_actions(state, player)
        assert legal == legal_actions(twin, player)
        for level in LEVELS:
            first = make_bot(level, player, 9).choose(observe(state, player), legal)
            again = make_bot(level, player, 9).choose(observe(twin, player), legal)
            assert first == again


def _seat(
    hands: tuple[tuple[int, ...], tuple[int, ...]], seat: int, cards: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (cards, hands[1]) if seat == 0 else (hands[0], cards)
