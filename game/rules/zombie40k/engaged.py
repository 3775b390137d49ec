"""Who fights whom, on the table: each model locked in close combat is joined by a short line to the enemy model he
fights (the nearest of the units his unit is locked with). A newcomer saw his squad among the zombies and could not
read which of his models fought which zombies (session 47's play-tests).

The lines stand during the Assault phase (:func:`engaged_marks`) and while a fight is told (:func:`told_marks`:
the rules are then ahead of the screen, so the fight's units are read from its events). Everything is measured
where the screen shows the models (``looks``), by the rules' own reach: a fighter is in base contact with an
enemy, or within 2" of a friend who is (as :func:`assault.fighters` has it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from game.rules.contract import Look
from game.rules.drawing import Path, Primitive
from game.rules.zombie40k.events import AttackStep, CombatBrokenOff, PhaseStarted, ShotsFired
from game.rules.zombie40k.state import ALIVE, Phase
from game.rules.zombie40k.world import World
from game.table.space import edge_distance_between

Point = tuple[float, float]
SHOWN_IN = (Phase.ASSAULT,)  # the phases the lines stand in: the fights are fought as the Assault phase ends


def engaged_marks(world: World, looks: Mapping[str, Look]) -> list[Primitive]:
    """An ``engaged`` line from each fighter of each close combat to the nearest enemy model he is locked with,
    during the Assault phase (none else)."""
    if world.state.phase not in SHOWN_IN:
        return []
    return fight_lines(world, [(a, b) for a, b in world.state.engagements], looks)


def told_marks(world: World, event: object, looks: Mapping[str, Look]) -> list[Primitive] | None:
    """The lines while events play back, from ``event`` on: a close combat's blows (an attack step between two
    units whose models touch on screen) draw its fight; a phase begun, a volley or a combat broken off clears
    them; None (keep what stands) for any other event."""
    if isinstance(event, PhaseStarted | ShotsFired | CombatBrokenOff):
        return []
    if (
        not isinstance(event, AttackStep)
        or event.unit not in world.state.units
        or event.target not in world.state.units
    ):
        return None
    lines = fight_lines(world, [(event.unit, event.target)], looks)
    return lines or None  # (a shot's roll: the two units stand apart)


def fight_lines(world: World, sides: Iterable[Sequence[str]], looks: Mapping[str, Look]) -> list[Primitive]:
    """The lines of the close combats between each pair of units of ``sides``, a pair of models joined once."""
    foes: dict[str, set[str]] = {}
    for a, b in sides:
        foes.setdefault(a, set()).add(b)
        foes.setdefault(b, set()).add(a)
    pairs: set[tuple[str, str]] = set()
    for uid, against in foes.items():
        mine = _standing(world, [uid], looks)
        enemies = _standing(world, sorted(against), looks)
        for fid in _fighters(world, mine, enemies, looks):
            o = min(enemies, key=lambda e: (_edge(world, fid, e, looks), e))
            pairs.add((min(fid, o), max(fid, o)))
    return [_line(looks[a].position, looks[b].position) for a, b in sorted(pairs)]


def _standing(world: World, units: Sequence[str], looks: Mapping[str, Look]) -> list[str]:
    """The models of ``units`` the screen shows standing (a model the screen still shows falls with his blow)."""
    models = world.state.models
    return [
        fid
        for uid in units
        if uid in world.state.units
        for fid in world.state.units[uid].models
        if fid in looks and looks[fid].state == ALIVE and fid in models
    ]


def _fighters(world: World, mine: list[str], enemies: list[str], looks: Mapping[str, Look]) -> list[str]:
    """Those of ``mine`` in base contact with an enemy, or within 2" of a friend who is [7th]."""
    house = world.data.house
    touching = [m for m in mine if any(_edge(world, m, e, looks) <= house.contact for e in enemies)]
    return [
        m for m in mine if m in touching or any(_edge(world, m, t, looks) <= house.fight_reach for t in touching)
    ]


def _edge(world: World, a: str, b: str, looks: Mapping[str, Look]) -> float:
    """The gap between two models' bases where the screen shows them."""
    ma, mb = world.state.models[a], world.state.models[b]
    return edge_distance_between(looks[a].position, ma.radius, looks[b].position, mb.radius)


def _line(a: Point, b: Point) -> Path:
    """The line between two engaged models' centres (their bases touch: it is drawn over them)."""
    return Path(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))), "engaged")
