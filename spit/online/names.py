"""Display names: the rules a name must keep, and the keys that make names that look
alike the same name.

A name is stored as its player typed it, and is unique on the server. The rules:

- 3 to 20 characters (code points), at least one of them a letter or a digit;
- printable: no control or invisible formatting character, no line break, no space
  other than the ordinary one (``str.isprintable``), no space at either end and never
  two in a row;
- not starting with "Guest", which is kept for accounts that have not chosen a name
  (``guest_name``).

Two names are the same name if they are equal once case-folded and with confusable
characters folded: "ann", "ANN" and "аnn" (a Cyrillic а) are one name, and so are
"Bill" and "BiII" (capital i's). The fold is Unicode's confusables skeleton (UTS #39,
section 4: decompose, replace each character by its prototype, decompose again), with
the data of ``confusable_homoglyphs`` (``skeleton``), after Unicode's compatibility
normalisation (NFKC: full-width letters, ligatures). Case and confusables do not
commute ("I" looks like "l", but folds to "i"), so a name has two keys
(``NameKeys``): the skeleton of the case-folded name, and the case-folded skeleton
of the name as typed; no key of one name may be a key of another.

Names are printable by these rules, but a name read back from a database is still
shown through ``spit.core.safe_text`` (``shown``): the rules may change, and the
database is outside the program.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Final

from confusable_homoglyphs import confusables

from spit.core.safe_text import safe_text
from spit.online.errors import NameRefused

SHORTEST: Final = 3
LONGEST: Final = 20

GUEST: Final = "Guest"
"""How an account without a chosen name is shown (``guest_name``); no name may start
with it (or with anything that looks like it)."""


@dataclass(frozen=True, slots=True)
class NameKeys:
    """The two keys a name is unique by (see the module docstring)."""

    folded: str
    """The skeleton of the name case-folded."""
    looks: str
    """The skeleton of the name, case-folded after."""


def check(name: str) -> NameKeys:
    """``name``'s keys if it keeps every rule of names; raises ``NameRefused`` with a
    message that says which rule it breaks (quoting it made safe).

    >>> check("Ann").folded
    'ann'
    >>> check("ANN") == check("аnn")  # the second with a Cyrillic а
    True
    """
    if not isinstance(name, str):
        raise NameRefused("a name must be text")
    if len(name) < SHORTEST or len(name) > LONGEST:
        raise NameRefused(f"a name has {SHORTEST} to {LONGEST} characters ({len(name)} given)")
    if not name.isprintable():
        raise NameRefused(
            f"{safe_text(name)!r} holds a character that cannot be shown "
            "(a control character, an invisible one, a line break or an unusual space)"
        )
    if name != name.strip(" ") or "  " in name:
        raise NameRefused("a name has no space at either end, and never two in a row")
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        raise NameRefused("a name has at least one letter or digit")
    compatible = unicodedata.normalize("NFKC", name)  # full-width, ligatures, ...
    keys = NameKeys(skeleton(compatible.casefold()), skeleton(compatible).casefold())
    guest = skeleton(GUEST.casefold())
    if keys.folded.startswith(guest) or keys.looks.startswith(guest):
        raise NameRefused(f"names starting with {GUEST!r} are kept for accounts without one")
    return keys


def shown(name: str | None, account_id: str) -> str:
    """A name as it is shown: made safe; an account without one as ``guest_name``."""
    return guest_name(account_id) if name is None else safe_text(name, limit=LONGEST + 1)


def guest_name(account_id: str) -> str:
    """How an account without a chosen name is shown, which no chosen name can look like.
    >>> guest_name("3f2a9c0d11")
    'Guest 3f2a'"""
    return f"{GUEST} {safe_text(account_id[:4])}"


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: texts that look alike (a Cyrillic а) share one.
    >>> [skeleton(a) == skeleton(b) for a, b in [("paypal", "pаypal"), ("rn", "m"), ("0", "O")]]
    [True, True, True]"""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(table.get(char, char) for char in decomposed)
    return unicodedata.normalize("NFD", mapped)


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from ``confusable_homoglyphs``' data.

    The library keeps Unicode's ``confusables.txt`` made symmetric: each character
    lists what it is confusable with (its prototype, for a character that has one;
    every character that maps to it, for a prototype). A character with one entry
    whose entry lists more than it (or is several characters, as "rn" for "m") maps
    to that entry; two characters that list only each other are one prototype and
    its one source, and both map to the smaller, which keeps them equal. Right-to-left
    characters are stored wrapped in left-to-right marks, which are taken off.
    """

    def clean(text: str) -> str:
        return text.replace("\u200e", "")

    data: dict[str, list[str]] = {
        clean(key): [clean(entry["c"]) for entry in entries]
        for key, entries in confusables.confusables_data.items()
    }
    table: dict[str, str] = {}
    for char, entries in data.items():
        if len(char) != 1 or len(entries) != 1:
            continue  # a prototype (or a sequence, which the data keys only as one)
        target = entries[0]
        back = data.get(target, [])
        if len(target) == 1 and back == [char]:
            target = min(char, target)
        if target != char:
            table[char] = unicodedata.normalize("NFD", target)
    return table
