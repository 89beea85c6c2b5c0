"""``spit-tui`` with no command: the menu, with the player's saved settings.

It takes no options (everything is in the Settings screen), so unlike the other
commands it has no ``add_arguments``.
"""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from spit.tui.app import SpitApp

    return SpitApp().run() or 0
