"""The Spades replay viewer: a saved Spades game played back, both hands face up.

``SpadesViewerScreen(path)`` is the screen (``spit-tui replay FILE`` runs it for a
Spades file, the replay browser pushes it); ``timeline`` works a replay out once when
it is opened, ``table`` says what the table shows at any step and draws it with the
Spades play screen's pieces, ``captions`` puts each step in words.
"""

from spit.tui.spades.viewer.screen import SpadesViewerScreen

__all__ = ["SpadesViewerScreen"]
