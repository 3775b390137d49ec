"""Setting up: the sections, their starting GUTS, deployment and the zombie unit
(rules: Zombiekrieg 848, Forces and GUTS).

Choices where the rules are silent [house]:
- Each section deploys in its player's deploy zone (``player`` = N), else in a zone with
  ``side`` = allies (the Nth such zone for player N, cycling); without any, along the bottom edge.
  Sections that share a zone (hot-seat) each take their own block of it, side by side along its
  longer side, so each player's men stand together. The figures fill their block from its centre
  outward in files ``deploy_file_spacing`` apart across the block's longer side and
  ``deploy_spacing`` apart along each file, so every man can walk out down the lane between two
  files; never in a wall or on another base, all facing the table centre. A zone too small spills
  onto clear ground around it.
- Zombies: the map's ``zombie`` placements, then enough more to reach
  max(``zombies_min``, round(``zombie_ratio`` x Allied figures)) (the set-up's horde size may play
  the source's two or three to one instead of the map's ratio: :mod:`.horde`), dealt out one at a time over the
  ``spawn`` zones on a grid from each zone's centre (no dice: the set-up is the map's). Without a
  spawn zone they fill the 8" strip along the table edge furthest from the Allies. Each zombie
  faces the nearest Allied figure.
- Figure ids: ``<prefix><player>-sgt``, ``-cpl``, ``-r1``..``-r8``, ``-smg``, ``-lmg``; zombies ``z1``...
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from game.rules.core import CannotStart, quoted
from game.rules.zombiekrieg import horde
from game.rules.zombiekrieg.data import ZkData
from game.rules.zombiekrieg.events import FigurePlaced
from game.rules.zombiekrieg.geometry import angle_to, base_clear, grid_spots
from game.rules.zombiekrieg.readings import OPTION as READINGS
from game.rules.zombiekrieg.state import ALLIES, ZOMBIES, Figure, Section
from game.rules.zombiekrieg.world import World
from game.scenario.model import Area, Point, Zone

OPTION_KEYS = (
    "sections",
    "american_corporal_weapon",
    READINGS,
    horde.OPTION,
    "campaign",
)  # the options a game takes


def check_options(data: ZkData, options: dict[str, Any]) -> tuple[list[str], str]:
    """The sections (one per player) and the American Corporal's weapon; clear errors for bad options,
    an unknown option among them (a misspelt ``sections`` would otherwise play the default section)."""
    for key in options:
        if key not in OPTION_KEYS:
            raise CannotStart(
                f"Unknown option {quoted(key)} for Zombiekrieg 848; known: {', '.join(OPTION_KEYS)}."
            )
    sections = options.get("sections", ["american"])
    if isinstance(sections, str):
        sections = [sections]
    if not isinstance(sections, (list, tuple)) or not 1 <= len(sections) <= 4:
        raise CannotStart("Zombiekrieg 848 needs one to four sections, one per player (option 'sections').")
    for s in sections:
        if not isinstance(s, str) or s not in data.sections:
            raise CannotStart(f"Unknown section {quoted(s)}; choose from {', '.join(sorted(data.sections))}.")
    corporal = options.get("american_corporal_weapon", "thompson")
    allowed = data.sections["american"].corporal_weapons if "american" in data.sections else ()
    if allowed and corporal not in allowed:
        raise CannotStart(f"The American Corporal carries one of {', '.join(allowed)}, not {quoted(corporal)}.")
    return list(sections), corporal


def _blockers(world: World):
    return [t for t in world.scenario.terrain if t.blocks_movement]


def _free(world: World, p: Point, r: float) -> bool:
    """Ground a base may be placed on: on the table, clear of walls (with their thickness, as the table
    measures them) and buildings, and of every other base."""
    sc, table = world.scenario, world.table
    return (
        base_clear(_blockers(world), sc.width, sc.height, p, r)
        and not table.overlaps_blocking(p, r)
        and not table.figures_in_circle(p, r)
    )


def spots(
    world: World, area: Area, spacing: float, r: float, inside: Area | None = None, files: float | None = None
) -> Iterator[Point]:
    """Free places in an area (and in ``inside``, when the area is a block of a zone), from its centre
    outward, then in widening rings around it; ``files`` apart across the area's longer side, if given."""
    if files is None:
        yield from _lattice(world, area, r, inside, spacing, spacing)
        return
    x0, y0, x1, y1 = area.bounds
    yield from _lattice(world, area, r, inside, *((files, spacing) if x1 - x0 >= y1 - y0 else (spacing, files)))


def _lattice(world: World, area: Area, r: float, inside: Area | None, sx: float, sy: float) -> Iterator[Point]:
    """The free points of an ``sx`` x ``sy`` grid in the area from its centre outward, then in rings
    round it until the rings hold the whole table."""
    cx, cy = area.centre
    seen: set[Point] = set()
    x0, y0, x1, y1 = area.bounds
    width, height = world.scenario.width, world.scenario.height
    for grow in range(0, 40):
        g = grow * max(sx, sy)
        bounds = (x0 - g, y0 - g, x1 + g, y1 + g)
        cands = [
            p
            for p in grid_spots(bounds, sx, sy)
            if p not in seen and (grow > 0 or (area.contains(p) and (inside is None or inside.contains(p))))
        ]
        cands.sort(key=lambda p: (round(math.dist(p, (cx, cy)), 6), p[1], p[0]))
        for p in cands:
            seen.add(p)
            if _free(world, p, r):
                yield p
        if bounds[0] <= 0 and bounds[1] <= 0 and bounds[2] >= width and bounds[3] >= height:
            return


def _deploy_zone(world: World, player: int) -> tuple[Area, str]:
    """Where player N deploys, and its name for a message."""
    zones = world.scenario.zones_of("deploy")
    own = [z for z in zones if str(z.properties.get("player", "")) == str(player)]
    if own:
        return own[0].area, _zone_name(own[0])
    allied = [
        z
        for z in zones
        if str(z.properties.get("side", "")).lower() in ("allies", "allied", "") and "player" not in z.properties
    ]
    if allied:
        zone = allied[(player - 1) % len(allied)]
        return zone.area, _zone_name(zone)
    sc = world.scenario
    depth = world.data.house.deploy_edge_strip
    return Area.rect(0, sc.height - depth, sc.width, depth), f'the {depth:g}" strip along the bottom edge'


def block_of(zone: Area, k: int, n: int) -> Area:
    """The k-th of ``n`` equal blocks of a zone's bounds, side by side along its longer side.

    >>> block_of(Area.rect(0, 0, 12, 4), 1, 3).bounds
    (4.0, 0.0, 8.0, 4.0)
    """
    x0, y0, x1, y1 = zone.bounds
    if n <= 1:
        return zone
    if x1 - x0 >= y1 - y0:
        w = (x1 - x0) / n
        return Area.rect(x0 + k * w, y0, w, y1 - y0)
    h = (y1 - y0) / n
    return Area.rect(x0, y0 + k * h, x1 - x0, h)


def _zone_name(zone: Zone) -> str:
    return f'deploy zone {zone.id} "{zone.name}"' if zone.name else f"deploy zone {zone.id}"


def raise_sections(world: World, sections: list[str], corporal_weapon: str) -> None:
    """Create every section's figures, roll their starting GUTS and deploy them."""
    data, st = world.data, world.state
    sizes = [sum(m.count for m in data.sections[key].members) for key in sections]
    plan = deployment(world, sizes, [data.sections[key].name for key in sections])
    for player, key in enumerate(sections, start=1):
        spec = data.sections[key]
        prefix = f"{spec.prefix}{player}"
        st.sections.append(Section(player, key, prefix))
        place = iter(plan[player - 1])
        for m in spec.members:
            for i in range(1, m.count + 1):
                fid = f"{prefix}-{m.tag}{i if m.count > 1 else ''}"
                weapon = corporal_weapon if (m.role == "corporal" and spec.corporal_weapons) else m.weapon
                if m.role == "sergeant":
                    g = int(data.raw["guts"]["sergeant"])
                else:
                    face = world.roll(1, f"{fid} starting GUTS").total
                    g = data.starting_guts(face)
                    world.events[-1] = _with_meaning(world.events[-1], f"D6 = {face}: {fid} starts with GUTS {g}")
                put_soldier(world, Figure(fid, ALLIES, next(place), 0.0, 0.0, player, key, m.role, weapon, g, g))


def deployment(world: World, sizes: list[int], names: list[str]) -> list[list[Point]]:
    """Where each section (of ``sizes[k]`` figures, player k + 1, its section called ``names[k]``) stands:
    in files with lanes between them where the table has room for every section so, else on the close
    grid; :class:`CannotStart` naming the first player with no room at all."""
    r = world.data.house.base_size / 2
    plan = _deployment(world, sizes, r, world.data.house.deploy_file_spacing)
    if isinstance(plan, int):
        plan = _deployment(world, sizes, r, None)
    if isinstance(plan, int):
        player = plan
        raise CannotStart(
            f"There is no room to deploy player {player}'s section ({names[player - 1]}) in "
            f"{_deploy_zone(world, player)[1]} nor around it: walls, buildings and other bases fill it. "
            "Make the zone bigger or clear some of it in Tiled."
        )
    return plan


def put_soldier(world: World, f: Figure) -> None:
    """Stand a new soldier on the table where ``f`` says, with a base of the house size, facing the table
    centre (``f``'s facing and radius are set here)."""
    r = world.data.house.base_size / 2
    centre = (world.scenario.width / 2, world.scenario.height / 2)
    f.radius, f.facing = r, round(angle_to(f.position, centre), 3)
    world.state.figures[f.id] = f
    world.place(f)
    world.emit(FigurePlaced(f.id, ALLIES, f.role, f.position, f.facing))


def _deployment(world: World, sizes: list[int], r: float, files: float | None) -> list[list[Point]] | int:
    """Where each section (of ``sizes[k]`` figures, player k + 1) stands: in its block of its deploy
    zone, ``files`` apart (None: on the close grid); or the first player with no room, as a number.
    Worked out on the table with stand-in bases, taken away again (no dice are rolled here)."""
    spacing = world.data.house.deploy_spacing
    zones = {player: _deploy_zone(world, player)[0] for player in range(1, len(sizes) + 1)}
    sharing: dict[tuple[float, float, float, float], list[int]] = {}
    for player, zone in zones.items():
        sharing.setdefault(zone.bounds, []).append(player)
    stand_ins: list[str] = []
    plan: list[list[Point]] = []
    try:
        for player, size in enumerate(sizes, start=1):
            zone = zones[player]
            share = sharing[zone.bounds]
            place = spots(world, block_of(zone, share.index(player), len(share)), spacing, r, zone, files)
            points: list[Point] = []
            for k in range(size):
                p = next(place, None)
                if p is None:
                    return player
                stand_ins.append(f"deploying {player}.{k}")
                world.table.place(stand_ins[-1], p, r)
                points.append(p)
            plan.append(points)
        return plan
    finally:
        for fid in stand_ins:
            world.table.remove(fid)


def _with_meaning(ev, text):
    from dataclasses import replace

    return replace(ev, meaning=text)


def zombie_numbers(data: ZkData, properties: dict[str, Any], size: str = horde.NORMAL) -> tuple[float, int]:
    """(zombies per Allied figure, fewest zombies) a scenario plays with a horde size: its map's
    ``zombie_ratio`` (for a light or heavy horde the data file's ratio instead) and ``zombies_min``, else
    the data file's."""
    least = int(properties.get("zombies_min", data.raw["zombies"]["count_min"]))
    return horde.ratio(data, size, properties), least


def zombies_for(
    data: ZkData, properties: dict[str, Any], allied: int, size: str = horde.NORMAL, extra: float = 0.0
) -> int:
    """How many zombies face ``allied`` Allied figures: the ratio (``extra`` more per figure, a campaign's
    growing horde) rounded half up, at least the minimum."""
    ratio, lo = zombie_numbers(data, properties, size)
    return max(lo, int(math.floor((ratio + extra) * allied + 0.5)))


def section_size(data: ZkData, nation: str) -> int:
    return sum(m.count for m in data.sections[nation].members)


def zombie_count(world: World, size: str = horde.NORMAL, extra: float = 0.0) -> int:
    return zombies_for(world.data, world.scenario.properties, len(world.state.allied()), size, extra)


def _far_strip(world: World) -> Area:
    sc = world.scenario
    allies = [f.position for f in world.state.allied()] or [(sc.width / 2, sc.height)]
    ax = sum(p[0] for p in allies) / len(allies)
    ay = sum(p[1] for p in allies) / len(allies)
    d = world.data.house.spawn_edge_strip
    strips = [
        Area.rect(0, 0, sc.width, d),
        Area.rect(0, sc.height - d, sc.width, d),
        Area.rect(0, 0, d, sc.height),
        Area.rect(sc.width - d, 0, d, sc.height),
    ]
    return max(strips, key=lambda a: math.dist(a.centre, (ax, ay)))


def raise_zombies(world: World, size: str = horde.NORMAL, extra: float = 0.0) -> None:
    """The zombie unit of a horde size (``extra`` zombies more per Allied figure): the map's zombies, then
    enough from the spawn zones."""
    data, st = world.data, world.state
    r = float(data.raw["zombies"]["base_size"]) / 2
    placed: list[tuple[Point, float]] = []
    for pl in world.scenario.placements_of("zombie"):
        placed.append((pl.position, pl.facing))
    want = zombie_count(world, size, extra)
    zones: list[Zone] = list(world.scenario.zones_of("spawn"))
    areas = [z.area for z in zones] or [_far_strip(world)]
    n = 0

    def put(p: Point) -> None:
        nonlocal n
        n += 1
        fid = f"z{n}"
        world.table.place(fid, p, r)
        near = world.table.nearest_of(p, world.allied_ids(), where=world.is_allied)
        facing = angle_to(p, st.figures[near].position) if near else 0.0
        f = Figure(fid, ZOMBIES, (float(p[0]), float(p[1])), round(facing, 3), r)
        st.figures[fid] = f
        world.emit(FigurePlaced(fid, ZOMBIES, "zombie", f.position, f.facing))

    for p, _ in placed:
        put(p)
    gens = [spots(world, a, data.house.zombie_spacing, r) for a in areas]
    live = list(range(len(gens)))
    while n < want and live:
        for i in list(live):
            if n >= want:
                break
            spot = next(gens[i], None)
            if spot is None:
                live.remove(i)
                continue
            put(spot)
