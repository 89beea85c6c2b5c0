"""``spit-tui web`` in headless Chromium: the menu in a tab, a two-player game played
with the players' keys, the browser's own keys kept from the game, and the game's
replay kept when the tab is closed.

The deal of a game started from the menu is random, so the test reads the table as a
player does (``tests.web.table_text``) to find a card that plays and its key.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from selenium.webdriver.common.keys import Keys
from textual.keys import key_to_character

from spit.settings.keymap import PRESETS
from tests.web.browser import Browser, Page, WebServer, needs_browser, wait_until
from tests.web.table_text import plays

pytestmark = needs_browser()

CARDS = 3
"""Cards the test plays."""

SPECIAL = {
    "left": (Keys.ARROW_LEFT, "\x1b[D"),
    "right": (Keys.ARROW_RIGHT, "\x1b[C"),
    "up": (Keys.ARROW_UP, "\x1b[A"),
    "down": (Keys.ARROW_DOWN, "\x1b[B"),
    "enter": (Keys.ENTER, "\r"),
    "backspace": (Keys.BACKSPACE, "\x7f"),
    "escape": (Keys.ESCAPE, "\x1b"),
    "slash": ("/", "/"),
    "minus": ("-", "-"),
}
"""Textual's key names that are no single character, or that ``key_to_character``
does not give: what to press, and what a terminal sends for it."""


def _typed(key: str) -> tuple[str, str]:
    """What to press for a key map's key, and what the page must send for it."""
    if key in SPECIAL:
        return SPECIAL[key]
    character = key_to_character(key)
    assert character is not None, key
    return character, character


def every_key() -> list[str]:
    """Every key of every preset key map, each once, the ones that act on the whole
    game (pause, help, quit) last."""
    last = ("backspace", "question_mark", "escape")
    keys = {key for preset in PRESETS.values() for key in preset.values()} - set(last)
    return [*sorted(keys), *last]


def _play_cards(page: Page, count: int) -> list[int]:
    """Play or move ``count`` cards with the keys drawn beside them, each seen in its
    new place; when no card can go anywhere, wait for the stall's spit."""
    played: list[int] = []
    while len(played) < count:
        screen = page.settled_text()
        found = plays(screen)
        if not found:
            page.wait_for_change(screen, timeout=10)
            continue
        play = found[0]
        page.press(play.typed)
        page.wait_for_screen(f"the card {play.key!r} plays in its place", play.done, 10)
        played.append(play.card)
    return played


def _start_two_players(page: Page) -> str:
    page.wait_for("Two players", timeout=20)
    page.press("1")
    return page.wait_for_screen(
        "a card face up", lambda text: bool(plays(text)) or "can play" in text, timeout=15
    )


def test_a_two_player_game_in_the_browser(
    web: WebServer, chromium: Browser, spit_home: Path, shots: Path
) -> None:
    page = chromium.open(web.url)
    _start_two_players(page)
    played = _play_cards(page, CARDS)
    assert len(played) == CARDS
    page.screenshot(shots / "two-players.png")

    # The keys the browser would take (Backspace: back; "/": quick find) reach the
    # game and do nothing in the page: Backspace pauses, Backspace plays on.
    page.press(Keys.BACKSPACE)
    page.wait_for("Paused")
    assert page.script("return location.href") == web.url
    page.press("/", Keys.ESCAPE)
    page.wait_for("Leave this game?")
    page.press(Keys.ESCAPE)  # stay; what follows waits, as Esc and a key at once are Alt+key
    page.wait_for_screen("the question gone", lambda text: "Leave this game?" not in text, 10)
    assert page.sent()[-4:] == ["\x7f", "/", "\x1b", "\x1b"]

    # Closing the tab asks first while the game runs (Ctrl-W cannot be taken from the
    # browser: it asks before leaving the page, as a terminal in a browser does).
    asked = page.script(
        "const e = new Event('beforeunload', {cancelable: true});"
        "window.dispatchEvent(e); return e.defaultPrevented;"
    )
    assert asked is True

    # Every key of every preset key map (Azerty's, Qwertz's ö too) reaches the tab's
    # spit-tui, and none goes to the browser: each is cancelled or typed into the terminal.
    before = len(page.sent())
    pressed = [_typed(key) for key in every_key()]
    for typed, _ in pressed:
        page.press(typed)
    sent = page.wait_for_sent(before + len(pressed))[before:]
    assert sent == [text for _, text in pressed]
    seen = page.keys_seen()
    assert all(prevented or typed for _, prevented, typed in seen), seen
    assert page.script("return location.href") == web.url

    # With the focus taken from the terminal (a click beside it), a key brings it back
    # rather than reaching the browser.
    page.script("document.activeElement.blur()")
    page.press(Keys.BACKSPACE)
    assert page.script("return document.activeElement.className") == "xterm-helper-textarea"
    assert page.script("return location.href") == web.url

    # The tab closed: its spit-tui quits, and the game's replay checks out.
    (tab,) = web.tabs()
    page.close()
    wait_until("the tab's process to end", lambda: not tab.is_running(), 15, web.output)
    _check_replay(spit_home)


def _check_replay(home: Path) -> None:
    """The one game's replay in ``home`` checks out, unfinished."""
    (replay,) = (home / "data" / "replays").glob("*.spit.jsonl")
    check = subprocess.run(
        [sys.executable, "-m", "spit.cli", "replay", str(replay), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "unfinished" in check.stdout


def test_stopping_the_server_quits_the_tabs_games(
    web: WebServer, chromium: Browser, spit_home: Path
) -> None:
    """SIGTERM to the server alone (``systemctl stop``; Ctrl-C in a terminal reaches
    the tabs' processes too): each tab's spit-tui quits, its replay closed."""
    page = chromium.open(web.url)
    _start_two_players(page)
    _play_cards(page, 1)
    (tab,) = web.tabs()
    web.process.send_signal(signal.SIGTERM)
    assert web.process.wait(timeout=30) == 0, web.output()
    wait_until("the tab's process to end", lambda: not tab.is_running(), 15, web.output)
    page.wait_for_screen("the page told", lambda _: page.script(CLOSED_JS), 10)
    _check_replay(spit_home)


CLOSED_JS = "return document.body.classList.contains('-closed')"
