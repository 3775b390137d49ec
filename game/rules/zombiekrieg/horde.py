"""The horde size, a set-up choice (rules: Forces, "two or three to one").

The source has the zombies outnumber the Allies "by two or three to one". A map sets its own
``zombie_ratio``; the horde size lets a table play either end of the source's range instead:
``light`` (two zombies per Allied figure), ``normal`` (the map's own ratio, the default) or ``heavy``
(three per Allied figure). The ratios are in ``zombiekrieg.toml`` (``[horde]``); the choice is the game
option ``horde``, so a save keeps it and a replay or the simulator plays it again. The minimum number
of zombies (``zombies_min``) holds whatever the horde size.

>>> from game.rules.zombiekrieg.data import load_data
>>> d = load_data()
>>> chosen(d, {}), chosen(d, {"horde": "heavy"})
('normal', 'heavy')
>>> ratio(d, "light", {"zombie_ratio": 2.5}), ratio(d, "normal", {"zombie_ratio": 2.5})
(2.0, 2.5)
>>> chosen(d, {"horde": "huge"})
Traceback (most recent call last):
...
game.rules.core.CannotStart: Unknown horde size 'huge' (option 'horde'); choose light, normal or heavy.
"""

from __future__ import annotations

from typing import Any

from game.rules.core import CannotStart, quoted
from game.rules.zombiekrieg.data import ZkData

OPTION = "horde"  # the game option, also the set-up pick's key
NORMAL = "normal"  # the map's own ratio
SIZES = ("light", NORMAL, "heavy")  # in the order the set-up lists them


def default(data: ZkData) -> str:
    """The horde size a game plays when the options do not say (the data file's ``horde.default``)."""
    return str(data.raw.get("horde", {}).get("default", NORMAL))


def chosen(data: ZkData, options: dict[str, Any]) -> str:
    """The horde size the options choose (else the default); :class:`CannotStart` naming the option
    for anything but one of :data:`SIZES`."""
    size = options.get(OPTION)
    if size is None:
        return default(data)
    if not isinstance(size, str) or size not in SIZES:
        raise CannotStart(
            f"Unknown horde size {quoted(size)} (option {OPTION!r}); choose {', '.join(SIZES[:-1])} or {SIZES[-1]}."
        )
    return size


def ratio(data: ZkData, size: str, properties: dict[str, Any]) -> float:
    """Zombies per Allied figure for a horde size: the map's ``zombie_ratio`` (else the data file's) for
    normal, the data file's ``horde.light`` / ``horde.heavy`` otherwise."""
    if size == NORMAL:
        return float(properties.get("zombie_ratio", data.raw["zombies"]["ratio"]))
    return float(data.raw["horde"][size])
