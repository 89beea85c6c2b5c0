"""``spit-tui replays``: the app, opened on the list of saved games.

Escape there leaves the app, as the list was all it was started for. A folder given on
the command line is listed instead of the one in the settings; a folder that does not
exist ends with a one-line message and status 2 before the app starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from spit.commands._args import folder as folder_path
from spit.commands.output import complain

if TYPE_CHECKING:
    from spit.tui.app import SpitApp


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "folder",
        nargs="?",
        type=folder_path,
        metavar="FOLDER",
        help="list the replays in this folder (default: where games are saved, as in Settings)",
    )


def browser_app(folder: Path | None) -> SpitApp:
    """The app on the replay list of ``folder`` (``None``: the settings' folder)."""
    from spit.tui.app import SpitApp
    from spit.tui.shell.replays import ReplayBrowser

    return SpitApp(start_screen=ReplayBrowser(folder))


def run(args: argparse.Namespace) -> int:
    folder: Path | None = args.folder
    if folder is not None:
        try:
            problem = (
                None
                if folder.is_dir()
                else "is not a folder"
                if folder.exists()
                else "does not exist"
            )
        except OSError as error:  # a name too long, a folder without permission
            complain("replays", f"{folder}: {error.strerror or error}")
            return 2
        if problem is not None:
            complain("replays", f"{folder} {problem}")
            return 2
    return browser_app(folder).run() or 0
