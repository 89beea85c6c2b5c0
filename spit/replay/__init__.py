"""Saved games: the replay format, crash-safe recording and strict verification.

A replay records what happened — each round's deal and every timestamped input — and
the match re-derives the rest, the way deterministic game demos work.
``docs/replay-format.md`` specifies the file format.

Record a game by passing a writer to the match as a recorder::

    writer = ReplayWriter.create(replays_dir(), players=..., variant=..., target=...,
                                 timing=..., seed=...)
    match = Match(deals, ..., recorders=[writer])

and check or replay one with ``verify(load_replay(path))``, ``Resimulation`` (line by
line, for a viewer) or ``replay_match`` (the match after any number of inputs).
"""

from spit.replay.reader import (
    MAX_FILE_BYTES,
    MAX_LINE_BYTES,
    MAX_LINES,
    Problem,
    Replay,
    UnreadableReplay,
    load_replay,
    parse_replay,
)
from spit.replay.records import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Checkpoint,
    Deal,
    End,
    Header,
    Input,
    PlayerInfo,
    Record,
)
from spit.replay.resimulate import ReplayMismatch, Resimulation, replay_match
from spit.replay.verify import Verification, verify
from spit.replay.writer import CHECKPOINT_EVERY, SUFFIX, ReplayWriter

__all__ = [
    "CHECKPOINT_EVERY",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "MAX_LINES",
    "MAX_LINE_BYTES",
    "SUFFIX",
    "Checkpoint",
    "Deal",
    "End",
    "Header",
    "Input",
    "PlayerInfo",
    "Problem",
    "Record",
    "Replay",
    "ReplayMismatch",
    "ReplayWriter",
    "Resimulation",
    "UnreadableReplay",
    "Verification",
    "load_replay",
    "parse_replay",
    "replay_match",
    "verify",
]
