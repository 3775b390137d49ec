"""Write the chapter maps of the Outbreak campaign "The Last Night in Cedar Falls" deterministically.

    python maps/make_cedar_falls.py

Three new tables made with the map kit (make_maps.py's shapes, ground and checks), in
``campaigns/cedar_falls/``: the diner on Route 9, St. Jude's church, the National Guard roadblock. The
campaign file ``campaigns/cedar_falls.toml`` chains them. The group is the same four people on every
map (their figures are where a carried character stands; played alone, each map plays them fresh).
"""

from __future__ import annotations

from pathlib import Path

from make_maps import Chapters, Ground, Obj, Table, ellipse, figure, paint_floors, poly, rect, write_tables

HERE = Path(__file__).resolve().parent
# every chapter: Outbreak, one to four players
CEDAR_FALLS = Chapters("campaigns/cedar_falls", {"ruleset": "outbreak", "players_min": 1, "players_max": 4})
T, Z = "terrain", "zones"
CREW = (  # the group: name, ranged, close combat weapon
    ("Lou the cook", "shotgun", "knife"),
    ("Deputy Reyes", "revolver", "club"),
    ("Nurse Ada", "", "bat"),
    ("Trucker Boone", "rifle", "wrench"),
)


def crew(spots: list[tuple[float, float]], facing: float) -> list[Obj]:
    """The group's four character figures at ``spots``, one player each when four play."""
    return [
        figure("character", name, x, y, player=n, ranged=ranged, melee=melee, facing=facing)
        for n, ((name, ranged, melee), (x, y)) in enumerate(zip(CREW, spots), 1)
    ]


def route(g: Ground, y: float, h: float) -> None:
    """An east-west two-lane road at ``y``, ``h`` wide, with its centre line."""
    g.box(0, y, g.w, h, [("road", 75), ("road_cracked", 25)])
    mid = int(y + h / 2)
    for i in range(0, g.w, 3):
        g.cells[mid][i] = "road_line_h"


# --- Chapter 1: Lou's Diner ------------------------------------------------------------------


def lous_diner() -> Table:
    g = Ground(48, 36, "lousdiner")
    g.patches(6, [(0.35, "grass_dark"), (0.85, "grass"), (1.0, "grass_dry")])
    route(g, 28, 6)
    g.box(30, 0, 6, 28, [("road", 80), ("road_cracked", 20)])  # Church Street, north to St. Jude's
    g.box(14, 18, 14, 10, [("road_cracked", 60), ("road", 40)])  # the diner car park
    o: list[Obj] = []
    buildings = [
        rect(T, "building", "Lou's Diner", 3, 17, 10, 8),
        rect(T, "building", "Sunset Motel", 38, 14, 9, 6),
        rect(T, "building", "Gas station", 19, 4, 8, 5),
        rect(T, "building", "Laundromat", 4, 3, 9, 7),
        rect(T, "building", "Boone's rig", 15, 20, 7, 2),
        rect(T, "building", "Abandoned station wagon", 32, 12, 3.2, 1.5, rotation=80),
    ]
    o += buildings
    paint_floors(
        g, buildings, {"Lou's Diner": "tiled_floor", "Sunset Motel": "wood_floor", "Laundromat": "tiled_floor"}
    )
    o.append(rect(T, "clutter", "Gas pumps", 19, 10.5, 8, 2, terrain="rubble"))
    o.append(rect(T, "clutter", "Overgrown lot", 3, 11, 9, 5, terrain="garden"))
    o.append(rect(T, "clutter", "Motel hedge", 37, 21, 10, 1.2, terrain="hedge"))
    g.area(o[-1].outline(), "hedge")
    g.area(o[-2].outline(), [("grass_dry", 50), ("grass_flowers", 50)])
    o.append(poly(T, "wall", "Motel pool fence", [(38, 22.5), (38, 27), (47.5, 27)], line=True, thickness=0.15))
    o.append(rect(Z, "deploy", "Diner car park", 15, 23, 9, 4, side="players"))
    o.append(rect(Z, "exit", "Church Street", 30, 0.5, 6, 3))
    o.append(rect(Z, "spawn", "Motel pool", 40, 23, 6, 3, dice=1))
    g.box(40, 23, 6, 3, "water")
    o.append(figure("npc", "Night clerk Vern", 39.5, 24.5, facing=0.0))  # by the pool: the first victim
    o.append(figure("npc", "Waitress Dot", 14, 26, facing=0.0))
    o.append(figure("npc", "Mr Feeney", 28, 18, facing=180.0))
    o.append(figure("zombie", "Motel guest", 44, 24.5, facing=270.0))
    o.append(figure("zombie", "Motel guest", 41, 25.5, facing=270.0))
    o += crew([(17, 25), (19.5, 25), (22, 25), (18, 27)], 0.0)
    return CEDAR_FALLS.chapter(
        "01_lous_diner.tmx",
        g,
        o,
        "Last Orders at Lou's",
        (
            "Friday night on Route 9, Cedar Falls. The radio went to static at eleven, and the folks at the "
            "Sunset Motel are walking wrong. Lou is locking up. Get the group across the car park and up "
            "Church Street before the motel empties: St. Jude's has thick walls and a bell."
        ),
        "escape",
        exit_count=2,
        turn_limit=10,
    )


# --- Chapter 2: St. Jude's -------------------------------------------------------------------


def st_judes() -> Table:
    g = Ground(48, 36, "stjudes")
    g.patches(5, [(0.45, "grass_dark"), (0.9, "grass"), (1.0, "grass_flowers")])
    g.box(0, 2, 48, 5, [("road", 80), ("road_cracked", 20)])  # Church Street
    g.box(20, 7, 5, 22, "flagstones")  # the church path
    o: list[Obj] = []
    buildings = [
        rect(T, "building", "St. Jude's nave", 16, 14, 13, 8),
        rect(T, "building", "Bell tower", 25, 10, 4, 4),
        rect(T, "building", "Parish hall", 4, 8.5, 8, 6),
        rect(T, "building", "Church bus", 1, 17.5, 7, 2),
        ellipse(T, "building", "Old yew", 34, 9, 3, 3),
    ]
    o += buildings
    floors = {"St. Jude's nave": "wood_floor_v", "Bell tower": "flagstones", "Parish hall": "wood_floor"}
    paint_floors(g, buildings, floors)
    graves = rect(T, "clutter", "Churchyard", 33, 15, 13, 15, terrain="rubble")
    o.append(graves)
    g.area(graves.outline(), [("grass_dark", 70), ("flagstones", 30)])
    hedge = rect(T, "clutter", "Box hedge", 9, 27, 7, 1.2, terrain="hedge")
    o.append(hedge)
    g.area(hedge.outline(), "hedge")
    o.append(poly(T, "wall", "Churchyard wall", [(32, 13), (32, 22)], line=True, thickness=0.3))
    o.append(poly(T, "wall", "Churchyard wall", [(32, 25), (32, 31), (47.5, 31)], line=True, thickness=0.3))
    o.append(rect(Z, "exit", "The church bus", 0.5, 20, 5, 7))
    g.box(0, 17, 9, 11, [("road", 70), ("road_cracked", 30)])  # the bus turning circle
    o.append(rect(Z, "deploy", "Church gate", 18, 29, 9, 5, side="players"))
    o.append(rect(Z, "spawn", "Open graves", 39, 22, 6, 5, dice=1))
    g.box(39, 22, 6, 5, [("dirt", 60), ("mud", 40)])
    # Moss is filling in a grave when the one in it sits up: the first victim.
    o.append(figure("npc", "Gravedigger Moss", 37, 24, melee="shovel", facing=0.0))
    o.append(figure("npc", "Pastor Abel", 14, 21, facing=180.0))
    o.append(figure("npc", "Choir girl Lucy", 14, 23.5, facing=180.0))
    o.append(figure("npc", "Sister Agnes", 17, 24.5, facing=270.0))
    o.append(figure("npc", "Old Mr Haskins", 13, 12, facing=90.0))
    o.append(figure("zombie", "Risen parishioner", 39, 24, facing=180.0))
    o.append(figure("zombie", "Risen parishioner", 44, 28, facing=180.0))
    o += crew([(20, 31), (22.5, 31), (25, 31), (21, 33)], 270.0)
    return CEDAR_FALLS.chapter(
        "02_st_judes.tmx",
        g,
        o,
        "Sanctuary at St. Jude's",
        (
            "The bell was ringing when you got there, and the graves were open. Pastor Abel has his flock "
            "in the nave and the church bus has half a tank. Get three of them onto the bus before the "
            "churchyard is on its feet; whoever you save may pick up a weapon and come along."
        ),
        "rescue",
        exit_count=3,
        turn_limit=9,
    )


# --- Chapter 3: The Roadblock ----------------------------------------------------------------


def roadblock() -> Table:
    g = Ground(48, 36, "roadblock")
    g.patches(5, [(0.5, "grass_dark"), (0.9, "grass"), (1.0, "grass_dry")])
    g.box(18, 0, 12, 36, [("road", 80), ("road_cracked", 20)])  # Route 9 north to the county line
    for j in range(0, 36, 3):
        g.cells[j][24] = "road_line_v"
    o: list[Obj] = []
    buildings = [
        rect(T, "building", "Concrete barrier", 17, 8, 6, 1.2),
        rect(T, "building", "Concrete barrier", 26, 8, 6, 1.2),
        rect(T, "building", "Guard Humvee", 33, 4, 2.4, 4.5),
        rect(T, "building", "Overturned school bus", 31, 16, 9, 2.6, rotation=15),
        rect(T, "building", "Burnt-out sedan", 20, 15, 3.2, 1.4, rotation=30),
        rect(T, "building", "Checkpoint hut", 12, 3, 4, 3.5),
        rect(T, "building", "The church bus, out of gas", 19.5, 28.5, 9, 2.6),
    ]
    o += buildings
    woods = rect(T, "clutter", "Pine woods", 0.5, 10, 12, 22, terrain="woods")
    ditch = rect(T, "clutter", "Roadside ditch", 15, 18, 2, 12, terrain="rubble")
    wire = rect(T, "clutter", "Razor wire", 35, 9, 12, 1.5, terrain="rubble")
    o += [woods, ditch, wire]
    g.area(woods.outline(), [("woods", 80), ("woods_trunk", 20)])
    g.area(ditch.outline(), [("mud", 60), ("mud_puddle", 40)])
    g.area(wire.outline(), "rubble")
    o.append(rect(Z, "exit", "Behind the roadblock", 18, 0.5, 12, 3))
    o.append(rect(Z, "deploy", "Where the bus died", 19, 23, 10, 5, side="players"))
    # the horde that followed the bus up Route 9 comes on behind it
    o.append(rect(Z, "spawn", "Route 9 south", 18, 33, 12, 2.5, dice=1))
    o.append(figure("npc", "Private Ortiz", 24.5, 10.5, ranged="rifle", melee="knife", facing=180.0))
    o.append(figure("npc", "Lost hiker", 9, 22, facing=90.0))  # walks into the woods' first: the outbreak
    o.append(figure("zombie", "Hiker", 10.6, 22.6, facing=180.0))
    o.append(figure("zombie", "Hiker", 4, 16, facing=90.0))
    o.append(figure("zombie", "Guardsman (turned)", 40, 12, facing=180.0))
    o += crew([(21, 25), (23.5, 25), (26, 25), (22, 27)], 270.0)
    return CEDAR_FALLS.chapter(
        "03_roadblock.tmx",
        g,
        o,
        "The Roadblock on Route 9",
        (
            "Dawn. The bus died two miles short, but the National Guard holds the bridge at the county line: "
            "one Humvee, a wall of concrete and a boy with a rifle waving you on. Everything that followed the "
            "bus up Route 9 is coming on behind it. Get two of the group through the roadblock."
        ),
        "escape",
        exit_count=2,
        turn_limit=10,
    )


def main() -> None:
    write_tables((lous_diner(), st_judes(), roadblock()))


if __name__ == "__main__":
    main()
