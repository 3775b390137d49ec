"""The source's literal readings as set-up choices (rules: Common: Readings).

Where the house reads a sentence of the source one way and the sentence can be read literally
another, both are in ``zombiekrieg.toml`` (``[readings.<key>]``) and the literal one is a switch in
the new-game set-up. A game's switches are an option, ``options["readings"] = {key: bool}``, so a
save keeps them and a replay plays them again. This module is the one place that says what the
switches are (:func:`readings`: key, label, default, help) and checks a game's choice (:func:`chosen`).

>>> [r.key for r in readings()][:2]
['fire_needs_clear_sight', 'melee_against_guts_only']
>>> chosen(load_data(), {"readings": {"fire_needs_clear_sight": True}})["fire_needs_clear_sight"]
True
>>> chosen(load_data(), {"readings": {"fire_clear": True}})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
game.rules.core.CannotStart: Unknown reading 'fire_clear' (option 'readings'); the readings are: fire_needs_clear_sight, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.core import CannotStart, quoted
from game.rules.zombiekrieg.data import DataError, ZkData, load_data

OPTION = "readings"  # the game option holding the switches


@dataclass(frozen=True)
class Reading:
    """One switch: ``default`` False plays the house reading, True the source's literal one.

    ``help`` is the text a set-up screen shows beside the switch; ``source`` the sentence read two
    ways; ``house`` and ``literal`` what each reading does. ``house_default`` marks the default as a
    house reading (always so: a switch exists only where the house chose)."""

    key: str
    label: str
    default: bool
    source: str
    house: str
    literal: str
    house_default: bool = True

    @property
    def help(self) -> str:
        return f'The source: "{self.source}" Off (house): {self.house} On (literal): {self.literal}'


def readings(data: ZkData | None = None) -> tuple[Reading, ...]:
    """Every switch of the rule set, in the order of the data file."""
    d = data if data is not None else load_data()
    out = []
    for key, r in d.raw.get("readings", {}).items():
        try:
            out.append(
                Reading(key, str(r["label"]), bool(r.get("default", False)), r["source"], r["house"], r["literal"])
            )
        except KeyError as missing:
            raise DataError(f"zombiekrieg.toml: [readings.{key}] needs {missing}") from None
    return tuple(out)


def chosen(data: ZkData, options: dict[str, Any]) -> dict[str, bool]:
    """Every switch's setting for a game: the option's, else the default. Raises ValueError, saying
    what is wrong (:class:`CannotStart`), for anything but a table of known switches set to true or false."""
    given = options.get(OPTION, {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise CannotStart(f'Option {OPTION!r} is a table of switches, e.g. {{"fire_needs_clear_sight": true}}.')
    known = readings(data)
    keys = [r.key for r in known]
    for key, value in given.items():
        if key not in keys:
            raise CannotStart(
                f"Unknown reading {quoted(key)} (option {OPTION!r}); the readings are: {', '.join(keys)}."
            )
        if not isinstance(value, bool):
            raise CannotStart(f"Reading {key!r} is true or false, not {quoted(value)}.")
    return {r.key: bool(given.get(r.key, r.default)) for r in known}
