"""The re-rolls of one roll, as the dice make them and as the previews count them: one description for both.

A roll's re-rolls are a list of :class:`Reroll` in the order they are made: the roll's own (Preferred
Enemy's 1s, Hatred's and Shred's failures) first, then a plug-in's (the Blessing of Chuck Norris re-rolls
every die still failing, a re-rolled one too). :func:`of` asks the hooks for them; the dice
(:mod:`.attacks`) roll them and the odds (:mod:`.odds`, :mod:`.preview`) count them from the same list, so a
preview cannot miss a re-roll the resolution makes.

>>> round(p_success({4, 5, 6}, ()), 4), round(p_success({4, 5, 6}, (Reroll("fail", "Blessing"),)), 4)
(0.5, 0.75)
>>> round(p_success({4, 5, 6}, (Reroll("ones"), Reroll("fail"))), 4)   # 1s, then all still failing
0.7917
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Reroll:
    """One re-roll of the dice still failing: ``which`` "fail" (every one) or "ones" (only the 1s); ``why``
    names what grants it for the dice tray and the log ("" for the roll's own)."""

    which: str
    why: str = ""

    def takes(self, face: int, good: Collection[int]) -> bool:
        """Whether this re-roll rolls a die showing ``face`` again."""
        return face not in good and (self.which == "fail" or face == 1)


def of(world: Any, unit: Any, own: str, roll: str) -> tuple[Reroll, ...]:
    """The re-rolls of ``unit``'s ``roll`` (hit, wound, save, fnp, charge) in order: ``own`` ("", "ones",
    "fail") first, then a plug-in's re-roll of every die still failing."""
    out = [Reroll(own)] if own else []
    why = world.hooks.reroll(world, unit, roll)
    if why:
        out.append(Reroll("fail", why))
    return tuple(out)


def face_odds(good: Collection[int], rerolls: Sequence[Reroll]) -> dict[int, float]:
    """The chance of each face a D6 shows once every re-roll of ``rerolls`` is made (``good``: the faces
    that succeed, which are never re-rolled)."""
    dist = {f: 1 / 6 for f in FACES}
    for r in rerolls:
        again = sum(p for f, p in dist.items() if r.takes(f, good))
        dist = {f: (0.0 if r.takes(f, good) else p) + again / 6 for f, p in dist.items()}
    return dist


def p_success(good: Collection[int], rerolls: Sequence[Reroll]) -> float:
    """The chance a D6 ends on a ``good`` face after its re-rolls."""
    return sum(p for f, p in face_odds(good, rerolls).items() if f in good)


def p_whole(p: float, rerolls: int) -> float:
    """The chance a roll of success chance ``p`` succeeds when a failure is rolled again, whole, up to
    ``rerolls`` times (a charge: Fleet, then the Blessing).

    >>> round(p_whole(5 / 12, 1) * 144)   # 7.3" to charge on 2D6, with Fleet
    95
    """
    return 1 - (1 - p) ** (1 + rerolls)


def needed(need: int) -> set[int]:
    """The faces that make ``need``+ on a D6 (a 1 always fails; 0: none do)."""
    return {f for f in FACES if need and f != 1 and f >= need}
