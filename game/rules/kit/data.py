"""A rule set's tables as its TOML file has them: the refusal a missing value makes, naming the file and the
table, and the ``[house]`` look-up every rule set's data has.

>>> need({"move": 6}, "move", "house", "toy.toml")
6
>>> need({}, "move", "house", "toy.toml")
Traceback (most recent call last):
...
game.rules.kit.data.DataError: toy.toml: [house] needs 'move'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

V = TypeVar("V")


class DataError(ValueError):
    """The TOML is missing something the rules need; the message says what and where."""


def need(table: dict[str, Any], key: str, where: str, file: str) -> Any:
    """``table[key]``, or a :class:`DataError` naming the file and the table that lacks it."""
    if key not in table:
        raise DataError(f"{file}: [{where}] needs {key!r}")
    return table[key]


@dataclass(frozen=True)
class KitData:
    """A rule set's tables: the TOML as read (``raw``), its own converted tables in its subclass's fields."""

    FILE: ClassVar[str]  # the shipped file's name, in every refusal
    raw: dict[str, Any]

    def house(self, key: str) -> Any:
        """A value of the ``[house]`` table; a missing one names itself."""
        return need(self.raw["house"], key, "house", self.FILE)

    def entry(self, table: Mapping[str, V], key: str, what: str) -> V:
        """The entry ``key`` of one of its tables (a weapon), or a refusal naming it: ``no weapon 'x' in ...``."""
        try:
            return table[key]
        except KeyError:
            raise DataError(f"no {what} {key!r} in {self.FILE}") from None
