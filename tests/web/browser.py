"""``spit-tui web`` in a real browser: the server as a child process, and Debian's
Chromium driven headless by Selenium through chromium-driver (no browser is
downloaded at run time). The tests in this folder and ``benchmarks/web_browser.py``
use these helpers.

The page's terminal is xterm.js drawing on a canvas, so its text is not in the DOM;
it is read from xterm.js's own buffer (``terminal.buffer.active``, its public API).
textual.js keeps its terminal in a closure, so a script run before any of the page's
(``INIT_SCRIPT``) catches each xterm.js terminal as it is built: xterm.js's
``Terminal`` constructor assigns ``this._core``, and a setter of that name on
``Object.prototype`` sees the new terminal, records it and then steps aside. If a
later textual.js builds its terminal otherwise, ``Page.terminal_text`` says that no
terminal was found rather than timing out on an empty screen.

Every wait is bounded; a failed wait says what the screen showed.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = ("chromium", "chromium-browser")
DRIVER = ("chromedriver", "chromium-driver")
"""Debian's names for the browser and its WebDriver (``apt-get install chromium
chromium-driver``)."""

START_S = 20.0
"""The bound on the server's start and on a page's first frame."""

INIT_SCRIPT = r"""
window.__spitTerminals = [];
window.__spitSent = [];
window.__spitKeys = [];
window.addEventListener("keydown", (event) => window.__spitKeys.push(event), true);
Object.defineProperty(Object.prototype, "_core", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_core", {
      value, writable: true, configurable: true, enumerable: false,
    });
    if (typeof this.loadAddon === "function") {
      window.__spitTerminals.push(this);
    }
  },
});
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === "string" && data.startsWith('["stdin"')) {
    window.__spitSent.push(JSON.parse(data)[1]);
  }
  return send.call(this, data);
};
"""
"""Run before the page's scripts: catches the terminals (above), records what the page
sends the tab's process as its input (``["stdin", text]`` messages) and, for each key
pressed, its event (``defaultPrevented`` is read once the terminal has seen it)."""

SCREEN_JS = """
const term = window.__spitTerminals[0];
if (!term) { return null; }
const buffer = term.buffer.active;
const rows = [];
for (let y = 0; y < term.rows; y++) {
  const line = buffer.getLine(buffer.viewportY + y);
  rows.push(line ? line.translateToString(true) : "");
}
return rows.join("\\n");
"""


def find_browser() -> tuple[str, str] | None:
    """Chromium and its driver, or None when either is missing."""
    browser = next((path for name in CHROMIUM if (path := shutil.which(name))), None)
    driver = next((path for name in DRIVER if (path := shutil.which(name))), None)
    if browser is None or driver is None:
        return None
    return browser, driver


def needs_browser() -> list[Any]:
    """The marks of a test that runs Chromium: an end-to-end test, skipped where no
    browser is installed, with the reason in pytest's summary (``-rs`` is in the
    project's pytest options)."""
    import pytest

    skip = pytest.mark.skipif(
        find_browser() is None,
        reason="no Chromium and chromium-driver on PATH: the browser tests need Debian's "
        "`apt-get install chromium chromium-driver` (.ci/run installs them)",
    )
    return [pytest.mark.e2e, skip]


def free_port() -> int:
    """A port nothing listens on now (the server takes it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(
    what: str, check: Callable[[], Any], timeout: float, shown: Callable[[], str]
) -> Any:
    """``check()``'s first true value within ``timeout`` s, polled; else an
    AssertionError saying what was awaited and what ``shown()`` shows."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{what} did not come within {timeout:g} s; the page showed:\n{shown()}"
            )
        time.sleep(0.05)


class Page:
    """One browser tab on the game's page."""

    def __init__(self, driver: Any, handle: str) -> None:
        self.driver = driver
        self.handle = handle

    def focus(self) -> None:
        self.driver.switch_to.window(self.handle)

    def terminal_text(self) -> str:
        self.focus()
        text = self.driver.execute_script(SCREEN_JS)
        return "(no xterm.js terminal found on the page)" if text is None else str(text)

    def settled_text(self, timeout: float = 5.0) -> str:
        """The screen once two reads a little apart agree: xterm.js may be read in
        the middle of writing a frame that came in several pieces."""
        last = [self.terminal_text()]

        def check() -> str:
            time.sleep(0.05)
            screen = self.terminal_text()
            same, last[0] = screen == last[0], screen
            return screen if same else ""

        return str(wait_until("a settled frame", check, timeout, self.terminal_text))

    def wait_for(self, text: str, timeout: float = 10.0) -> str:
        """The screen once it shows ``text``."""
        return self.wait_for_screen(repr(text), lambda screen: text in screen, timeout)

    def wait_for_change(self, before: str, timeout: float = 10.0) -> str:
        """The screen once it differs from ``before``."""
        return self.wait_for_screen("a new frame", lambda screen: screen != before, timeout)

    def wait_for_screen(self, what: str, test: Callable[[str], bool], timeout: float) -> str:
        """The first screen that passes ``test``."""

        def check() -> str:
            screen = self.terminal_text()
            return screen if test(screen) else ""

        return str(wait_until(what, check, timeout, self.terminal_text))

    def press(self, *keys: str) -> None:
        """Type ``keys`` into the page (Selenium's ``Keys`` for the special ones), as
        key events to whatever has the focus, as a player's keyboard does."""
        from selenium.webdriver.common.action_chains import ActionChains

        self.focus()
        ActionChains(self.driver).send_keys(*keys).perform()

    def sent(self) -> list[str]:
        """What the page has sent the tab's process as input so far, in order."""
        self.focus()
        return [str(text) for text in self.driver.execute_script("return window.__spitSent")]

    def wait_for_sent(self, count: int, timeout: float = 10.0) -> list[str]:
        """What the page has sent as input, once it is ``count`` pieces at least."""

        def check() -> list[str]:
            sent = self.sent()
            return sent if len(sent) >= count else []

        return list(wait_until(f"{count} inputs sent", check, timeout, self.terminal_text))

    KEYS_JS = """
    const input = document.querySelector("#terminal .xterm-helper-textarea");
    return window.__spitKeys.map(
      (event) => [event.key, event.defaultPrevented, event.target === input]
    );
    """

    def keys_seen(self) -> list[tuple[str, bool, bool]]:
        """Each key pressed so far (its DOM name), whether the browser's own action
        for it was cancelled, and whether it went to the terminal's input (a key
        xterm.js takes as typed text, such as Space or ö, is left to type there,
        where xterm.js reads it)."""
        self.focus()
        return [(str(k), bool(p), bool(t)) for k, p, t in self.driver.execute_script(self.KEYS_JS)]

    def script(self, source: str, *args: Any) -> Any:
        self.focus()
        return self.driver.execute_script(source, *args)

    def close(self) -> None:
        """Close the tab as its close button does (another tab keeps the browser up)."""
        self.focus()
        self.driver.switch_to.new_window("tab")
        spare = self.driver.current_window_handle
        self.focus()
        self.driver.close()
        self.driver.switch_to.window(spare)

    def screenshot(self, path: Path) -> Path:
        self.focus()
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))
        return path


class Browser:
    """Headless Chromium with one or more tabs, each a ``Page``."""

    def __init__(self, browser: str, driver: str, size: tuple[int, int] = (1000, 700)) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = browser
        for argument in (
            "--headless=new",
            "--no-sandbox",  # as root in a container
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--no-first-run",
            f"--window-size={size[0]},{size[1]}",
        ):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(options=options, service=Service(driver))
        self.driver.set_page_load_timeout(START_S)
        self.driver.set_script_timeout(START_S)
        self._prepare()

    def _prepare(self) -> None:
        """The init script for every document this tab opens (CDP is per tab)."""
        self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": INIT_SCRIPT}
        )

    def open(self, url: str, new_tab: bool = False) -> Page:
        if new_tab:
            self.driver.switch_to.new_window("tab")
            self._prepare()
        self.driver.get(url)
        return Page(self.driver, self.driver.current_window_handle)

    def close(self) -> None:
        self.driver.quit()


class WebServer:
    """``spit-tui web`` as a child process in a process group of its own (stopped as a
    terminal's Ctrl-C would: SIGINT to the group), its output kept for failures."""

    def __init__(self, home: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = home.parent / "web-server.log"
        home.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "SPIT_TUI_HOME": str(home), "LANG": "C.UTF-8"}
        self._out = self.log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "spit.cli", "web", "--port", str(self.port)],
            stdout=self._out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        wait_until(
            "the server's address line",
            lambda: "spit-tui web: open" in self.output() or self.process.poll() is not None,
            START_S,
            self.output,
        )
        if self.process.poll() is not None:
            raise AssertionError(f"spit-tui web ended at start:\n{self.output()}")

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def tabs(self) -> list[Any]:
        """The tabs' processes (psutil), the server's children."""
        import psutil

        return list(psutil.Process(self.process.pid).children(recursive=True))

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self._out.close()


@contextmanager
def web_server(home: Path) -> Iterator[WebServer]:
    server = WebServer(home)
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def browser() -> Iterator[Browser]:
    found = find_browser()
    assert found is not None, "no Chromium (the callers skip first)"
    chrome = Browser(*found)
    try:
        yield chrome
    finally:
        chrome.close()
