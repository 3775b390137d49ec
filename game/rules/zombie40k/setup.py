"""Setting up a game (rules: Zombie 40,000: Set-up [seed, values house]): the teams from the options, the
escape vehicle, the squads in their deployment zones, the Zombie Boss by the vehicle, and the starting hordes.

The starting hordes: "The Zombies have [N] squads of [M] zombies for each player, deployed randomly throughout
the table" [seed; numbers and placing house]. The copy lost both numbers, and it lost only the digits 1 to 6 (a
0, 7, 8 or 9 survives in it), so each is a number written with the digits 1-6 alone: ``horde_squads`` hordes of
``horde_size`` zombies a player [house], one zombie of each with an autogun [seed]. Each horde is placed at
random [house]: the table is cut into 6 columns and 6 rows of cells; a D6 picks the column and a D6 the row, and
the horde stands as near that cell's middle as it fits wholly inside the cell, off blocking terrain, every
zombie at least ``horde_clearance`` from each team's deployment zone and from the escape vehicle (for a team
with no zone on the map: from its models). A cell with no such room for the horde is rolled again, and so is
a cell already holding a horde while a free one is left.

>>> cells(72.0, 48.0)[:2]
[(6.0, 4.0), (18.0, 4.0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.rules.core import CannotStart, quoted
from game.rules.zombie40k.data import Z40Data, some_of
from game.rules.zombie40k.events import FigurePlaced
from game.rules.zombie40k.state import BOSS, HORDE, PLAYERS, SQUAD, ZOMBIES, Model, Unit
from game.rules.zombie40k.team_builder import Team, TeamError, build_team, default_team
from game.rules.zombie40k.world import World
from game.scenario.model import Point, Scenario, Zone


class OptionsError(CannotStart):
    """The new-game options are not a game; the message says why."""


def rotated_teams(data: Z40Data, players: int, seed: int) -> list[str]:
    """The teams of a game set up without a team builder (the simulator's default): seat ``k`` (0-based)
    plays the roster's unit ``(seed + k) mod len(roster)`` at its default build, so over consecutive seeds
    every seat plays every army equally often and no seat always meets the same rival."""
    units = data.shipped_units()
    return [units[(seed + k) % len(units)] for k in range(players)]


TeamRules = Callable[[Z40Data, dict[str, Any]], Callable[[int, Any, bool], tuple[Any, str]]]
# the options a game takes; the last is :data:`.sight.OPTION` (sight imports this module, so it is spelt here)
OPTION_KEYS = ("teams", "players", "mods", "ruins_block_sight", "campaign")  # campaign: veterans.py


def refuse_unknown(options: dict[str, Any]) -> None:
    """OptionsError for an option no part of the game reads: a misspelt ``teams`` would otherwise deal the
    roster in turn, and a designer would tune his map against teams he did not ask for."""
    for key in options:
        if key not in OPTION_KEYS:
            raise OptionsError(f"Unknown option {quoted(key)} for Zombie 40,000; known: {', '.join(OPTION_KEYS)}.")


def check_options(
    data: Z40Data, scenario: Scenario, options: dict[str, Any], seed: int = 0, add_ons: TeamRules | None = None
) -> list[Team]:
    """The teams, one per player: ``{"teams": [team, ...]}`` where a team is a builder table or a unit key.
    Without ``teams``, ``{"players": N}`` (default: as many as the map takes) deals :func:`rotated_teams`.
    ``add_ons`` (:func:`.plugins.team_rules`) gives the add-ons' rule for each team once they are counted:
    the mods' (Killing Floor: no upgrades bought; Hardcore Mode: no Universal Special Rule)."""
    refuse_unknown(options)
    top = int(scenario.properties.get("players_max", 4))
    low = int(scenario.properties.get("players_min", 1))
    if "teams" not in options:
        players = options.get("players", min(4, top))
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(
                'options need "teams": a list of 1 to 4 teams (a roster unit key, or a team table), '
                f'or "players": a number of players for the roster dealt in turn; not {str(players)[:40]!r}'
            )
        if not low <= players <= min(4, top):  # before dealing a team to each: a save may say 10**29
            raise OptionsError(f"{scenario.title} takes {low} to {min(4, top)} players, not {str(players)[:40]}")
        options = {**options, "teams": rotated_teams(data, players, seed)}
    teams = options.get("teams")
    if not isinstance(teams, list) or not teams:
        raise OptionsError('options need "teams": a list of 1 to 4 teams (a roster unit key, or a team table)')
    if not low <= len(teams) <= min(4, top):
        raise OptionsError(f"{scenario.title} takes {low} to {min(4, top)} players, not {len(teams)}")
    points = int(scenario.properties.get("points", data.house.points))
    rule = add_ons(data, options) if add_ons is not None else None
    out = []
    for i, spec in enumerate(teams, 1):
        dealt = isinstance(spec, str)
        if isinstance(spec, str):
            if spec not in data.units:
                raise OptionsError(
                    f"player {i}: no unit {quoted(spec)} in the roster; known: {some_of(sorted(data.units))}"
                )
            spec = default_team(data, spec, points)
        if rule is not None:
            spec, refused = rule(points, spec, dealt)
            if refused:
                raise OptionsError(f"player {i}: {refused}")
        try:
            out.append(build_team(data, spec, points))
        except TeamError as exc:
            raise OptionsError(f"player {i}: {exc}") from None
    return out


def place_vehicle(world: World) -> None:
    zones = world.scenario.zones_of("escape_vehicle")
    if zones:
        world.state.vehicle = [list(p) for p in zones[0].area.points]
    else:  # [house] a map without one: the middle of the top edge
        w = world.scenario.width
        world.state.vehicle = [[w / 2 - 4, 0.5], [w / 2 + 4, 0.5], [w / 2 + 4, 5], [w / 2 - 4, 5]]


def _free(world: World, p: Point, r: float) -> bool:
    t = world.table
    return t.on_table(p, r) and not t.overlaps_blocking(p, r) and not t.any_figure_in_circle(p, r + 0.05)


def spots_near(
    world: World,
    centre: Point,
    n: int,
    r: float,
    spacing: float,
    inside: Any = None,
    taken: Sequence[Point] = (),
    lane: float | None = None,
    wide: bool = True,
    reach: float = 0.0,
) -> list[Point]:
    """``n`` free places for bases of radius ``r`` on a grid around ``centre``, nearest first, clear of one
    another and of ``taken`` (places already given to bases not yet on the table). With ``lane``, the
    files (across x when ``wide``, else across y) stand in pairs with a lane between every two pairs
    (:func:`file_offsets`); ``reach``: no further than this along either axis (a few rings more than ``n``
    needs, without)."""
    rings = int(math.ceil(reach / spacing)) if reach else int(math.ceil(math.sqrt(n))) + 8
    steps = [k * spacing for k in range(-rings, rings + 1)]
    files = file_offsets(spacing, lane, rings) if lane is not None else steps
    cands = []
    for j, down in enumerate(steps):
        for i, across in enumerate(files):
            p = (centre[0] + across, centre[1] + down) if wide else (centre[0] + down, centre[1] + across)
            cands.append((math.dist(p, centre), j, i, p))
    cands.sort()
    out: list[Point] = []
    for _, _, _, p in cands:
        if len(out) >= n:
            break
        if inside is not None and not inside(p):
            continue
        if _free(world, p, r) and all(math.dist(p, q) >= 2 * r + 0.05 for q in (*taken, *out)):
            out.append(p)
    return out


def file_offsets(spacing: float, lane: float, pairs: int) -> list[float]:
    """Where the files of a deployed squad stand across its block, from its centre: in pairs ``spacing``
    apart, a lane ``lane`` wide (centre to centre) down the middle and between every two pairs, so every
    file has a lane beside it for its models to walk out down.

    >>> file_offsets(1.6, 2.6, 1)
    [-2.9, -1.3, 1.3, 2.9]
    """
    out = []
    for q in range(pairs):
        near = lane / 2 + q * (spacing + lane)
        out += [near, near + spacing]
    return sorted(round(x, 6) for x in (*out, *(-x for x in out)))


def _add(world: World, unit: Unit, m: Model) -> None:
    world.state.models[m.id] = m
    unit.models.append(m.id)
    world.place(m)
    world.emit(FigurePlaced(m.id, m.side, unit.id, m.position, m.facing, m.radius))


def _facing_to(p: Point, q: Point) -> float:
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360


def vehicle_centre(world: World) -> Point:
    pts = world.state.vehicle
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def deploy_squads(world: World, teams: list[Team]) -> None:
    """Each team's models in its deployment zone (see :func:`squad_spots`), facing the escape vehicle."""
    d = world.data
    zones = {
        int(z.properties.get("player", z.properties.get("side", 0)) or 0): z
        for z in world.scenario.zones_of("deploy")
    }
    goal = vehicle_centre(world)
    for n, team in enumerate(teams, 1):
        uid = f"p{n}"
        unit = Unit(
            uid, PLAYERS, SQUAD, team.entry.name, player=n, entry=team.entry.key, start_size=len(team.models)
        )
        world.state.units[uid] = unit
        world.state.players.append(n)
        radii = [base_radius(d, spec.profile) for spec in team.models]
        spots = squad_spots(world, zones.get(n), n, len(teams), len(team.models), max(radii))
        if len(spots) < len(team.models):  # never a model left out, nor one set on another
            raise CannotStart(
                f"{world.scenario.title}: player {n}'s {team.entry.name} ({len(team.models)} models on "
                f'{2 * max(radii):g}" bases) finds room for only {len(spots)} of them on the table; '
                "take fewer models"
            )
        for k, (spec, p, r) in enumerate(zip(team.models, spots, radii)):
            prof = d.profile(spec.profile)
            m = Model(
                id=f"{uid}-{k + 1}",
                side=PLAYERS,
                unit=uid,
                profile=spec.profile,
                position=p,
                facing=_facing_to(p, goal),
                radius=r,
                wounds=prof.w,
                weapons=spec.weapons,
                rules=spec.rules,
                unit_rules=spec.unit_rules,
                sergeant=spec.sergeant,
                player=n,
            )
            _add(world, unit, m)


def base_radius(d: Z40Data, profile: str) -> float:
    """A model's base radius: its profile's base, or the house base for a profile that gives none."""
    base = d.profile(profile).base
    return base / 2 if base != 1.0 else d.house.base / 2


def squad_spots(world: World, zone: Zone | None, n: int, teams: int, count: int, r: float) -> list[Point]:
    """Places for ``count`` bases of radius ``r`` of player ``n``: in files across the zone's longer side with
    lanes between them, so every model has a way out; a zone too small spills as near it as they fit, and a
    player with no zone stands along the edge opposite the vehicle [house]. Wider bases stand wider apart."""
    d = world.data
    wide = True
    if zone is not None:
        centre, inside = zone.area.centre, zone.area.contains
        x0, y0, x1, y1 = zone.area.bounds
        wide = x1 - x0 >= y1 - y0
    else:
        w, h = world.scenario.width, world.scenario.height
        centre, inside = ((n - 0.5) * w / teams, h - 4), None
    # the house spacing is for 1" bases (0.6" between two); a lane lets one base walk between two files
    spacing = max(d.house.deploy_spacing, 2 * r + 0.6)
    lane = max(d.house.deploy_lane, 4 * r + 0.6)
    spots = spots_near(world, centre, count, r, spacing, inside, lane=lane, wide=wide)
    if len(spots) < count:
        more = count - len(spots)
        spots += spots_near(world, centre, more, r, spacing, taken=spots, lane=lane, wide=wide)
    return spots


def place_boss(world: World) -> None:
    """The Zombie Boss by the escape vehicle [seed]: at the map's Boss mark (one of them, rolled, when the map
    marks several; six must divide evenly among them), else just in front of the vehicle."""
    d = world.data
    prof = d.profile("zombie_boss")
    spots = [p.position for p in world.scenario.placements_of("zombie") if p.properties.get("boss")]
    if len(spots) > 1:  # [house] a map may mark several places by the vehicle: a D6 picks one, each as likely
        face = world.d6("Zombie Boss placement")
        at: Point | None = spots[(face - 1) * len(spots) // 6]
    else:
        at = spots[0] if spots else None
    centre = at or (vehicle_centre(world)[0], max(p[1] for p in world.state.vehicle) + 2)
    spot = spots_near(world, centre, 1, prof.base / 2, 0.5)
    if not spot:  # a vehicle drawn off the table, or walled in, with no Boss mark on the table
        raise CannotStart(
            f"{world.scenario.title}: the Zombie Boss finds no room on the table by the escape vehicle "
            f'(near {centre[0]:.1f}", {centre[1]:.1f}"); draw the vehicle on the table or mark the Boss\'s place'
        )
    unit = Unit("boss", ZOMBIES, BOSS, "Zombie Boss", start_size=1)
    world.state.units["boss"] = unit
    m = Model(
        "boss",
        ZOMBIES,
        "boss",
        "zombie_boss",
        spot[0],
        90.0,
        prof.base / 2,
        prof.w,
        tuple(d.zombies["boss_weapons"]),
    )
    _add(world, unit, m)


GRID = 6  # [house] the starting hordes' cells: a D6 for the column, a D6 for the row
TRIES = 100  # rolls before the first free cell is taken (only a table with one or two free cells gets there)


def cells(width: float, height: float) -> list[Point]:
    """The middles of the 6 x 6 cells, row by row (the D6 for the column, then the row, picks one)."""
    return [((i + 0.5) * width / GRID, (j + 0.5) * height / GRID) for j in range(GRID) for i in range(GRID)]


def _outline_distance(p: Point, pts: Sequence[Point]) -> float:
    """From a point to a closed outline (0 inside it)."""
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, [*pts[1:], pts[0]]):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < (x2 - x1) * (p[1] - y1) / (y2 - y1) + x1:
            inside = not inside
    if inside:
        return 0.0
    best = math.inf
    for a, b in zip(pts, [*pts[1:], pts[0]]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
        best = min(best, math.dist(p, (a[0] + t * dx, a[1] + t * dy)))
    return best


def clearance(world: World) -> Callable[[Point], float]:
    """How far a point stands from the nearest deployment zone in play (or a team's model, for a team with no
    zone) and from the escape vehicle."""
    st = world.state
    zones = {
        int(z.properties.get("player", z.properties.get("side", 0)) or 0): z.area.points
        for z in world.scenario.zones_of("deploy")
    }
    outlines = [zones[p] for p in st.players if p in zones]
    loose = [m for m in st.models.values() if m.side == PLAYERS and m.alive and m.player not in zones and m.player]

    def away(p: Point) -> float:
        d = world.vehicle_distance(p)
        for pts in outlines:
            d = min(d, _outline_distance(p, pts))
        for m in loose:
            d = min(d, math.dist(p, m.position) - m.radius)
        return d

    return away


def _roll_cell(world: World, name: str, free: list[int], taken: set[int]) -> int:
    """A D6 for the column and a D6 for the row until they give a cell in ``free`` (one not yet ``taken``
    while any is left)."""
    open_cells = [c for c in free if c not in taken] or free
    for _ in range(TRIES):
        col = world.d6(f"{name} column")
        row = world.d6(f"{name} row")
        cell = (row - 1) * GRID + (col - 1)
        if cell in open_cells:
            return cell
    return open_cells[0]


def _in_cell(world: World, middle: Point, r: float, need: float, away: Callable[[Point], float]) -> Any:
    """Whether a zombie's base at a point stands wholly in the cell round ``middle``, ``need`` clear."""
    half_w, half_h = world.scenario.width / GRID / 2 - r, world.scenario.height / GRID / 2 - r

    def inside(p: Point) -> bool:
        return abs(p[0] - middle[0]) <= half_w and abs(p[1] - middle[1]) <= half_h and away(p) - r >= need - 1e-9

    return inside


def place_hordes(world: World) -> None:
    """``horde_squads`` hordes of ``horde_size`` a player, each round a cell the dice pick (see the module's
    docstring)."""
    d, st = world.data, world.state
    r, spacing = d.house.base / 2, d.house.horde_spacing
    need = d.house.horde_clearance
    size = d.house.horde_size
    count = d.house.horde_squads * len(st.players)
    away = clearance(world)
    middles = cells(world.scenario.width, world.scenario.height)
    rooms = [_in_cell(world, m, r, need, away) for m in middles]
    reach = max(world.scenario.width, world.scenario.height) / GRID / 2  # a cell's half
    free = [
        k
        for k, m in enumerate(middles)
        if len(spots_near(world, m, size, r, spacing, rooms[k], reach=reach)) == size
    ]

    def clear(p: Point) -> bool:  # anywhere, the clearance kept
        return away(p) - r >= need - 1e-9

    if not free:  # a table too small for the clearance: the cell middles farthest from the teams and the vehicle
        far = max(away(m) for m in middles)
        free = [k for k, m in enumerate(middles) if away(m) >= far - 1e-9]
        rooms = [None] * len(middles)
        need = -math.inf
    taken: set[int] = set()
    for k in range(1, count + 1):
        uid = f"h{k}"
        unit = Unit(uid, ZOMBIES, HORDE, f"Horde {k}", start_size=size)
        st.units[uid] = unit
        cell = _roll_cell(world, unit.name, free, taken)
        taken.add(cell)
        spots = spots_near(world, middles[cell], size, r, spacing, rooms[cell], reach=reach)
        if len(spots) < size:  # a cell shared once every free cell holds a horde: the rest beside it
            more = spots_near(world, middles[cell], size - len(spots), r, spacing, clear, taken=spots)
            spots += more
        for i, p in enumerate(spots):
            weapons = tuple(d.zombies["autogun_weapons"] if i == 0 else d.zombies["horde_weapons"])
            facing = _facing_to(p, (world.scenario.width / 2, world.scenario.height / 2))
            _add(world, unit, Model(f"{uid}-{i + 1}", ZOMBIES, uid, "zombie", p, facing, r, 1, weapons))
