"""``spit-tui serve`` as a user runs it: bad options, unusable TLS files, a data folder
that cannot be made and a port that is taken end with one line and a non-zero status,
never a traceback; with a certificate it serves ``wss://``."""

from __future__ import annotations

import asyncio
import signal
import socket
from pathlib import Path

import pytest

from spit.cli import main
from spit.net.client import NetClient
from spit.net.codes import normal_code
from spit.net.tls import client_context

from .certificates import self_signed
from .serve_processes import serve_process


@pytest.mark.parametrize(
    ("argv", "message", "status"),
    [
        (["--port", "65536"], "argument --port: must be at most 65535", 2),
        (["--port", "x"], "argument --port: 'x' is not a whole number", 2),
        (["--max-rooms", "0"], "argument --max-rooms: must be at least 1", 2),
        (["--idle-minutes", "nan"], "argument --idle-minutes: 'nan' is not a number", 2),
        (["--redis", "http://x"], "argument --redis: 'http://x' is not a Redis URL", 2),
        (["--advertise", "tcp://x"], "argument --advertise: 'tcp://x' is not a ws://", 2),
        (["--redis", "redis://127.0.0.1:1/0"], "Redis at redis://127.0.0.1:1/0 does not answer", 1),
        (
            ["--redis", "redis://127.0.0.1:1/0", "--host", "0.0.0.0"],
            "give --advertise ws://HOST:PORT",
            2,
        ),
        (["--trust-proxy", "proxy.example"], "'proxy.example' is not an IP address", 2),
        (["--tls-cert", "c.pem"], "--tls-cert and --tls-key come together", 2),
        (["--tls-cert", "none.pem", "--tls-key", "none.key"], "cannot read none.pem", 2),
        (["--data", "file/below"], "cannot make the data folder file/below/replays", 2),
        (["--host", "192.0.2.1"], "cannot listen on 192.0.2.1:", 1),
        (["--host", "127.0.0.1\x1b[2J"], "cannot listen on 127.0.0.1\\e[2J", 1),
    ],
)
def test_bad_input_ends_with_one_line_and_no_traceback(
    argv: list[str],
    message: str,
    status: int,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPIT_TUI_HOME", str(tmp_path / "home"))
    (tmp_path / "file").write_text("")
    try:
        code = main(["serve", "--port", "0", *argv])
    except SystemExit as exit:  # argparse's own refusals
        code = exit.code
    assert code == status
    err = capsys.readouterr().err
    assert message in err, err
    assert "Traceback" not in err and "\x1b" not in err
    assert len(err.strip().splitlines()) == 1, err


def test_a_port_in_use_is_refused_clearly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """... and the command leaves Ctrl-C and SIGTERM as it found them (an event loop
    that kept its own handler would make a later Ctrl-C in this process do nothing:
    uvloop's does, which this caught when it was tried)."""
    interrupt, terminate = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in err
    assert signal.getsignal(signal.SIGINT) is interrupt
    assert signal.getsignal(signal.SIGTERM) == terminate


@pytest.mark.slow
def test_serve_with_a_certificate_speaks_wss(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)

    async def run() -> None:
        tls = ["--tls-cert", str(cert), "--tls-key", str(key)]
        async with serve_process(tmp_path / "data", extra=tls, scheme="wss") as port:
            client = NetClient()
            welcome = await client.connect(
                f"wss://127.0.0.1:{port}", "Ann", create={}, ssl=client_context(cert)
            )
            assert normal_code(welcome.room) == welcome.room  # a code made by the server
            await client.close()

    asyncio.run(asyncio.wait_for(run(), 90))
