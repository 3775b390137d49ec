"""Where the Allied figures stood at a point of a game's log, read from the log alone (headless).

The log says where the zombies went toward ("3 zombies lurch toward Rifleman Reyes"): the soldier nearest where
they ended as the table stood then, not as it stands when the line is written. A log written live and the same log
read back from a save then name the same man (read from the game's state, a loaded log named whoever stood nearest
at the end of the game, or no one once he had died or got away).

>>> from game.rules.zombiekrieg import new_game
>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> g = new_game(tiny_scenario(), {"sections": ["american"]}, seed=3)
>>> then = SoldiersThen()
>>> len(then.at(g, len(g.log))) == len(g.state.allied())
True
"""

from __future__ import annotations

from typing import Any

from game.rules.kit.events import Exited, FigurePlaced, Killed, Moved

Point = tuple[float, float]


class SoldiersThen:
    """The Allied figures' places just before ``game.log[index]``, walked forward through the log (kept between
    calls: a live game asks a little further each time)."""

    def __init__(self) -> None:
        self._log: Any = None
        self._done = 0
        self._places: dict[str, Point] = {}
        self._placed = False  # the log placed a soldier (a game set up by hand has no such event)

    def at(self, game: Any, index: int) -> dict[str, Point]:
        """Soldier id -> where he stood before the ``index``-th event; every soldier on the table now when the log
        never placed one (a game set up by hand)."""
        log = game.log
        if log is not self._log or index < self._done:
            self._log, self._done, self._places, self._placed = log, 0, {}, False
        for ev in log[self._done : index]:
            if isinstance(ev, FigurePlaced) and ev.side != "zombies":
                self._places[ev.figure] = tuple(ev.position)  # type: ignore[assignment]
                self._placed = True
            elif isinstance(ev, Moved) and ev.figure in self._places and ev.path:
                self._places[ev.figure] = tuple(ev.path[-1])  # type: ignore[assignment]
            elif isinstance(ev, (Killed, Exited)):
                self._places.pop(ev.figure, None)
        self._done = max(self._done, index)
        if not self._placed:
            return {f.id: f.position for f in game.state.allied() if f.on_table}
        return dict(self._places)
