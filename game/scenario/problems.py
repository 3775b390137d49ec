"""What is wrong with a map, said so a scenario designer can fix it without reading code.

>>> str(Problem(12, "Farm wall", 'unknown class "wal"', "use one of: wall, building"))
'object 12 "Farm wall": unknown class "wal" — use one of: wall, building'
>>> str(Problem(None, "", 'no "ruleset" property', "add it"))
'map: no "ruleset" property — add it'
>>> str(Problem(7, "Barn", "stands in a building", "move it", WARNING, "terrain", (12.0, 3.5)))
'object 7 "Barn": warning: stands in a building — move it [layer "terrain", at 12", 3.5"]'

A problem is an ``error`` (the map cannot be played as drawn: ``check`` fails, the game refuses it), a
``warning`` (the map plays, but not as the designer probably meant: ``check --strict`` fails) or a
``note`` (worth knowing, never fails).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ERROR, WARNING, NOTE = "error", "warning", "note"
SEVERITIES = (ERROR, WARNING, NOTE)


def a(word: str) -> str:
    """The word with its article, as a message says it: ``a wall``, ``an objective``, ``an escape_vehicle``.

    >>> a("objective"), a("zombie"), a("ellipse")
    ('an objective', 'a zombie', 'an ellipse')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' and word else 'a'} {word}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a map: which object (None for the map itself), what, and how to fix it.

    ``layer`` and ``at`` (inches, x right and y down the table) say where the designer finds it in
    Tiled; they are filled in by ``check`` from the map when the reader did not know them.
    """

    object_id: int | None
    object_name: str
    message: str
    fix: str
    severity: str = ERROR
    layer: str = ""
    at: tuple[float, float] | None = None

    @property
    def where(self) -> str:
        # a name is shown to 60 characters: a hostile map's 9,000-character name is the problem, not the place
        name = self.object_name if len(self.object_name) <= 60 else self.object_name[:57] + "..."
        if self.object_id is None:
            return f'map "{name}"' if name else "map"
        if name:
            return f'object {self.object_id} "{name}"'
        return f"object {self.object_id} (no name)"

    @property
    def place(self) -> str:
        """``layer "terrain", at 12", 3.5"`` (empty when neither is known)."""
        parts = []
        if self.layer:
            parts.append(f'layer "{self.layer}"')
        if self.at is not None:
            parts.append(f'at {self.at[0]:.3g}", {self.at[1]:.3g}"')
        return ", ".join(parts)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def __str__(self) -> str:
        label = "" if self.severity == ERROR else f"{self.severity}: "
        text = f"{self.where}: {label}{self.message}"
        if self.fix:
            text += f" — {self.fix}"
        return f"{text} [{self.place}]" if self.place else text

    def to_data(self) -> dict[str, Any]:
        """JSON-ready, for editors (``deadground check --json``)."""
        return {
            "severity": self.severity,
            "object_id": self.object_id,
            "object_name": self.object_name,
            "layer": self.layer,
            "x": None if self.at is None else round(self.at[0], 3),
            "y": None if self.at is None else round(self.at[1], 3),
            "message": self.message,
            "fix": self.fix,
            "text": str(self),
        }


class ScenarioError(Exception):
    """The one error loading a scenario raises; it carries every problem found, not just the first."""

    def __init__(self, path: str, problems: Sequence[Problem]) -> None:
        self.path = str(path)
        self.problems: tuple[Problem, ...] = tuple(problems)
        lines = [f"{self.path}: {len(self.problems)} problem(s)"] + [f"  {p}" for p in self.problems]
        super().__init__("\n".join(lines))
