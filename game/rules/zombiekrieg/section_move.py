"""A section's move (rules: Zombiekrieg 848, Actions: MOVE, one soldier at a time): a
:class:`~.commands.MoveSection` is a sequence of its soldiers' own MOVEs, each tested and carried out as that MOVE
alone would be (:mod:`.move`), in the order given. It saves the player the clicks, not the tests: every soldier
still spends his action and tests his GUTS. Choices [house]: a soldier whose way a section-mate's base now blocks
(he failed his test, or clutter cut his move) goes round him where the shortest way round reaches further, else
moves up behind him, as a player moving them by hand would; a
soldier whose MOVE the rules refuse stays where he is, the log says why, and those after him still move. The
section's move is refused as a whole only when none of its soldiers could move.

The preview walks the same sequence without rolling (:func:`game.rules.kit.group_move.walk`): each soldier is
stood where his move would end if his test succeeds, so the next is checked against the section as it will
stand, then every one is put back.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.core import IllegalCommand
from game.rules.kit import group_move
from game.rules.kit.group_move import Step
from game.rules.routing import MOVED, Routes
from game.rules.zombiekrieg import move
from game.rules.zombiekrieg.commands import Move, MoveSection
from game.rules.zombiekrieg.events import SectionMoveHeld
from game.rules.zombiekrieg.state import ALLIES, Figure, Phase
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point
from game.table import PathCheck

__all__ = ["Step", "walk", "plan_section", "carry_out_section"]


def _soldiers(world: World, cmd: MoveSection) -> list[Figure]:
    """The soldiers the command names, of one section, each once; else IllegalCommand."""
    if not cmd.moves:
        raise IllegalCommand("A section's move names no soldier.")
    ids = [fid for fid, _ in cmd.moves]
    if len(set(ids)) != len(ids):
        raise IllegalCommand("A soldier is named twice in one section's move.")
    out = []
    for fid in ids:
        f = world.state.figures.get(fid)
        if f is None or f.side != ALLIES:
            raise IllegalCommand(f"{fid} is not a soldier.")
        out.append(f)
    if len({f.player for f in out}) > 1:
        raise IllegalCommand("A section's move takes the soldiers of one section.")
    return out


def plan_part(world: World, f: Figure, path: tuple[Point, ...]) -> move.MovePlan:
    """Soldier ``f``'s own MOVE in the section's, checked as if sent alone. A section-mate's base in his way (one
    who failed his test stands where the formation meant to leave room) is gone round where a way round reaches
    further, else he moves up behind him."""
    figures = world.state.figures
    mate = lambda fid: fid in figures and figures[fid].side == ALLIES and figures[fid].player == f.player  # noqa: E731
    try:
        plan: move.MovePlan | None = move.plan(world, Move(f.id, path))
    except IllegalCommand:
        plan = None
    if plan is not None and not _mate_in_way(plan.check, mate):
        return plan
    around = _round_mates(world, f, path)
    if around is not None and (plan is None or around.check.length > plan.check.length + MOVED):
        return around
    if plan is not None:
        return plan
    shorter = group_move.up_behind(world.table, f, path, mate)
    if shorter is None:
        return move.plan(world, Move(f.id, path))  # (raises the refusal)
    return move.plan(world, Move(f.id, shorter))


def _mate_in_way(check: PathCheck, mate: Callable[[str], bool]) -> bool:
    """Whether a section-mate's base cut the move short."""
    return check.blocked_by.startswith("figure") and mate(check.blocked_by.removeprefix("figure ").strip())


def _round_mates(world: World, f: Figure, path: tuple[Point, ...]) -> move.MovePlan | None:
    """His MOVE to where ``path`` ends, routed round the bases as they stand now, or None when there is none."""
    if not path:
        return None
    limit = world.data.house.move_distance
    way = Routes().move(world.table, f.id, f.position, f.radius, (path[-1],), limit + 1.0, 0, limit)
    try:
        return move.plan(world, Move(f.id, tuple(way))) if way else None
    except IllegalCommand:
        return None


def _mark(f: Figure, done: bool) -> None:
    f.acted_this_turn = done


def walk(world: World, cmd: MoveSection) -> list[Step]:
    """Each soldier's MOVE checked in turn, the section stood as the earlier moves leave it if their tests
    succeed; nothing rolled, and the table is as it was afterwards."""
    parts = list(zip(_soldiers(world, cmd), (path for _, path in cmd.moves)))
    return group_move.walk(
        world, parts, lambda f, path: plan_part(world, f, path), lambda f: f.acted_this_turn, _mark
    )


def plan_section(world: World, cmd: MoveSection) -> MoveSection:
    """The command when at least one of its soldiers could move (the first refusal otherwise)."""
    group_move.some_move(walk(world, cmd))
    return cmd


def carry_out_section(world: World, cmd: MoveSection) -> None:
    """Each soldier's MOVE in turn, tested as if sent alone; a refused one is told and skipped. The move stops
    when the Allied phase does (the last man out won the game)."""
    group_move.carry_out(
        cmd.moves,
        lambda: world.state.phase == Phase.ALLIED,
        lambda fid, path: plan_part(world, world.state.figures[fid], path),
        lambda fid, why: world.emit(SectionMoveHeld(fid, why)),
        lambda plan: move.carry_out(world, plan),
    )
