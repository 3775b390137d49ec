"""What ``deadground check`` warns about a Zombie 40,000 map: deployment zones the rules' distances do not
allow (rules: Zombie 40,000, Set-up [house numbers]): each player's zone within ``deploy_edge`` of the edge
opposite the escape vehicle, and no two players' zones closer than ``deploy_apart``; an escape vehicle away
from the table's edge ("in the middle of the far edge") and a Boss mark away from the vehicle ("the Zombie
Boss stands by the escape vehicle"), each past :data:`VEHICLE_EDGE` and :data:`BOSS_NEAR`. The map still plays.

>>> from game.rules.zombie40k.testing import small_scenario
>>> scenario_warnings(small_scenario())
[]
"""

from __future__ import annotations

from game.rules.zombie40k.data import load_data
from game.scenario.model import Point, Scenario, Zone
from game.scenario.problems import WARNING, Problem
from game.scenario.zones import gap, point_gap

# check's advice, not a rule: how far from its nearest table edge the vehicle may stand, and a Boss mark from
# the vehicle, before a map reads as not the race the rules describe (the shipped maps: 0.5" and under 3")
VEHICLE_EDGE = 6.0
BOSS_NEAR = 6.0


def _far_edge(scenario: Scenario) -> tuple[str, float]:
    """The table edge opposite the escape vehicle, as (axis, its coordinate); a map without a vehicle has it
    in the middle of the top edge [house], so the far edge is the bottom."""
    vehicles = scenario.zones_of("escape_vehicle")
    w, h = scenario.width, scenario.height
    if not vehicles:
        return "y", h
    x, y = vehicles[0].area.centre
    nearest = min((y, "top"), (h - y, "bottom"), (x, "left"), (w - x, "right"))[1]
    return {"top": ("y", h), "bottom": ("y", 0.0), "left": ("x", w), "right": ("x", 0.0)}[nearest]


def _reach(zone: Zone, edge: tuple[str, float]) -> float:
    """How far the zone reaches from that edge: its furthest corner's distance."""
    axis, at = edge
    k = 0 if axis == "x" else 1
    return max(abs(p[k] - at) for p in zone.area.points)


def _player(zone: Zone) -> int:
    try:
        return int(zone.properties.get("player") or 0)
    except (TypeError, ValueError):
        return 0


def _at(zone: Zone) -> Point:
    x0, y0, _, _ = zone.area.bounds
    return (x0, y0)


def _warn(zone: Zone, message: str, fix: str) -> Problem:
    return Problem(zone.id, zone.name, message, fix, WARNING, at=_at(zone))


def vehicle_warnings(scenario: Scenario) -> list[Problem]:
    """A warning when the escape vehicle stands away from every table edge, and one per Boss mark away from
    the vehicle (a designer's trial put both in mid-table and check was silent)."""
    vehicles = scenario.zones_of("escape_vehicle")
    if not vehicles:
        return []
    vehicle = vehicles[0]
    x0, y0, x1, y1 = vehicle.area.bounds
    edge = min(x0, y0, scenario.width - x1, scenario.height - y1)
    out = []
    if edge > VEHICLE_EDGE:
        out.append(
            _warn(
                vehicle,
                f'the escape vehicle stands {edge:.3g}" from the nearest table edge; Zombie 40,000 races to a '
                "vehicle in the middle of the far edge, and the deploy zones are measured from the edge opposite it",
                f'move it within {VEHICLE_EDGE:g}" of an edge, in the middle of it',
            )
        )
    for mark in scenario.placements_of("zombie"):
        far = point_gap(mark.position, vehicle.area)
        if mark.properties.get("boss") and far > BOSS_NEAR:
            out.append(
                Problem(
                    mark.id,
                    mark.name,
                    f'the Zombie Boss mark is {far:.3g}" from the escape vehicle; the Boss stands by the vehicle',
                    f'move it within {BOSS_NEAR:g}" of the vehicle (or delete it: the Boss then stands just in front)',
                    WARNING,
                    at=mark.position,
                )
            )
    return out


def scenario_warnings(scenario: Scenario) -> list[Problem]:
    """One warning per deploy zone too far from the far edge, per pair of players' zones too close, and for
    a vehicle or Boss mark out of its place (:func:`vehicle_warnings`)."""
    h = load_data().house
    edge_reach, apart = h.deploy_edge, h.deploy_apart
    edge = _far_edge(scenario)
    zones = [
        z for z in scenario.zones_of("deploy") if _player(z) or str(z.properties.get("side", "")) != "zombies"
    ]
    out = []
    for zone in zones:
        reach = _reach(zone, edge)
        if reach > edge_reach + 1e-6:
            out.append(
                _warn(
                    zone,
                    f'the deploy zone reaches {reach:.3g}" from the table edge opposite the escape vehicle; Zombie '
                    f'40,000 deploys within {edge_reach:g}" of that edge',
                    f'keep the zone within {edge_reach:g}" of the far edge (resize or move it)',
                )
            )
    players = [z for z in zones if _player(z)]
    for i, one in enumerate(players):
        for other in players[i + 1 :]:
            distance = gap(one.area, other.area)
            if _player(one) != _player(other) and distance < apart - 1e-6:
                out.append(
                    _warn(
                        other,
                        f"the deploy zones of player {_player(one)} (object {one.id}) and player {_player(other)} "
                        f'are {distance:.3g}" apart; Zombie 40,000 deploys players no closer than {apart:g}"',
                        f'move them at least {apart:g}" apart along the far edge',
                    )
                )
    return out + vehicle_warnings(scenario)
