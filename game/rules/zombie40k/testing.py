"""Small hand-made tables and rigged games for tests (and for other helpers' UI tests).

>>> g = rigged_game({1: [(10, 30), (11.5, 30)]}, hordes=[[(10, 20)]], dice=[])
>>> sorted(m.id for m in g.figures if m.alive)
['h1-1', 'p1-1', 'p1-2']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.dice import ScriptedDice
from game.rules.kit.testing import sketched
from game.rules.zombie40k.game import Zombie40kGame, new_game
from game.rules.zombie40k.state import ALIVE, HORDE, PLAYERS, ZOMBIES, Model, Phase, Unit
from game.scenario.model import Area, Point, Scenario

Rect = tuple[float, float, float, float]


def small_scenario(
    size: float = 48,
    players: int = 2,
    walls: Sequence[Sequence[Point]] = (),
    clutter: Sequence[Rect] = (),
    ruins: Sequence[Rect] = (),
    properties: dict[str, Any] | None = None,
) -> Scenario:
    """An open table (48" square by default): the vehicle mid top edge, deploy zones along the bottom,
    spawn zones on the left and right edges."""
    table = sketched({"walls": walls, "clutter": clutter}, "rubble")
    table.terrain_rects("ruin", "ruin", ruins)
    table.zone("Escape vehicle", "escape_vehicle", Area.rect(size / 2 - 4, 0.5, 8, 4))
    width = size / max(players, 1)
    for p in range(1, players + 1):
        deploy = Area.rect((p - 1) * width + 2, size - 8, min(8, width - 4), 6)
        table.zone(f"deploy {p}", "deploy", deploy, {"player": p})
    table.zone("West", "spawn", Area.rect(0.5, size / 3, 2, 8))
    table.zone("East", "spawn", Area.rect(size - 2.5, size / 3, 2, 8))
    props = {"players_min": 1, "players_max": 4, "points": 75, **(properties or {})}
    return table.scenario("zombie40k", size, "escape", None, props, title="Small table", path="<small>")


def rigged_game(
    squads: Mapping[int, Sequence[Point]],
    hordes: Sequence[Sequence[Point]] = (),
    boss: Point | None = None,
    dice: Sequence[int] = (),
    teams: Sequence[Any] | None = None,
    scenario: Scenario | None = None,
    phase: Phase = Phase.SHOOTING,
    player: int = 1,
    turn: int = 1,
    autogun: bool = False,
    mods: Sequence[str] = (),
) -> Zombie40kGame:
    """A game in ``player``'s ``phase`` with only the listed models: squads[p] places the first models of
    player p's team (the others are taken away); each horde's zombies are placed as hN-1, hN-2 ...
    (hN-1 with an autogun when ``autogun``); the Boss only when ``boss`` is given; ``mods`` switched on
    (rules: "Mods"). Then ScriptedDice(dice)."""
    players = max(squads) if squads else 1
    sc = scenario or small_scenario(players=max(players, 1))
    options: dict[str, Any] = {"teams": list(teams) if teams else ["infantry_squad"] * players}
    if mods:
        options["mods"] = list(mods)
    g = new_game(sc, options, seed=1)
    st, w = g.state, g.world
    for m in list(st.models.values()):
        if m.alive:
            g.table.remove(m.id)
        m.state = "dead"
    for uid in [u for u in st.units if st.units[u].side == ZOMBIES]:
        for fid in st.units[uid].models:
            del st.models[fid]
        del st.units[uid]
    for p, points in squads.items():
        unit = st.units[f"p{p}"]
        keep = unit.models[: len(points)]
        for fid in unit.models[len(points) :]:
            del st.models[fid]
        unit.models = keep
        unit.start_size = len(keep)
        for fid, pt in zip(keep, points):
            m = st.models[fid]
            m.state, m.wounds = ALIVE, w.profile(m).w
            m.position = (float(pt[0]), float(pt[1]))
            g.table.place(fid, m.position, m.radius)
    for p in list(st.players):
        if p not in squads:
            u = st.units[f"p{p}"]
            u.wiped_out = True
    d = g.data
    for k, pts in enumerate(hordes, 1):
        uid = f"h{k}"
        u = Unit(uid, ZOMBIES, HORDE, f"Horde {k}", start_size=len(pts))
        st.units[uid] = u
        for i, pt in enumerate(pts, 1):
            weapons = tuple(d.zombies["autogun_weapons"] if autogun and i == 1 else d.zombies["horde_weapons"])
            m = Model(f"{uid}-{i}", ZOMBIES, uid, "zombie", (float(pt[0]), float(pt[1])), 90.0, 0.5, 1, weapons)
            st.models[m.id] = m
            u.models.append(m.id)
            g.table.place(m.id, m.position, 0.5)
    if boss is not None:
        u = Unit("boss", ZOMBIES, "boss", "Zombie Boss", start_size=1)
        st.units["boss"] = u
        m = Model(
            "boss",
            ZOMBIES,
            "boss",
            "zombie_boss",
            (float(boss[0]), float(boss[1])),
            90.0,
            0.8,
            d.profile("zombie_boss").w,
            tuple(d.zombies["boss_weapons"]),
        )
        st.models["boss"] = m
        u.models.append("boss")
        g.table.place("boss", m.position, 0.8)
    st.engagements = []
    st.turn, st.phase, st.active_player = turn, phase, player
    st.order, st.order_index = sorted(squads), sorted(squads).index(player) if player in squads else 0
    st.winner, st.reason, st.shot_at = None, "", {}
    for m in st.models.values():
        m.moved = m.fired = m.ran = False
    for u in st.units.values():
        u.phase_start_models, u.phase_losses = len(w.alive(u)), 0
    g.dice = w.dice = ScriptedDice(dice)
    g.log.clear()
    return g


__all__ = ["small_scenario", "rigged_game", "PLAYERS"]
