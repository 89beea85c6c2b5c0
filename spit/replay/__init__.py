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

Spades games use the same format with ``"game": "spades"`` in the header: the front end
reports each hand and action to a ``SpadesReplayWriter``, and ``verify_spades``
(``SpadesResimulation`` line by line) re-plays a file through the Spades engine.
``load_any_replay`` and ``verify_any`` take a file of either game.

Every line a writer writes is sealed by an integrity digest chained over the lines
before it; the reader recomputes it and says in ``replay.seal`` whether the file is
sealed, unsealed (written by hand, or before format 1.1) or edited (``replay.edit``
names the line), so the statistics can leave out what was changed after the game.

For a list of saved games that must not read whole files, ``read_header`` gives just
the first line's object (or raises ``UnreadableReplay``), and ``read_game`` and
``read_version`` what it claims (or raise ``FormatError``).
"""

from spit.replay.fields import (
    FORMAT_NAME,
    FORMAT_VERSION,
    FormatError,
    PlayerInfo,
    read_game,
    read_version,
)
from spit.replay.games import AnyReplay, load_any_replay, parse_any_replay, verify_any
from spit.replay.mismatch import ReplayMismatch
from spit.replay.reader import (
    MAX_FILE_BYTES,
    MAX_LINE_BYTES,
    MAX_LINES,
    Problem,
    Replay,
    UnreadableReplay,
    load_replay,
    parse_replay,
    read_header,
)
from spit.replay.records import Checkpoint, Deal, End, Header, Input, Record
from spit.replay.resimulate import Resimulation, replay_match
from spit.replay.seal import Seal
from spit.replay.spades_reader import SpadesReplay, load_spades_replay, parse_spades_replay
from spit.replay.spades_records import (
    SpadesCheckpoint,
    SpadesEnd,
    SpadesHand,
    SpadesHeader,
    SpadesInput,
    SpadesRecord,
)
from spit.replay.spades_verify import SpadesResimulation, verify_spades
from spit.replay.spades_writer import SPADES_SUFFIX, SpadesReplayWriter
from spit.replay.verify import Verification, verify
from spit.replay.writer import CHECKPOINT_EVERY, SUFFIX, ReplayWriter

__all__ = [
    "CHECKPOINT_EVERY",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "MAX_LINES",
    "MAX_LINE_BYTES",
    "SPADES_SUFFIX",
    "SUFFIX",
    "AnyReplay",
    "Checkpoint",
    "Deal",
    "End",
    "FormatError",
    "Header",
    "Input",
    "PlayerInfo",
    "Problem",
    "Record",
    "Replay",
    "ReplayMismatch",
    "ReplayWriter",
    "Resimulation",
    "Seal",
    "SpadesCheckpoint",
    "SpadesEnd",
    "SpadesHand",
    "SpadesHeader",
    "SpadesInput",
    "SpadesRecord",
    "SpadesReplay",
    "SpadesReplayWriter",
    "SpadesResimulation",
    "UnreadableReplay",
    "Verification",
    "load_any_replay",
    "load_replay",
    "load_spades_replay",
    "parse_any_replay",
    "parse_replay",
    "parse_spades_replay",
    "read_game",
    "read_header",
    "read_version",
    "replay_match",
    "verify",
    "verify_any",
    "verify_spades",
]
