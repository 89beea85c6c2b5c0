"""Legal actions and their effects: the rules of Spit as pure functions.

``apply`` never raises for a bad action and never mutates: it returns either
``Applied`` (the new state and the events it caused) or ``Rejected`` (why not), and
the old state stays valid either way. Rule numbers (R..) and decision numbers (D..)
refer to ``docs/rules_sources/RULES.md`` and ``DECISIONS.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from spit.core.cards import DECK, Card, Pile
from spit.core.outcome import Applied, Refusal, Rejected
from spit.engine.actions import Action, Move, Play, Slap, Spit
from spit.engine.cards import ADJACENT
from spit.engine.deal import lay_out
from spit.engine.events import (
    CardMoved,
    CardPlayed,
    CardSpat,
    EndReason,
    Event,
    GameOver,
    PlayStarted,
    RoundDealt,
    RoundEnded,
    RoundResolved,
    Slapped,
    Stalled,
)
from spit.engine.state import Phase, State, Stockpiles, Variant

_EMPTY: tuple[Pile, Pile] = ((), ())

# Hot-path constants. Phase members are module globals here because an enum attribute
# lookup costs ten times a global one, and legal actions come from shared instances
# rather than new ones for every call (actions are immutable values, so sharing them
# is safe). The simulator and the bots
# call these functions hundreds of thousands of times a second; see
# docs/performance.md.
_SPIT_PHASE: Final = Phase.SPIT
_PLAYING: Final = Phase.PLAYING
_SLAP_PHASE: Final = Phase.SLAP
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_POINTS: Final = Variant.POINTS
_NO_STOCKS: Final[tuple[Stockpiles, Stockpiles]] = (((), (), (), (), ()), ((), (), (), (), ()))
_NOBODY_SPITS: Final = (False, False)
_PLAYS: Final = tuple((Play(s, 0), Play(s, 1)) for s in range(5))
_MOVES: Final = tuple(Move(s) for s in range(5))
_SPIT: Final = Spit()
_SLAPS: Final = (Slap(0), Slap(1))
_NO_PILE: Final = 52
"""Stands for the top card of a spit pile that does not exist (one-pile rounds)."""
_ADJ: Final = tuple((*row, False) for row in ADJACENT)
"""``ADJACENT`` with a column for ``_NO_PILE``, where nothing can be played."""
_RANK_BIT: Final = tuple(1 << (card >> 2) for card in range(_NO_PILE + 1))
"""Each card's rank as a bit of a mask (``_NO_PILE`` as rank 13, never in a mask made
of ``_NEIGHBOUR_BITS``): a stall's test of many spit cards against a few ranks."""
_NEIGHBOUR_BITS: Final = tuple(
    1 << ((card >> 2) + 1) % 13 | 1 << ((card >> 2) + 12) % 13 for card in range(_NO_PILE)
)
"""The ranks a card can go on, one up or down on the ring of ranks (R02), as a mask."""


class Reason(Refusal):
    """Why an input was refused: the one list for every front end, a replay's check and
    the tests. ``apply`` gives the rules' reasons; the game adds its own for inputs it
    never hands to the rules (``SPIT_IS_AUTOMATIC``) and for key intents that mean
    nothing now (``ONLY_SLAPS``, ``GAME_OVER``; ``spit.games.spit.intents``).

    The value is a stable name (what ``spit.play.session.InputRecord.reason`` holds,
    and what a replay's check quotes); ``message`` is the sentence fit to show a
    player."""

    BAD_PLAYER = "bad_player"
    BAD_INDEX = "bad_index"
    NOT_PLAYING = "not_playing"
    EMPTY_STOCKPILE = "empty_stockpile"
    NOT_ADJACENT = "not_adjacent"
    NO_EMPTY_SPACE = "no_empty_space"
    LONE_CARD = "lone_card"
    NOT_SPITTING = "not_spitting"
    ALREADY_SPAT = "already_spat"
    NOT_SLAPPING = "not_slapping"
    GAME_OVER = "game_over"
    SPIT_IS_AUTOMATIC = "spit_is_automatic"
    ONLY_SLAPS = "only_slaps"
    """The round is over: from the slap to the next deal a play key slaps, and a move
    key means nothing."""

    @property
    def message(self) -> str:
        return _MESSAGES[self]


_MESSAGES: Final = {
    Reason.BAD_PLAYER: "there is no such player",
    Reason.BAD_INDEX: "there is no such stockpile or spit pile",
    Reason.NOT_PLAYING: "cards cannot be played now",
    Reason.EMPTY_STOCKPILE: "that stockpile is empty",
    Reason.NOT_ADJACENT: "not playable: the card is not next in rank to the pile's top card",
    Reason.NO_EMPTY_SPACE: "there is no empty space to move into",
    Reason.LONE_CARD: "only a card with face-down cards under it may move (D04)",
    Reason.NOT_SPITTING: "nobody is spitting now",
    Reason.ALREADY_SPAT: "this player has nothing to spit now",
    Reason.NOT_SLAPPING: "there is nothing to slap now",
    Reason.GAME_OVER: "the game is over",
    Reason.SPIT_IS_AUTOMATIC: "spit cards are turned over by the countdown, not by a key (D17)",
    Reason.ONLY_SLAPS: "the round is over: a play key slaps a pile, a move key does nothing",
}


Outcome = Applied[State, Event] | Rejected[Reason]
"""What ``apply`` returns."""


def new_game(
    orders: tuple[Sequence[Card], Sequence[Card]],
    variant: Variant = Variant.STANDARD,
    target: int = 100,
) -> State:
    """The first round laid out from each player's card order (R03, R04, D07).

    ``orders[p]`` is the order in which player ``p``'s cards are dealt. Together the two
    orders must hold the whole deck exactly once and each player at least one card
    (R03 gives 26 each; hand-made deals for practice may split the deck otherwise).
    Raises ``ValueError`` otherwise. Chance stays outside: ``spit.core.dealer.Dealer``
    turns a seed into orders.
    """
    if sorted([*orders[0], *orders[1]]) != list(DECK):
        raise ValueError("the two card orders must hold all 52 cards exactly once")
    if not orders[0] or not orders[1]:
        raise ValueError("each player needs at least one card")
    blank = State(
        variant=variant,
        target=target,
        round=0,
        phase=Phase.ROUND_OVER,
        stocks=(((), (), (), (), ()), ((), (), (), (), ())),
        hands=_EMPTY,
        piles=(),
        must_spit=(False, False),
        short=None,
        collected=(tuple(sorted(orders[0])), tuple(sorted(orders[1]))),
        scores=(0, 0),
        winner=None,
    )
    return deal_round(blank, orders).state


def deal_round(
    state: State, orders: tuple[Sequence[Card], Sequence[Card]]
) -> Applied[State, Event]:
    """Lay out the next round from the gathered cards in the given orders (R16, R17).

    Each ``orders[p]`` must be an ordering of exactly ``state.collected[p]``; raises
    ``ValueError`` if not, or if the game is not between rounds.
    """
    if state.phase is not _ROUND_OVER:
        raise ValueError(f"cannot deal in phase {state.phase}")
    for p in (0, 1):
        if tuple(sorted(orders[p])) != state.collected[p]:
            raise ValueError(f"player {p + 1}'s order is not a shuffle of their cards")
    (s0, h0), (s1, h1) = lay_out(orders[0]), lay_out(orders[1])
    spitters = (bool(h0), bool(h1))
    short = None if h0 and h1 else spitters.index(False)
    new = state._replace(
        round=state.round + 1,
        phase=_SPIT_PHASE,
        stocks=(s0, s1),
        hands=(h0, h1),
        piles=((), ()) if short is None else ((),),
        must_spit=spitters,
        short=short,
        collected=_EMPTY,
    )
    return Applied(new, (RoundDealt(new.round, (len(h0), len(h1))),))


def legal_actions(state: State, player: int) -> list[Action]:
    """Every action ``player`` may take now, sorted by ``action_key``.

    Empty for a player who cannot act (OpenSpiel's convention), e.g. during a stall
    for a player with no spit cards.
    """
    phase = state.phase
    if phase is _PLAYING:
        actions: list[Action] = []
        moves: list[Action] = []
        piles = state.piles  # _tops, written out: this runs for most bot decisions
        if len(piles) == 2:
            top0, top1 = piles[0][-1], piles[1][-1]
        else:
            top0, top1 = _tops(piles)
        has_space = False
        for stock, (play0, play1), move in zip(state.stocks[player], _PLAYS, _MOVES):  # noqa: B905
            if not stock:
                has_space = True
                continue
            if len(stock) > 1:
                moves.append(move)
            row = _ADJ[stock[-1]]
            if row[top0]:
                actions.append(play0)
            if row[top1]:
                actions.append(play1)
        if has_space:
            actions += moves
        return actions
    if phase is _SPIT_PHASE:
        return [_SPIT] if state.must_spit[player] else []
    if phase is _SLAP_PHASE:
        return list(_SLAPS)
    return []


def can_act(state: State, player: int) -> bool:
    """Whether ``player`` has any play or move; cheaper than ``legal_actions``."""
    top0, top1 = _tops(state.piles)
    return _can_act(state.stocks[player], top0, top1)


def _can_act(stocks: Stockpiles, top0: Card, top1: Card) -> bool:
    has_space = has_hidden = False
    for stock in stocks:
        if not stock:
            has_space = True
            continue
        row = _ADJ[stock[-1]]
        if row[top0] or row[top1]:
            return True
        if len(stock) > 1:
            has_hidden = True
    return has_space and has_hidden


def _can_move(stocks: Stockpiles) -> bool:
    """A card with face-down cards under it can move into an empty space (D04):
    ``_can_act`` whatever the pile tops."""
    return () in stocks and max(map(len, stocks)) > 1


def _tops(piles: tuple[Pile, ...]) -> tuple[int, int]:
    """The top cards of the spit piles, ``_NO_PILE`` where there is no pile."""
    n = len(piles)
    if n == 2:
        return piles[0][-1], piles[1][-1]
    return (piles[0][-1] if n else _NO_PILE), _NO_PILE


def apply(state: State, player: int, action: Action) -> Outcome:
    """Apply ``action`` by ``player``: the new state and events, or why not."""
    if player not in (0, 1):
        return Rejected(Reason.BAD_PLAYER)
    if isinstance(action, Play):
        return _play(state, player, action)
    if isinstance(action, Move):
        return _move(state, player, action)
    if isinstance(action, Spit):
        return _spit(state, player)
    return _slap(state, player, action)


def _play(state: State, player: int, action: Play) -> Outcome:
    if state.phase is not _PLAYING:
        return Rejected(Reason.NOT_PLAYING)
    stocks, piles = state.stocks, state.piles
    s, p = action.stock, action.pile
    if not (0 <= s < 5 and 0 <= p < len(piles)):
        return Rejected(Reason.BAD_INDEX)
    row = stocks[player]
    stock = row[s]
    if not stock:
        return Rejected(Reason.EMPTY_STOCKPILE)
    card = stock[-1]
    pile = piles[p]
    if not ADJACENT[card][pile[-1]]:
        return Rejected(Reason.NOT_ADJACENT)
    rest = stock[:-1]
    new_row = _with_pile(row, s, rest)
    if len(piles) == 1:
        new_piles: tuple[Pile, ...] = ((*pile, card),)
    else:
        new_piles = ((*pile, card), piles[1]) if p == 0 else (piles[0], (*pile, card))
    new = state._replace(
        stocks=(new_row, stocks[1]) if player == 0 else (stocks[0], new_row),
        piles=new_piles,
    )
    played = CardPlayed(player, s, p, card, rest[-1] if rest else None)
    if not rest and not any(new_row):
        return _round_ends(new, (played,), EndReason.STOCK_OUT, player)
    return _after_action(new, (played,))


def _move(state: State, player: int, action: Move) -> Outcome:
    if state.phase is not _PLAYING:
        return Rejected(Reason.NOT_PLAYING)
    s = action.stock
    if not 0 <= s < 5:
        return Rejected(Reason.BAD_INDEX)
    stocks = state.stocks[player]
    stock = stocks[s]
    if not stock:
        return Rejected(Reason.EMPTY_STOCKPILE)
    if () not in stocks:
        return Rejected(Reason.NO_EMPTY_SPACE)
    if len(stock) == 1:
        return Rejected(Reason.LONE_CARD)
    to = stocks.index(())
    row = _with_pile(_with_pile(stocks, s, stock[:-1]), to, (stock[-1],))
    both = state.stocks
    new = state._replace(stocks=(row, both[1]) if player == 0 else (both[0], row))
    return _after_action(new, (CardMoved(player, s, to, stock[-1], stock[-2]),))


def _spit(state: State, player: int) -> Outcome:
    if state.phase is not _SPIT_PHASE:
        return Rejected(Reason.NOT_SPITTING)
    hands, piles, must = state.hands, state.piles, state.must_spit
    if not must[player]:
        return Rejected(Reason.ALREADY_SPAT)
    hand = hands[player]
    card = hand[0]
    to = player if len(piles) == 2 else 0
    new_piles = (*piles[:to], (*piles[to], card), *piles[to + 1 :])
    new_hands = (hand[1:], hands[1]) if player == 0 else (hands[0], hand[1:])
    new_must = (False, must[1]) if player == 0 else (must[0], False)
    pending = new_must[0] or new_must[1]
    new = state._replace(
        phase=_SPIT_PHASE if pending else _PLAYING,
        hands=new_hands,
        piles=new_piles,
        must_spit=new_must,
    )
    spat = CardSpat(player, to, card)
    if pending:
        return Applied(new, (spat,))
    return _after_action(new, (spat, PlayStarted()))


def _after_action(state: State, events: tuple[Event, ...]) -> Applied[State, Event]:
    """Detect a stall once play has settled (R13, D01)."""
    piles = state.piles  # _tops, written out: this runs after every play, move and spit
    if len(piles) == 2:
        top0, top1 = piles[0][-1], piles[1][-1]
    else:
        top0, top1 = _tops(piles)
    stocks = state.stocks
    if _can_act(stocks[0], top0, top1) or _can_act(stocks[1], top0, top1):
        return Applied(state, events)
    hands = state.hands
    spitters = (bool(hands[0]), bool(hands[1]))
    if spitters[0] or spitters[1]:
        stalled = state._replace(phase=_SPIT_PHASE, must_spit=spitters)
        return Applied(stalled, (*events, Stalled(spitters)))
    return _round_ends(state, events, EndReason.NO_SPIT_CARDS, None)


def stall_spits(state: State, limit: int) -> tuple[State, int]:
    """Up to ``limit`` steps of a stall at once (R13, D17): in each, every player in
    ``must_spit`` spits, and nobody can play on the new cards, so the table is stalled
    again. The table is what ``apply(state, p, Spit())`` for each of them, step after
    step, would give, but without a state (or an event) per spit: a file may claim
    rounds of nothing but stalls. Stops before a step after which someone could act or
    no spit card would be left, so that step, which changes the phase, is always taken
    with ``apply``. Returns the table and the number of steps taken.
    """
    if state.phase is not _SPIT_PHASE or not all(state.piles):
        return state, 0  # the round's first spit, onto empty piles, is ``apply``'s
    stocks0, stocks1 = state.stocks
    if _can_move(stocks0) or _can_move(stocks1):
        return state, 0  # a card can move into a space whatever is spat
    # The stockpiles do not change in a stall: the ranks a face-up card can go on, one
    # up or down on the ring of ranks (R02), as a mask of rank bits. ``_NO_PILE``'s
    # rank, 13, is never one.
    fits = 0
    for stock in (*stocks0, *stocks1):
        if stock:
            fits |= _NEIGHBOUR_BITS[stock[-1]]
    hand0, hand1 = state.hands
    len0, len1 = len(hand0), len(hand1)
    # Whoever has a spit card left spits at every step after the first; at the first,
    # those in ``must_spit``. So player p spits at the steps first_p, first_p + 1, ...
    # until their cards run out, and the steps can be counted rather than taken: the
    # run stops before the step that leaves a card of a rank in ``fits`` on top of a
    # pile, or after which nobody has a spit card left.
    must0, must1 = state.must_spit
    first0, first1 = 0 if must0 else 1, 0 if must1 else 1
    last0 = first0 + len0 - 1 if len0 else -1
    last1 = first1 + len1 - 1 if len1 else -1
    steps = min(limit, max(last0, last1))
    top0, top1 = _tops(state.piles)
    # Whether the first step covers a pile's top (one pile: anyone spitting covers it).
    covered0, covered1 = first0 == 0 and len0 > 0, first1 == 0 and len1 > 0
    one_pile = len(state.piles) == 1
    if one_pile:
        covered0 = covered1 = covered0 or covered1
    if (_RANK_BIT[top0] & fits and not covered0) or (_RANK_BIT[top1] & fits and not covered1):
        return state, 0  # someone can act once the first step is over
    if len1:
        steps = min(steps, _first_fit(hand1, first1, fits, 0, steps))
    if not len0:
        pass  # nothing of player 1's to turn up
    elif one_pile and len1:
        # Player 2's card covers player 1's at once: player 1's shows only at a step
        # at which player 2 does not spit (in practice never: in a one-pile round one
        # of them has no spit cards).
        steps = min(
            steps,
            _first_fit(hand0, first0, fits, 0, min(first1, steps)),
            _first_fit(hand0, first0, fits, last1 + 1, steps),
        )
    else:
        steps = min(steps, _first_fit(hand0, first0, fits, 0, steps))
    if steps <= 0:
        return state, 0
    spat0 = max(0, min(len0, steps - first0))
    spat1 = max(0, min(len1, steps - first1))
    piles = state.piles
    if not one_pile:
        new_piles: tuple[Pile, ...] = ((*piles[0], *hand0[:spat0]), (*piles[1], *hand1[:spat1]))
    elif not spat0 or not spat1:
        new_piles = ((*piles[0], *hand0[:spat0], *hand1[:spat1]),)
    else:  # each step's cards in seat order (see above: in practice never)
        order = list(piles[0])
        for step in range(steps):
            if first0 <= step < first0 + spat0:
                order.append(hand0[step - first0])
            if first1 <= step < first1 + spat1:
                order.append(hand1[step - first1])
        new_piles = (tuple(order),)
    stalled = state._replace(
        hands=(hand0[spat0:], hand1[spat1:]),
        piles=new_piles,
        must_spit=(len0 > spat0, len1 > spat1),
    )
    return stalled, steps


def _first_fit(hand: Pile, first: int, fits: int, start: int, stop: int) -> int:
    """The first of the steps ``start`` to ``stop`` (not included) at which the player
    spitting ``hand`` from step ``first`` on turns up a card of a rank in ``fits`` (a
    mask of ``_RANK_BIT``); more steps than any run if none."""
    bit = _RANK_BIT
    start = max(0, start - first)
    for index, card in enumerate(hand[start : max(start, stop - first)], start):
        if bit[card] & fits:
            return index + first
    return 52


def _round_ends(
    state: State, events: tuple[Event, ...], reason: EndReason, player: int | None
) -> Applied[State, Event]:
    """Stop play (R14, D18): slap in a two-pile round, settle at once in a one-pile one."""
    events = (*events, RoundEnded(reason, player))
    if len(state.piles) == 2:
        return Applied(state._replace(phase=_SLAP_PHASE), events)
    if player is None:
        # D10: nobody got out; the one with fewer stockpile cards counts as first out,
        # and on a tie the pile goes to the player who had spit cards.
        short = 0 if state.short is None else state.short
        stocks = state.stocks
        count0, count1 = sum(map(len, stocks[0])), sum(map(len, stocks[1]))
        player = short if count0 == count1 else (0 if count0 < count1 else 1)
    # R18: the first one out takes nothing from the centre.
    return _resolve(state, events, pile_taker=(1 - player,))


def _slap(state: State, player: int, action: Slap) -> Outcome:
    if state.phase is not Phase.SLAP:
        return Rejected(Reason.NOT_SLAPPING)
    if not 0 <= action.pile < 2:
        return Rejected(Reason.BAD_INDEX)
    sizes = (len(state.piles[0]), len(state.piles[1]))
    takers = (player, 1 - player) if action.pile == 0 else (1 - player, player)
    slapped = Slapped(player, action.pile, sizes)
    return _resolve(state, (slapped,), pile_taker=takers)


def _resolve(
    state: State, events: tuple[Event, ...], pile_taker: tuple[int, ...]
) -> Applied[State, Event]:
    """Gather the cards (R16, R18), score them (R20, D11) and decide the game (R19, D12).

    ``pile_taker[i]`` is the player who takes spit pile ``i``.
    """
    variant, stocks, hands, scores = state.variant, state.stocks, state.hands, state.scores
    gathered: list[list[Card]] = [[], []]
    for p in (0, 1):
        own = gathered[p]
        for stock in stocks[p]:
            own += stock
        own += hands[p]
    left = (len(gathered[0]), len(gathered[1]))
    for pile, taker in zip(state.piles, pile_taker, strict=True):
        gathered[taker] += pile
    if variant is _POINTS:
        scores = (scores[0] + left[0], scores[1] + left[1])
    gathered[0].sort()
    gathered[1].sort()
    collected = (tuple(gathered[0]), tuple(gathered[1]))
    events = (
        *events,
        RoundResolved((len(collected[0]), len(collected[1])), left, scores),
    )
    winner = _winner(variant, state.target, collected, scores)
    new = state._replace(
        phase=_ROUND_OVER if winner is None else _GAME_OVER,
        stocks=_NO_STOCKS,
        hands=_EMPTY,
        piles=(),
        must_spit=_NOBODY_SPITS,
        short=None,
        collected=collected,
        scores=scores,
        winner=state.winner if winner is None else winner,
    )
    if winner is None:
        return Applied(new, events)
    return Applied(new, (*events, GameOver(winner)))


def _winner(
    variant: Variant, target: int, collected: tuple[Pile, Pile], scores: tuple[int, int]
) -> int | None:
    """R19, R20, D12, D13."""
    out = 0 if not collected[0] else 1 if not collected[1] else None
    if variant is not _POINTS:
        return out
    a, b = scores
    if out is None and max(a, b) < target:
        return None
    if a != b:
        return 0 if a < b else 1
    return out


class GameEnd(StrEnum):
    """Why a finished game ended (``game_end``), for a front end to say in words."""

    NO_CARDS = "no_cards"
    """The standard game: the winner got rid of every card (R19, D13)."""
    TARGET = "target"
    """The points game: a total reached the target, and the lower total won (R20, D12)."""
    NO_DEAL = "no_deal"
    """The points game: a player has no cards, so no round can be dealt; the lower
    total won, or on equal totals the player without cards (D12)."""


def game_end(state: State) -> GameEnd | None:
    """Why the game in ``state`` is over; ``None`` while it is not (R19, R20, D12)."""
    if state.phase is not Phase.GAME_OVER:
        return None
    if state.variant is Variant.STANDARD:
        return GameEnd.NO_CARDS
    a, b = state.scores
    return GameEnd.TARGET if max(a, b) >= state.target and a != b else GameEnd.NO_DEAL


def _with_pile(row: Stockpiles, index: int, pile: Pile) -> Stockpiles:
    """``row`` with stockpile ``index`` replaced by ``pile``."""
    a, b, c, d, e = row
    if index == 0:
        return (pile, b, c, d, e)
    if index == 1:
        return (a, pile, c, d, e)
    if index == 2:
        return (a, b, pile, d, e)
    if index == 3:
        return (a, b, c, pile, e)
    return (a, b, c, d, pile)
