"""The one-time code that links a second device to an account.

A code is 8 characters of Crockford's base32 (40 bits), shown in two groups of four
("7KQ2-MX4D"): no I, L, O or U to misread, and read back forgiving case, spaces and
dashes, and the letters that look like digits (O as 0, I and L as 1). It lasts
``LIFETIME`` and works once; an account has one live code at a time.

Guesses are bounded twice: each wrong code costs the address that sent it one of
its tries (``spit.online.rates``: 10 a minute, 60 an hour by default), and 40 bits
are many. With a thousand codes live at once and guessers at the hourly rate from
ten thousand addresses, the chance of any hit in a day is about 1.3 %; the rates
count addresses, so a guesser with fewer of them does proportionately worse.

Only a hash of the code is stored (SHA-256): a copy of the database holds no live
code.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Final

LIFETIME: Final = timedelta(minutes=10)

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32."""

LENGTH: Final = 8

_READ_AS: Final = {"O": "0", "I": "1", "L": "1"}


def new_code() -> str:
    """A fresh code, as shown (two groups of four).
    >>> len(new_code()), new_code()[4]
    (9, '-')"""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normalise(typed: str) -> str | None:
    """The code a player typed, as stored; ``None`` if it cannot be one.

    >>> normalise(" 7kq2 mx4d "), normalise("7KQ2-MX4O"), normalise("hello")
    ('7KQ2MX4D', '7KQ2MX40', None)
    """
    if not isinstance(typed, str) or len(typed) > 40:
        return None
    kept = "".join(typed.split()).replace("-", "").upper()
    kept = "".join(_READ_AS.get(char, char) for char in kept)
    if len(kept) != LENGTH or any(char not in ALPHABET for char in kept):
        return None
    return kept


def code_hash(code: str) -> str:
    """What is stored of a (normalised) code."""
    return hashlib.sha256(code.encode("ascii")).hexdigest()
