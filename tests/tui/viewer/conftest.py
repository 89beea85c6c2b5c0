"""Replay viewer tests: each runs with its own SPIT_TUI_HOME; async tests run in a
fresh event loop (the hook and the fixture are the game screen tests')."""

from tests.tui.game.conftest import pytest_pyfunc_call, spit_home

__all__ = ["pytest_pyfunc_call", "spit_home"]
