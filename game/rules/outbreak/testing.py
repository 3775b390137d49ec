"""Tiny tables and rigged games for tests (and for other helpers' UI tests).

>>> g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 10)], dice=[])
>>> sorted(f.id for f in g.figures), g.state.step.value
(['pc1', 'z1'], 'humans')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Unpack

from game.dice import ScriptedDice
from game.rules.kit.testing import TinyTable, finished, sketched
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.state import BYSTANDERS, PLAYERS, ZOMBIES, Figure, Spawn, Step
from game.scenario.model import Placement, Point, Scenario


def tiny_scenario(
    objective: str = "survive",
    spawns: Sequence[tuple[float, float, float, float, int]] = ((10, 1, 4, 3, 1),),
    characters: Sequence[tuple[str, float, float, dict]] = (
        ("Ann", 12, 22, {"ranged": "pistol", "melee": "club"}),
    ),
    npcs: Sequence[tuple[str, float, float]] = (),
    zombies: Sequence[Point] = (),
    **parts: Unpack[TinyTable],
) -> Scenario:
    """An empty table (the kit's :class:`TinyTable` parts: 24" square by default, walls, hedges, exits...):
    spawns are rectangles with their dice (x, y, w, h, dice); figures are (name, x, y, properties)."""
    table = sketched(parts, "hedge")
    table.zone_rects("exit", "exit", parts.get("exits", ()))
    table.zone_rects("grave", "spawn", [s[:4] for s in spawns], [{"dice": s[4]} for s in spawns])
    place = table.placements
    place += [Placement(table.next_id(), c[0], "character", (c[1], c[2]), 270.0, dict(c[3])) for c in characters]
    place += [Placement(table.next_id(), p[0], "npc", (p[1], p[2]), 0.0, {}) for p in npcs]
    place += [
        Placement(table.next_id(), "Zombie", "zombie", (float(z[0]), float(z[1])), 90.0, {}) for z in zombies
    ]
    return finished(table, "outbreak", objective, parts)


def rigged_game(
    pcs: dict[str, tuple[float, float]] | None = None,
    zombies: Iterable[Point] = (),
    npcs: dict[str, tuple[float, float]] | None = None,
    dice: Iterable[int] = (),
    weapons: dict[str, tuple[str, str]] | None = None,
    scenario: Scenario | None = None,
    options: dict[str, Any] | None = None,
    move: int = 2,
    step: Step = Step.HUMANS,
    aware: bool = True,
) -> OutbreakGame:
    """A game after the outbreak, in move ``move``'s step 3 (player 1 to act), with only the listed
    figures: PCs ``pc1``.. at (x, y) (player 1, pistol and club unless ``weapons`` says (ranged,
    melee)), NPCs, and zombies ``z1``.. (aware of the humans unless ``aware`` is false). No
    generation point generates (they are sealed). From then on the dice are ``ScriptedDice(dice)``."""
    sc = scenario or tiny_scenario(characters=(), spawns=())
    g = OutbreakGame(sc, options or {"characters": [{"name": "x", "player": 1}]}, 1, ScriptedDice([]), start=False)
    st, w = g.state, g.world
    for f in list(st.figures.values()):
        if f.on_table:
            g.table.remove(f.id)
        del st.figures[f.id]
    weapons = weapons or {}
    for i, (fid, (x, y)) in enumerate((pcs or {"pc1": (12, 20)}).items(), start=1):
        ranged, melee = weapons.get(fid, ("pistol", "club"))
        st.figures[fid] = Figure(
            fid, PLAYERS, (float(x), float(y)), 270.0, 0.5, f"PC {i}", 1, ranged, melee, aware=True
        )
    for fid, (x, y) in (npcs or {}).items():
        ranged, melee = weapons.get(fid, ("", ""))
        st.figures[fid] = Figure(
            fid, BYSTANDERS, (float(x), float(y)), 0.0, 0.5, fid, 0, ranged, melee, aware=True
        )
    for i, (x, y) in enumerate(zombies, start=1):
        st.figures[f"z{i}"] = Figure(f"z{i}", ZOMBIES, (float(x), float(y)), 90.0, 0.5, "Zombie", aware=aware)
        st.next_zombie = i + 1
    for f in st.figures.values():
        g.table.place(f.id, f.position, f.radius)
        f.reacted = True
    st.spawns = [Spawn(s.id, s.name, s.dice, sealed=True) for s in st.spawns]
    st.players = max([f.player for f in st.pcs()] + [1])
    st.move, st.step, st.outbreak, st.outbreak_move = move, step, True, 1
    st.active_player = 1 if step in (Step.HUMANS, Step.REACTION) else None
    st.winner, st.reason = None, ""
    from game.rules.outbreak import objectives

    objectives.setup(w)
    g.dice = w.dice = ScriptedDice(dice)
    g.log.clear()
    return g
