"""Who sits where at the Spades table: the person at the keyboard is seat 0."""

from __future__ import annotations

from typing import Final

from spit.core.seats import SEATS

HUMAN: Final = SEATS[0]
BOT: Final = SEATS[1]
TARGET: Final = 500
"""Points that win (S02)."""
