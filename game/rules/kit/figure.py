"""What a figure record of the table starts with, in every rule set that keeps one record a figure: its id,
its side, where its base stands and faces, and the base's size. A rule set's figure subclasses
:class:`KitFigure` and adds its own fields (each with a default) and its own states.

>>> KitFigure("z1", ZOMBIES, (3.0, 4.0), 90.0).is_zombie, KitFigure("z1", ZOMBIES, (3.0, 4.0), 90.0).radius
(True, 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass

ZOMBIES = "zombies"  # the side the game plays, in every rule set
EXITED = "exited"  # the state word of a figure that left the table by an exit


@dataclass(eq=False)  # a rule set's figure says how figures compare (Outbreak: by identity)
class KitFigure:
    """One figure's place on the table; its fields come first in the rule set's figure (and its save data)."""

    id: str
    side: str
    position: tuple[float, float]
    facing: float
    radius: float = 0.5

    @property
    def is_zombie(self) -> bool:
        return self.side == ZOMBIES
