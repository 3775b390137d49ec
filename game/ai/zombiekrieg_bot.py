"""A sensible Allied player for Zombiekrieg 848 (demo mode, the simulator, whole-game tests).

One command per call, for the active player, always one the rules accept (checked with the rules'
own ``move_check`` and ``shot_guts``, a preview's figures without its words, or ``preview``):
1. An NCO who may ORDER orders the soldier who gains most from +2: a soldier with a shot at a
   dangerous zombie, or (heading for an exit or objective) one of the leading soldiers about to
   move. The free ORDER is always used; an NCO spends his own action on one only while he keeps
   up with the section.
2. Soldiers fire at the most dangerous zombie they can hit (standing ones nearest a friend first,
   a knocked-down one only when nothing standing is in reach) when it is close to a friend.
3. Otherwise a soldier (the one nearest the goal first, so the front does not block the back)
   moves along a route that avoids clutter when a clear one is not much longer
   (:mod:`game.ai.routes`), sidestepping friends in the way (the sidesteps are weighed only when the
   route itself is cut, enters clutter or ends too near a zombie), never ending within 2" of a standing
   zombie; with no goal he falls back from zombies closer than 4" or turns to face one behind him.
4. Then EndTurn.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg import new_game
>>> g = new_game(tiny_scenario(), {}, seed=1)
>>> type(choose_command(g)).__name__ in ("Fire", "Order", "Move", "EndTurn")
True
"""

from __future__ import annotations

import math
from itertools import repeat

from game.ai.routes import RouteField, route_field
from game.rules.core import Command
from game.rules.zombiekrieg.commands import EndTurn, Fire, Move, Order
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.geometry import angle_to
from game.rules.zombiekrieg.guts import CRITICAL_SUCCESS, outcome_chances, success_chance
from game.rules.zombiekrieg.state import Figure
from game.table import in_front_arc, truncate_path

MIN_SHOT_VALUE = 0.12  # below this a soldier would rather move
SAFE_GAP = 2.0  # never end a move this close (edge to edge) to a standing zombie: out of its reach
THREAT_RANGE = 6.0  # heading for the goal, a soldier still shoots zombies this close to a friend
MIN_ORDER_GAIN = 0.08
LEADERS = 3  # the soldiers nearest the goal get the ORDERs for moving
KEEP_UP = 8.0  # an NCO further than this behind the leaders moves rather than spends his action on an ORDER
SIDESTEPS = (1.3, -1.3, 2.6, -2.6)


def choose_command(game: ZombiekriegGame) -> Command:
    """The next command for the active Allied player (EndTurn when nothing useful is left)."""
    if game.over:
        raise ValueError("The game is over; there is nothing to choose.")
    st = game.state
    mine = [f for f in st.section_of(st.active_player) if f.standing] if st.active_player else []
    allies = [a.position for a in st.allied() if a.on_table]
    danger = _Danger(st.figures, allies)
    field = _field(game, mine[0].radius) if mine else None
    ready = [f for f in mine if not f.acted_this_turn]
    shots = _Shots(game, ready, danger)
    # each soldier's way to the goal, measured once a command
    to_goal = {f.id: field.distance(f.position) for f in mine} if field else {}
    order = _order(game, mine, shots, to_goal if field else None)
    if order is not None:
        return order
    # the ORDERed soldier first, then the one nearest the goal, so the front does not block the back
    key = lambda f: (not f.ordered_this_turn, to_goal.get(f.id, 0.0))  # noqa: E731
    # soldiers beyond the ones needed at the goal are the rear guard: they stop to shoot
    needed = max(1, int(getattr(st, "exit_count", 0) or LEADERS)) + 1
    front = {f.id for f in sorted(mine, key=key)[:needed]} if field else set()
    for f in sorted(ready, key=key):
        value, cmd = shots.get(f.id)
        good_shot = cmd is not None and value >= MIN_SHOT_VALUE
        if good_shot and (field is None or f.id not in front or _threat(game, f) < THREAT_RANGE):
            return cmd  # type: ignore[return-value]
        move = _advance(game, f, field) if field is not None else _manoeuvre(game, f)
        if move is not None:
            return move
        if good_shot:
            return cmd  # type: ignore[return-value]
        if cmd is not None and value > 0.02:
            return cmd  # nothing better to do than a long shot
    return EndTurn()


# -- where to go ------------------------------------------------------------------------


def _goal_zones(game: ZombiekriegGame) -> tuple:
    kind = {"exit": "exit", "reach": "objective"}.get(game.state.objective)
    return game.scenario.zones_of(kind) if kind else ()


def _field(game: ZombiekriegGame, radius: float) -> RouteField | None:
    zones = _goal_zones(game)
    if not zones:
        return None
    key = (
        (game.scenario.content_hash, game.scenario.width, game.scenario.height)
        if game.scenario.content_hash
        else None
    )
    return route_field(game.table, zones, radius, key)


def _safe(game: ZombiekriegGame, f: Figure, p: tuple[float, float]) -> bool:
    return not game.table.any_figure_in_circle(p, f.radius + SAFE_GAP, where=game.world.is_standing_zombie)


def _advance(game: ZombiekriegGame, f: Figure, field: RouteField) -> Command | None:
    """Move along the route toward the goal, sidestepping friends in the way; None if no progress."""
    reach = game.data.house.move_distance
    here = field.distance(f.position)
    if math.isinf(here):
        return _manoeuvre(game, f)
    route = field.route(f.position, reach)
    if len(route) < 2:
        return None
    paths = [route[1:]]
    end, before = route[-1], route[-2]
    leg = math.dist(before, end)
    if leg > 1e-6:
        nx, ny = -(end[1] - before[1]) / leg, (end[0] - before[0]) / leg
        for s in SIDESTEPS:
            side = (end[0] + nx * s, end[1] + ny * s)
            paths.append([*route[1:-1], side])
    best: tuple[float, Command] | None = None
    clutter_move = 3.5  # 1D6" on average
    for pts in paths:
        cmd = Move(f.id, tuple((round(x, 4), round(y, 4)) for x, y in pts))
        check = game.move_check(cmd)
        if check is None or check.length < 0.5:
            continue
        stop = check.points[-1]
        if check.enters_clutter:
            stop = truncate_path(check.points, clutter_move)[-1]
        if not _safe(game, f, stop):
            continue
        score = field.distance(stop) + (1.0 if check.enters_clutter else 0.0)
        if best is None or score < best[0]:
            best = (score, cmd)
        if pts is paths[0] and check.blocked_by in ("", "move allowance") and not check.enters_clutter:
            break  # the route itself is open and safe: no need to step aside
    if best is None or best[0] > here - 0.75:
        return _manoeuvre(game, f, heading=False)
    return best[1]


def _manoeuvre(game: ZombiekriegGame, f: Figure, heading: bool = False) -> Command | None:
    """With no route to follow: fall back from a close zombie, or face one behind."""
    table, reach = game.table, game.data.house.move_distance
    near = table.nearest(f.position, where=game.world.is_standing_zombie)
    zombie = game.state.figures[near] if near else None
    if zombie is None:
        return None
    zd = game.world.edge_distance(f, zombie)
    face = angle_to(f.position, zombie.position)
    if zd < 4.0:
        away = math.atan2(f.position[1] - zombie.position[1], f.position[0] - zombie.position[0])
        for spread in (0.0, 0.6, -0.6, 1.2, -1.2):
            a = away + spread
            pts = ((f.position[0] + reach * math.cos(a), f.position[1] + reach * math.sin(a)),)
            cmd = Move(f.id, pts, face)
            p = game.preview(cmd)
            if p.legal and p.details["length"] > 0.5 and _safe(game, f, tuple(p.details["points"][-1])):
                return cmd
    weapon = game.data.weapon(f.weapon)
    if zd <= weapon.range and not in_front_arc(f.position, f.facing, zombie.position):
        cmd = Move(f.id, (), face)
        if game.preview(cmd).legal:
            return cmd
    return None


# -- whom to shoot ----------------------------------------------------------------------


def _threat(game: ZombiekriegGame, f: Figure) -> float:
    """Edge distance from ``f`` to the nearest standing zombie."""
    near = game.table.nearest(f.position, where=game.world.is_standing_zombie)
    return game.world.edge_distance(f, game.state.figures[near]) if near else math.inf


def _danger(z: Figure, allies: list[tuple[float, float]]) -> float:
    """How urgent a zombie is: close to an Allied figure means dangerous."""
    d = min(map(math.dist, repeat(z.position), allies), default=99.0)
    return 1.0 / (1.0 + max(0.0, d - 1.0) / 3.0)


class _Danger(dict[str, float]):
    """Each zombie's :func:`_danger`, worked out when first asked: the bot asks only of the zombies
    its soldiers can shoot, a few of a horde."""

    def __init__(self, figures: dict[str, Figure], allies: list[tuple[float, float]]) -> None:
        super().__init__()
        self._figures, self._allies = figures, allies

    def __missing__(self, zid: str) -> float:
        value = self[zid] = _danger(self._figures[zid], self._allies)
        return value


Shot = tuple[bool, float, int, Command]  # (target standing, its danger, modified GUTS, the Fire)


def _shot_options(game: ZombiekriegGame, f: Figure, danger: dict[str, float]) -> list[Shot]:
    """The shots ``f`` would weigh: at the two most urgent zombies it may fire at (standing ones
    first), each previewed by the rules."""
    figs = game.state.figures
    ranked = game.fire_targets(f.id, prefer=lambda t: (not figs[t].standing, -danger[t]), limit=2)
    options: list[Shot] = []
    for t in ranked:
        cmd = Fire(f.id, t)
        guts = game.shot_guts(cmd)
        if guts is not None:
            options.append((figs[t].standing, danger[t], guts, cmd))
    return options


def _best_shot(options: list[Shot], bonus: int = 0) -> tuple[float, Command | None]:
    """The most valuable of the shots (with ``bonus`` on the GUTS test: an ORDER's +2)."""
    best: tuple[float, Command | None] = (0.0, None)
    for standing, urgency, guts, cmd in options:
        mg = guts + bonus
        if standing:
            value = _crit(mg) + 0.7 * (success_chance(mg) - _crit(mg))
        else:
            value = 0.4 * _crit(mg)
        value *= urgency
        if value > best[0]:
            best = (value, cmd)
    return best


class _Shots:
    """Each ready soldier's shots, worked out when first asked: the bot usually settles on the first
    soldier it looks at, so the others' shots are never needed; an ORDER weighs the same previews."""

    def __init__(self, game: ZombiekriegGame, ready: list[Figure], danger: dict[str, float]) -> None:
        self._game, self._danger = game, danger
        self._ready = {f.id: f for f in ready}
        self._found: dict[str, list[Shot]] = {}

    def get(
        self, fid: str, default: tuple[float, Command | None] = (0.0, None), bonus: int = 0
    ) -> tuple[float, Command | None]:
        """The soldier's best shot (``default`` when he is not ready)."""
        if fid not in self._ready:
            return default
        found = self._found.get(fid)
        if found is None:
            found = self._found[fid] = _shot_options(self._game, self._ready[fid], self._danger)
        return _best_shot(found, bonus)


def _crit(mg: int) -> float:
    return outcome_chances(mg)[CRITICAL_SUCCESS]


# -- whom to ORDER ----------------------------------------------------------------------


def _order(
    game: ZombiekriegGame, mine: list[Figure], shots: _Shots, to_goal: dict[str, float] | None
) -> Command | None:
    """The ORDER worth most to the section, if any is worth giving (``to_goal``: each soldier's way to
    the goal, None with no goal)."""
    st = game.state
    bonus = game.data.house.order_bonus
    leaders: list[str] = []
    if to_goal is not None:
        ranked = sorted((f for f in mine if not f.is_nco), key=lambda f: to_goal[f.id])
        leaders = [f.id for f in ranked[:LEADERS]]
    for nco in (f for f in mine if f.is_nco):
        targets = game.order_targets(nco.id)
        if not targets:
            continue
        free = st.free_order_for == nco.id
        gains: list[tuple[float, str]] = []
        for tid in targets:
            t = st.figures[tid]
            shot_now = shots.get(tid, (0.0, None))[0]
            shot_gain = shots.get(tid, bonus=bonus)[0] - shot_now if shot_now >= MIN_SHOT_VALUE * 0.5 else 0.0
            move_gain = 0.0
            if (
                to_goal is not None
                and tid in leaders
                and (_threat(game, t) >= THREAT_RANGE or shot_now < MIN_SHOT_VALUE)
            ):
                mg = t.guts + sum(v for _, v in game.world.modifiers(t, "move"))
                move_gain = (success_chance(mg + bonus) - success_chance(mg)) * (1.0 if tid == leaders[0] else 0.8)
            gains.append((max(shot_gain + (0.1 if shot_now >= MIN_SHOT_VALUE else 0.0), move_gain), tid))
        if not gains:
            continue
        gain, tid = max(gains)
        if gain < MIN_ORDER_GAIN:
            continue
        if not free:
            if nco.acted_this_turn:
                continue
            # an NCO far behind the leaders walks on rather than spending his action
            if (
                to_goal is not None
                and leaders
                and to_goal[nco.id] - to_goal[leaders[-1]] > KEEP_UP
                and shots.get(tid, (0.0, None))[0] < MIN_SHOT_VALUE
            ):
                continue
        cmd = Order(nco.id, tid)
        if game.preview(cmd).legal:
            return cmd
    return None
