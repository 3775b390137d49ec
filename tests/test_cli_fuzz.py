"""The command line's typed-in values, fuzzed with what broke them in issue 37 (items 9 and 14): scheduler
addresses built from hosts, ports and schemes of every odd kind (no port, ports in other digit classes or
of thousands of digits, IPv6 without brackets, user@host, NUL, labels over 63 characters, unknown schemes),
and ``simulate --options`` JSON nested thousands deep, with numbers of thousands of digits, NaN and
infinities, in every option of every rule set. Each is refused with a sentence naming what is wrong, at
once and before anything connects, or is taken; never a traceback, a wait or another exception.
A CI-sized slice by default; 10,000 cases each with ``--fuzz-long`` or ``DEADGROUND_LONG=1``.
"""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fuzz_size import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.simulate
from game.cli import build_parser
from game.distributed import scheduler_address
from game.options_json import OptionsJSONError, read_options

MAPS = Path(__file__).resolve().parent.parent / "maps"
MAP = {"zombiekrieg": "normandy_village.tmx", "outbreak": "hollow_creek_farm.tmx", "zombie40k": "hive_street.tmx"}
FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
ODD_DIGITS = ["\u00b2", "\u0668\u0667", "\uff18\uff17", "\u2467", "\U0001d7d8"]  # ², Arabic-Indic, fullwidth, ⑧, 𝟘

SCHEMES = st.sampled_from(
    ["", "tcp://", "tls://", "ws://", "wss://", "http://", "inproc://", "TCP://", "tcp:/", "://"]
)
HOSTS = st.one_of(
    st.sampled_from(
        [
            "127.0.0.1",
            "localhost",
            "sched-1.club.lan",
            "[::1]",
            "[fe80::1%eth0]",
            "::1",
            "[zz]",
            "[::1",
            "",
            "a..b",
        ]
        + ["user@h", "h h", "\x00", "a" * 64, "bücher.de", "1.2.3.4.5", "h/x", "[]", "-", "\u202eh", "h" * 10_000]
    ),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
)
PORTS = st.one_of(
    st.sampled_from(
        ["8786", "", "0", "1", "65535", "65536", "99999", "-5", "+5", "1e3", " 1", "0x10", "00008786"]
    ),
    st.sampled_from(ODD_DIGITS),
    st.just("9" * 5000),
    st.integers(-(10**30), 10**30).map(str),
    st.text(st.characters(whitelist_categories=("Nd", "No", "Nl")), min_size=1, max_size=6),
)
ADDRESSES = st.one_of(
    st.builds(
        lambda scheme, host, colon, port, tail: f"{scheme}{host}{colon}{port}{tail}",
        SCHEMES,
        HOSTS,
        st.sampled_from([":", "", "::", ":/"]),
        PORTS,
        st.sampled_from(["", "", "/", "?x", " ", "/path"]),
    ),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
)


def _parse_simulate(address: str) -> tuple[int | None, str]:
    """``deadground simulate MAP --scheduler ADDRESS`` parsed as the command line is: argparse's exit code
    (None when taken) and what it said."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        build_parser().parse_args(["simulate", "map.tmx", "--scheduler", address])
        return None, err.getvalue()
    return 2, err.getvalue()


@FUZZ
@given(address=ADDRESSES)
def test_a_fuzzed_scheduler_address_is_refused_at_once_or_is_one_dask_reads(address: str) -> None:
    from distributed.comm import parse_address, parse_host_port

    start = time.monotonic()
    try:
        taken = scheduler_address(address)
    except ValueError as exc:
        said = str(exc)
        assert said.startswith(repr(address[:60])[:-1]) and len(said) < 400, said  # the address, quoted
        code, err = _parse_simulate(address)
        assert code == 2 and "argument --scheduler: " in err and "Traceback" not in err, err
    else:
        scheme, location = parse_address(taken)  # what Dask's connect reads first: it must not raise
        host, port = parse_host_port(location)
        assert scheme in ("tcp", "tls", "ws", "wss") and host and 1 <= port <= 65535, taken
        assert taken.isprintable() and " " not in taken
        assert _parse_simulate(address)[0] is None
    assert time.monotonic() - start < 2, "decided before any connection"


@pytest.mark.parametrize("digit", ODD_DIGITS)
def test_a_port_in_other_digits_is_refused_by_name(digit: str) -> None:
    with pytest.raises(ValueError, match="is not a number from 1 to 65535"):
        scheduler_address(f"127.0.0.1:{digit * 4}")


# -- simulate --options --------------------------------------------------------------------------------------

NUMBERS = st.sampled_from(
    ["9" * 5000, "-" + "1" * 400 + ".5e3", "1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1" * 31, "1" * 30]
    + ["1e308", "0.0000000000000000000000000000001", "10000000000", "-0", "1E9", "2.5", "4", "0", "-1"]
)
KEYS = st.sampled_from(["players", "teams", "sections", "characters", "mods", "readings", "seed", "\x00", ""])


def _nested(depth: int, inner: str, brackets: str) -> str:
    opening = "".join(brackets[i % 2] for i in range(depth))
    closing = "".join({"[": "]", "{": "}"}[c] for c in reversed(opening))
    return opening.replace("{", '{"k": ') + inner + closing


VALUES = st.one_of(
    NUMBERS,
    st.builds(_nested, st.integers(1, 6000), NUMBERS, st.sampled_from(["[[", "{{", "[{", "{["])),
    st.builds(json.dumps, st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5), st.lists)),
    st.sampled_from(['"' + "[" * 99 + '"', '"\\ud800"', '"\x00"', "[1,]", "tru", '"x' * 3]),
)
OPTIONS = st.one_of(
    st.builds(lambda k, v: "{" + json.dumps(k) + ": " + v + "}", KEYS, VALUES),
    st.builds(lambda v: v, VALUES),
    st.text(max_size=30),
)


@FUZZ
@given(text=OPTIONS)
def test_fuzzed_options_json_is_read_or_refused_with_a_sentence(text: str) -> None:
    start = time.monotonic()
    try:
        options = read_options(text)
    except OptionsJSONError as exc:
        said = str(exc)
        assert said.startswith("--options") and len(said) < 400, said
    else:
        assert isinstance(options, dict)
    assert time.monotonic() - start < 2


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate reads and checks its options and starts a game with them; the games are not played."""
    monkeypatch.setattr(game.simulate, "run", lambda *a, **k: [])


@FUZZ
@given(ruleset=st.sampled_from(sorted(MAP)), key=KEYS, value=VALUES)
def test_fuzzed_options_of_every_rule_set_start_or_are_refused(
    no_games: Any, ruleset: str, key: str, value: str
) -> None:
    """Through ``deadground simulate``: the options are refused with a sentence (exit 2) or the game starts
    with them (exit 0); never a traceback. A value JSON cannot hold is the reader's refusal; one it can is
    the rule set's."""
    err = io.StringIO()
    start = time.monotonic()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        text = "{" + json.dumps(key) + ": " + value + "}"
        code = game.simulate.main(str(MAPS / MAP[ruleset]), games=1, options=text, progress=False)
    said = err.getvalue()
    assert code in (0, 2), said
    assert "Traceback" not in said and (code == 0 or said.startswith("deadground simulate: ")), said
    assert time.monotonic() - start < 20, "refused or started, never a build of millions of anything"
