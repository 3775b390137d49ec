"""The screen's section move keeps each man in his place (session 46 play-test: "the men swap places and cross
over each other"). A soldier whose planned way crosses a section-mate's, or who would end on the other side of
one than he started, goes straight for his place in the formation instead, as far as the walls let him,
whenever the rules' preview then leaves no more men behind and the section less jumbled. Only the screen's
proposal changes: the rules test and check each MOVE as before (:mod:`.section_move`), and the bots never
move a section, so no seeded game moves.

>>> crossed(((0.0, 0.0), (2.0, 2.0)), ((0.0, 2.0), (2.0, 0.0))), crossed(((0.0, 0.0), (2.0, 0.0)), ((0.0, 1.0), (2.0, 1.0)))
(True, False)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.rules.kit import group_move
from game.rules.routing import Point
from game.table import Table

Moves = group_move.Moves


def _side(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def crossed(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Whether two ways (points, the start first) cross each other."""
    for (p, q), (r, s) in itertools.product(zip(a, a[1:]), zip(b, b[1:])):
        if _side(p, q, r) * _side(p, q, s) < 0 and _side(r, s, p) * _side(r, s, q) < 0:
            return True
    return False


def jumbled(
    starts: Mapping[str, Point], ways: Mapping[str, Sequence[Point]], ends: Mapping[str, Point]
) -> set[str]:
    """The moving men whose way crosses another's, or who end on the other side of another than they started
    (the pair's offset turned round)."""
    out: set[str] = set()
    for a, b in itertools.combinations(sorted(ends), 2):
        before = (starts[b][0] - starts[a][0], starts[b][1] - starts[a][1])
        after = (ends[b][0] - ends[a][0], ends[b][1] - ends[a][1])
        if before[0] * after[0] + before[1] * after[1] < 0 or crossed(ways[a], ways[b]):
            out |= {a, b}
    return out


def straight_on(table: Table, at: Point, goal: Point, radius: float) -> Point | None:
    """As far as a base of ``radius`` slides straight from ``at`` toward ``goal`` past walls and buildings (the
    section-mates' bases are the rules' to walk round); None when not a tenth of an inch."""
    if table.leg_clear(at, goal, radius):
        return goal
    lo, hi = 0.0, 1.0
    for _ in range(12):  # (to a few hundredths of an inch over a 6" move)
        mid = (lo + hi) / 2
        if table.leg_clear(at, (at[0] + (goal[0] - at[0]) * mid, at[1] + (goal[1] - at[1]) * mid), radius):
            lo = mid
        else:
            hi = mid
    far = (at[0] + (goal[0] - at[0]) * lo, at[1] + (goal[1] - at[1]) * lo)
    return far if math.dist(at, far) >= 0.1 else None


def kept_in_lanes(
    moves: Moves,
    shift: Point,
    figure: Callable[[str], Any],
    table: Table,
    preview_of: Callable[[Moves], Any],
) -> Moves:
    """``moves`` with each jumbled man sent straight for his place (where he stands moved by ``shift``) where
    that leaves no more men behind and fewer jumbled; one man at a time, the front first."""
    best, score = moves, _score(moves, figure, preview_of)
    if score is None or not score[1]:
        return moves
    for _ in range(len(moves)):
        better = None
        for fid, _way in best:
            f = figure(fid)
            if fid not in score[2]:
                continue
            end = straight_on(table, f.position, (f.position[0] + shift[0], f.position[1] + shift[1]), f.radius)
            tried = tuple((g, (end,) if g == fid and end is not None else w) for g, w in best)
            got = _score(tried, figure, preview_of) if tried != best else None
            if got is not None and got[0] <= score[0] and len(got[2]) < len(score[2]):
                better = (tried, got)
                break
        if better is None:
            return best
        best, score = better
    return best


def _score(
    moves: Moves, figure: Callable[[str], Any], preview_of: Callable[[Moves], Any]
) -> tuple[int, int, set[str]] | None:
    """How many the preview leaves behind, how many are jumbled, and who; None when it is refused."""
    p = preview_of(moves)
    if not p.legal:
        return None
    steps = p.details["steps"]
    held = {st["figure"] for st in steps if st["reason"]}
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps if not st["reason"]}
    starts = {fid: figure(fid).position for fid in ends}
    ways = {fid: (figure(fid).position, *way) for fid, way in moves if fid in ends}
    who = jumbled(starts, ways, ends)
    return len(held), len(who), who
