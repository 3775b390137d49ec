"""A squad's move or run [7th: a unit moves model by model]: a :class:`~.commands.MoveSquad` is a sequence of its
models' own Moves, each checked and carried out as that Move alone would be (:mod:`.movement`), in the order
given (with ``run``, each model's own Run). A model whose way a squad-mate's base now blocks (he stopped
short: a difficult-terrain roll, an enemy's 1") moves up behind him, as a player moving the models by hand
would. A squad whose move takes any of its models through difficult terrain rolls for it before the first
model moves, and no model moves further than the roll [7th: the unit moves through difficult terrain]. A model
whose Move the rules refuse stays where he is and the log says why; the models after him still
move. The squad's move is refused as a whole only when none of its models could move.

The check walks the same sequence without rolling: each model is stood where his move would end (so the
next is checked against the squad as it will stand), then every one is put back. That walk is the plan carried out
(:class:`SquadPlan`): whether the squad goes through difficult terrain is read from it, not walked again.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import IllegalCommand
from game.rules.kit import group_move
from game.rules.kit.group_move import Step
from game.rules.zombie40k import movement
from game.rules.zombie40k.commands import Move, MoveSquad, Run
from game.rules.zombie40k.events import SquadMoveHeld
from game.rules.zombie40k.state import Model, Phase
from game.rules.zombie40k.world import World
from game.scenario.model import Point
from game.table.geometry import path_length, truncate_path

__all__ = [
    "Step",
    "SquadPlan",
    "walk",
    "plan_squad",
    "carry_out_squad",
    "plan_part",
    "through_difficult",
]


def _models(world: World, cmd: MoveSquad) -> list[Model]:
    """The models the command names, each a model of its squad, each once; else IllegalCommand."""
    unit = world.state.units.get(cmd.unit)
    if unit is None:
        raise IllegalCommand(f"There is no unit {cmd.unit!r}.")
    if not cmd.moves:
        raise IllegalCommand(f"{unit.name}: no model to move.")
    ids = [fid for fid, _ in cmd.moves]
    if len(set(ids)) != len(ids):
        raise IllegalCommand(f"{unit.name}: a model is named twice in one squad move.")
    out = []
    for fid in ids:
        m = world.state.models.get(fid)
        if m is None or m.unit != unit.id:
            raise IllegalCommand(f"{fid} is not a model of {unit.name}.")
        out.append(m)
    return out


def _one(cmd: MoveSquad, fid: str, path: tuple[Point, ...]) -> Move | Run:
    """Model ``fid``'s own part of the squad's move: a Move, or a Run when the squad runs."""
    return Run(fid, path) if cmd.run else Move(fid, path)


def _done(m: Model, run: bool) -> bool:
    """Whether ``m`` has moved (or, in a run, run)."""
    return m.ran if run else m.moved


def _mark(m: Model, run: bool, done: bool) -> None:
    """Stand ``m`` as moved (run) or not, for the preview's walk."""
    if run:
        m.ran = done
    else:
        m.moved = done


def plan_part(world: World, cmd: MoveSquad, m: Model, path: tuple[Point, ...]) -> movement.MovePlan:
    """Model ``m``'s own Move (Run) in the squad's, checked as if sent alone; up behind a squad-mate in his way."""
    try:
        return movement.plan_move(world, _one(cmd, m.id, path))
    except IllegalCommand:
        models = world.state.models
        shorter = group_move.up_behind(
            world.table, m, path, lambda fid: fid in models and models[fid].unit == m.unit
        )
        if shorter is None:
            raise
        return movement.plan_move(world, _one(cmd, m.id, shorter))


def walk(world: World, cmd: MoveSquad) -> list[Step]:
    """Each model's Move checked in turn, the squad stood as the earlier moves leave it; nothing rolled, and
    the table is as it was afterwards."""
    return group_move.walk(
        world,
        list(zip(_models(world, cmd), (path for _, path in cmd.moves))),
        lambda m, path: plan_part(world, cmd, m, path),
        lambda m: _done(m, cmd.run),
        lambda m, done: _mark(m, cmd.run, done),
    )


def _cut(world: World, fid: str, path: tuple[Point, ...], reach: float) -> tuple[Point, ...]:
    """Model ``fid``'s way cut at ``reach`` inches, and back from an enemy's 1" where the cut ends by one."""
    way = [world.state.models[fid].position, *path]
    if path_length(way) <= reach + 1e-9:
        return path
    way, _ = movement.clear_of_enemies(world, fid, truncate_path(way, reach))
    return tuple(way[1:])


def through_difficult(world: World, unit_id: str, steps: list[Step]) -> bool:
    """Whether any model of ``steps`` that moves goes through difficult terrain, or the squad moves as if: then
    the squad rolls first and the roll caps every model."""
    moving = [s for s in steps if not s.reason]
    unit = world.state.units[unit_id]
    return any(s.difficult for s in moving) or bool(moving) and world.hooks.moves_as_difficult(world, unit)


@dataclass(frozen=True)
class SquadPlan:
    """A squad's move as the rules' check walked it: the command and each model's part before the dice."""

    cmd: MoveSquad
    steps: tuple[Step, ...]


def plan_squad(world: World, cmd: MoveSquad) -> SquadPlan:
    """The plan when at least one of its models could move (the first refusal otherwise, naming its model)."""
    steps = walk(world, cmd)
    if all(s.reason for s in steps):
        raise IllegalCommand(refusal(steps, cmd.run))
    return SquadPlan(cmd, tuple(steps))


def refusal(steps: list[Step], run: bool) -> str:
    """A squad's move refused as a whole: its first model's refusal, naming him (a 40k player read "The path is
    blocked by ..." and could not tell which of his models snagged).

    >>> refusal([Step("p1-3", (), (0.0, 0.0), reason="The path is blocked by the Barricade.")], False)
    'p1-3 cannot move: the path is blocked by the Barricade.'
    >>> refusal([Step("p1-3", (), (0.0, 0.0), reason='p1-3 may run at most 4", not 5.0".')], True)
    'p1-3 may run at most 4", not 5.0".'
    """
    first = steps[0]
    if first.figure in first.reason:
        return first.reason
    return f"{first.figure} cannot {'run' if run else 'move'}: {first.reason[:1].lower()}{first.reason[1:]}"


def carry_out_squad(world: World, plan: SquadPlan) -> None:
    """Each model's Move (or Run) in turn, as if sent alone; a refused one is told and skipped. The move stops
    when the phase does (a model embarked and won)."""
    cmd = plan.cmd
    phase = Phase.SHOOTING if cmd.run else Phase.MOVEMENT
    rough = not cmd.run and through_difficult(world, cmd.unit, list(plan.steps))
    moves = cmd.moves
    if rough:  # rolled before any model moves; each way is cut at the roll, so each is checked where it ends
        unit = world.state.units[cmd.unit]
        reach = movement.roll_difficult(world, unit) + world.hooks.move_bonus(world, unit)
        moves = tuple((fid, _cut(world, fid, path, reach)) for fid, path in moves)
    group_move.carry_out(
        moves,
        lambda: world.state.phase == phase,
        lambda fid, path: plan_part(world, cmd, world.state.models[fid], path),
        lambda fid, why: world.emit(SquadMoveHeld(fid, why)),
        lambda plan: movement.carry_out(world, plan, rough),
    )
