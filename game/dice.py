"""The one seeded source of dice for a game.

Every roll goes through a :class:`Dice` and is recorded with its purpose, so the dice log,
replays and tests all see the same rolls (rules: "Common to all three": Dice).

>>> dice = Dice(seed=7)
>>> total = dice.roll(2, "GUTS test").total
>>> 2 <= total <= 12
True
>>> dice.log[-1].purpose
'GUTS test'
>>> scripted = ScriptedDice([6, 6])
>>> scripted.roll(2, "melee").faces
(6, 6)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Roll:
    """One recorded roll: what it was for, what kind of dice, the faces and the result."""

    purpose: str
    kind: str  # "D6", "D3", "2D6", "3D6 keep highest", "scatter", ...
    faces: tuple[int, ...]
    total: int

    @property
    def is_double(self) -> bool:
        """Two dice showing the same face (a critical in a 2D6 test)."""
        return len(self.faces) == 2 and self.faces[0] == self.faces[1]

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Scatter:
    """A scatter die and its distance: ``hit`` means the marker stays where aimed."""

    hit: bool
    direction_deg: float
    distance: int


class DiceExhausted(RuntimeError):
    """A scripted roller was asked for more dice than the test gave it."""


class Dice:
    """Seeded dice. All randomness of a game comes from here.

    >>> Dice(1).d6("x") == Dice(1).d6("x")
    True
    """

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.log: list[Roll] = []

    # The one primitive; ScriptedDice replaces it.
    def _face(self, sides: int, purpose: str) -> int:
        return self._rng.randint(1, sides)

    def _record(self, purpose: str, kind: str, faces: Iterable[int], total: int) -> Roll:
        roll = Roll(purpose, kind, tuple(faces), total)
        self.log.append(roll)
        return roll

    def d6(self, purpose: str) -> int:
        face = self._face(6, purpose)
        return self._record(purpose, "D6", (face,), face).total

    def d3(self, purpose: str) -> int:
        """A D6 halved, rounded up."""
        face = self._face(6, purpose)
        return self._record(purpose, "D3", (face,), (face + 1) // 2).total

    def roll(self, n: int, purpose: str) -> Roll:
        """nD6 added up (``roll(2, ...)`` is 2D6)."""
        faces = [self._face(6, purpose) for _ in range(n)]
        return self._record(purpose, f"{n}D6", faces, sum(faces))

    def best_of(self, n: int, purpose: str) -> Roll:
        """Roll nD6 and keep the highest."""
        faces = [self._face(6, purpose) for _ in range(n)]
        return self._record(purpose, f"{n}D6 keep highest", faces, max(faces))

    def scatter(self, purpose: str, dice_for_distance: int = 2) -> Scatter:
        """A scatter die (hit on 1-2 of 6, else an arrow in a direction) and nD6 inches."""
        face = self._face(6, purpose)
        direction = float(self._face(360, purpose) - 1)
        distance = [self._face(6, purpose) for _ in range(dice_for_distance)]
        hit = face <= 2
        self._record(purpose, "scatter", (face, int(direction), *distance), sum(distance))
        return Scatter(hit, direction, sum(distance))


class ScriptedDice(Dice):
    """Hands out the given faces in order; fails loudly when it runs out.

    >>> d = ScriptedDice([3])
    >>> d.d6("move")
    3
    >>> d.d6("again")
    Traceback (most recent call last):
    ...
    game.dice.DiceExhausted: scripted dice ran out at roll 2 ('again'); give the test more faces
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(seed=None)
        self._faces = list(faces)
        self._used = 0

    def _face(self, sides: int, purpose: str) -> int:
        if self._used >= len(self._faces):
            raise DiceExhausted(
                f"scripted dice ran out at roll {len(self.log) + 1} ({purpose!r}); give the test more faces"
            )
        face = self._faces[self._used]
        self._used += 1
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} is not on a D{sides} ({purpose!r})")
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._used
