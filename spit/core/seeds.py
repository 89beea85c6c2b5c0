"""Seeds derived from a run's seed: how a simulator gives every game its own chance.

Every game of a run takes its deal's and its bots' seeds from the run's seed and a path
of labels (the game's pair, the bot's place), never from which process plays it or
what it played before, so a run gives the same games whatever the number of jobs.
"""

from __future__ import annotations

import hashlib


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed from the run's seed and a path of labels (stable across Python
    versions and platforms, unlike ``hash``)."""
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
