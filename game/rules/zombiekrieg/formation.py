"""The screen's section move: where each soldier of the section goes when the player points the selected one at a
spot (the others keep their places round him, each routed round walls, buildings and bases that will not move),
as one :class:`~.commands.MoveSection` of their own MOVEs. The rules test and check each MOVE
(:mod:`.section_move`); nothing here decides a rule. The formation is the kit's
(:mod:`game.rules.kit.group_move`): the front soldiers go first, so the section does not walk into its own backs.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.kit import group_move
from game.rules.routing import Point, Routes
from game.rules.zombiekrieg import lanes
from game.rules.zombiekrieg.commands import MoveSection
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.state import Figure


def still_to_act(game: ZombiekriegGame, fid: str) -> list[Figure]:
    """The soldiers of ``fid``'s section who may still MOVE this turn, him among them."""
    player = game.figure(fid).player
    return [f for f in game.state.section_of(player) if "move" in game.actions_for(f.id)]


def section_command(
    game: ZombiekriegGame, fid: str, point: Point, routes: Callable[[str], Routes]
) -> MoveSection | None:
    """The section's move that takes ``fid`` toward ``point`` and each section-mate still to act the same way
    (``routes``: each soldier's own), or None when none is left to move."""
    soldiers = still_to_act(game, fid)
    if not soldiers:
        return None
    lead = game.figure(fid)
    limit = game.data.house.move_distance
    section = {f.id for f in game.state.section_of(lead.player) if f.on_table}
    stamp = len(game.log)

    def route(f: Figure, goal: Point) -> tuple[Point, ...]:
        return tuple(
            group_move.routed(game.table, f, goal, limit, section, routes(f.id), group_move.REACH, stamp)[1:]
        )

    def reroute(sid: str, way: tuple[Point, ...]) -> tuple[Point, ...]:
        return group_move.rerouted(game.table, game.figure(sid), way, routes(sid), stamp, limit)

    def preview(mv: group_move.Moves) -> object:
        return game.preview(MoveSection(mv))

    if lead in soldiers:  # each keeps his place round where the leader's own way ends, not round the spot pointed
        way = route(lead, point)
        point = way[-1] if way else lead.position
    moves = group_move.mended(group_move.formation(soldiers, lead.position, point, route), preview, reroute)
    shift = (point[0] - lead.position[0], point[1] - lead.position[1])
    moves = lanes.kept_in_lanes(moves, shift, game.figure, game.table, preview)
    if lead not in soldiers:
        return MoveSection(moves)
    followed = group_move.follow_the_leader(  # a gap the formation is too wide for: in file behind him
        moves, lead, preview, game.figure, lambda sid, goal: route(game.figure(sid), goal)
    )
    return MoveSection(followed if followed == moves else group_move.mended(followed, preview, reroute))
