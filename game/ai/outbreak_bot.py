"""A sensible player for Zombie Rules (Outbreak) (demo mode, the simulator, whole-game tests).

One command per call, for the active player, always one the rules accept (checked with the rules'
own ``preview``). For each of his characters who may still act, nearest the goal first:
1. a jammed gun is cleared unless a zombie is close and he can still run;
2. he shoots the closest zombie he can hit when it is a threat (within ``THREAT`` inches), and keeps
   shooting while his gun has thirds left;
3. otherwise he moves: toward the exit (``escape``), to the bystanders and then out with them in tow
   (``rescue``), to the nearest open generation point (``clear``), or simply away (``survive``),
   choosing among a fan of 6" moves the one that best trades progress against ending near zombies;
4. with nowhere better to go, one who has not spotted the zombies looks for them (Spot) when one is
   in sight within 16"; then EndStep. NPCs and zombies are driven by the rules.

>>> from game.rules.outbreak.testing import tiny_scenario
>>> from game.rules.outbreak import new_game
>>> g = new_game(tiny_scenario(zombies=[(12, 4)], npcs=[("Bob", 12, 6)]), {}, seed=1)
>>> type(choose_command(g)).__name__ in ("Fire", "Move", "Spot", "ClearJam", "EndStep")
True
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.core import Command
from game.rules.outbreak.commands import ClearJam, EndStep, Fire, Move, Spot
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.state import Figure, Step
from game.table import truncate_path

THREAT = 9.0  # a zombie this close (edge to edge) is worth a shot rather than a step toward the goal
SAFE = 9.0  # ending a move closer than this to a zombie counts against it
STEP = 6.0
LOOK = 16.0  # no zombie farther than this counts: the danger is SAFE from a STEP away, spotting ends at 16"
FAN = (0, 25, -25, 50, -50, 80, -80, 120, -120, 180)
_FIELDS: dict[tuple[Any, ...], Any] = {}


def choose_command(game: OutbreakGame) -> Command:
    """The next command for the active player (EndStep when nothing useful is left)."""
    if game.over:
        raise ValueError("The game is over; there is nothing to choose.")
    st = game.state
    if st.active_player is None:
        return EndStep()
    mine = [f for f in st.pcs_of(st.active_player) if game.actions_for(f.id)]
    mine.sort(key=lambda f: (_goal_distance(game, f), f.id))
    for f in mine:
        cmd = _choose_for(game, f)
        if cmd is not None and game.preview(cmd).legal:
            return cmd
    return EndStep()


def _zombies(game: OutbreakGame, f: Figure) -> list[tuple[float, Figure]]:
    """(edge distance, zombie) for the zombies within ``LOOK`` of ``f``, nearest first; with none
    that close, the nearest one alone (all the bot weighs: a threat, the danger of a 6" move, one
    to spot). A spatial query, not a sort of the whole horde."""
    w = game.world
    near = w.within(f, LOOK, zombies=True)
    if not near:
        zid = game.table.nearest(f.position, where=w.is_zombie)
        near = [] if zid is None else [w.fig(zid)]
    return [(w.edge_distance(f, z), z) for z in near]


def _choose_for(game: OutbreakGame, f: Figure) -> Command | None:
    acts = game.actions_for(f.id)
    zs = _zombies(game, f)
    nearest = zs[0][0] if zs else math.inf
    if "clear" in acts and (nearest > 4.0 or "move" not in acts):
        return ClearJam(f.id)
    targets = game.fire_targets(f.id) if "fire" in acts else []
    if targets:
        d = game.world.edge_distance(f, game.figure(targets[0]))
        if f.acted == "fire" or d <= THREAT or game.state.objective in ("survive", "clear"):
            return Fire(f.id, targets[0])
    if "move" in acts:
        m = _move(game, f, zs)
        if m is not None:
            return m
    if targets:
        return Fire(f.id, targets[0])
    if "spot" in acts and _worth_spotting(game, f, zs):
        return Spot(f.id)
    return None


def _worth_spotting(game: OutbreakGame, f: Figure, zs: list[tuple[float, Figure]]) -> bool:
    """Spot (rather than move) when a zombie in sight is close enough to be spotted on 3+ and to
    matter: an unaware character cannot shoot."""
    w = game.world
    for d, z in zs:
        if d > 16.0:
            return False
        if w.sight(f, z).state != "blocked":
            return bool(f.ranged) or d <= 8.0
    return False


# -- where to go ---------------------------------------------------------------------------------


def _field(game: OutbreakGame, goals: tuple[tuple[float, float], ...], radius: float) -> Any:
    key = (game.scenario.content_hash or id(game.table), goals, radius)
    field = _FIELDS.get(key)
    if field is None:
        if len(_FIELDS) > 32:
            _FIELDS.clear()
        field = _FIELDS[key] = game.table.distance_field(list(goals), radius)
    return field


def _zone_goals(zones: Any) -> tuple[tuple[float, float], ...]:
    out = []
    for z in zones:
        x0, y0, x1, y1 = z.area.bounds
        out.append(z.area.centre)
        out.extend(((x0 + x1) / 2, y) for y in (y0 + 0.6, y1 - 0.6))
        out.extend((x, (y0 + y1) / 2) for x in (x0 + 0.6, x1 - 0.6))
    return tuple((round(x, 3), round(y, 3)) for x, y in out if any(z.area.contains((x, y)) for z in zones))


def _goal(
    game: OutbreakGame, f: Figure, with_followers: bool = True
) -> tuple[tuple[tuple[float, float], ...], tuple[str, ...]]:
    """Goal points for ``f`` and the bystanders to bring along."""
    st, w = game.state, game.world
    if st.objective == "escape":
        return _zone_goals(w.exit_zones()), ()
    if st.objective == "rescue":
        npc = _escorted(game).get(f.id)
        if npc is None:
            return _zone_goals(w.exit_zones()), ()
        reach = w.num("spotting", "human_follow") - 0.5
        if w.edge_distance(f, npc) <= reach:
            if not with_followers:
                return _zone_goals(w.exit_zones()), ()
            followers = tuple(n for n in game.follower_candidates(f.id) if st.figures[n].side == "bystanders")
            if npc.id not in followers:
                return (), ("wait",)  # he cannot follow this move (tired, frozen in a fight): stay by him
            return _zone_goals(w.exit_zones()), followers
        return ((round(npc.position[0], 1), round(npc.position[1], 1)),), ()
    if st.objective == "clear":
        open_points = [s for s in st.spawns if not s.sealed]
        if open_points:
            return tuple(w.spawn_zone(s.id).area.centre for s in open_points), ()
        zs = [z for z in st.zombies() if z.on_table]
        if zs:
            z = min(zs, key=lambda z: w.edge_distance(f, z))
            return ((round(z.position[0], 1), round(z.position[1], 1)),), ()
    return (), ()


def _escorted(game: OutbreakGame) -> dict[str, Figure]:
    """Each character's bystander to bring out: the nearest one not already someone else's."""
    st, w = game.state, game.world
    free = [n for n in st.npcs() if n.on_table]
    out: dict[str, Figure] = {}
    for pc in sorted((p for p in st.pcs() if p.on_table), key=lambda p: p.id):
        if not free:
            break
        n = min(free, key=lambda n: (w.edge_distance(pc, n), n.id))
        out[pc.id] = n
        free.remove(n)
    return out


def _goal_distance(game: OutbreakGame, f: Figure) -> float:
    goals, _ = _goal(game, f, with_followers=False)
    if not goals:
        return 0.0
    return float(_field(game, goals, f.radius).distance(f.position))


def _danger(game: OutbreakGame, p: tuple[float, float], zs: list[tuple[float, Figure]], r: float) -> float:
    total = 0.0
    for _, z in zs:
        d = math.dist(p, z.position) - r - z.radius
        if d < SAFE:
            weight = 1.0 if z.aware else 0.5
            total += weight * (SAFE - d) ** 2
    return total


def _move(game: OutbreakGame, f: Figure, zs: list[tuple[float, Figure]]) -> Command | None:
    goals, followers = _goal(game, f)
    if followers == ("wait",):
        return None
    table = game.table
    field = _field(game, goals, f.radius) if goals else None
    here = field.distance(f.position) if field else 0.0
    if field is not None and math.isinf(here):
        field = None
    base_dir: float
    if field is not None:
        step = field.step(f.position, STEP)
        end = step[-1]
        base_dir = math.degrees(math.atan2(end[1] - f.position[1], end[0] - f.position[0]))
    elif zs:
        z = zs[0][1]
        base_dir = math.degrees(math.atan2(f.position[1] - z.position[1], f.position[0] - z.position[0]))
    else:
        return None
    best: tuple[float, tuple[tuple[float, float], ...]] | None = None
    stay = -_danger(game, f.position, zs, f.radius)
    for k, turn in enumerate(FAN):
        if field is not None and k == 0:
            path = [tuple(p) for p in step]
        else:
            a = math.radians(base_dir + turn)
            path = [f.position, (f.position[0] + STEP * math.cos(a), f.position[1] + STEP * math.sin(a))]
        check = table.check_path(path, f.radius, mover=f.id, max_length=STEP)
        if check.length < 0.3:
            continue
        end = check.end
        progress = (here - field.distance(end)) if field is not None else 0.0
        if math.isinf(progress):
            continue
        score = 2.0 * progress - _danger(game, end, zs, f.radius)
        if best is None or score > best[0]:
            best = (score, tuple(check.points[1:]))
    if followers and game.world.in_exit(f):
        return _shuffle_in_exit(game, f, followers)
    if best is None or best[0] <= stay + 0.5:
        return None
    points = tuple((round(x, 4), round(y, 4)) for x, y in truncate_path([f.position, *best[1]], STEP)[1:])
    cmd = Move(f.id, points, followers=followers if game.state.step == Step.HUMANS else ())  # type: ignore[arg-type]
    if followers and not game.preview(cmd).legal:
        cmd = Move(f.id, points)  # type: ignore[arg-type]
    return cmd


def _shuffle_in_exit(game: OutbreakGame, f: Figure, followers: tuple[str, ...]) -> Command | None:
    """At the exit with bystanders in tow: a short run inside the zone so they follow him in."""
    zone = next(z for z in game.world.exit_zones() if z.area.contains(f.position))
    cx, cy = zone.area.centre
    for k in range(12):
        a = math.atan2(cy - f.position[1], cx - f.position[0]) + math.radians(30 * k)
        end = (round(f.position[0] + 1.0 * math.cos(a), 4), round(f.position[1] + 1.0 * math.sin(a), 4))
        if not zone.area.contains(end):
            continue
        cmd = Move(f.id, (end,), followers=followers)
        if game.preview(cmd).legal:
            return cmd
    return None
