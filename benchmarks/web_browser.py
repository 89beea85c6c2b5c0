"""``spit-tui web`` measured in a real browser (headless Chromium, as in ``tests/web/``,
whose helpers this uses): the page opened to the menu drawn, a key press to the frame
that shows it, and the memory each open tab costs on the server's machine.

- **Page open to menu**: ``performance.now()`` in the page (from the start of the
  navigation) when xterm.js first renders a screen holding the menu; each run opens a
  new tab, so it includes starting that tab's ``spit-tui`` process.
- **Key to frame**: in a two-player game, Backspace pauses and plays on; the time from
  the key's ``keydown`` in the page to the first xterm.js render showing the change
  (``Paused`` drawn or gone), both on the page's clock: browser to textual-serve to the
  tab's process and back, and the drawing.
- **Memory per tab**: with ``--tabs`` tabs open on the menu, each tab's ``spit-tui``
  process (RSS, and USS: what it alone holds), and the web server's RSS.

Usage (from the repository root; Chromium and chromium-driver installed):

    nice -n 10 python benchmarks/web_browser.py --runs 5 --presses 20 --tabs 4
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from selenium.webdriver.common.keys import Keys

from tests.web.browser import (
    Browser,
    Page,
    WebServer,
    browser,
    find_browser,
    web_server,
)

MENU_JS = """
const done = arguments[arguments.length - 1];
const start = Date.now();
function text(term) {
  const buffer = term.buffer.active;
  let all = "";
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    all += line ? line.translateToString(true) + "\\n" : "\\n";
  }
  return all;
}
function poll() {
  const term = window.__spitTerminals[0];
  if (term && text(term).includes("Two players")) { done(performance.now()); return; }
  if (Date.now() - start > 20000) { done(null); return; }
  setTimeout(poll, 5);
}
poll();
"""
"""The page's clock when the menu is first on the screen (polled every 5 ms, which
bounds the error; the render event is not there before the terminal is)."""

ARM_JS = """
const term = window.__spitTerminals[0];
window.__spitKeyAt = null;
window.__spitFrameAt = null;
const want = arguments[0];
window.addEventListener("keydown", () => { window.__spitKeyAt = performance.now(); },
                        {capture: true, once: true});
const listener = term.onRender(() => {
  const buffer = term.buffer.active;
  let all = "";
  for (let y = 0; y < term.rows; y++) {
    all += buffer.getLine(buffer.viewportY + y).translateToString(true);
  }
  if (window.__spitKeyAt !== null && all.includes("Paused") === want) {
    window.__spitFrameAt = performance.now();
    listener.dispose();
  }
});
"""
"""Before a key: note its keydown, and the first render after it whose screen shows
(``want`` true) or no longer shows ``Paused``."""


def page_to_menu(chrome: Browser, url: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        page = chrome.open(url, new_tab=True)
        page.focus()
        at = chrome.driver.execute_async_script(MENU_JS)
        if at is None:
            raise SystemExit("the menu did not come within 20 s")
        times.append(float(at))
        page.wait_for("Two players")
    return times


def key_to_frame(page: Page, presses: int) -> list[float]:
    page.press("1")
    page.wait_for("Round 1", timeout=20)
    times = []
    paused = False
    for _ in range(presses):
        want = not paused
        page.script(ARM_JS, want)
        page.press(Keys.BACKSPACE)
        deadline = time.monotonic() + 10
        while (frame := page.script("return window.__spitFrameAt")) is None:
            if time.monotonic() > deadline:
                raise SystemExit("no frame came within 10 s of the key")
            time.sleep(0.01)
        times.append(float(frame) - float(page.script("return window.__spitKeyAt")))
        paused = want
        time.sleep(0.2)
    return times


def tab_memory(chrome: Browser, url: str, server: WebServer, tabs: int) -> None:
    import psutil

    for _ in range(tabs - len(server.tabs())):
        chrome.open(url, new_tab=True).wait_for("Two players", timeout=20)
    processes = server.tabs()
    rss = [p.memory_full_info().rss / 2**20 for p in processes]
    uss = [p.memory_full_info().uss / 2**20 for p in processes]
    own = psutil.Process(server.process.pid).memory_info().rss / 2**20
    print(f"tabs open: {len(processes)}")
    print(
        f"per tab's spit-tui: RSS median {statistics.median(rss):.1f} MiB, "
        f"USS median {statistics.median(uss):.1f} MiB (min {min(uss):.1f}, max {max(uss):.1f})"
    )
    print(f"web server process: RSS {own:.1f} MiB")


def summary(name: str, values: list[float]) -> None:
    ordered = sorted(values)
    print(
        f"{name}: median {statistics.median(ordered):.0f} ms, "
        f"min {ordered[0]:.0f}, max {ordered[-1]:.0f} ({len(ordered)} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page openings (default 5)")
    parser.add_argument("--presses", type=int, default=20, help="keys measured (default 20)")
    parser.add_argument("--tabs", type=int, default=4, help="tabs open for memory (default 4)")
    args = parser.parse_args()
    if find_browser() is None:
        print("needs chromium and chromium-driver on PATH", file=sys.stderr)
        return 2
    with (
        tempfile.TemporaryDirectory() as tmp,
        web_server(Path(tmp) / "home") as server,
        browser() as chrome,
    ):
        summary("page open to menu drawn", page_to_menu(chrome, server.url, args.runs))
        page = chrome.open(server.url, new_tab=True)
        page.wait_for("Two players", timeout=20)
        summary("key press to frame", key_to_frame(page, args.presses))
        tab_memory(chrome, server.url, server, args.tabs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
