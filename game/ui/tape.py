"""The measuring tape: from one point (or base) to another, in inches, edge to edge.

>>> tape = Tape(start=(0.0, 0.0), end=(3.0, 4.0))
>>> tape.length
5.0
>>> Tape(start=(0.0, 0.0), end=(3.0, 4.0), start_radius=0.5, end_radius=0.5).length
4.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

Point = tuple[float, float]


@dataclass(frozen=True)
class Tape:
    """``start_radius``/``end_radius`` are the bases the tape is anchored on (0 for open table)."""

    start: Point
    end: Point
    start_radius: float = 0.0
    end_radius: float = 0.0

    @property
    def centre_distance(self) -> float:
        return math.dist(self.start, self.end)

    @property
    def length(self) -> float:
        """Inches measured as the rules measure: edge to edge when on bases, never below 0."""
        return max(0.0, self.centre_distance - self.start_radius - self.end_radius)

    def edge_points(self) -> tuple[Point, Point]:
        """The two ends on the bases' edges (where the shown length starts and stops)."""
        d = self.centre_distance
        if d <= 1e-9:
            return self.start, self.end
        ux, uy = (self.end[0] - self.start[0]) / d, (self.end[1] - self.start[1]) / d
        a = (self.start[0] + ux * self.start_radius, self.start[1] + uy * self.start_radius)
        b = (self.end[0] - ux * self.end_radius, self.end[1] - uy * self.end_radius)
        return a, b

    def moved_to(self, end: Point, end_radius: float = 0.0) -> Tape:
        return replace(self, end=end, end_radius=end_radius)

    def text(self) -> str:
        return f'{self.length:.1f}"'
