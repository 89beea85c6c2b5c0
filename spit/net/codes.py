"""Room codes: secrets to read aloud and type, ``7KX-PM2-QDA``.

Nine symbols of Crockford's base32 (digits and capital letters without I, L, O and U,
so nothing reads as another), in three groups of three: 45 bits. Several server
processes reserve each code in Redis before handing it out, so that codes are unique
across them (``spit.net.shared``). A player may type a code in any case, with or without the
dashes, and with ``O`` for zero and ``I`` or ``L`` for one (``normal_code``), as
Crockford's decoding does.

Every room has two: its code, to sit down, and its watch code, to watch it when it is
not public (``spit.net.server``). ``docs/protocol.md`` works out what guessing costs.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Container
from typing import Final

SYMBOLS: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32."""

LENGTH: Final = 9
"""Symbols in a code: 45 bits."""

_GROUP: Final = "[0-9A-HJKMNP-TV-Z]{3}"
ROOM_CODE: Final = re.compile(f"{_GROUP}-{_GROUP}-{_GROUP}")
"""A room code as the server sends and expects it (``7KX-PM2-QDA``)."""

_READS_AS: Final = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


def new_code(first: str = SYMBOLS, taken: Container[str] = ()) -> str:
    """A fresh code starting with one of ``first`` (symbols of ``SYMBOLS``), not in
    ``taken``."""
    while True:
        symbols = secrets.choice(first) + "".join(
            secrets.choice(SYMBOLS) for _ in range(LENGTH - 1)
        )
        code = f"{symbols[:3]}-{symbols[3:6]}-{symbols[6:]}"
        if code not in taken:
            return code


def normal_code(text: str) -> str | None:
    """The code a player typed, in the form the server knows (``7kx pm2 qda``,
    ``7KXPM2QDA`` and ``7KX-PM2-QDA`` are all ``7KX-PM2-QDA``; ``O`` reads as zero,
    ``I`` and ``L`` as one), or ``None`` if it is not a code."""
    symbols = text.strip().upper().translate(_READS_AS)
    if len(symbols) != LENGTH or not set(symbols) <= set(SYMBOLS):
        return None
    return f"{symbols[:3]}-{symbols[3:6]}-{symbols[6:]}"
