"""The screen's squad move: where each model of the squad goes when the player points the selected model at a
spot (the others keep their places round him, each routed round walls and buildings, and round a base in his
way that will not move), as one :class:`~.commands.MoveSquad` of their own Moves. The rules check each Move
(:mod:`.squad_move`); nothing here decides a rule.

The formation itself is the kit's (:mod:`game.rules.kit.group_move`): the front models go first, so the squad
does not walk into its own backs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.rules.kit import group_move
from game.rules.routing import Point, Routes
from game.rules.zombie40k import coherency, movement
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
    still to move (run) the same way, or None when none is left to move."""
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
