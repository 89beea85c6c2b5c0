"""Replays, written once for every game: the records of a file's lines, the writer
(a session's recorder), the lenient reader, the strict verifier, a viewer's
timeline and a front end's recorders (``feed``).

A game brings only its ``ReplayFormat`` (``spit.replay.format``): its header, the
words its lines use and its deal's fields; the rest reads, writes and re-plays any
game through ``spit.game.Game`` and the session written once (``spit.play``).
"""
