"""JSON typed by the user on the command line (``simulate --options``), read within bounds: the standard
reader recurses once per nesting level (a RecursionError at a few thousand) and refuses an integer of
more than 4,300 digits with a ValueError; here either is a sentence saying what is wrong and where.

>>> read_options('{"sections": ["british"]}')
{'sections': ['british']}
>>> read_options('[' * 100 + ']' * 100)
Traceback (most recent call last):
...
game.options_json.OptionsJSONError: --options is nested more than 32 deep (at character 33); options are flat
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_CHARS = 65_536  # far more than any rule set's options take
MAX_DEPTH = 32  # objects and lists inside one another
MAX_DIGITS = 30  # digits of one number (a seed, a count, a points value)


class OptionsJSONError(ValueError):
    """The text is not JSON options the game can read; the message says why and where."""


def read_options(text: str, where: str = "--options") -> dict[str, Any]:
    """The JSON object in ``text``, or OptionsJSONError naming ``where`` and the place in the text."""
    if len(text) > MAX_CHARS:
        raise OptionsJSONError(f"{where} is {len(text):,} characters long; at most {MAX_CHARS:,}")
    _check_depth(text, where)
    try:
        value = json.loads(text, parse_int=_integer(where), parse_float=_real(where), parse_constant=_no(where))
    except json.JSONDecodeError as exc:
        raise OptionsJSONError(f"{where} is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise OptionsJSONError(f'{where} must be a JSON object, e.g. \'{{"sections": ["british"]}}\'')
    return value


def nested_past(text: str, limit: int) -> int | None:
    """Where JSON ``text`` first nests deeper than ``limit`` (a character index), counted outside strings
    before any reader recurses into it; None when it never does.

    >>> nested_past('{"a": [1, {"b": "[[["}]}', 3), nested_past("[[[0]]]", 2)
    (None, 2)
    """
    depth = 0
    in_string = escaped = False
    for at, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return at
        elif ch in "]}":
            depth -= 1
    return None


def _check_depth(text: str, where: str) -> None:
    at = nested_past(text, MAX_DEPTH)
    if at is not None:
        raise OptionsJSONError(
            f"{where} is nested more than {MAX_DEPTH} deep (at character {at + 1}); options are flat"
        )


def _too_long(where: str, digits: str) -> OptionsJSONError:
    shown = digits if len(digits) <= 12 else f"{digits[:8]}... ({len(digits):,} characters)"
    return OptionsJSONError(f"{where}: the number {shown} is too long; at most {MAX_DIGITS} digits")


def _integer(where: str) -> Any:
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise _too_long(where, digits)
        return int(digits)

    return parse


def _real(where: str) -> Any:
    def parse(digits: str) -> float:
        if len(digits) > MAX_DIGITS + 8:  # room for a sign, a point and an exponent
            raise _too_long(where, digits)
        value = float(digits)
        if not math.isfinite(value):
            raise OptionsJSONError(f"{where}: the number {digits} is too large")
        return value

    return parse


def _no(where: str) -> Any:
    def parse(word: str) -> float:
        raise OptionsJSONError(f"{where}: {word} is not a number JSON allows")

    return parse
