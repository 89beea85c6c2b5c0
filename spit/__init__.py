"""spit-tui: the real-time card game Spit (Speed / Slam) in the terminal."""

__version__ = "0.1.0"
