"""ORDER (rules: Zombiekrieg 848, Actions: ORDER).

Only an NCO orders: the Sergeant any soldier of his section within 12", the Corporal within 6"
and only while his Sergeant is dead (or has left the table [house]). An NCO cannot order himself.
On a successful test the soldier gets +2 GUTS for his MOVE or FIRE this turn. Choices [house]:
only a soldier who has not yet acted, and is not already ORDERed this turn, may be ordered (the
bonus would be wasted); the -1 for a standing zombie within 3" of the NCO applies to his test.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import IllegalCommand
from game.rules.zombiekrieg import actions
from game.rules.zombiekrieg.commands import Order
from game.rules.zombiekrieg.events import Ordered
from game.rules.zombiekrieg.geometry import within
from game.rules.zombiekrieg.guts import succeeded
from game.rules.zombiekrieg.state import ALLIES, DEAD, NCO_ROLES, Figure, ZkState
from game.rules.zombiekrieg.world import World


def command_range(world: World, nco: Figure) -> float:
    """How far (edge to edge) ``nco`` orders."""
    return world.data.command_range(nco.role)


def section_nco(st: ZkState, player: int, sergeant_must_be_dead: bool = False) -> Figure | None:
    """The NCO of ``player``'s section who may give orders now: the Sergeant while he is on the table,
    else the Corporal once the Sergeant is dead, or has left by the exit [house] (unless
    ``sergeant_must_be_dead``, the literal reading); None when neither may."""
    figs = st.section_of(player)
    sergeant = next((f for f in figs if f.role == NCO_ROLES[0]), None)
    corporal = next((f for f in figs if f.role == NCO_ROLES[1]), None)
    if sergeant is not None and sergeant.on_table:
        return sergeant
    if sergeant is not None and sergeant_must_be_dead and sergeant.state != DEAD:
        return None
    return corporal if corporal is not None and corporal.on_table else None


def ordering_nco(world: World, player: int) -> Figure | None:
    """:func:`section_nco` under the game's reading of "if he has been killed"."""
    return section_nco(world.state, player, world.reading("corporal_only_when_sergeant_dead"))


def nco_reason(world: World, f: Figure) -> str | None:
    """Why ``f`` cannot give orders at all, or None."""
    if not f.is_nco:
        return f"{f.id} is not an NCO; only the Sergeant or Corporal gives orders."
    if ordering_nco(world, f.player) is not f:
        if world.reading("corporal_only_when_sergeant_dead"):
            return f"{f.id} gives orders only once his Sergeant is dead."
        return f"{f.id} gives orders only once his Sergeant is dead or has left the table."
    return None


def target_reason(world: World, f: Figure, t: Figure | None, tid: str) -> str | None:
    if t is None:
        return f"There is no figure {tid!r}."
    if t.side != ALLIES or t.player != f.player:
        return f"{f.id} orders only soldiers of his own section."
    if t.id == f.id:
        return "An NCO cannot order himself."
    if not t.standing:
        return f"{t.id} is {t.state.replace('_', ' ')}."
    if t.acted_this_turn:
        return f"{t.id} has already acted this turn."
    if t.ordered_this_turn:
        return f"{t.id} has already been ORDERed this turn."
    reach = command_range(world, f)
    d = world.edge_distance(f, t)
    if not within(d, reach):
        return f'{t.id} is {d:.1f}" away; the {f.role.capitalize()} orders within {reach:g}".'
    return None


@dataclass(frozen=True)
class OrderPlan:
    figure: Figure
    target: Figure
    free: bool


def plan(world: World, cmd: Order) -> OrderPlan:
    f = actions.figure(world, cmd.figure, free_order=True)
    reason = nco_reason(world, f) or target_reason(world, f, world.state.figures.get(cmd.target), cmd.target)
    if reason:
        raise IllegalCommand(reason)
    return OrderPlan(f, world.state.figures[cmd.target], world.state.free_order_for == f.id)


def carry_out(world: World, p: OrderPlan) -> None:
    f = p.figure
    if p.free:
        world.state.free_order_for = None
    else:
        f.acted_this_turn = True
    ok = succeeded(world.test(f, "order", world.modifiers(f, "order")))
    if ok:
        p.target.ordered_this_turn = True
    world.emit(Ordered(f.id, p.target.id, ok, p.free))
