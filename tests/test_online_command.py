"""``spit-tui online``, ``account`` and ``leaderboard``: which server they talk to
(``--server``, else the settings' ``online_server``), and the message when there is none."""

from __future__ import annotations

import argparse

import pytest

from spit.cli import main
from spit.commands._online import DEFAULT_SERVER, server_of
from spit.settings.file import read_settings
from spit.settings.model import settings_path


def args(address: object = None) -> argparse.Namespace:
    return argparse.Namespace(address=address, tls_ca=None)


def test_without_a_server_online_says_how_to_give_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["online"]) == 2
    err = capsys.readouterr().err
    assert "no server to play on: give one with --server HOST:PORT" in err
    assert 'online_server = "HOST:PORT"' in err and str(settings_path().name) in err
    assert err.count("\n") == 1


def test_the_settings_server_is_used_without_server_option() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('online_server = "club.example.org:7788"\n')
    address, tls = server_of(args(), fallback=None)
    assert (str(address), tls) == ("club.example.org:7788", None)


def test_account_and_leaderboard_fall_back_to_this_machine() -> None:
    address, _ = server_of(args())
    assert str(address) == DEFAULT_SERVER


def test_a_server_in_the_settings_that_is_no_address_is_a_warning() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('online_server = "not an address"\n')
    settings, warnings = read_settings(path)
    assert settings.online_server == ""
    assert "line 1: online_server is" in warnings[0]


def test_a_bad_server_option_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["online", "--server", "no such:address"])
    assert exit_.value.code == 2
    assert "--server" in capsys.readouterr().err
