"""War: a tiny third game that lives only in the tests (``RULES.md``), to prove that a
game is its rules, its codec, its bot, its descriptor and a screen. The tests register
it through ``tests/conftest.py``'s ``extra_game``."""
