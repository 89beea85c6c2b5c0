"""A Spit player's keys as the intents they send, and back.

A play or move key's binding id (``spit.settings.keymap``) names a stockpile and a
side, or a stockpile and "move": exactly an intent. The screen sends that intent and
the match decides what it means on the table when it arrives (a play, a slap, the
only pile: ``spit.games.spit.game.Game.resolve``); nothing here knows the
phases. The way back, from an intent to its key, is for hints that name the key.
"""

from __future__ import annotations

from spit.games.spit.intents import KeyIntent, MoveIntent, PlayIntent, Side
from spit.settings.keymap import GameKey


def key_intent(move: bool, stock: int, pile: int) -> KeyIntent:
    """The intent of the key that plays stockpile ``stock`` towards pile ``pile``
    (0 left, 1 right), or moves it."""
    return MoveIntent(stock) if move else PlayIntent(stock, Side(pile))


def intent_of(key: GameKey) -> KeyIntent | None:
    """The intent a binding sends, for a player's play and move keys; ``None`` for
    the others (cursor, pause, help, quit), which the screen handles itself."""
    if key.kind not in ("play", "move") or key.stock is None:
        return None
    return key_intent(key.kind == "move", key.stock, key.pile or 0)


def binding_of(player: int, intent: PlayIntent | MoveIntent) -> str:
    """The binding id of ``player``'s key that sends ``intent``."""
    p = f"p{player + 1}"
    if isinstance(intent, MoveIntent):
        return f"{p}.move.{intent.stock + 1}"
    return f"{p}.play.{intent.stock + 1}.{intent.side.name.lower()}"
