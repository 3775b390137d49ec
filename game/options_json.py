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
import re
from collections.abc import Iterator
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
        value = json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_no)
    except json.JSONDecodeError as exc:
        raise OptionsJSONError(f"{where} is not JSON: {exc}") from None
    except _BadNumber as bad:  # said with the option it is in
        raise OptionsJSONError(f"{_in_option(where, text, _number_at(text, bad.token))}: {bad}") from None
    if not isinstance(value, dict):
        raise OptionsJSONError(f'{where} must be a JSON object, e.g. \'{{"sections": ["british"]}}\'')
    return value


def nested_past(text: str, limit: int) -> int | None:
    """Where JSON ``text`` first nests deeper than ``limit`` (a character index), counted outside strings
    before any reader recurses into it; None when it never does.

    >>> nested_past('{"a": [1, {"b": "[[["}]}', 3), nested_past("[[[0]]]", 2)
    (None, 2)
    """
    for first, _, depth in _pieces(text):
        if depth > limit and text[first] in "[{":
            return first
    return None


def option_at(text: str, at: int) -> str | None:
    """The option (a key of the top JSON object ``text``) whose value holds character ``at``; None when
    ``at`` is in no option's value.

    >>> option_at('{"a": 1, "b": [[2]]}', 15), option_at("[[[0]]]", 3)
    ('b', None)
    """
    last, key = "", None
    for first, end, depth in _pieces(text):
        if end >= at:
            break
        ch = text[first]
        if depth == 1 and ch == '"':
            last = text[first : end + 1]
        elif depth == 1 and ch in ":,":
            key = last if ch == ":" else None
    try:
        return str(json.loads(key)) if key else None
    except ValueError:
        return key


def _pieces(text: str) -> Iterator[tuple[int, int, int]]:
    """The one scan of JSON ``text`` both readers above make: each character outside its strings and each
    whole string (opening quote to closing quote), in order, as (first, last, nesting depth after it); an
    unclosed string ends the scan.

    >>> list(_pieces('[["a"]]'))
    [(0, 0, 1), (1, 1, 2), (2, 4, 2), (5, 5, 1), (6, 6, 0)]
    """
    depth = 0
    in_string = escaped = False
    start = 0
    for at, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
                yield start, at, depth
        elif ch == '"':
            in_string, start = True, at
        else:
            depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
            yield at, at, depth


def _in_option(where: str, text: str, at: int | None) -> str:
    """``where``, and the option holding character ``at`` when there is one: "--options, option 'a'"."""
    key = option_at(text, at) if at is not None else None
    return where if key is None else f"{where}, option {_shown(key)}"


def _number_at(text: str, token: str) -> int | None:
    """Where the number ``token`` first stands in JSON ``text`` outside its strings."""
    blanked = re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: " " * len(m.group()), text)
    found = re.search(rf"(?<![\w.+-]){re.escape(token)}(?![\w.+-])", blanked)
    return found.start() if found else None


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)")


def _check_depth(text: str, where: str) -> None:
    at = nested_past(text, MAX_DEPTH)
    if at is None:
        return
    key = option_at(text, at)
    said = f"{where}, option {_shown(key)}:" if key is not None else f"{where} is"
    raise OptionsJSONError(f"{said} nested more than {MAX_DEPTH} deep (at character {at + 1}); options are flat")


class _BadNumber(ValueError):
    """A number the options cannot hold; ``token`` is how it is written."""

    def __init__(self, token: str, said: str) -> None:
        super().__init__(said)
        self.token = token


def _too_long(digits: str) -> _BadNumber:
    shown = digits if len(digits) <= 12 else f"{digits[:8]}... ({len(digits):,} characters)"
    return _BadNumber(digits, f"the number {shown} is too long; at most {MAX_DIGITS} digits")


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _too_long(digits)
    return int(digits)


def _real(digits: str) -> float:
    if len(digits) > MAX_DIGITS + 8:  # room for a sign, a point and an exponent
        raise _too_long(digits)
    value = float(digits)
    if not math.isfinite(value):
        raise _BadNumber(digits, f"the number {digits} is too large")
    return value


def _no(word: str) -> float:
    raise _BadNumber(word, f"{word} is not a number JSON allows")
