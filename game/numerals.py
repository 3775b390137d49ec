"""Numbers as the files a player or designer hands the game write them: ASCII digits, nothing else.

Python's ``int`` and ``float`` read every Unicode decimal digit (``int("٣")`` is 3), and ``str.isdigit`` is
true of superscripts that ``int`` then refuses (``"²".isdigit()``, ``int("²")`` a ValueError): a check with
one and a read with the other let a catalogue's "²" through to a crash that named no file. Catalogues, map
attributes and properties, and roster numbers are read with these instead; None means "not a number",
and the caller says where.

>>> whole("12"), whole(" -3 "), whole("²"), whole("٣"), whole("1_000"), whole("+7", signed=False)
(12, -3, None, None, None, None)
>>> decimal("2.5"), decimal("-.5"), decimal("1e3"), decimal("٣"), decimal("nan"), decimal("1e400")
(2.5, -0.5, 1000.0, None, None, None)
>>> digits_in("z12"), digits_in("z²"), digits_in("pc")
(12, 0, 0)
"""

from __future__ import annotations

import math
import re

_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_DIGITS = re.compile(r"[0-9]{1,30}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,5})?")
_SPACE = " \t\r\n"  # XML's white space; other spaces are not part of a number


def whole(text: str | None, signed: bool = True) -> int | None:
    """The whole number ``text`` writes in ASCII digits (a sign allowed when ``signed``), or None."""
    if text is None:
        return None
    text = text.strip(_SPACE)
    return int(text) if (_WHOLE if signed else _DIGITS).fullmatch(text) else None


def decimal(text: str | None) -> float | None:
    """The finite number ``text`` writes in ASCII (``12``, ``-0.5``, ``1e3``), or None."""
    if text is None:
        return None
    text = text.strip(_SPACE)
    if not _DECIMAL.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def digits_in(name: str) -> int:
    """The number a figure's id writes in its ASCII digits ("z12": 12), 0 when it has none (``str.isdigit``
    takes "²", which ``int`` refuses)."""
    digits = "".join(ch for ch in name if "0" <= ch <= "9")[:30]
    return int(digits) if digits else 0
