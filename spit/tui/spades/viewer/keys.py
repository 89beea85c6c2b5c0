"""The Spades viewer's keys: one table makes the bindings, the help and the hints.

The Spit viewer's conventions and its common keys (``spit.tui.shared.viewer_keys``): Space
plays, +/- for the speed, Home/End, ``?`` and Esc, every binding with an id. A Spades
game moves by turns, so the arrows step one input instead of five seconds, up/down
go by trick and the page keys by hand.
"""

from __future__ import annotations

from typing import Final

from spit.tui.shared.cards import CardPainter
from spit.tui.shared.viewer_keys import COMMON_KEYS, PLAY, ViewerHelp, ViewerKey, key_rows

_OWN_KEYS: Final = (
    # id, keys, action, as shown, what it does
    ("back", "left", "step(-1)", "←", "one input back"),
    ("forward", "right", "step(1)", "→", "one input forward"),
    ("trick.previous", "up,left_square_bracket", "trick(-1)", "↑ [", "previous trick"),
    ("trick.next", "down,right_square_bracket", "trick(1)", "↓ ]", "next trick"),
    ("hand.previous", "pageup", "hand(-1)", "PgUp", "previous hand"),
    ("hand.next", "pagedown", "hand(1)", "PgDn", "next hand"),
)
SPADES_VIEWER_KEYS: Final = (
    PLAY,
    *(ViewerKey(f"spades.viewer.{name}", *rest) for name, *rest in _OWN_KEYS),
    *COMMON_KEYS,
)

HINT: Final = "←→ input  ↑↓ trick  PgUp/PgDn hand"
"""The keys on the status line (the rest are in the help)."""
ASCII_HINT: Final = "Left/Right input  Up/Down trick"
KEYS_HINT: Final = "? keys  Esc back"
"""The keys in the header."""


def viewer_help(ascii_only: bool = False) -> ViewerHelp:
    """The Spit viewer's help dialog, with these keys."""
    times = CardPainter.for_ascii(ascii_only).times
    text = "\n".join(
        [
            *key_rows(SPADES_VIEWER_KEYS, ascii_only),
            "",
            "A trick jump lands between two tricks: the one just taken shows in the",
            "middle. Both hands are face up; the card just kept or drawn back is",
            f"outlined. At 1{times} a card stays a little over half a second.",
        ]
    )
    return ViewerHelp("Spades replay keys", text, ascii_only=ascii_only)
