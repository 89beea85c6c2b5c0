"""The replay viewer: a saved game played back on the live game's table.

``SpitViewerScreen(path)`` is the screen (``spit-tui replay FILE`` runs it, the
menu's replay browser can push it); ``timeline`` works a replay out once when it is
opened, ``playback`` puts the table at any moment of it. ``base`` is what every
viewer shares (playing, the speed, the help, leaving, the problem panel), the Spades
viewer (``spit.tui.spades.viewer``) included.
"""

from spit.tui.spit.viewer.screen import SpitViewerScreen

__all__ = ["SpitViewerScreen"]
