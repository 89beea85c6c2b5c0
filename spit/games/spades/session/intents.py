"""What a player sends the Spades session: an intent, judged when it is handled.

A complete decision is the engine's own action (``Bid``, ``DeclareBlindNil``,
``PlayCard``, ``Exchange``...): a bot, a test or a network client sends those, and
the engine accepts or refuses them, both recorded. A front end's keys are sent as
they are pressed (``Key``, ``Confirm``) and the session decides what they mean from
the game as it is at that moment: ``b`` declares blind nil before the draw and plays
the card lettered ``b`` in the play; Enter plays the card under the cursor, gives away
the chosen cards, places the typed bid or deals the next hand. A key that means
nothing now (not the player's turn, a letter with no card) is refused and not
recorded, as a key the table ignores.

Over the network an intent travels as text (``intent_text``, ``parse_intent``; the
notation is in ``docs/protocol.md``), so that a remote screen sends the very keys the
local one sends and the server's session judges them as the local one would.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypeAlias

from msgspec import Struct

from spit.core.cards import Card, card_name, parse_card
from spit.games.spades.engine import MAX_EXCHANGE, Action, parse_action


class Key(Struct, frozen=True):
    """A letter key: an answer before the draw (``b`` blind nil, ``n`` not), in the draw
    (``k`` keep, ``d`` discard), or the card of that letter (``keys.hand_letters``) in
    the exchange (picked, see ``Handling.picked``) and in the play (played)."""

    letter: str


class Confirm(Struct, frozen=True):
    """Enter, with what the front end has composed: the card under its cursor, the
    cards chosen for an exchange and the digits typed for a bid."""

    card: Card | None = None
    chosen: frozenset[Card] = frozenset()
    bid: str = ""


class NextHand(Struct, frozen=True):
    """Deal the next hand, once the last one is scored (the player has seen it)."""


Intent: TypeAlias = Action | Key | Confirm | NextHand

KEY_LETTERS: Final = "abcdefghijklmn"
"""The letters a ``Key`` may hold: a card each (a-m), and ``n`` (not blind nil)."""


def intent_text(intent: Intent) -> str:
    """The intent in the network's notation: an action as replays write it (``bid 4``,
    ``play AS``), ``key b``, ``next``, or ``enter`` then ``at CARD``, ``pick C C C`` and
    ``bid N`` where there are some. The longest, ``enter at TC pick TC TD TH bid 13``, is
    32 characters: the protocol's limit for an intent."""
    if isinstance(intent, Key):
        return f"key {intent.letter}"
    if isinstance(intent, NextHand):
        return "next"
    if isinstance(intent, Confirm):
        parts = ["enter"]
        if intent.card is not None:
            parts += ["at", card_name(intent.card)]
        if intent.chosen:
            parts += ["pick", *(card_name(c) for c in sorted(intent.chosen))]
        if intent.bid:
            parts += ["bid", intent.bid]
        return " ".join(parts)
    return str(intent)


def parse_intent(text: str) -> Intent:
    """Read ``intent_text``'s notation. Raises ``ValueError`` with a readable message
    (the text quoted with ``repr`` and cut short, so it is safe to show)."""
    words = text.split()
    match words:
        case ["key", letter] if len(letter) == 1 and letter in KEY_LETTERS:
            return Key(letter)
        case ["next"]:
            return NextHand()
        case ["enter", *rest]:
            confirm = _confirm(rest)
            if confirm is not None:
                return confirm
        case _:
            try:
                return parse_action(text)
            except ValueError:
                pass
    raise ValueError(
        f"bad intent {text[:40]!r}: expected an action ('bid 4', 'play AS', 'keep'...), "
        "'key LETTER', 'next' or 'enter [at CARD] [pick CARDS] [bid N]'"
    )


_PARTS: Final = ("at", "pick", "bid")
"""The parts of an ``enter`` intent, in the order they are written."""


def _confirm(words: list[str]) -> Confirm | None:
    """The parts after ``enter`` (``intent_text``'s order, each once and with its
    values); ``None`` if they are malformed."""
    parts: list[tuple[str, list[str]]] = []
    for word in words:
        if word in _PARTS:
            parts.append((word, []))
        elif parts:
            parts[-1][1].append(word)
        else:
            return None
    names = [name for name, _ in parts]
    if names != sorted(set(names), key=_PARTS.index) or any(not v for _, v in parts):
        return None
    found = dict(parts)
    at, pick, bid = found.get("at", []), found.get("pick", []), found.get("bid", [""])
    if len(at) > 1 or len(pick) > MAX_EXCHANGE or len(bid) != 1:
        return None
    if bid[0] and not (bid[0].isdigit() and len(bid[0]) <= 2):
        return None
    try:
        card = parse_card(at[0]) if at else None
        chosen = [parse_card(name) for name in pick]
    except ValueError:
        return None
    if len(set(chosen)) != len(chosen):
        return None
    return Confirm(card, frozenset(chosen), bid[0])


class Refusal(StrEnum):
    """Why the session refused an intent before it reached the engine (not recorded);
    the value is a message fit to show a player."""

    PAUSED = "the game is paused"
    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "it is the other player's turn"
    NO_MEANING = "that key does nothing now"
    NO_BID = "type your bid first: 0 (nil) to 13 tricks"
    BID_TOO_HIGH = "a bid is 0 (nil) to 13 tricks"
