"""MOVE (rules: Zombiekrieg 848, Actions; Common: Movement).

Test GUTS (+2 if ORDERed, -1 with a standing zombie within 3"); on a success the figure walks
the legal part of its path (walls, bases and the table edge cut it) up to 6", or up to 1D6" when
that legal part enters clutter (the D6 rolled after the test), then faces along its last leg or
as asked. Choices [house]: a failed MOVE leaves the figure where and as it was; a MOVE with no
path only turns the figure (it is still the figure's action and still a test); under the ``exit``
objective a figure whose move ends with its centre in an exit zone leaves the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import IllegalCommand
from game.rules.kit.checks import path_and_facing
from game.rules.zombiekrieg import actions
from game.rules.zombiekrieg.commands import Move
from game.rules.zombiekrieg.events import Exited, Moved, Turned
from game.rules.zombiekrieg.geometry import angle_to
from game.rules.zombiekrieg.guts import succeeded
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.table import PathCheck
from game.table.wording import in_words


@dataclass(frozen=True)
class MovePlan:
    figure: Figure
    points: tuple[tuple[float, float], ...]  # the requested path from the figure's position
    check: PathCheck
    facing: float | None


def plan(world: World, cmd: Move) -> MovePlan:
    f = actions.figure(world, cmd.figure)
    path, facing = path_and_facing(cmd.path, cmd.facing)
    points = (f.position, *path)
    check = world.table.check_path(points, f.radius, mover=f.id, max_length=world.data.house.move_distance)
    if path and check.length < 0.01:
        raise IllegalCommand(
            f"{f.id} cannot move that way: blocked by {in_words(check.blocked_by) or 'something'}."
        )
    return MovePlan(f, points, check, facing)


def carry_out(world: World, p: MovePlan) -> None:
    f = p.figure
    f.acted_this_turn = True
    result = world.test(f, "move", world.modifiers(f, "move"))
    if not succeeded(result):
        return
    check = p.check
    if len(p.points) > 1 and check.enters_clutter:
        dice = world.data.house.clutter_move_dice
        r = world.roll(dice, f"{f.id} move in clutter")
        allowance = min(world.data.house.move_distance, float(r.total))
        world.events[-1] = _meaning(
            world.events[-1], f'{dice}D6 = {r.total}: {f.id} moves up to {allowance:g}" in clutter'
        )
        check = world.table.check_path(p.points, f.radius, mover=f.id, max_length=allowance)
    pts = tuple(check.points)
    if check.length > 1e-9:
        facing = p.facing if p.facing is not None else angle_to(pts[-2], pts[-1])
        world.set_position(f, pts[-1])
        f.facing = round(facing, 6)
        world.emit(Moved(f.id, pts, f.facing, round(check.length, 6)))
        exit_if_in_zone(world, f)
    elif p.facing is not None:
        f.facing = round(p.facing, 6)
        world.emit(Turned(f.id, f.facing))


def leaves_table(world: World, position: tuple[float, float]) -> bool:
    """Whether a move ending at ``position`` takes the figure off the table (the ``exit`` objective)."""
    if world.state.objective != "exit":
        return False
    return any(z.area.contains(position) for z in world.scenario.zones_of("exit"))


def exit_if_in_zone(world: World, f: Figure) -> None:
    if leaves_table(world, f.position):
        world.take_off(f)
        world.state.exited += 1
        world.emit(Exited(f.id))


def _meaning(ev, text):
    from dataclasses import replace

    return replace(ev, meaning=text)
