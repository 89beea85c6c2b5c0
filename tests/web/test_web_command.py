"""``spit-tui web``'s options and the address it cannot listen on: one line on stderr
and a non-zero status, never a traceback and never the address announced first. No
browser is needed for these."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from spit.commands.web import public_url, tab_command


def _web(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spit.cli", "web", *words],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--port", "0"], "argument --port: must be at least 1, not 0"),
        (["--port", "65536"], "argument --port: must be at most 65535, not 65536"),
        (["--port", "eighty"], "argument --port: 'eighty' is not a whole number"),
        (["--public-url", "ftp://cards"], "'ftp://cards' is not an http:// or https:// address"),
        (["--public-url", "https://"], "'https://' is not an http:// or https:// address"),
        (["--public-url", "http://x:99999"], "has a port that is not a number from 0 to 65535"),
        (["--public-url", "http://x/?a=1"], "has a query or fragment"),
        (["--public-url", "\x1b]2;x\x07"], "'\\x1b]2;x\\x07' is not an http"),
    ],
)
def test_bad_options_are_one_line(words: list[str], message: str) -> None:
    result = _web(*words)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert "\x1b" not in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("host", ["127.0.0.1", "192.0.2.1", "no-such-host.invalid"])
def test_an_address_it_cannot_listen_on_is_one_line(host: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _web("--host", host, "--port", str(port))
    assert result.returncode == 1
    assert result.stdout == ""  # the address is announced once it is listened on only
    assert result.stderr.startswith(f"spit-tui web: cannot listen on {host}:{port}: ")
    assert result.stderr.count("\n") == 1, result.stderr


def test_a_public_url_keeps_its_path_without_the_last_slash() -> None:
    assert public_url("https://cards.example.org/spit/") == "https://cards.example.org/spit"
    assert public_url("http://10.0.0.5:8000") == "http://10.0.0.5:8000"


def test_each_tab_runs_this_interpreter_in_place_of_the_shell() -> None:
    assert tab_command().startswith("exec ")
    assert sys.executable in tab_command() and tab_command().endswith("-m spit.cli")
