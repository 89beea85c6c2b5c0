"""``spit-tui web``: the menu in a web browser, served by ``textual-serve``.

``textual-serve`` (Textualize's own, maintained) starts one ``spit-tui`` process per
browser tab and relays its terminal to an xterm.js terminal in the page, so every
screen works there as in a terminal, Host and Join over the network too. This module
only configures it: the address, the command each tab runs, and the page
(``web_page/app_index.html``, given through textual-serve's ``templates_path``, the
library's way to change the page), which keeps the browser's own keys and the tab's
closing from taking a game away (the page says how).

Each tab runs this interpreter's ``spit.cli`` (not whatever ``spit-tui`` is first on
``PATH``) with this process's environment, so ``SPIT_TUI_HOME`` given to ``spit-tui
web`` is every tab's home. textual-serve has no login: anyone who can open the address
plays as the user who started it (README, "Playing in a web browser").
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from spit.commands._args import int_between, parsed_by
from spit.commands.output import cannot_listen, emit
from spit.core.safe_text import safe_text

if TYPE_CHECKING:
    from textual_serve.server import Server

DEFAULT_PORT = 8000
PAGE = Path(__file__).with_name("web_page")
"""The folder of the page's template (``app_index.html``)."""


def public_url(text: str) -> str:
    """The address the browser is to use, behind a proxy: ``http(s)://host[:port][/path]``,
    without a trailing ``/`` (textual-serve appends its own paths to it)."""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is not an http:// or https:// address")
    if parts.query or parts.fragment:
        raise ValueError(f"{text!r} has a query or fragment; give the address alone")
    try:
        parts.port  # noqa: B018 (reading it checks it)
    except ValueError:
        raise ValueError(f"{text!r} has a port that is not a number from 0 to 65535") from None
    return text.rstrip("/")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this machine only; "
        "0.0.0.0 for every interface: there is no login, see the README)",
    )
    parser.add_argument(
        "--port",
        type=int_between(1, 65535),
        default=DEFAULT_PORT,
        help=f"the port (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--public-url",
        type=parsed_by(public_url),
        metavar="URL",
        help="the address browsers use, when a reverse proxy stands in front "
        "(e.g. https://cards.example.org/spit); default http://HOST:PORT",
    )


def tab_command() -> str:
    """What each tab runs; ``exec`` so that textual-serve's quit and signals reach spit-tui."""
    return "exec " + shlex.join([sys.executable, "-m", "spit.cli"])


def run(args: argparse.Namespace) -> int:
    server = _server(args)
    try:
        server.serve()
    except OSError as error:  # the port is taken, the address is not this machine's
        cannot_listen("web", args.host, args.port, error)
        return 1
    return 0


QUIT_S = 10.0
"""How long stopping waits for the open tabs' spit-tui processes to quit (each closes
its game's replay as when it is quit) before aiohttp closes what is left."""


def _server(args: argparse.Namespace) -> Server:
    """textual-serve's server, told about the page and the address (imported here: it
    brings aiohttp, which no other command needs)."""
    import asyncio
    import signal

    from aiohttp import web
    from textual_serve.server import Server

    class WebServer(Server):
        """textual-serve's server: one line once it listens (not a banner before), its
        log at warnings (it logs every request at info), and a stop that ends every
        tab's spit-tui cleanly."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._tabs: set[asyncio.Task[Any]] = set()

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            task = asyncio.current_task()
            assert task is not None
            self._tabs.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                self._tabs.discard(task)

        async def on_shutdown(self, app: web.Application) -> None:
            # Ending each tab's connection makes textual-serve tell its spit-tui to quit
            # and wait for it; otherwise aiohttp waits a minute, then cancels the
            # handlers mid-way and leaves the processes behind. (Ctrl-C in a terminal
            # also reaches the tabs' processes, which quit by themselves.)
            for task in self._tabs:
                task.cancel()
            if self._tabs:
                await asyncio.wait(self._tabs, timeout=QUIT_S)

        def initialize_logging(self) -> None:
            logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")

        async def on_startup(self, app: web.Application) -> None:
            """Nothing: the line is printed once listening (``serve``)."""

        def serve(self, debug: bool = False) -> None:
            # textual-serve's, but the line is printed by aiohttp once the socket is
            # bound: ``on_startup`` comes before, so a taken port would be announced,
            # then refused. ``_make_app`` is private: pyproject.toml pins textual-serve
            # below its next major version.
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):  # not on Windows' loop
                    loop.add_signal_handler(signum, self.request_exit)
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=lambda _banner: emit(
                    f"spit-tui web: open {self.public_url} in a browser "
                    f"(listening on {safe_text(self.host)}:{self.port}; Ctrl-C stops)"
                ),
            )

    return WebServer(
        tab_command(),
        host=args.host,
        port=args.port,
        title="spit-tui",
        public_url=args.public_url,
        templates_path=PAGE,
    )
