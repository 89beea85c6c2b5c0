"""What is written once for every game, on top of the game interface (``spit.game``).

``spit.play.session`` runs any game in real time; ``spit.play.deals`` is where its
deals come from. Nothing here imports a game: each game's package
(``spit.games.<name>``) builds on these, and the composition root hands the rest of
the program every game through the registry.
"""
