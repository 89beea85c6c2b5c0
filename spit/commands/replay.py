"""``spit-tui replay``: check a saved game (``--check``), or watch it in the viewer.

``--check`` takes a replay of either game (Spit or Spades), re-simulates it strictly
and exits 0 when it is consistent (an interrupted game included), 1 at the first
problem (printed with its line number) or when the file was edited after it was
written (its integrity digest fails, at a line it names), and 2 when the file cannot
be read at all. It says whether the file is sealed, unsealed (no digest: written by
hand or before format 1.1; consistent is then still exit 0) or edited.
``--json`` prints the same as one JSON object, for scripts. Without ``--check`` the
file (the latest saved game of either game when none is given) opens in the replay
viewer for its game (``spit.tui.spit.viewer``, ``spit.tui.spades.viewer``), told apart by
the header alone; a missing or unreadable file ends with a one-line message and
status 2 before the app starts, a file that is not consistent shows its problem in
the viewer and ends with status 1.

FILE is a path or the name of a saved game in the replays folder (the one in the
settings), with or without its ``.spit.jsonl`` / ``.spades.jsonl``: the browser's
rename dialog says the suffix is added, so the name typed there is the name to give.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Final

from spit.commands.output import complain, emit
from spit.core.replay.fields import FormatError
from spit.core.replay.reading import MAX_LINE_BYTES, UnreadableReplay, read_header
from spit.core.replay.seal import Seal
from spit.core.replay.verification import Verification
from spit.games import registry
from spit.games.descriptor import GameDescriptor, GameReplay
from spit.games.replays import game_of, load_any_replay, verify_any
from spit.paths import replays_dir

if TYPE_CHECKING:
    from spit.tui.shared.viewer_base import ViewerScreen

NEAR_NAMES: Final = 3
"""Saved games named when none has the name asked for."""


class NoSuchGame(Exception):
    """No file and no saved game has the name given; the message says where it was
    looked for and which names come close."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a replay file, or the name of a saved game (with or without .spit.jsonl)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="re-simulate FILE strictly: exit 0 if it is consistent (finished or not), "
        "1 at the first problem or if it was edited, 2 if it cannot be read",
    )
    parser.add_argument("--json", action="store_true", help="with --check: one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        path = None if args.file is None else find_replay(args.file)
    except NoSuchGame as missing:
        complain("replay", str(missing))
        return 2
    if not args.check:
        return view(path)
    if path is None:
        complain("replay", "--check needs a FILE")
        return 2
    return check(path, as_json=args.json)


def saved_games_dir() -> Path:
    """Where the settings save games (the settings' warnings are the app's to show)."""
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path

    settings, _warnings = read_settings(settings_path())
    return settings.replay_dir or replays_dir()


def view(path: Path | None) -> int:
    """Open the replay viewer on ``path``, or on the latest game saved where the
    settings save games."""
    from spit.tui.app import SpitApp

    if path is None:
        directory = saved_games_dir()
        path = latest_replay(directory)
        if path is None:
            complain(
                "replay",
                f"there are no saved games in {directory} yet; "
                "play one with spit-tui play, or give a FILE",
            )
            return 2

    screen = viewer_for(path)
    if screen.problem is not None and screen.problem.unreadable:
        complain("replay", f"{path}: {screen.problem.message}")
        return 2
    result = SpitApp(start_screen=screen).run()
    return 1 if screen.problem is not None else result or 0


def viewer_for(path: Path) -> ViewerScreen:
    """The viewer of the game the file's header names (its ``FrontEnds.viewer``). A file
    whose game cannot be told goes to the first game's viewer, which says what is
    wrong with it."""
    from spit.tui.shared.front_ends import front_ends

    game = _game_of(path) or registry.games()[0]
    return front_ends(game.name).viewer(path, None)


def _game_of(path: Path) -> GameDescriptor | None:
    """The game the first line of the file at ``path`` names, without reading the rest;
    ``None`` if it cannot be told."""
    try:
        if not path.is_file():  # not a FIFO or a device, which could block the read
            return None
        with path.open("rb") as file:
            return registry.by_header(read_header(file.readline(MAX_LINE_BYTES + 1)))
    except (OSError, ValueError, UnreadableReplay, FormatError, registry.UnknownGame):
        return None


def latest_replay(directory: Path) -> Path | None:
    """The most recently written replay in ``directory``, of either game, if there is one."""
    try:
        paths = [path for suffix in registry.suffixes() for path in directory.glob(f"*{suffix}")]
    except OSError:
        return None
    files = []
    for path in paths:
        try:
            info = path.stat()
        except OSError:  # a broken link, or deleted meanwhile: not one to watch
            continue
        if stat.S_ISREG(info.st_mode):
            files.append((info.st_mtime, path.name, path))
    return max(files)[2] if files else None


def find_replay(file: str) -> Path:
    """The file ``file`` names: the path as given (``~`` expanded) when there is such a
    file or ``file`` is a path; else the saved game of that name in the replays folder,
    the name exactly, then with a replay suffix added. Raises ``NoSuchGame``."""
    try:
        path = Path(file).expanduser()
    except RuntimeError:  # ~name of no user: a path, which reading reports
        return Path(file)
    try:
        if path.name != file or file in (".", "..") or path.exists() or path.is_symlink():
            return path
        directory = saved_games_dir()
        for name in (file, *(file + suffix for suffix in registry.suffixes())):
            if (directory / name).exists():
                return directory / name
    except OSError:  # a name too long, no permission: reading it says so
        return path
    raise NoSuchGame(_not_found(file, directory))


def _not_found(name: str, directory: Path) -> str:
    """Why there is no game ``name``, and the saved games whose names come close."""
    stems = sorted(_saved_stems(directory))
    typed = registry.stem(name)
    near = difflib.get_close_matches(typed, stems, n=NEAR_NAMES, cutoff=0.5)
    near += [stem for stem in stems if typed.lower() in stem.lower() and stem not in near]
    message = f"no file or saved game named '{name}' (saved games are in {directory})"
    if near:
        quoted = " or ".join(f"'{stem}'" for stem in near[:NEAR_NAMES])
        return f"{message}; did you mean {quoted}?"
    return f"{message}; spit-tui replays lists them"


def _saved_stems(directory: Path) -> set[str]:
    try:
        with os.scandir(directory) as entries:
            suffixes = registry.suffixes()
            return {registry.stem(e.name) for e in entries if e.name.endswith(suffixes)}
    except OSError:
        return set()


def check(path: Path, *, as_json: bool = False) -> int:
    """Verify the replay at ``path``, print the report, return the exit status."""
    try:
        replay = load_any_replay(path)
    except UnreadableReplay as err:
        if as_json:
            emit(json.dumps({"valid": False, "finished": False, "error": str(err), "line": None}))
        else:
            complain("replay", f"{path}: {err}")
        return 2
    result = verify_any(replay)
    emit(json.dumps(result.to_json()) if as_json else report(path, replay, result))
    return 0 if result.trusted else 1


def report(path: Path, replay: GameReplay, result: Verification) -> str:
    """A few lines for a person: what the game was and whether the file holds up."""
    header = replay.header
    players = header.players
    if not result.valid:
        state = "NOT consistent"
    elif result.finished:
        state = "consistent, finished"
    else:
        state = "consistent, unfinished (the recording stops there)"
    if result.seal is Seal.EDITED:
        state = f"EDITED after it was written; {state}"
    played = game_of(replay)
    game, rounds = played.replays.describe(replay), played.round_word
    lines = [
        f"{path.name}: {state}",
        f"  players   {players[0].describe()} vs {players[1].describe()}",
        f"  game      {game}, {result.rounds} {rounds}{'s' * (result.rounds != 1)}, "
        f"{_clock(result.duration_ms)} of play",
        f"  inputs    {result.inputs}",
    ]
    if result.winner is not None:
        lines.append(f"  winner    {players[result.winner].name} (p{result.winner + 1})")
    elif result.finished:
        lines.append("  winner    nobody (a draw)")
    if result.valid:
        if result.final_hash is not None:  # None: not a card dealt yet
            lines.append(f"  hash      {result.final_hash}")
    else:
        lines.append(f"  problem   line {result.line}: {result.error}")
    lines.append(f"  seal      {_seal_text(result)}")
    return "\n".join(lines)


def _seal_text(result: Verification) -> str:
    if result.edit is not None:
        return f"EDITED: {result.edit.message}"
    if result.seal is Seal.SEALED:
        return "sealed (every line is as spit-tui wrote it)"
    return "unsealed (no integrity digest: written by hand, or before format 1.1)"


def _clock(ms: int) -> str:
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
