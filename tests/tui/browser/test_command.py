"""``spit-tui replays [FOLDER]``: the app on the list of saved games; escape leaves."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.cli import main
from spit.commands.replays import browser_app
from spit.tui.shell.replays import ReplayBrowser
from tests.tui.start_screens import catch_start_screens

from .driver import names, settle
from .library import NAMES


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[ReplayBrowser]:
    """The browsers the command starts the app on (the app is not run)."""
    return catch_start_screens(monkeypatch, ReplayBrowser)


@pytest.mark.slow
async def test_it_opens_on_the_list_and_escape_leaves_the_app(library: list[Path]) -> None:
    app = browser_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayBrowser)
        assert names(app) == list(NAMES)
        await pilot.press("enter")  # the viewer over the list...
        await pilot.press("escape")  # ...back to the list...
        assert isinstance(app.screen, ReplayBrowser)
        await pilot.press("escape")  # ...and out
    assert app.return_code == 0


def test_a_folder_on_the_command_line_is_listed(
    tmp_path: Path, started: list[ReplayBrowser]
) -> None:
    assert main(["replays", str(tmp_path)]) == 0
    assert started[0].folder == tmp_path


def test_without_a_folder_the_settings_folder_is_listed(started: list[ReplayBrowser]) -> None:
    assert main(["replays"]) == 0
    assert started[0].folder is None


@pytest.mark.parametrize("problem", ["does not exist", "is not a folder"])
def test_a_folder_that_will_not_do_exits_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    started: list[ReplayBrowser],
    problem: str,
) -> None:
    folder = tmp_path / "games"
    if problem == "is not a folder":
        folder.write_text("")
    assert main(["replays", str(folder)]) == 2
    assert capsys.readouterr().err == f"spit-tui replays: {folder} {problem}\n"
    assert not started


def test_a_folder_that_cannot_be_looked_at_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], started: list[ReplayBrowser]
) -> None:
    folder = tmp_path / ("x" * 300)  # stat() fails: "File name too long"
    assert main(["replays", str(folder)]) == 2
    assert capsys.readouterr().err == f"spit-tui replays: {folder}: File name too long\n"
    assert not started


def test_a_folder_in_the_home_of_no_user_exits_2(
    capsys: pytest.CaptureFixture[str], started: list[ReplayBrowser]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["replays", "~spit-tui-no-such-user/games"])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert "argument FOLDER: ~spit-tui-no-such-user/games: Could not determine" in err
    assert "Traceback" not in err and not started
