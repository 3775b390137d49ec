"""What is wrong with a map, said so a scenario designer can fix it without reading code.

>>> str(Problem(12, "Farm wall", 'unknown class "wal"', "use one of: wall, building"))
'object 12 "Farm wall": unknown class "wal" — use one of: wall, building'
>>> str(Problem(None, "", 'no "ruleset" property', "add it"))
'map: no "ruleset" property — add it'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a map: which object (None for the map itself), what, and how to fix it."""

    object_id: int | None
    object_name: str
    message: str
    fix: str

    @property
    def where(self) -> str:
        if self.object_id is None:
            return f'map "{self.object_name}"' if self.object_name else "map"
        if self.object_name:
            return f'object {self.object_id} "{self.object_name}"'
        return f"object {self.object_id} (no name)"

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}"
        return f"{text} — {self.fix}" if self.fix else text


class ScenarioError(Exception):
    """The one error loading a scenario raises; it carries every problem found, not just the first."""

    def __init__(self, path: str, problems: Sequence[Problem]) -> None:
        self.path = str(path)
        self.problems: tuple[Problem, ...] = tuple(problems)
        lines = [f"{self.path}: {len(self.problems)} problem(s)"] + [f"  {p}" for p in self.problems]
        super().__init__("\n".join(lines))
