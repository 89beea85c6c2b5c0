"""The screens around the game: menu, bot chooser, How to play, settings, replays."""
