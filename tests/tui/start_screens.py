"""A command's app, caught before it runs: the tests of ``spit-tui replay``, ``replays``
and ``spades`` check the screen their options make without starting Textual."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest
from textual.screen import Screen

from spit.tui.app import SpitApp

S = TypeVar("S", bound=Screen[Any])


def catch_start_screens(monkeypatch: pytest.MonkeyPatch, kind: type[S]) -> list[S]:
    """From now on ``SpitApp.run`` only adds the screen the app would start on (which
    must be a ``kind``) to the list returned here, and returns ``None``."""
    screens: list[S] = []

    def run_app(app: SpitApp, *args: Any, **kwargs: Any) -> int | None:
        assert isinstance(app.start_screen, kind)
        screens.append(app.start_screen)
        return None

    monkeypatch.setattr(SpitApp, "run", run_app)
    return screens
