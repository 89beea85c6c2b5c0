"""The end-to-end tests' tmux server for network games (``tests/e2e/network_play.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.network_play import Terminals


@pytest.fixture
def terminals() -> Iterator[Terminals]:
    """A tmux server of the test's own, killed (and its socket removed) at the end."""
    tmux = Terminals()
    try:
        yield tmux
    finally:
        tmux.close()
