"""Spit's table: ``view`` is what it shows as plain values, ``presenter`` makes those
from a match, ``draw`` lays them out on a canvas, ``widget`` shows them on screen, and
``story`` is the chart of a finished game under its result."""
