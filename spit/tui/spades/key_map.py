"""Spades' remappable keys, as the Settings screen and the table know them: the
controls that are not a card (the cursor, picking, confirming, the bid's correction,
the help). Plain data, so that declaring them loads none of the table.

The card letters (a-m, with b/n and k/d in the blind and draw phases), the digits of a
bid, q/Esc/Ctrl+C for leaving and Ctrl+Q for quitting stay fixed: a letter names the
card drawn above it, so moving one would leave the table's labels and the help
speaking of other keys than the hand's, and the digits are the bid itself. No
remappable key may take a fixed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from spit.settings.game_keys import GameKeys, KeyChoice, resolve_game_keys

CARD_LETTERS: Final = "abcdefghijklmn"
"""The letter keys: a card each (a-m, ``spit.games.spades.keys.HAND_KEYS``); b/n and
k/d mean more in the blind and draw phases."""

_FIXED: Final = {
    **{letter: "a card's letter" for letter in CARD_LETTERS},
    **{str(digit): "a digit of the bid" for digit in range(10)},
    "q": "leave the game",
    "escape": "leave the game",
    "ctrl+c": "leave the game",
    "ctrl+q": "quit spit-tui",
}

SPADES_KEYS: Final = GameKeys(
    game="spades",
    title="Spades",
    keys=(
        KeyChoice("spades.left", "move the highlight left", "left"),
        KeyChoice("spades.right", "move the highlight right", "right"),
        KeyChoice("spades.up", "raise the bid by one", "up"),
        KeyChoice("spades.down", "lower the bid by one", "down"),
        KeyChoice("spades.pick", "pick the highlighted card for an exchange", "space"),
        KeyChoice("spades.confirm", "play, bid, swap, next hand (confirm)", "enter"),
        KeyChoice("spades.erase", "erase the bid's last digit", "backspace"),
        KeyChoice("spades.help", "show the keys and rules", "question_mark"),
    ),
    fixed=MappingProxyType(_FIXED),
)
"""Spades' key map (``spit.settings.game_keys``)."""


def spades_keys(remapped: Mapping[str, str]) -> dict[str, str]:
    """Binding id -> key for each remappable key, with the player's ``remapped``
    (``Settings.game_keys``)."""
    return resolve_game_keys(SPADES_KEYS, remapped)
