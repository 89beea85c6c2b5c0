"""``spit-tui replay``: check a saved game (``--check``), or watch it in the viewer.

``--check`` takes a replay of either game (Spit or Spades), re-simulates it strictly
and exits 0 when it is consistent (an interrupted game included), 1 at the first
problem (printed with its line number) or when the file was edited after it was
written (its integrity digest fails, at a line it names), and 2 when the file cannot
be read at all. It says whether the file is sealed, unsealed (no digest: written by
hand or before format 1.1; consistent is then still exit 0) or edited.
``--json`` prints the same as one JSON object, for scripts. Without ``--check`` the
file (the latest saved game of either game when none is given) opens in the replay
viewer for its game (``spit.tui.viewer``, ``spit.tui.spades_viewer``), told apart by
the header alone; a missing or unreadable file ends with a one-line message and
status 2 before the app starts, a file that is not consistent shows its problem in
the viewer and ends with status 1.
"""

from __future__ import annotations

import argparse
import json
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from spit.commands.output import emit
from spit.engine import Variant
from spit.paths import replays_dir
from spit.replay import (
    MAX_LINE_BYTES,
    SPADES_SUFFIX,
    SUFFIX,
    AnyReplay,
    FormatError,
    Seal,
    SpadesReplay,
    UnreadableReplay,
    Verification,
    load_any_replay,
    read_game,
    read_header,
    verify_any,
)

if TYPE_CHECKING:
    from spit.tui.spades_viewer import SpadesViewerScreen
    from spit.tui.viewer import ReplayViewerScreen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a replay file; a bare file name is also looked for in the replays directory",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="re-simulate FILE strictly: exit 0 if it is consistent (finished or not), "
        "1 at the first problem or if it was edited, 2 if it cannot be read",
    )
    parser.add_argument("--json", action="store_true", help="with --check: one JSON object")


def run(args: argparse.Namespace) -> int:
    if not args.check:
        return view(args)
    if args.file is None:
        print("spit-tui replay: --check needs a FILE", file=sys.stderr)
        return 2
    return check(resolve(args.file), as_json=args.json)


def view(args: argparse.Namespace) -> int:
    """Open the replay viewer on ``args.file``, or on the latest game saved where the
    settings save games."""
    from spit.tui.app import SpitApp
    from spit.tui.settings import load_settings, settings_path

    settings, _warnings = load_settings(settings_path())  # the app shows the warnings
    directory = settings.replay_dir or replays_dir()
    path = resolve(args.file) if args.file is not None else latest_replay(directory)
    if path is None:
        print(
            f"spit-tui replay: there are no saved games in {directory} yet; "
            "play one with spit-tui play, or give a FILE",
            file=sys.stderr,
        )
        return 2

    screen = viewer_for(path)
    if screen.problem is not None and screen.problem.unreadable:
        print(f"spit-tui replay: {path}: {screen.problem.message}", file=sys.stderr)
        return 2
    result = SpitApp(start_screen=screen).run()
    return 1 if screen.problem is not None else result or 0


def viewer_for(path: Path) -> ReplayViewerScreen | SpadesViewerScreen:
    """The viewer for the game the file's header names. A file whose game cannot be
    told goes to the Spit viewer, which says what is wrong with it."""
    if _game_of(path) == "spades":
        from spit.tui.spades_viewer import SpadesViewerScreen

        return SpadesViewerScreen(path)
    from spit.tui.viewer import ReplayViewerScreen

    return ReplayViewerScreen(path)


def _game_of(path: Path) -> str | None:
    """The game the first line of the file at ``path`` names, without reading the rest;
    ``None`` if it cannot be told."""
    try:
        if not path.is_file():  # not a FIFO or a device, which could block the read
            return None
        with path.open("rb") as file:
            return read_game(read_header(file.readline(MAX_LINE_BYTES + 1)))
    except (OSError, ValueError, UnreadableReplay, FormatError):
        return None


def latest_replay(directory: Path) -> Path | None:
    """The most recently written replay in ``directory``, of either game, if there is one."""
    try:
        paths = [*directory.glob(f"*{SUFFIX}"), *directory.glob(f"*{SPADES_SUFFIX}")]
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


def resolve(file: str) -> Path:
    """``file`` as given or, if there is no such file and it is a bare name, the saved
    game of that name."""
    path = Path(file)
    try:
        if not path.exists() and path.name == file and (replays_dir() / file).exists():
            return replays_dir() / file
    except OSError:  # a name too long, no permission: reading it says so
        pass
    return path


def check(path: Path, *, as_json: bool = False) -> int:
    """Verify the replay at ``path``, print the report, return the exit status."""
    try:
        replay = load_any_replay(path)
    except UnreadableReplay as err:
        if as_json:
            emit(json.dumps({"valid": False, "finished": False, "error": str(err), "line": None}))
        else:
            print(f"spit-tui replay: {path}: {err}", file=sys.stderr)
        return 2
    result = verify_any(replay)
    emit(json.dumps(result.to_json()) if as_json else report(path, replay, result))
    return 0 if result.trusted else 1


def report(path: Path, replay: AnyReplay, result: Verification) -> str:
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
    if isinstance(replay, SpadesReplay):
        game, rounds = f"spades (to {replay.header.target})", "hand"
    else:
        game, rounds = replay.header.variant.value, "round"
        if replay.header.variant is Variant.POINTS:
            game += f" (to {replay.header.target})"
    lines = [
        f"{path.name}: {state}",
        f"  players   {players[0].describe()} vs {players[1].describe()}",
        f"  game      {game}, {result.rounds} {rounds}{'s' * (result.rounds != 1)}, "
        f"{_clock(result.duration_ms)} of play",
        f"  inputs    {result.inputs}",
    ]
    if result.winner is not None:
        lines.append(f"  winner    {players[result.winner].name} (p{result.winner + 1})")
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
