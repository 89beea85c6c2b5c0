"""Canonical JSON for states, and the state hash.

The JSON form is canonical (sorted keys, no spaces, cards in two-letter notation) so
that equal states always give equal bytes, and the hash is BLAKE2b of those bytes:
stable across processes, machines and ``PYTHONHASHSEED``, unlike ``hash()``. Replays
store the hash at checkpoints to prove a re-simulation reached the same state.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from spit.core.cards import DECK, Pile, card_name, parse_card
from spit.engine.state import Phase, State, Stockpiles, Variant


def to_json(state: State) -> dict[str, Any]:
    """A plain-JSON dict of ``state``; ``from_json`` reads it back."""

    def names(pile: Pile) -> list[str]:
        return [card_name(c) for c in pile]

    return {
        "variant": state.variant.value,
        "target": state.target,
        "round": state.round,
        "phase": state.phase.value,
        "stocks": [[names(p) for p in row] for row in state.stocks],
        "hands": [names(h) for h in state.hands],
        "piles": [names(p) for p in state.piles],
        "must_spit": list(state.must_spit),
        "short": state.short,
        "collected": [names(c) for c in state.collected],
        "scores": list(state.scores),
        "winner": state.winner,
    }


def dumps(state: State) -> str:
    """Canonical JSON text of ``state``."""
    return json.dumps(to_json(state), sort_keys=True, separators=(",", ":"))


def state_hash(state: State) -> str:
    """A 32-hex-digit digest of the state, identical on every run and machine."""
    return hashlib.blake2b(dumps(state).encode(), digest_size=16).hexdigest()


def from_json(data: Any) -> State:
    """Read a state written by ``to_json``, checking it strictly.

    Raises ``ValueError`` naming the first problem: wrong types, unknown cards, a card
    twice or missing (all 52 must be present once), more than five stockpiles.
    """
    if not isinstance(data, dict):
        raise ValueError("a state must be a JSON object")
    try:
        state = State(
            variant=Variant(data["variant"]),
            target=_int(data["target"]),
            round=_int(data["round"]),
            phase=Phase(data["phase"]),
            stocks=(_stockpiles(data["stocks"], 0), _stockpiles(data["stocks"], 1)),
            hands=_pair(data["hands"]),
            piles=tuple(_pile(p) for p in _list(data["piles"], max_len=2)),
            must_spit=_bools(data["must_spit"]),
            short=None if data["short"] is None else _player(data["short"]),
            collected=_pair(data["collected"]),
            scores=(_int(data["scores"][0]), _int(data["scores"][1])),
            winner=None if data["winner"] is None else _player(data["winner"]),
        )
    except (KeyError, IndexError, TypeError) as err:
        raise ValueError(f"malformed state: {err!r}") from None
    cards = [c for row in state.stocks for p in row for c in p]
    for group in (state.hands, state.piles, state.collected):
        cards.extend(c for p in group for c in p)
    if sorted(cards) != list(DECK):
        raise ValueError("a state must hold each of the 52 cards exactly once")
    return state


def loads(text: str) -> State:
    """Read canonical (or any equivalent) JSON text of a state."""
    return from_json(json.loads(text))


def _list(value: Any, max_len: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > max_len:
        raise ValueError(f"expected a list of at most {max_len} items")
    return value


def _int(value: Any) -> int:
    if type(value) is not int or not 0 <= value < 1 << 31:
        raise ValueError(f"expected a small non-negative integer, got {value!r}")
    return value


def _player(value: Any) -> int:
    if value not in (0, 1) or type(value) is not int:
        raise ValueError(f"expected a player 0 or 1, got {value!r}")
    return int(value)


def _pile(value: Any) -> Pile:
    items = _list(value, 52)
    if not all(isinstance(c, str) for c in items):
        raise ValueError("cards must be strings")
    return tuple(parse_card(c) for c in items)


def _pair(value: Any) -> tuple[Pile, Pile]:
    a, b = _list(value, 2)
    return _pile(a), _pile(b)


def _bools(value: Any) -> tuple[bool, bool]:
    a, b = _list(value, 2)
    if type(a) is not bool or type(b) is not bool:
        raise ValueError("expected two booleans")
    return a, b


def _stockpiles(value: Any, player: int) -> Stockpiles:
    row = _list(_list(value, 2)[player], 5)
    if len(row) != 5:
        raise ValueError("each player has exactly five stockpile spaces")
    a, b, c, d, e = (_pile(p) for p in row)
    return a, b, c, d, e
