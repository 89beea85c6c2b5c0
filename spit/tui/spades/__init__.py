"""Spades against the computer, in the terminal: ``SpadesScreen`` and what it draws.

The rules are ``spit.games.spades.engine``'s and the bot is
``spit.games.spades.bots``'s; this package only shows the game to the player and takes
their keys. ``game`` runs one game without Textual, ``view`` decides what the table
says, ``draw`` where it goes, ``board`` paints it, ``screen`` ties them to the keyboard."""

from spit.tui.spades.screen import SpadesScreen

__all__ = ["SpadesScreen"]
