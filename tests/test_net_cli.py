"""``deadground host`` and ``join`` given odd arguments: refused at once with a sentence, never a traceback or a
wait for a host that cannot be there."""

from __future__ import annotations

import io
import time

import pytest

from game.cli import main
from game.net.headless import join


@pytest.mark.parametrize("address", ["::::", "localhost:99999", "ws://"])
def test_an_address_that_is_none_is_refused_at_once(address: str) -> None:
    out = io.StringIO()
    started = time.monotonic()
    assert join(address, None, True, False, out=out) == 1
    assert time.monotonic() - started < 10 and "not an address to join" in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["host", "maps/small_town.tmx", "--port", "70000"], "not a port"),
        (["host", "maps/small_town.tmx", "--bot-after", "nan"], "number of seconds"),
        (["host", "maps/small_town.tmx", "--seats", "net,foo"], "not a kind of seat"),
        (["host", "maps/small_town.tmx", "--seats", "net,net,net,net,net"], "this game has"),
        (["host"], "give a map"),
        (["join", "localhost", "--seat", "1"], "join with --bot or --watch"),
    ],
)
def test_odd_host_and_join_arguments_are_refused_by_name(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's refusal
        code = int(exc.code or 0)
    assert code == 2 and words in capsys.readouterr().err


def test_host_and_join_without_the_net_extra_say_how_to_install_it(monkeypatch, capsys) -> None:
    """An install without the optional ``net`` extra: host and join say what to install, not a traceback."""
    import importlib.util

    from game.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "websockets" else real(name, *a)
    )
    assert main(["host", "x.tmx"]) == 2 and main(["join", "127.0.0.1", "--watch"]) == 2
    err = capsys.readouterr().err
    assert err.count("pip install 'deadground[net]'") == 2 and "Traceback" not in err
