"""Following a ``NetClient`` from a screen without polling.

The client sets its ``changed`` event whenever the server said something; a worker
of the screen waits on it and calls the screen back, in the app's own event loop (the
client's reader runs there too). Nothing runs while the server is silent, so an idle
network table costs no CPU. One screen follows a client at a time: the event is
cleared by whoever waits on it.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.dom import DOMNode
from textual.worker import Worker

from spit.net.client import NetClient
from spit.tui.net.client_state import lost


def follow(node: DOMNode, client: NetClient, changed: Callable[[], None]) -> Worker[None]:
    """Call ``changed()`` now and after each change, until the connection is gone
    (after one last call) or the worker is cancelled (with ``node``'s unmounting)."""

    async def run() -> None:
        while True:
            client.changed.clear()
            changed()
            if lost(client) is not None:
                return
            await client.changed.wait()

    return node.run_worker(run(), name="follow the server", group="net", exit_on_error=True)
