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
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

V = TypeVar("V")
T = TypeVar("T")


class DataError(ValueError):
    """The TOML is missing something the rules need; the message says what and where."""


def need(table: Mapping[str, Any], key: str, where: str, file: str) -> Any:
    """``table[key]``, or a :class:`DataError` naming the file and the table that lacks it."""
    if key not in table:
        raise DataError(f"{file}: [{where}] needs {key!r}")
    return table[key]


def _of_kind(value: Any, kind: Any, where: str, file: str) -> Any:
    """``value`` as a ``bool``, ``int``, ``float``, ``str`` or a ``tuple[float, ...]`` of them, or a refusal
    naming the value and its kind.

    TOML's integers pass for a float (``move = 6``); a bool never passes for a number."""
    if get_origin(kind) is tuple:
        if not isinstance(value, list):
            raise DataError(f"{file}: [{where}] must be a list, not {value!r}")
        item = get_args(kind)[0]
        return tuple(_of_kind(v, item, f"{where}[{i}]", file) for i, v in enumerate(value))
    fits = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if not fits:
        raise DataError(f"{file}: [{where}] must be {kind.__name__}, not {value!r}")
    return value


def typed(cls: type[T], table: Mapping[str, Any], where: str, file: str) -> T:
    """A TOML table read once into the frozen dataclass ``cls``: every field present and of its kind, and no
    key the rules do not know (a misspelt value is refused at load, not met mid-game).

    >>> @dataclass(frozen=True)
    ... class Pace:
    ...     move: float
    ...     dice: int
    >>> typed(Pace, {"move": 6, "dice": 2}, "house", "toy.toml")
    Pace(move=6.0, dice=2)
    >>> typed(Pace, {"move": 6, "dice": 2, "mvoe": 5}, "house", "toy.toml")
    Traceback (most recent call last):
    ...
    game.rules.kit.data.DataError: toy.toml: [house] has no use for 'mvoe' (a misspelling?)
    """
    if not isinstance(table, Mapping):
        raise DataError(f"{file}: [{where}] must be a table")
    kinds = get_type_hints(cls)
    unknown = sorted(set(table) - {f.name for f in fields(cls)})  # type: ignore[arg-type]
    if unknown:
        raise DataError(f"{file}: [{where}] has no use for {unknown[0]!r} (a misspelling?)")
    values = {
        f.name: _of_kind(need(table, f.name, where, file), kinds[f.name], f"{where}.{f.name}", file)
        for f in fields(cls)  # type: ignore[arg-type]
    }
    return cls(**values)


@dataclass(frozen=True)
class KitData:
    """A rule set's tables: the TOML as read (``raw``), its own converted tables in its subclass's fields."""

    FILE: ClassVar[str]  # the shipped file's name, in every refusal
    raw: dict[str, Any]

    def entry(self, table: Mapping[str, V], key: str, what: str) -> V:
        """The entry ``key`` of one of its tables (a weapon), or a refusal naming it: ``no weapon 'x' in ...``."""
        try:
            return table[key]
        except KeyError:
            raise DataError(f"no {what} {key!r} in {self.FILE}") from None
