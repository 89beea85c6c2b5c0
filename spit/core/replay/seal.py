"""Whether a replay file is as the program wrote it: sealed, unsealed or edited.

Every file the program writes carries an integrity digest chained over its lines
(``docs/replay-format.md``, "Integrity"): each line ends in a ``"chain"`` key whose
value is the BLAKE2b digest of the digest before it and of the line's own bytes up to
that key. A reader recomputes the chain (``ChainCheck``) and says which of the three a
file is. The statistics count only sealed files in personal bests and records.

Each line carries its own digest, rather than only the checkpoints and the closing
line, so that an edit is named by its line and not by the range between two
checkpoints (a checkpoint comes every 100 inputs), and so that a file cut short by a
crash is sealed up to its last complete line. Ordinary lines keep 32 bits of their
digest (about 20 bytes a line, a fifth of an input line): enough to name the edited
line, since an edit changes every digest after it; checkpoints and the closing line
keep all 128, the seal's full strength.

This is tamper evidence against edits, not a signature: whoever recomputes the chain
can forge a sealed file.
"""

from __future__ import annotations

import hashlib
import re
from enum import Enum
from typing import Final


class Seal(Enum):
    SEALED = "sealed"
    """Every line is as written, the header included, up to the last complete line."""
    UNSEALED = "unsealed"
    """The file carries no digest at all (hand-written, or from before format 1.1)."""
    EDITED = "edited"
    """A digest does not match: a line was changed, dropped, inserted or moved."""


CHAIN_KEY: Final = "chain"
"""The key of each line's digest, always the line's last."""
TAG: Final = b"spit-replay chain"
"""What the chain starts from (domain separation: no other digest starts so)."""
SHORT_HEX: Final = 8
"""Hex digits of the digest an ordinary line keeps (32 bits)."""
FULL_HEX: Final = 32
"""Hex digits of the digest a checkpoint or closing line keeps (all 128 bits)."""
FULL_LINES: Final = frozenset({"checkpoint", "end"})
"""The line types that keep the full digest."""

_MARK: Final = b', "' + CHAIN_KEY.encode() + b'": "'
_TAIL: Final = re.compile(rb'([0-9a-f]{1,64})"\}\r?')


def _digest(before: bytes, body: bytes) -> bytes:
    return hashlib.blake2b(before + body, digest_size=16).digest()


_START: Final = hashlib.blake2b(TAG, digest_size=16).digest()


def _width(kind: object) -> int:
    """How many hex digits of its digest a line of type ``kind`` keeps (``kind`` is
    anything a file holds under ``type``, a list included)."""
    return FULL_HEX if isinstance(kind, str) and kind in FULL_LINES else SHORT_HEX


class Chain:
    """The digest of the lines so far, for a writer: ``seal`` adds it to each line."""

    def __init__(self) -> None:
        self._digest = _START

    def seal(self, text: str, kind: object) -> str:
        """The line ``text`` (one JSON object and its newline, as ``line_text`` makes
        it) with its digest as the last key; ``kind`` is the line's ``type``."""
        body = text.removesuffix("\n").removesuffix("}")
        self._digest = _digest(self._digest, body.encode("utf-8"))
        return f'{body}, "{CHAIN_KEY}": "{self._digest.hex()[: _width(kind)]}"}}\n'


class ChainCheck:
    """The chain recomputed line by line as a reader reads a file. The first line
    decides whether the file is sealed; from the first digest that fails on, nothing
    is covered, so the check stops there (``edit``)."""

    def __init__(self) -> None:
        self._digest = _START
        self.seal: Seal | None = None
        """``None`` until the first line; then what the file is, as far as read."""
        self.edit: tuple[int, str] | None = None
        """The line where the chain fails, and what to say about it."""

    def line(self, number: int, raw: bytes, value: object) -> None:
        """Check line ``number``: its bytes without the line end, and the JSON value it
        holds (``None`` if it holds none)."""
        if self.seal is Seal.EDITED:
            return
        first = self.seal is None
        split = _split(raw)
        claims = split is not None or (isinstance(value, dict) and CHAIN_KEY in value)
        if first:
            self.seal = Seal.SEALED if claims else Seal.UNSEALED
        if self.seal is Seal.UNSEALED:
            if claims:
                self._edited(
                    1,
                    f"line 1 (the header) has no integrity digest, but line {number} has one: "
                    f"the header was edited, or line {number} comes from another file",
                )
            return
        if split is None:
            if first or claims:  # a digest, but not where or as the writer puts it
                self._edited_at(number, first)
            else:
                self._edited(
                    number,
                    f"line {number} has no integrity digest "
                    "(it was added, or its digest removed, after the file was written)",
                )
            return
        body, stored = split
        self._digest = _digest(self._digest, body)
        kind = value.get("type") if isinstance(value, dict) else None
        if stored != self._digest.hex()[: _width(kind)]:
            self._edited_at(number, first)

    def _edited_at(self, number: int, first: bool) -> None:
        if first:
            self._edited(number, f"line {number} (the header) was edited")
        else:
            self._edited(
                number,
                f"line {number} was edited (or a line before it was dropped, inserted or moved)",
            )

    def _edited(self, number: int, message: str) -> None:
        self.seal = Seal.EDITED
        self.edit = (number, message)


def _split(raw: bytes) -> tuple[bytes, str] | None:
    """A line's bytes before its digest, and the digest; ``None`` if it has none."""
    cut = raw.rfind(_MARK)
    if cut < 0:
        return None
    tail = _TAIL.fullmatch(raw, cut + len(_MARK))
    return None if tail is None else (raw[:cut], tail[1].decode("ascii"))
