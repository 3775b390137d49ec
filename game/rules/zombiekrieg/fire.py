"""FIRE (rules: Zombiekrieg 848, Actions, Weapons; Common: Line of sight, Facing and arcs).

The target must be a zombie on the table, in LOS (not blocked; with the literal reading of "a clear
line of sight", a set-up choice, not obscured either), in the 180-degree front arc and within the
weapon's range (edge to edge). Each shot is a GUTS test with: +2 if ORDERed, -1 with
a standing zombie within 3", the range band's modifier, -1 if the target is obscured. A Success
knocks a standing zombie down, a Critical Success kills it; a zombie already down is affected only
by a Critical Success, which kills it. An LMG fires two shots, the second at the same zombie or
one within 3" of it. Choices [house]: without ``second_target`` the second shot goes at the same
zombie while it is still on the table; a second shot whose zombie was killed by the first is lost.
Firing makes noise: the zombies' "noise" becomes where the firer stands.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import IllegalCommand
from game.rules.zombiekrieg import actions
from game.rules.zombiekrieg.commands import Fire
from game.rules.zombiekrieg.data import Weapon
from game.rules.zombiekrieg.events import Fired, NoEffect
from game.rules.zombiekrieg.geometry import within
from game.rules.zombiekrieg.guts import CRITICAL_SUCCESS, SUCCESS
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import Modifiers, World
from game.table import Sight, in_front_arc
from game.table.wording import in_words


@dataclass(frozen=True)
class Shot:
    """One shot's geometry, worked out without rolling."""

    target: Figure
    sight: Sight
    distance: float
    band: str
    modifiers: Modifiers  # the shot's own (band, obscured)


def shot_reason(world: World, f: Figure, t: Figure | None, tid: str) -> tuple[str | None, Shot | None]:
    """Why ``f`` cannot shoot ``t`` (or None and the shot)."""
    if t is None:
        return f"There is no figure {tid!r}.", None
    if not t.is_zombie:
        return "Allied soldiers only shoot zombies.", None
    if not t.on_table:
        return f"{t.id} is {t.state} and no longer on the table.", None
    refused, dist, sight, shot = judge(world, f, t)
    if shot is not None:
        return None, shot
    w: Weapon = world.data.weapon(f.weapon)
    if refused == "range":
        return f'{t.id} is out of range: {dist:.1f}" away, the {w.name} reaches {w.range:g}".', None
    if refused == "arc":
        return f"{t.id} is outside {f.id}'s front arc; turn him first (a MOVE).", None
    assert sight is not None
    if refused == "blocked":
        return (
            f"{f.id} has no line of sight to {t.id}: blocked by {in_words(sight.blocked_by) or 'terrain'}.",
            None,
        )
    why = "it stands in clutter" if sight.target_in_clutter else "clutter is on the line"
    return f"{f.id} has no clear line of sight to {t.id}: {why}.", None


def judge(world: World, f: Figure, t: Figure) -> tuple[str, float, Sight | None, Shot | None]:
    """The geometry of ``f`` shooting the zombie ``t`` on the table: (what refuses it: ``range``,
    ``arc``, ``blocked`` or ``obscured`` (the literal reading), the edge distance, the sight line if
    asked, the shot when nothing refuses it). No words: the bot's search asks it of every zombie in
    reach."""
    w: Weapon = world.data.weapon(f.weapon)
    dist = world.edge_distance(f, t)
    if not within(dist, w.range):
        return "range", dist, None, None
    if not in_front_arc(f.position, f.facing, t.position):
        return "arc", dist, None, None
    sight = world.table.line_of_sight(f.position, t.position, world.data.house.clutter_los_limit)
    if sight.state == "blocked":
        return "blocked", dist, sight, None
    if sight.state == "obscured" and world.reading("fire_needs_clear_sight"):
        # the literal reading: "a clear line of sight"; clutter on the line or round the target blocks
        return "obscured", dist, sight, None
    band, band_mod = w.band(dist)
    mods: Modifiers = []
    if band_mod:
        mods.append((f"{band} range", band_mod))
    if sight.state == "obscured":
        mods.append(("target obscured", world.data.house.obscured_modifier))
    return "", dist, sight, Shot(t, sight, dist, band, mods)


@dataclass(frozen=True)
class FirePlan:
    figure: Figure
    shots: tuple[Shot, ...]


def plan(world: World, cmd: Fire) -> FirePlan:
    f = actions.figure(world, cmd.figure)
    figs = world.state.figures
    reason, first = shot_reason(world, f, figs.get(cmd.target), cmd.target)
    if reason:
        raise IllegalCommand(reason)
    assert first is not None
    shots = [first]
    w = world.data.weapon(f.weapon)
    if cmd.second_target is not None and w.shots < 2:
        raise IllegalCommand(f"Only a light machine gun fires a second shot; {f.id} has a {w.name}.")
    if w.shots >= 2:
        second_id = cmd.second_target or cmd.target
        if second_id == cmd.target:
            shots.append(first)
        else:
            second = figs.get(second_id)
            reason, shot = shot_reason(world, f, second, second_id)
            if reason:
                raise IllegalCommand(f"Second shot: {reason}")
            radius = world.data.house.lmg_second_shot_radius
            if not within(world.edge_distance(first.target, second), radius):  # type: ignore[arg-type]
                raise IllegalCommand(
                    f'The second shot must go at {cmd.target} or a zombie within {radius:g}" of it.'
                )
            shots.append(shot)  # type: ignore[arg-type]
    return FirePlan(f, tuple(shots))


def carry_out(world: World, p: FirePlan) -> None:
    f = p.figure
    f.acted_this_turn = True
    world.state.noise = f.position
    for n, shot in enumerate(p.shots, start=1):
        t = shot.target
        if not t.on_table:
            continue  # killed by the first shot: the second is lost
        world.emit(Fired(f.id, t.id, shot.sight.state, shot.band, n))
        result = world.test(f, "fire", world.modifiers(f, "fire") + list(shot.modifiers))
        if result == CRITICAL_SUCCESS:
            world.kill(t, f"shot by {f.id}")
        elif result == SUCCESS:
            if t.standing:
                world.knock_down(t)
            else:
                world.emit(NoEffect(t.id, "a Success has no effect on a zombie already down"))
