"""Tiny hand-made tables and rigged games for tests (and for other helpers' UI tests).

>>> g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(12, 10)], dice=[])
>>> sorted(f.id for f in g.figures)
['us1-sgt', 'z1']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Unpack

from game.dice import ScriptedDice
from game.rules.kit.testing import TinyTable, finished, sketched
from game.rules.zombiekrieg.game import ZombiekriegGame, new_game
from game.rules.zombiekrieg.state import Phase
from game.scenario.model import Point, Scenario


def tiny_scenario(
    objective: str = "survive",
    objectives: Sequence[tuple[float, float, float, float]] = (),
    deploy: Sequence[tuple[float, float, float, float, dict]] = ((2, 19, 20, 4, {"side": "allies"}),),
    spawn: Sequence[tuple[float, float, float, float]] = ((4, 1, 16, 5),),
    **parts: Unpack[TinyTable],
) -> Scenario:
    """An empty table (the kit's :class:`TinyTable` parts: 24" square by default, walls, rubble, exits...);
    objectives, deploy and spawn zones are rectangles (x, y, w, h)."""
    table = sketched(parts, "rubble")
    table.zone_rects("deploy", "deploy", [d[:4] for d in deploy], [d[4] for d in deploy])
    table.zone_rects("spawn", "spawn", spawn)
    table.zone_rects("exit", "exit", parts.get("exits", ()))
    table.zone_rects("objective", "objective", objectives)
    return finished(table, "zombiekrieg", objective, parts)


def rigged_game(
    soldiers: dict[str, tuple[float, float, float]] | None = None,
    zombies: Iterable[Point] = (),
    dice: Iterable[int] = (),
    guts: dict[str, int] | None = None,
    scenario: Scenario | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    turn: int = 1,
) -> ZombiekriegGame:
    """A game in turn ``turn``'s Allied phase with only the listed figures on the table.

    ``soldiers`` maps figure ids of the created sections to (x, y, facing); the others are taken
    away (deleted, as if never raised). ``zombies`` are placed as z1, z2 ...; ``guts`` sets GUTS
    (and starting GUTS); from then on the dice are ``ScriptedDice(dice)``.
    """
    g = new_game(scenario or tiny_scenario(), options or {"sections": ["american"]}, seed)
    st, w = g.state, g.world
    keep = soldiers if soldiers is not None else {f.id: (*f.position, f.facing) for f in st.allied()}
    for f in list(st.figures.values()):
        if f.is_zombie or f.id not in keep:
            if f.on_table:
                g.table.remove(f.id)
            del st.figures[f.id]
    for fid, (x, y, facing) in keep.items():
        f = st.figures[fid]
        f.state, f.facing = "standing", float(facing)
        w.set_position(f, (x, y))
    from game.rules.zombiekrieg.state import ZOMBIES, Figure

    for i, (x, y) in enumerate(zombies, start=1):
        fid = f"z{i}"
        st.figures[fid] = Figure(fid, ZOMBIES, (float(x), float(y)), 90.0, 0.5)
        g.table.place(fid, (float(x), float(y)), 0.5)
    for fid, value in (guts or {}).items():
        st.figures[fid].guts = st.figures[fid].guts_start = value
    for f in st.figures.values():
        f.acted_this_turn = f.ordered_this_turn = False
    st.turn, st.phase, st.first = turn, Phase.ALLIED, "allies"
    st.allied_done = st.axis_done = False
    st.active_player = 1
    st.winner, st.reason, st.free_order_for, st.reaction_bonus, st.noise = None, "", None, 0, None
    g.dice = w.dice = ScriptedDice(dice)
    g.log.clear()
    return g
