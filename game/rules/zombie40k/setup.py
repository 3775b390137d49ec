"""Setting up a game (rules: Zombie 40,000: Set-up [seed, values house]): the teams from the options, the
escape vehicle, the squads in their deployment zones, the Zombie Boss by the vehicle, and one horde more than
there are players, ten zombies each (one with an autogun), on the table edges.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.rules.core import CannotStart
from game.rules.zombie40k.data import Z40Data
from game.rules.zombie40k.events import FigurePlaced
from game.rules.zombie40k.state import BOSS, HORDE, PLAYERS, SQUAD, ZOMBIES, Model, Unit
from game.rules.zombie40k.team_builder import Team, TeamError, build_team, default_team
from game.rules.zombie40k.world import World
from game.scenario.model import Point, Scenario


class OptionsError(CannotStart):
    """The new-game options are not a game; the message says why."""


def rotated_teams(data: Z40Data, players: int, seed: int) -> list[str]:
    """The teams of a game set up without a team builder (the simulator's default): seat ``k`` (0-based)
    plays the roster's unit ``(seed + k) mod len(roster)`` at its default build, so over consecutive seeds
    every seat plays every army equally often and no seat always meets the same rival."""
    units = data.shipped_units()
    return [units[(seed + k) % len(units)] for k in range(players)]


TeamRules = Callable[[Z40Data, dict[str, Any]], Callable[[int, Any, bool], tuple[Any, str]]]


def check_options(
    data: Z40Data, scenario: Scenario, options: dict[str, Any], seed: int = 0, add_ons: TeamRules | None = None
) -> list[Team]:
    """The teams, one per player: ``{"teams": [team, ...]}`` where a team is a builder table or a unit key.
    Without ``teams``, ``{"players": N}`` (default: as many as the map takes) deals :func:`rotated_teams`.
    ``add_ons`` (:func:`.plugins.team_rules`) gives the add-ons' rule for each team once they are counted:
    the mods' (Killing Floor: no upgrades bought; Hardcore Mode: no Universal Special Rule)."""
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
    points = int(scenario.properties.get("points", data.h("points")))
    rule = add_ons(data, options) if add_ons is not None else None
    out = []
    for i, spec in enumerate(teams, 1):
        dealt = isinstance(spec, str)
        if isinstance(spec, str):
            if spec not in data.units:
                raise OptionsError(
                    f"player {i}: no unit {spec!r} in the roster; known: {', '.join(sorted(data.units))}"
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
) -> list[Point]:
    """``n`` free places for bases of radius ``r`` on a grid around ``centre``, nearest first, clear of one
    another and of ``taken`` (places already given to bases not yet on the table). With ``lane``, the
    files (across x when ``wide``, else across y) stand in pairs with a lane between every two pairs
    (:func:`file_offsets`)."""
    rings = int(math.ceil(math.sqrt(n))) + 8
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
    world.table.place(m.id, m.position, m.radius)
    world.emit(FigurePlaced(m.id, m.side, unit.id, m.position, m.facing, m.radius))


def _facing_to(p: Point, q: Point) -> float:
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360


def vehicle_centre(world: World) -> Point:
    pts = world.state.vehicle
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def deploy_squads(world: World, teams: list[Team]) -> None:
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
        zone = zones.get(n)
        wide = True
        if zone is not None:
            centre, inside = zone.area.centre, zone.area.contains
            x0, y0, x1, y1 = zone.area.bounds
            wide = x1 - x0 >= y1 - y0
        else:  # [house] no zone for this player: along the edge opposite the vehicle, spread out
            w, h = world.scenario.width, world.scenario.height
            centre, inside = ((n - 0.5) * w / len(teams), h - 4), None
        base = float(d.h("base")) / 2
        # files across the zone's longer side with lanes between them, so every model has a way out
        spacing, lane = float(d.h("deploy_spacing")), float(d.h("deploy_lane"))
        spots = spots_near(world, centre, len(team.models), base, spacing, inside, lane=lane, wide=wide)
        if len(spots) < len(team.models):
            # a zone too small for the squad: the rest as near it as they fit, never on one another
            more = len(team.models) - len(spots)
            spots += spots_near(world, centre, more, base, spacing, taken=spots, lane=lane, wide=wide)
        for k, (spec, p) in enumerate(zip(team.models, spots)):
            prof = d.profile(spec.profile)
            m = Model(
                id=f"{uid}-{k + 1}",
                side=PLAYERS,
                unit=uid,
                profile=spec.profile,
                position=p,
                facing=_facing_to(p, goal),
                radius=prof.base / 2 if prof.base != 1.0 else base,
                wounds=prof.w,
                weapons=spec.weapons,
                rules=spec.rules,
                unit_rules=spec.unit_rules,
                sergeant=spec.sergeant,
                player=n,
            )
            _add(world, unit, m)


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


def place_hordes(world: World) -> None:
    """Players + 1 hordes of ten [house], from the spawn edges: every edge once before any twice; with
    fewer hordes than edges, the dice pick which edges."""
    d = world.data
    zones = sorted(world.scenario.zones_of("spawn"), key=lambda z: z.id)
    count = len(world.state.players) + int(d.h("hordes_extra"))
    picks: list[int] = []
    if len(zones) <= count:
        picks = [k % len(zones) for k in range(count)] if zones else []
    else:
        left = list(range(len(zones)))
        while len(picks) < count:
            face = world.d6("horde edge")
            if face <= len(left):
                picks.append(left.pop(face - 1))
            elif len(left) > 6:
                picks.append(left.pop((face - 1) % len(left)))
    size = int(d.h("horde_size"))
    r = float(d.h("base")) / 2
    for k in range(count):
        uid = f"h{k + 1}"
        unit = Unit(uid, ZOMBIES, HORDE, f"Horde {k + 1}", start_size=size)
        world.state.units[uid] = unit
        if picks:
            z = zones[picks[k]]
            centre, inside = z.area.centre, None
        else:
            centre, inside = (world.scenario.width / 2, world.scenario.height / 2), None
        for i, p in enumerate(spots_near(world, centre, size, r, float(d.h("horde_spacing")), inside)):
            weapons = tuple(d.zombies["autogun_weapons"] if i == 0 else d.zombies["horde_weapons"])
            m = Model(
                f"{uid}-{i + 1}",
                ZOMBIES,
                uid,
                "zombie",
                p,
                _facing_to(p, (world.scenario.width / 2, world.scenario.height / 2)),
                r,
                1,
                weapons,
            )
            _add(world, unit, m)
