"""The menu's hotkeys by entry id, so that tests say which screen they open."""

from spit.tui.shell.menu import ENTRIES

MENU = {entry_id: key for entry_id, key, _label in ENTRIES}
