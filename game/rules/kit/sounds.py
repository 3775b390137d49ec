"""The sound an event makes, looked up by its class in a rule set's table: a sound id, or a function of the
game and the event for the ones that depend on them (a zombie's death or a soldier's, the winner's fanfare).

>>> from dataclasses import dataclass
>>> from game.rules.core import Event
>>> @dataclass(frozen=True)
... class Fell(Event):
...     figure: str
>>> @dataclass(frozen=True)
... class FellHard(Fell): ...
>>> table: SoundTable[None] = {Fell: "hit"}
>>> sound_of(table, None, FellHard("z1")), sound_of(table, None, Event())
('hit', None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

G = TypeVar("G")

# an event class -> its sound id, or a function of (the game, the event) giving one (or None: silent)
SoundTable = Mapping[type, str | Callable[[G, Any], str | None]]


def sound_of(table: SoundTable[G], game: G, event: Any) -> str | None:
    """The sound ``event`` makes by ``table`` (its own class's entry, else its nearest base class's), or None."""
    for kind in type(event).__mro__:
        found = table.get(kind)
        if found is not None:
            return found(game, event) if callable(found) else found
    return None
