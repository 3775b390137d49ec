"""How many cases a fuzz test draws: a CI-sized number by default, 10,000 with ``--fuzz-long`` or
``DEADGROUND_LONG=1`` (conftest sets the variable when the option is given, before test files load)."""

from __future__ import annotations

import os

LONG_CASES = 10_000


def long_run() -> bool:
    return os.environ.get("DEADGROUND_LONG", "") not in ("", "0")


def examples(default: int) -> int:
    """``default`` cases, or LONG_CASES in a long run (``DEADGROUND_FUZZ_CASES=N`` sets another size)."""
    asked = os.environ.get("DEADGROUND_FUZZ_CASES", "")
    if asked.isdigit() and int(asked) > 0:
        return int(asked)
    return LONG_CASES if long_run() else default
