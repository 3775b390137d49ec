"""Small words every rule set's log and panels share: a bearing as a compass word, a count with its noun,
a line's first letter raised without lowering a proper name, and a figure's id in a text swapped for his name.

The table's y grows down the screen, so a bearing of 0 degrees points right (east) and 90 down (south).

>>> compass(0), compass(90), compass(135), compass(230)
('the east', 'the south', 'the south-west', 'the north-west')
>>> counted(1, "shot"), counted(3, "shot"), counted(2, "man", "men")
('1 shot', '3 shots', '2 men')
>>> first_up("aunt Clara follows"), "Aunt clara".capitalize()
('Aunt Clara follows', 'Aunt clara')
>>> swap_ids("z3 shuffles, z30 waits", {"z3": "Zombie 3", "z30": "Zombie 30"})
'Zombie 3 shuffles, Zombie 30 waits'

A command in a player's words (undo's refusal names the command it cannot take back):

>>> from dataclasses import dataclass
>>> from game.rules.core import Command
>>> @dataclass(frozen=True)
... class Fire(Command):
...     figure: str
...     target: str
>>> command_words(Fire("us1-r3", "z4"), {Fire: "FIRE by {who} at {target}"}, str.upper)
'FIRE by US1-R3 at Z4'
>>> command_words(Command(), {Fire: "FIRE by {who}"}, str.upper)
'Command'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping

from game.rules.core import Command

# eight points, clockwise from the east as the table's angles run (y down)
_POINTS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def compass(degrees: float) -> str:
    """A bearing on the table (0 = right, 90 = down) as a player says it: ``the south-west``."""
    return "the " + _POINTS[round((degrees % 360.0) / 45.0) % 8]


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 shot``, ``2 shots``: a count with its noun in the right number."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def first_up(text: str) -> str:
    """``text`` with its first letter a capital and the rest as it was (``str.capitalize`` would lower
    the capitals of a name inside it: "Aunt clara")."""
    return text[:1].upper() + text[1:]


def swap_ids(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each whole id in ``names`` replaced by its name (an id inside a longer id, "z3" in
    "z30" or "us1-r1" in "us1-r10", is left to its own entry)."""
    if not text or not names:
        return text
    return _ids_pattern(tuple(sorted(names, key=len, reverse=True))).sub(lambda m: names[m.group(1)], text)


def command_words(
    cmd: Command,
    lines: Mapping[type[Command], str],
    who: Callable[[str], str],
    target: Callable[[str], str] | None = None,
) -> str:
    """``cmd`` in a player's words by its class's line in ``lines``: ``{who}`` there is its figure, named by
    ``who``; ``{target}`` its target, named by ``target`` (else ``who``). A command without a line: its
    class's name."""
    line = lines.get(type(cmd))
    if line is None:
        return type(cmd).__name__
    actor = who(getattr(cmd, "figure", "")) if "{who}" in line else ""
    aim = (target or who)(getattr(cmd, "target", "")) if "{target}" in line else ""
    return line.format(who=actor, target=aim)


@functools.lru_cache(maxsize=16)
def _ids_pattern(ids: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for a game's ids, longest first (kept: a log names the same figures line after line)."""
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
