"""The screen's squad move: where each model of the squad goes when the player points the selected model at a
spot (the others keep their places round him, each routed round walls and buildings, and round a base in his
way that will not move), as one :class:`~.commands.MoveSquad` of their own Moves. The rules check each Move
(:mod:`.squad_move`); nothing here decides a rule.

The formation itself is the kit's (:mod:`game.rules.kit.group_move`): the front models go first, so the squad
does not walk into its own backs. A squad that keeping its places would leave strung out or out of coherency
closes up round the spot instead (:mod:`.close_up`), when the rules' preview says that leaves it better.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import replace

from game.rules.kit import group_move
from game.rules.routing import Point, Routes
from game.rules.zombie40k import close_up, coherency, movement
from game.rules.zombie40k.commands import MoveSquad
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.state import Model


def still_to_move(game: Zombie40kGame, fid: str, run: bool = False) -> list[Model]:
    """The living models of ``fid``'s squad who have not moved this phase (with ``run``: not run this turn),
    him among them."""
    unit = game.state.units[game.figure(fid).unit]
    return [m for m in game.world.alive(unit) if not (m.ran if run else m.moved)]


def _route(
    game: Zombie40kGame, m: Model, goal: Point, limit: float, squad: set[str], routes: Callable[[str], Routes]
) -> tuple[Point, ...]:
    """Model ``m``'s way toward ``goal``: round walls and buildings; round a base in his way that is not of his
    squad (his squad-mates move out of it first); cut at ``limit`` and clear of the enemy's 1"."""
    way = group_move.routed(game.table, m, goal, limit, squad, routes(m.id), group_move.REACH, len(game.log))
    way, _ = movement.clear_of_enemies(game.world, m.id, way)
    return tuple(way[1:])


def squad_command(
    game: Zombie40kGame,
    fid: str,
    point: Point,
    limit: float,
    routes: Callable[[str], Routes],
    run: bool = False,
) -> MoveSquad | None:
    """The squad move (with ``run``, the squad run) that takes ``fid`` toward ``point`` and each squad-mate
    still to move (run) the same way, or None when none is left to move; closed up round the spot instead when
    the squad would end strung out or out of coherency and closing up leaves it better."""
    kept = _kept(game, fid, point, limit, routes, run)
    if kept is None or game.figure(fid) not in still_to_move(game, fid, run):
        return kept
    best, shape, places = kept, _shape(game, fid, kept), None
    for cmd, at in _closings(game, fid, point, limit, routes, run):
        if shape is None or shape[1:4] == (False, 0, 0) and not shape[5]:
            break  # no one left behind or trailing, in coherency and close: as it moves
        got = _shape(game, fid, cmd, at)
        if got is not None and not got[0] and got[1:] < shape[1:]:  # (he goes where he was pointed)
            best, shape, places = cmd, got, at
    _PLACES.clear()  # (the latest proposal's only: the one the screen shows)
    if places is not None:
        _PLACES[best] = places
    return best


def _kept(
    game: Zombie40kGame, fid: str, point: Point, limit: float, routes: Callable[[str], Routes], run: bool
) -> MoveSquad | None:
    """The squad move keeping each model's place round ``fid``, or in file behind him through a gap."""
    lead = game.figure(fid)
    models = still_to_move(game, fid, run)
    if not models:
        return None
    squad = {m.id for m in game.world.alive(game.state.units[lead.unit])}
    moves = group_move.formation(
        models, lead.position, point, lambda m, goal: _route(game, m, goal, limit, squad, routes)
    )
    cmd = _mended(game, MoveSquad(lead.unit, moves, run), limit, routes)
    if lead not in models:
        return cmd
    followed = group_move.follow_the_leader(  # a gap the formation is too wide for: in file behind him
        cmd.moves,
        lead,
        lambda moves: game.preview(replace(cmd, moves=moves)),
        game.figure,
        lambda f, goal: _route(game, game.figure(f), goal, limit, squad, routes),
        lambda ends: _spread(game, lead, ends),
    )
    return cmd if followed == cmd.moves else _mended(game, replace(cmd, moves=followed), limit, routes)


_PLACES: dict[MoveSquad, dict[str, Point]] = {}  # the closed-up squad move proposed last, and each one's place


def places_of(cmd: MoveSquad) -> dict[str, Point] | None:
    """Where each model of a closed-up squad move this screen proposed was sent (as far toward his place in the
    cluster as his move takes him: the screen marks one the rules stop short of it); None for a move keeping
    the squad's places, whose models are short when short of their places in the formation."""
    return _PLACES.get(cmd)


def _shape(
    game: Zombie40kGame, fid: str, cmd: MoveSquad, places: dict[str, Point] | None = None
) -> tuple[bool, bool, int, int, float, bool, float] | None:
    """How a squad move would leave the squad, by the rules' preview: the one pointed stopped short of his place
    (of ``places``, where a closing squad move sent each; else where his own way ends) by his squad-mates or
    not; then, the better the less, out of coherency or not, how many stay, how many trail the squad short of
    their places (:func:`.close_up.stragglers`: a move in coherency that leaves its back models trailing strings
    it out the next), by how much it is out of coherency, strung out or not and how far out it stands
    (:func:`.close_up.spread`). None when the move is refused."""
    p = game.preview(cmd)
    if not p.legal:
        return None
    steps = p.details["steps"]
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps}
    models = game.world.alive(game.state.units[game.figure(fid).unit])
    out = coherency.stretch(models, coherency.gap_of(game.world), ends)
    far = close_up.spread([ends.get(m.id, m.position) for m in models], max(m.radius for m in models))
    held = sum(1 for st in steps if st["reason"])
    way = dict(cmd.moves).get(fid) or (game.figure(fid).position,)
    short = math.dist(ends.get(fid, way[-1]), (places or {}).get(fid, way[-1])) > 0.5
    behind = group_move.short_ones(cmd.moves, game.figure, steps, places)
    everyone = {m.id: ends.get(m.id, m.position) for m in models}
    trailing = close_up.stragglers(everyone, behind, max(m.radius for m in models))
    return short, out > coherency.SLACK, held, trailing, round(out, 1), far > close_up.STRUNG, round(far, 1)


PULLS = (1.0, 0.6, 0.3)  # how far each model is drawn from his place in the formation to his place in the cluster


def _closings(
    game: Zombie40kGame, fid: str, point: Point, limit: float, routes: Callable[[str], Routes], run: bool
) -> Iterator[tuple[MoveSquad, dict[str, Point]]]:
    """The squad moves that take ``fid`` toward ``point`` and draw each squad-mate still to move from his place
    round him toward a place in a tight cluster behind and round him (:mod:`.close_up`), all the way first,
    then less (a squad strung out too far to close up in one move closes up as far as it stays together),
    each with where each one was sent; none when the spot has no room for them."""
    lead = game.figure(fid)
    models = still_to_move(game, fid, run)
    squad = {m.id for m in game.world.alive(game.state.units[lead.unit])}
    way = _route(game, lead, point, limit, squad, routes)
    end = way[-1] if way else lead.position
    others = {m.id: m.position for m in models if m is not lead}
    forward = close_up.forward_of(_middle([lead.position, *others.values()]), end)
    radius = max(m.radius for m in models)
    movers = {m.id for m in models}

    def free(p: Point) -> bool:  # (no base of another squad within 1", none of his squad that has moved)
        return not game.table.any_figure_in_circle(p, radius + 1.0, lambda f: f not in movers)

    spots = close_up.places(game.table, end, forward, radius, len(others), free)
    if len(spots) < len(others):
        return
    slots = close_up.assigned(others, spots, limit)
    shift = (end[0] - lead.position[0], end[1] - lead.position[1])
    for pull in PULLS:
        goals = close_up.drawn(game.table, others, shift, slots, pull, radius)
        theirs = [
            (f, _route(game, game.figure(f), goals[f], limit, squad, routes))
            for f in close_up.front_first(goals, forward)
        ]
        # those standing in his way go first, then he, then the rest, the front places first
        first = close_up.in_the_way((lead.position, *way), others, radius + lead.radius)
        moves = (
            *(mv for mv in theirs if mv[0] in first),
            (fid, way),
            *(mv for mv in theirs if mv[0] not in first),
        )
        cmd = _knitted(game, fid, _mended(game, MoveSquad(lead.unit, moves, run), limit, routes), limit, routes)
        # (each is sent as far toward his place as his move takes him: only the rules stop him short of it;
        # the one pointed where his own way ends, not where a way round his squad-mates stops)
        yield cmd, {**{f: w[-1] if w else game.figure(f).position for f, w in cmd.moves}, fid: end}


def _knitted(
    game: Zombie40kGame, fid: str, cmd: MoveSquad, limit: float, routes: Callable[[str], Routes]
) -> MoveSquad:
    """The squad move with each model it would leave out of coherency sent to just within it of the squad
    (:func:`.close_up.knit`), when his move lets him."""
    p = game.preview(cmd)
    if not p.legal:
        return cmd
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in p.details["steps"]}
    lead = game.figure(fid)
    squad = {m.id for m in game.world.alive(game.state.units[lead.unit])}
    starts = {f: game.figure(f).position for f in ends}
    goals = close_up.knit(game.table, fid, ends, starts, lead.radius, coherency.gap_of(game.world), limit)
    if not goals:
        return cmd
    moves = tuple(
        (f, _route(game, game.figure(f), goals[f], limit, squad, routes) if f in goals else way)
        for f, way in cmd.moves
    )
    return _mended(game, replace(cmd, moves=moves), limit, routes)


def _middle(points: list[Point]) -> Point:
    """The middle of ``points`` (their mean)."""
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _spread(game: Zombie40kGame, lead: Model, ends: dict[str, Point]) -> float:
    """How far out of coherency the squad would stand with its movers at ``ends`` (0: in coherency)."""
    models = game.world.alive(game.state.units[lead.unit])
    return coherency.stretch(models, coherency.gap_of(game.world), ends)


def _mended(game: Zombie40kGame, cmd: MoveSquad, limit: float, routes: Callable[[str], Routes]) -> MoveSquad:
    """The squad move with each model the rules' preview holds back moved earlier, or routed round the bases."""
    moves = group_move.mended(
        cmd.moves,
        lambda moves: game.preview(replace(cmd, moves=moves)),
        lambda fid, way: group_move.rerouted(game.table, game.figure(fid), way, routes(fid), len(game.log), limit),
    )
    return replace(cmd, moves=moves)
