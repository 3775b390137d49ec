"""A sensible Allied player for Zombiekrieg 848 (demo mode, the simulator, whole-game tests).

One command per call, for the active player, always one the rules accept (checked with the rules'
own ``preview``):
1. An NCO who may ORDER orders the soldier with the best shot (his free ORDER first).
2. Soldiers fire at the most dangerous zombie they can hit: standing ones nearest a friend first,
   a knocked-down one only when nothing standing is in reach.
3. With no good shot a soldier heads for the exit or objective zone, or falls back from zombies
   closer than 4", never ending within 2" of a standing zombie; a soldier with a zombie behind him
   turns to face it.
4. Then EndTurn.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg import new_game
>>> g = new_game(tiny_scenario(), {}, seed=1)
>>> type(choose_command(g)).__name__ in ("Fire", "Order", "Move", "EndTurn")
True
"""
from __future__ import annotations

import math
from typing import Any

from game.rules.core import Command
from game.rules.zombiekrieg.commands import EndTurn, Fire, Move, Order
from game.rules.zombiekrieg.geometry import angle_to
from game.rules.zombiekrieg.state import Figure

MIN_SHOT_VALUE = 0.12  # below this a soldier would rather move
SAFE_GAP = 2.0
THREAT_RANGE = 6.0  # heading for an objective, a soldier still shoots zombies this close  # never end a move this close (edge to edge) to a standing zombie


def choose_command(game: Any) -> Command:
    """The next command for the active Allied player (EndTurn when nothing useful is left)."""
    if game.over:
        raise ValueError("The game is over; there is nothing to choose.")
    st = game.state
    mine = [f for f in st.section_of(st.active_player) if f.standing] if st.active_player else []
    allies = [a.position for a in st.allied() if a.on_table]
    danger = {z.id: _danger(z, allies) for z in st.zombies() if z.on_table}
    ncos = [f for f in mine if f.is_nco and game.order_targets(f.id)]
    if ncos:
        shots = {f.id: _best_shot(game, f, danger) for f in mine if not f.acted_this_turn}
        order = _order(game, ncos, shots)
        if order:
            return order
    # the ORDERed soldier first, then the rest in section order
    heading = _goal(game) is not None
    for f in sorted((f for f in mine if not f.acted_this_turn), key=lambda f: not f.ordered_this_turn):
        value, cmd = _best_shot(game, f, danger)
        good_shot = cmd is not None and value >= MIN_SHOT_VALUE
        # with somewhere to go, a soldier only stops to shoot at a zombie that is getting close
        if good_shot and (not heading or _threat(game, f) < THREAT_RANGE):
            return cmd  # type: ignore[return-value]
        move = _manoeuvre(game, f)
        if move is not None:
            return move
        if good_shot:
            return cmd  # type: ignore[return-value]
    return EndTurn()


def _threat(game: Any, f: Figure) -> float:
    """Edge distance to the nearest standing zombie."""
    near = game.table.nearest(f.position, where=game.world.is_standing_zombie)
    return game.world.edge_distance(f, game.state.figures[near]) if near else math.inf


def _danger(z: Figure, allies: list[tuple[float, float]]) -> float:
    """How urgent a zombie is: close to an Allied figure means dangerous."""
    d = min((math.dist(z.position, a) for a in allies), default=99.0)
    return 1.0 / (1.0 + max(0.0, d - 1.0) / 3.0)


def _best_shot(game: Any, f: Figure, danger: dict[str, float]) -> tuple[float, Command | None]:
    targets = game.fire_targets(f.id)
    if not targets:
        return 0.0, None
    figs = game.state.figures
    ranked = sorted(targets, key=lambda t: (not figs[t].standing, -danger[t]))[:2]
    best: tuple[float, Command | None] = (0.0, None)
    for t in ranked:
        cmd = Fire(f.id, t)
        p = game.preview(cmd)
        if not p.legal:
            continue
        ch = p.chances
        if figs[t].standing:
            value = ch["critical_success"] + 0.7 * ch["success"]
        else:
            value = 0.4 * ch["critical_success"]
        value *= danger[t]
        if value > best[0]:
            best = (value, cmd)
    return best


def _order(game: Any, mine: list[Figure], shots: dict[str, tuple[float, Command | None]]) -> Command | None:
    for nco in mine:
        if not nco.is_nco:
            continue
        targets = game.order_targets(nco.id)
        if not targets:
            continue
        free = game.state.free_order_for == nco.id
        own = shots.get(nco.id, (0.0, None))[0]
        best = max(targets, key=lambda t: shots.get(t, (0.0, None))[0])
        gain = shots.get(best, (0.0, None))[0]
        if gain >= MIN_SHOT_VALUE and (free or nco.acted_this_turn is False and gain * 0.5 >= own * 0.5 - 0.05):
            cmd = Order(nco.id, best)
            if game.preview(cmd).legal:
                return cmd
    return None


def _goal(game: Any) -> tuple[float, float] | None:
    kind = {"exit": "exit", "reach": "objective"}.get(game.state.objective)
    if not kind:
        return None
    zones = game.scenario.zones_of(kind)
    return zones[0].area.centre if zones else None


def _safe(game: Any, f: Figure, p: tuple[float, float]) -> bool:
    return not game.table.figures_in_circle(p, f.radius + SAFE_GAP, where=game.world.is_standing_zombie)


def _manoeuvre(game: Any, f: Figure) -> Command | None:
    table, reach = game.table, float(game.data.house("move_distance"))
    near = table.nearest(f.position, where=game.world.is_standing_zombie)
    zombie = game.state.figures[near] if near else None
    zd = game.world.edge_distance(f, zombie) if zombie else math.inf
    goal = _goal(game)
    face = angle_to(f.position, zombie.position) if zombie else None
    candidates: list[list[tuple[float, float]]] = []
    if goal is not None:
        path = table.find_path(f.position, goal, f.radius, max_length=reach)
        if path and len(path) >= 2:
            candidates.append([tuple(p) for p in path[1:]])
            face = None
    if zombie is not None and zd < 4.0:
        away = math.atan2(f.position[1] - zombie.position[1], f.position[0] - zombie.position[0])
        for spread in (0.0, 0.6, -0.6, 1.2, -1.2):
            a = away + spread
            candidates.append([(f.position[0] + reach * math.cos(a), f.position[1] + reach * math.sin(a))])
    for pts in candidates:
        cmd = Move(f.id, tuple(pts), None if goal is not None else face)
        p = game.preview(cmd)
        if p.legal and p.details["length"] > 0.5 and _safe(game, f, tuple(p.details["points"][-1])):
            return cmd
    if zombie is not None and face is not None:
        weapon = game.data.weapon(f.weapon)
        from game.table import in_front_arc
        if zd <= weapon.range and not in_front_arc(f.position, f.facing, zombie.position):
            cmd = Move(f.id, (), face)
            if game.preview(cmd).legal:
                return cmd
    return None
