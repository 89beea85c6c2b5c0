"""Spades against the computer, in the terminal: ``SpadesScreen`` and what it draws.

The rules are ``spit.games.spades.engine``'s and the bot is
``spit.games.spades.bots``'s, and the game is run by a session (``spit.games.spades.game``);
this package only shows the game to the player and sends their keys. ``view`` decides
what the table says, ``draw`` where it goes, ``board`` paints it, ``screen`` ties them
to the keyboard.

Importing the package loads none of them (``front_ends`` names them for the shared
screens, at start-up): ``spit.tui.spades.screen.SpadesScreen`` is the table."""
