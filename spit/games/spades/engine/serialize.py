"""Canonical JSON for Spades states, and the state hash.

Same scheme as ``spit.engine.serialize``: sorted keys, no spaces, cards in two-letter
notation, so equal states give equal bytes; the hash is BLAKE2b of those bytes, stable
across processes and machines. Replays store it to prove a re-simulation agrees.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from spit.core.cards import DECK, Pile, card_name, parse_card
from spit.games.spades.engine.state import TRICKS_PER_HAND, HandResult, Phase, State, Trick

_T = TypeVar("_T")
_MAX_HANDS = 1 << 16


def to_json(state: State) -> dict[str, Any]:
    """A plain-JSON dict of ``state``; ``from_json`` reads it back."""
    return {
        "target": state.target,
        "hand": state.hand,
        "phase": state.phase.value,
        "first": state.first,
        "turn": state.turn,
        "stock": _names(state.stock),
        "exchange_order": _names(state.exchange_order),
        "hands": [_names(h) for h in state.hands],
        "discards": [_names(d) for d in state.discards],
        "received": [_names(r) for r in state.received],
        "blind": list(state.blind),
        "bids": list(state.bids),
        "trick": _names(state.trick),
        "tricks": [[t.leader, card_name(t.lead), card_name(t.follow)] for t in state.tricks],
        "broken": state.broken,
        "scores": list(state.scores),
        "bags": list(state.bags),
        "history": [_result_json(r) for r in state.history],
        "winner": state.winner,
    }


def dumps(state: State) -> str:
    """Canonical JSON text of ``state``."""
    return json.dumps(to_json(state), sort_keys=True, separators=(",", ":"))


def state_hash(state: State) -> str:
    """A 32-hex-digit digest of the state, identical on every run and machine."""
    return hashlib.blake2b(dumps(state).encode(), digest_size=16).hexdigest()


def loads(text: str) -> State:
    """Read canonical (or any equivalent) JSON text of a state."""
    return from_json(json.loads(text))


def from_json(data: Any) -> State:
    """Read a state written by ``to_json``, checking it strictly.

    Raises ``ValueError`` naming the first problem: wrong types, unknown cards, a card
    missing or twice (the stock, hands, discard pile and tricks must hold all 52 once),
    unsorted hands, totals that are not the sums of the hands' scores.
    """
    if not isinstance(data, dict):
        raise ValueError("a state must be a JSON object")
    try:
        state = State(
            target=_int(data["target"], low=1),
            hand=_int(data["hand"], low=1),
            phase=Phase(data["phase"]),
            first=_player(data["first"]),
            turn=_player(data["turn"]),
            stock=_pile(data["stock"]),
            exchange_order=_pile(data["exchange_order"]),
            hands=_pair(data["hands"], _pile),
            discards=_pair(data["discards"], _pile),
            received=_pair(data["received"], _pile),
            blind=_pair(data["blind"], _bool),
            bids=_pair(data["bids"], _bid_or_none),
            trick=_pile(data["trick"], max_len=1),
            tricks=tuple(_trick(t) for t in _list(data["tricks"], TRICKS_PER_HAND)),
            broken=_bool(data["broken"]),
            scores=_pair(data["scores"], _score),
            bags=_pair(data["bags"], _int),
            history=tuple(_result(r) for r in _list(data["history"], _MAX_HANDS)),
            winner=None if data["winner"] is None else _player(data["winner"]),
        )
    except (KeyError, IndexError, TypeError, AttributeError) as err:
        raise ValueError(f"malformed state: {err!r}") from None
    _check(state)
    return state


def _check(state: State) -> None:
    if sorted(state.exchange_order) != list(DECK):
        raise ValueError("the exchange order must hold all 52 cards exactly once")
    if any(list(h) != sorted(h) for h in state.hands):
        raise ValueError("hands must be sorted")
    put_down = Counter([*state.discards[0], *state.discards[1]])
    if Counter([*state.received[0], *state.received[1]]) - put_down:
        raise ValueError("a card was drawn back that was never discarded")
    cards = [*state.stock, *state.hands[0], *state.hands[1], *state.trick]
    cards.extend(c for t in state.tricks for c in (t.lead, t.follow))
    cards.extend(state.discard_pile())
    if sorted(cards) != list(DECK):
        raise ValueError("a state must hold each of the 52 cards exactly once")
    for total, field in ((state.scores, "points"), (state.bags, "bags")):
        for p in (0, 1):
            if total[p] != sum(getattr(r, field)[p] for r in state.history):
                raise ValueError(f"the {field} totals must be the sums of the hands' {field}")


def _names(pile: Pile) -> list[str]:
    return [card_name(c) for c in pile]


def _result_json(result: HandResult) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in result._asdict().items()}


def _list(value: Any, max_len: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > max_len:
        raise ValueError(f"expected a list of at most {max_len} items, got {value!r}")
    return value


def _int(value: Any, low: int = 0) -> int:
    if type(value) is not int or not low <= value < 1 << 31:
        raise ValueError(f"expected an integer from {low}, got {value!r}")
    return value


def _score(value: Any) -> int:
    if type(value) is not int or not -(1 << 31) < value < 1 << 31:
        raise ValueError(f"expected a score, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected a boolean, got {value!r}")
    return value


def _player(value: Any) -> int:
    if type(value) is not int or value not in (0, 1):
        raise ValueError(f"expected a player 0 or 1, got {value!r}")
    return value


def _bid(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= TRICKS_PER_HAND:
        raise ValueError(f"expected a bid 0-13, got {value!r}")
    return value


def _bid_or_none(value: Any) -> int | None:
    return None if value is None else _bid(value)


def _pile(value: Any, max_len: int = 52) -> Pile:
    items = _list(value, max_len)
    if not all(isinstance(c, str) for c in items):
        raise ValueError("cards must be strings")
    return tuple(parse_card(c) for c in items)


def _pair(value: Any, read: Callable[[Any], _T]) -> tuple[_T, _T]:
    a, b = _list(value, 2)
    return read(a), read(b)


def _trick(value: Any) -> Trick:
    leader, lead, follow = _list(value, 3)
    return Trick(_player(leader), parse_card(_str(lead)), parse_card(_str(follow)))


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a card name, got {value!r}")
    return value


def _result(value: Any) -> HandResult:
    if not isinstance(value, dict):
        raise ValueError("a hand result must be a JSON object")
    return HandResult(
        hand=_int(value["hand"], low=1),
        bids=_pair(value["bids"], _bid),
        blind=_pair(value["blind"], _bool),
        tricks=_pair(value["tricks"], _int),
        bags=_pair(value["bags"], _int),
        penalties=_pair(value["penalties"], _score),
        points=_pair(value["points"], _score),
    )
