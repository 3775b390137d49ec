"""Squad coherency [7th]: every model of a unit stands within 2" (base edge to base edge, measured across the
table) of at least one other model of its unit, and the unit is one chain, not two groups.

A player's move or run is refused when it would break a squad's coherency, with the reason in inches. As in
7th edition, coherency counts when the squad's move is over: while squad-mates are still to move in the phase, a
model may go ahead of them as far as they can follow; the last to move may not leave the squad more spread out
than it stands. A squad that casualties left out of coherency must close up: its moves may narrow its gaps but
never widen them. (A squad whose player ends the phase before the rest have moved is out of coherency, and must
close up in its next move.) The moves the rules make themselves (a charge, a consolidation, a fall back) keep
each model within 2" of its squad where its inches allow, else bring it as near as they can.

The measure of a squad's gaps is its *stretch*: join the models by the shortest links that make one chain (a
minimum spanning tree) and add up by how much each link is longer than 2". A squad in coherency has no stretch.

>>> from types import SimpleNamespace as M
>>> line = [M(id="a", position=(0.0, 0.0), radius=0.5), M(id="b", position=(3.0, 0.0), radius=0.5)]
>>> stretch(line, 2.0)  # 2" between the bases: in coherency
0.0
>>> round(stretch(line, 2.0, {"b": (4.5, 0.0)}), 3)  # 3.5" apart: 1.5" too far
1.5
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.zombie40k.state import SQUAD, Model, Phase, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point
from game.table import truncate_path

SLACK = 1e-6  # rounding room when comparing a squad's stretch before and after a move
# Within 2" means what it says, to the rounding of floating point and of the log, which carries positions
# to 1/10,000" (an exact 2" could come back 2.00004" and be flagged); a distance beyond coherency is shown
# rounded up (``shown``), so a warning never reads "2.0"".
TOLERANCE = 1e-4


def within(inches: float, gap: float) -> bool:
    """Whether a distance is within ``gap`` (to the rounding of floating point and of the log)."""
    return inches <= gap + TOLERANCE


def shown(inches: float) -> str:
    """A distance beyond coherency as the player reads it, rounded up to a tenth: 2.04" reads 2.1", never
    2.0" (which would look within 2")."""
    return f"{math.ceil(inches * 10 - 1e-6) / 10:.1f}"


def gap_of(world: World) -> float:
    """Coherency distance in inches [7th] (the house table's ``coherency``)."""
    return world.data.house.coherency


def _edge(a: Any, pa: Point, b: Any, pb: Point) -> float:
    return max(0.0, math.dist(pa, pb) - a.radius - b.radius)


def links(models: Sequence[Any], gap: float, at: Mapping[str, Point] | None = None) -> list[tuple[Any, Any]]:
    """Every pair of models within ``gap`` of each other (the lines the screen draws)."""
    pos = {m.id: (at or {}).get(m.id, m.position) for m in models}
    return [
        (a, b)
        for i, a in enumerate(models)
        for b in models[i + 1 :]
        if within(_edge(a, pos[a.id], b, pos[b.id]), gap)
    ]


def _tree(models: Sequence[Any], at: Mapping[str, Point] | None = None) -> list[tuple[Any, Any, float]]:
    """The shortest links joining every model into one chain (Prim's minimum spanning tree)."""
    n = len(models)
    if n < 2:
        return []
    pts = [(at or {}).get(m.id, m.position) for m in models]
    rad = [m.radius for m in models]

    def edge(i: int, j: int) -> float:
        return max(0.0, math.dist(pts[i], pts[j]) - rad[i] - rad[j])

    best = [edge(0, j) for j in range(n)]
    parent = [0] * n
    left = list(range(1, n))
    out = []
    while left:
        k = left[0]
        for j in left:  # the nearest model not yet joined (ties: the first listed)
            if best[j] < best[k]:
                k = j
        left.remove(k)
        out.append((models[parent[k]], models[k], best[k]))
        for j in left:
            e = edge(k, j)
            if e < best[j]:
                best[j], parent[j] = e, k
    return out


def stretch(models: Sequence[Any], gap: float, at: Mapping[str, Point] | None = None) -> float:
    """By how many inches, in all, the squad's chain is longer than coherency allows (0: in coherency)."""
    return sum(max(0.0, d - gap - TOLERANCE) for _, _, d in _tree(models, at))


def groups(models: Sequence[Any], gap: float, at: Mapping[str, Point] | None = None) -> list[list[Any]]:
    """The squad's groups: models joined by links within ``gap`` (one group: in coherency)."""
    group = {m.id: i for i, m in enumerate(models)}  # each model's group, merged link by link
    for a, b in links(models, gap, at):
        ga, gb = group[a.id], group[b.id]
        if ga != gb:
            group = {k: (ga if g == gb else g) for k, g in group.items()}
    out: dict[int, list[Any]] = {}
    for m in models:
        out.setdefault(group[m.id], []).append(m)
    return list(out.values())


@dataclass(frozen=True)
class Apart:
    """A group of a squad cut off from the rest: its models, and the nearest pair across the gap (``near``, of
    the group, and ``mate``, of the squad's biggest group) with the inches between them, edge to edge."""

    models: list[Any]
    near: Any
    mate: Any
    inches: float


def apart(
    models: Sequence[Any], gap: float, keep: Any = None, at: Mapping[str, Point] | None = None
) -> list[Apart]:
    """Who is out of coherency: each group outside the squad's biggest (on a tie, the group without ``keep``,
    the model in hand, so he is told to move), measured from its nearest model to the biggest group; the
    farthest first. (A model of a group cut off stands within 2" of his own group: it is the group that
    stands too far from the rest.) ``at``: where some models would stand instead (a move's ends)."""
    split = groups(models, gap, at)
    if len(split) < 2:
        return []
    main = max(split, key=lambda g: (len(g), keep not in g))
    pos = {m.id: (at or {}).get(m.id, m.position) for m in models}
    out = []
    for g in (g for g in split if g is not main):
        near, mate = min(
            ((m, o) for m in g for o in main), key=lambda p: _edge(p[0], pos[p[0].id], p[1], pos[p[1].id])
        )
        out.append(Apart(g, near, mate, _edge(near, pos[near.id], mate, pos[mate.id])))
    return sorted(out, key=lambda a: -a.inches)


_NOW: dict[tuple, float] = {}  # the stretch of a squad as it stands, asked again for every move tried


def _stretch_now(models: Sequence[Any], gap: float) -> float:
    key = (gap, *((m.id, m.position, m.radius) for m in models))
    if key not in _NOW:
        if len(_NOW) > 256:
            _NOW.clear()
        _NOW[key] = stretch(models, gap)
    return _NOW[key]


def in_coherency(world: World, unit: Unit) -> bool:
    return stretch(world.alive(unit), gap_of(world)) <= SLACK


def breaks(world: World, m: Model, end: Point) -> bool:
    """Whether moving (or running) ``m`` to ``end`` breaks his squad's coherency. While squad-mates are still
    to move this phase, he must end within 2" of one who has moved, or near enough to one still to move for
    him to close up (2" and his 6"); the last to move may not leave the squad more spread out than it stands,
    so a squad in coherency stays in it and a squad out of it may only close up."""
    unit = world.state.units[m.unit]
    models = world.alive(unit)
    if unit.kind != SQUAD or len(models) < 2 or boards(world, m, end):
        return False
    gap = gap_of(world)
    running = world.state.phase == Phase.SHOOTING
    done = [o for o in models if o is not m and (o.ran if running else o.moved)]
    waiting = [o for o in models if o is not m and not (o.ran if running else o.moved)]
    if waiting:  # squad-mates still to move this phase may yet close up on him [7th: the unit's move ends]
        reach = gap + 6.0 + world.hooks.move_bonus(world, unit)
        return not (
            any(within(_edge(m, end, o, o.position), gap) for o in done)
            or any(within(_edge(m, end, o, o.position), reach) for o in waiting)
        )
    before = _stretch_now(models, gap)
    if before <= SLACK and not any(within(_edge(m, end, o, o.position), gap) for o in models if o is not m):
        return True  # (a lone model beyond 2" of all: no need to measure the rest)
    return stretch(models, gap, {m.id: end}) > before + SLACK


def boards(world: World, m: Model, end: Point) -> bool:
    """Whether a move ending at ``end`` takes ``m`` aboard the escape vehicle: he leaves the table, and the
    squad's coherency is kept by the models on it [house]."""
    return world.within_embark_reach(end, m.radius) and not world.hooks.embark_refused(world, m)


def move_refusal(world: World, m: Model, end: Point) -> str:
    """Why moving ``m`` to ``end`` breaks his squad's coherency, in inches ("" when it does not). Models and
    squads go by their ids, which the screen and the log name as the roster does (``names.player_words``); a
    name made here from the id's number called a sergeant's squad-mates one too high."""
    if not breaks(world, m, end):
        return ""
    unit = world.state.units[m.unit]
    models = world.alive(unit)
    gap = gap_of(world)
    before = _stretch_now(models, gap)
    near = min(_edge(m, end, o, o.position) for o in models if o is not m)
    if before > SLACK and not within(near, gap):  # he himself would stand beyond 2" of all: that says it
        return (
            f'{unit.id} is out of coherency and must close up: {m.id} would be {shown(near)}" from '
            f'the nearest of his squad, and the squad more spread out (coherency is {gap:g}"): move him nearer '
            "his squad."
        )
    if before > SLACK:
        return _spread_refusal(unit, models, m, end, gap)
    if not within(near, gap):  # who, how far, and what to do (issue 33)
        return (
            f'{m.id} would be {shown(near)}" from his squad: coherency is {gap:g}"; move him within {gap:g}" '
            "of a squad-mate."
        )
    parts = groups(models, gap, {m.id: end})
    cut = [o for g in parts if all(x is not m for x in g) for o in g]
    names = ", ".join(o.id for o in models if any(o is c for c in cut))  # in the roster's order
    kept = [x for x in models if all(x is not o for o in cut)]
    far = min(_edge(o, o.position, x, end if x is m else x.position) for o in cut for x in kept)
    return f'That move would leave {names} {shown(far)}" from the rest of the squad: coherency is {gap:g}".'


def _spread_refusal(unit: Unit, models: Sequence[Model], m: Model, end: Point, gap: float) -> str:
    """A squad out of coherency may only close up: which of its groups stands how far from the rest now, and
    after the move (a newcomer read "would be 1.2" from the nearest ... (coherency is 2")" as allowed: the
    nearest squad-mate was in his own group, and it is the gap between the groups that counts)."""
    now = apart(models, gap, m)
    after = apart(models, gap, m, {m.id: end})
    if not now or not after or after[0].inches <= now[0].inches + SLACK:  # (another gap grew: said as a whole)
        return (
            f"{unit.id} is out of coherency and must close up: that move would leave the squad more spread out "
            f'(coherency is {gap:g}" between every model and the rest of the squad): move {m.id} nearer the rest.'
        )
    a, b = now[0], after[0]
    whose = lambda x: x.near.id if len(x.models) == 1 else f"{x.near.id}'s group"  # noqa: E731
    return (
        f'{unit.id} is out of coherency and must close up: {whose(a)} stands {shown(a.inches)}" from the rest '
        f'of the squad ({a.mate.id}), and after that move {whose(b)} would stand {shown(b.inches)}" from it '
        f'({b.mate.id}); coherency is {gap:g}" between the groups, not only from {m.id} to his nearest '
        "squad-mate. Move him so the gap narrows."
    )


def hold_back(world: World, m: Model, path: list[Point]) -> list[Point]:
    """Cut a path back until its end keeps the squad together (a short roll stopped a legal move early)."""
    length = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
    while length > 0 and breaks(world, m, path[-1]):
        length = max(0.0, length - 0.25)
        path = truncate_path(path, length)
    return path


def keep_up(world: World, m: Model, path: list[Point], inches: float, moved: Sequence[Model]) -> list[Point]:
    """A model's part in a move the rules make (charge, consolidation, fall back): its ``path`` when it ends
    within 2" of a squad-mate as they stand now [7th]; else as near as ``inches`` take him to the nearest
    squad-mate placed before him in this move (``moved``). The first model placed leads: his path stands."""
    unit = world.state.units[m.unit]
    others = [o for o in world.alive(unit) if o is not m]
    earlier = [o for o in moved if o is not m and o.alive]
    if unit.kind != SQUAD or not others or not earlier or not path:
        return path
    gap = gap_of(world)
    if within(min(_edge(m, path[-1], o, o.position) for o in others), gap):
        return path
    lead = min(earlier, key=lambda o: math.dist(o.position, m.position))
    goal = _beside(m, lead, gap)
    check = world.table.check_path([m.position, goal], m.radius, mover=m.id, max_length=inches)
    return list(check.points)


def _beside(m: Model, lead: Model, gap: float) -> Point:
    """The point on the line from ``lead`` to ``m`` where m's base would stand well within ``gap`` of lead's."""
    d = math.dist(lead.position, m.position)
    if d < 1e-9:
        return m.position
    keep = lead.radius + m.radius + gap * 0.75
    if d <= keep:
        return m.position
    k = keep / d
    return (
        lead.position[0] + (m.position[0] - lead.position[0]) * k,
        lead.position[1] + (m.position[1] - lead.position[1]) * k,
    )


__all__ = [
    "links",
    "groups",
    "apart",
    "Apart",
    "stretch",
    "in_coherency",
    "breaks",
    "move_refusal",
    "keep_up",
    "gap_of",
    "within",
    "shown",
]
