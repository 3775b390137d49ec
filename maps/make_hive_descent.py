"""Write the chapter maps of the Zombie 40,000 campaign "The Descent of Hive Morbus" deterministically.

    python maps/make_hive_descent.py

A Space Marine squad is set down on the crown of a plague-struck hive and fights its way down: the landing
pad to the cargo lift, the manufactorum floor to the maglev tram, the reactor hall to the gunship waiting at
the vent. Three tables for one team (a solo campaign: the team is carried from chapter to chapter), drawn in
inches as make_maps.py draws the shipped scenarios, and written to ``campaigns/hive_descent/`` beside
``campaigns/hive_descent.toml``. Each table is checked before it is written.

Balance [measured with ``deadground simulate``, --jobs 1]. Each map alone, its one seat dealt the roster's
armies in turn, 200 games, seed 1: The Landing Pad 61.0% (95% CI 54.1-67.5%), Manufactorum Ninety-Nine 47.0%
(40.2-53.9%), The Reactor 45.5% (38.8-52.4%). As first drawn (10 turns each, the Boss in front of each way
down, gates 5" wide) they gave 23%, 13% and 23% over 30 games: a squad walking into the Boss died there. The
Boss now stands beside the way down, the hall wall's gates are 6-8" wide and the turn limits are 12, 16 and
15. The whole campaign (campaigns/hive_descent.toml: the Tactical Squad carried, a lost Manufactorum sending
it the long way round to the Reactor with Dead Men Walking), 100 campaigns: 45.0% victories (35.6-54.8%) from
seed 1, 39.0% (30.0-48.8%) from seed 1001. As a straight line of three chapters, a lost Manufactorum the
end, it was 30% (40 campaigns); with the Reactor at 14 turns 44.0% and 37.0%.
"""

from __future__ import annotations

from make_maps import (
    Chapters,
    Ground,
    Obj,
    Table,
    ellipse,
    ellipse_poly,
    from_template,
    poly,
    rect,
    write_tables,
)

# every chapter: Zombie 40,000, one team of 75 points racing for the way down
HIVE = Chapters(
    "campaigns/hive_descent", {"ruleset": "zombie40k"}, {"players_min": 1, "players_max": 1, "points": 75}
)
T, Z, F = "terrain", "zones", "figures"
# [balance] each chapter's turn limit and the Zombie Boss's mark (beside the way down, not on the path to it:
# in front of it, a squad walking into the Boss died there)
TURNS = {"pad": 12, "forge": 16, "reactor": 15}
# the hall wall's runs (x0, x1) at y 20: three gates between them [balance]
FORGE_WALLS = ((0.0, 8.0), (14.0, 20.0), (28.0, 34.0), (40.0, 48.0))
BOSS = {"pad": (15.0, 3.0), "forge": (33.0, 3.0), "reactor": (15.0, 3.0)}


def _spawns(o: list[Obj], w: float, h: float) -> None:
    """The edges the hordes come back from (the rules roll the edge; these show it on the table)."""
    o.append(rect(Z, "spawn", "West stair", 0.5, h / 3, 2, 8))
    o.append(rect(Z, "spawn", "East stair", w - 2.5, h / 3, 2, 8))
    o.append(rect(Z, "spawn", "Vent shaft (north-west)", 2, 0.5, 6, 2))
    o.append(rect(Z, "spawn", "Vent shaft (north-east)", w - 8, 0.5, 6, 2))


def _ground(g: Ground, objs: list[Obj], rubble: list[tuple[str, float]]) -> None:
    for o in objs:
        g.area(o.outline(), rubble)


# --- Chapter 1: the landing pad --------------------------------------------------------------


def landing_pad() -> Table:
    """The spire-top landing pad: cargo stacks and a wrecked Valkyrie between the squad and the cargo lift."""
    W, H = 48, 40
    g = Ground(W, H, "morbus-pad")
    g.patches(5, [(0.6, [("hive_floor", 70), ("hive_floor_b", 30)]), (1.0, [("scorched", 60), ("ash", 40)])])
    g.box(14, 28, 20, 12, "hive_floor")
    for i in range(14, 34):
        g.cells[28][i] = "hive_hazard"
    o: list[Obj] = []
    stacks = [
        rect(T, "building", "Cargo stack", 6, 22, 5, 3),
        rect(T, "building", "Cargo stack", 37, 22, 5, 3),
        rect(T, "building", "Promethium bowser", 21, 15, 6, 3),
    ]
    o += stacks
    _ground(g, stacks, [("hive_grate", 100)])
    wreck = [
        poly(T, "ruin", "Wrecked Valkyrie", [(8, 10), (15, 8.5), (17, 13), (10, 15)]),
        poly(T, "ruin", "Control tower", [(33, 9), (40, 9.5), (40, 15), (34, 14)]),
    ]
    clutter = [
        rect(T, "clutter", "Fuel lines", 16, 21, 4, 2, terrain="rubble"),
        rect(T, "clutter", "Fuel lines", 28, 21, 4, 2, terrain="rubble"),
        ellipse(T, "clutter", "Plague pyre", 3, 30, 5, 4, terrain="rubble"),
        ellipse(T, "clutter", "Plague pyre", 40, 30, 5, 4, terrain="rubble"),
    ]
    o += wreck + clutter
    _ground(g, wreck + clutter, [("rubble", 50), ("rubble_dense", 30), ("ash_embers", 20)])
    o.append(poly(T, "wall", "Blast barrier", [(19, 7.5), (22, 7)], line=True, thickness=0.6))
    o.append(poly(T, "wall", "Blast barrier", [(26, 7), (29, 7.5)], line=True, thickness=0.6))
    o.append(rect(Z, "escape_vehicle", "Cargo lift", 20, 0.5, 8, 4.5))
    o.append(rect(Z, "deploy", "Deployment zone (Player 1)", 18, 32, 12, 7, player=1))
    _spawns(o, W, H)
    o.append(from_template(F, "zombie_boss.tx", *BOSS["pad"], name="Zombie Boss", facing=90.0))
    briefing = (
        "Chapter 1. The Thunderhawk sets you down on the crown of Hive Morbus and lifts away: the pad is "
        "already crawling with the plague-dead. The cargo lift at the far end is the only way down into the "
        "hive. Reach it before the pad is overrun; whoever you lose here stays here."
    )
    return HIVE.chapter("01_landing_pad.tmx", g, o, "The Landing Pad", briefing, "escape", TURNS["pad"])


# --- Chapter 2: the manufactorum -------------------------------------------------------------


def manufactorum_floor() -> Table:
    """The manufactorum floor: two assembly halls split by a wall with three gates, the maglev tram beyond."""
    W, H = 48, 44
    g = Ground(W, H, "morbus-forge")
    g.patches(5, [(0.55, [("hive_floor_b", 70), ("hive_floor", 30)]), (1.0, [("ash", 70), ("scorched", 30)])])
    g.box(0, 0, 48, 9, [("hive_floor", 80), ("hive_grate", 20)])
    o: list[Obj] = []
    for x0, x1 in FORGE_WALLS:
        o.append(poly(T, "wall", "Hall wall", [(x0, 20), (x1, 20)], line=True, thickness=1.0))
    machines = [
        rect(T, "building", "Stamping press", 4, 26, 5, 4),
        rect(T, "building", "Stamping press", 39, 26, 5, 4),
        ellipse(T, "building", "Smelting vat", 22, 11, 4, 4),
    ]
    o += machines
    _ground(g, machines, [("hive_grate", 100)])
    lines = [
        rect(T, "clutter", "Conveyor line", 14, 28, 8, 2, terrain="rubble"),
        rect(T, "clutter", "Conveyor line", 26, 28, 8, 2, terrain="rubble"),
        poly(T, "ruin", "Collapsed gantry", [(5, 11), (12, 10), (13, 15), (6, 16)]),
        poly(T, "ruin", "Collapsed gantry", [(35, 10), (42, 11), (42, 16), (35, 15)]),
        ellipse(T, "clutter", "Slag heap", 20, 34, 8, 3, terrain="rubble"),
    ]
    o += lines
    _ground(g, lines, [("rubble_dense", 50), ("rubble", 30), ("scorched", 20)])
    o.append(rect(Z, "escape_vehicle", "Maglev tram", 18, 0.5, 12, 4))
    o.append(rect(Z, "deploy", "Deployment zone (Player 1)", 18, 37, 12, 6, player=1))
    _spawns(o, W, H)
    o.append(from_template(F, "zombie_boss.tx", *BOSS["forge"], name="Zombie Boss", facing=90.0))
    briefing = (
        "Chapter 2. The lift opens on Manufactorum Ninety-Nine, where the plague began: the forge-hands "
        "still stand at their presses. A maglev tram waits beyond the hall wall and runs down to the reactor. "
        "Get through one of the three gates and aboard before the shift-bell calls every one of them to you."
    )
    return HIVE.chapter(
        "02_manufactorum.tmx", g, o, "Manufactorum Ninety-Nine", briefing, "escape", TURNS["forge"]
    )


# --- Chapter 3: the reactor ------------------------------------------------------------------


def reactor() -> Table:
    """The reactor hall: the core in the middle ringed by coolant pipes, the gunship at the exhaust vent."""
    W, H = 48, 44
    g = Ground(W, H, "morbus-reactor")
    g.patches(6, [(0.6, [("hive_floor", 60), ("hive_grate", 40)]), (1.0, [("ash_embers", 40), ("scorched", 60)])])
    g.area(ellipse_poly(24, 22, 10, 8), [("hive_hazard", 30), ("hive_grate", 70)])
    o: list[Obj] = []
    core = ellipse(T, "building", "Reactor core", 20, 18, 8, 8)
    o.append(core)
    pipes = [
        [(12, 14), (18, 12.5)],
        [(30, 12.5), (36, 14)],
        [(12, 30), (18, 31.5)],
        [(30, 31.5), (36, 30)],
    ]
    o += [poly(T, "wall", "Coolant pipe", p, line=True, thickness=0.8) for p in pipes]
    rubble = [
        poly(T, "ruin", "Control bunker", [(3, 16), (9, 15), (10, 21), (4, 22)]),
        poly(T, "ruin", "Turbine hall", [(38, 15), (44, 16), (44, 22), (38, 21)]),
        rect(T, "clutter", "Spilled coolant", 6, 28, 5, 3, terrain="rubble"),
        rect(T, "clutter", "Spilled coolant", 37, 28, 5, 3, terrain="rubble"),
        rect(T, "clutter", "Fallen rods", 21, 9, 6, 2, terrain="rubble"),
    ]
    o += rubble
    _ground(g, rubble, [("rubble", 40), ("rubble_dense", 40), ("ash_embers", 20)])
    o.append(rect(Z, "escape_vehicle", "Thunderhawk at the vent", 20, 0.5, 8, 4.5))
    o.append(rect(Z, "deploy", "Deployment zone (Player 1)", 18, 37, 12, 6, player=1))
    _spawns(o, W, H)
    o.append(from_template(F, "zombie_boss.tx", *BOSS["reactor"], name="Zombie Boss", facing=90.0))
    briefing = (
        "Chapter 3. The tram brakes in the reactor hall. The thing that was the Manufactorum's overseer waits "
        "by the exhaust vent, where your Thunderhawk hovers for one pass only. Past the core, past the "
        "overseer, and aboard: the Chapter will want to know what you found down here."
    )
    return HIVE.chapter("03_reactor.tmx", g, o, "The Reactor", briefing, "escape", TURNS["reactor"])


def main() -> None:
    write_tables((landing_pad(), manufactorum_floor(), reactor()))


if __name__ == "__main__":
    main()
