"""Write the shipped campaigns' chapter maps (.tmx) deterministically, with the map kit of make_maps.py.

    python maps/make_bocage.py

"Six Days in the Bocage" (Zombiekrieg, maps/campaigns/bocage.toml): a US section dropped wide of its zone on
D-Day night fights through the hedgerows, holds a mill for the night and crosses the flooded causeway to the
bridge, with Abteilung 848 loose in the fields. The chapter maps live in maps/campaigns/bocage/; they find the
kit's tileset two folders up.
"""

from __future__ import annotations

from make_maps import Chapters, Ground, Obj, Table, figure, paint_floors, poly, rect, write_tables

T, Z, F = "terrain", "zones", "figures"
GRASS = [
    (0.35, [("grass_dark", 85), ("grass", 15)]),
    (0.8, "grass"),
    (1.0, [("grass_flowers", 30), ("grass", 70)]),
]


def _clutter(g: Ground, o: list[Obj], name: str, x: float, y: float, w: float, h: float, kind: str) -> None:
    """A rectangle of clutter (hedge, orchard, swamp...) painted with its own tiles."""
    o.append(rect(T, "clutter", name, x, y, w, h, terrain=kind))
    tiles: dict[str, str | list[tuple[str, float]]] = {
        "hedge": "hedge",
        "orchard": "orchard",
        "woods": [("woods", 75), ("woods_trunk", 25)],
        "swamp": [("water_weed", 60), ("water", 25), ("mud", 15)],
        "crops": "crops_wheat",
        "rubble": [("rubble", 60), ("rubble_brick", 40)],
    }
    g.box(x, y, w, h, tiles[kind])


# every chapter: Zombiekrieg, one to four players, 1" tiles
BOCAGE = Chapters(
    "campaigns/bocage",
    {"ruleset": "zombiekrieg"},
    {"players_min": 1, "players_max": 4, "zombies_min": 12, "inches_per_tile": 1.0},
)


# --- chapter 1: the hedgerows -------------------------------------------------------------------


def hedgerows() -> Table:
    """Fields boxed in by bocage hedges; the section comes down by its wrecked glider in the west and must get
    four men into the sunken lane in the east."""
    W, H = 48, 36
    g = Ground(W, H, "bocage-hedgerows")
    g.patches(6, GRASS)
    o: list[Obj] = []
    g.box(16, 19, 9, 14, "field_ploughed")
    lane = g.path([(30, 0), (31, 12), (36, 17), (48, 18)], 1.0, [("dirt", 60), ("dirt_ruts_h", 40)])
    g.verges(lane, "dirt")
    for name, x, y, w, h in (
        ("Hedgerow", 14, 0, 1.5, 11),
        ("Hedgerow", 14, 19, 1.5, 17),
        ("Hedgerow", 26, 0, 1.5, 6),
        ("Hedgerow", 26, 10, 1.5, 14),
        ("Hedgerow", 26, 28, 1.5, 8),
        ("Hedgerow", 37, 21, 1.5, 15),
        ("Hedgerow", 15.5, 8, 10.5, 1.5),
        ("Hedgerow", 27.5, 24, 9.5, 1.5),
    ):
        _clutter(g, o, name, x, y, w, h, "hedge")
    _clutter(g, o, "Cider orchard", 29, 4, 6, 7, "orchard")
    _clutter(g, o, "Bois Dauphin", 40, 26, 7, 9, "woods")
    glider = rect(T, "building", "Wrecked Horsa glider", 3, 19, 8, 2.4, rotation=15)
    barn = rect(T, "building", "Ferme des Haies", 18, 11, 5, 4)
    shed = rect(T, "building", "Cart shed", 39, 9, 4, 3)
    o += [glider, barn, shed]
    paint_floors(g, o, {"Ferme des Haies": "wood_floor", "Cart shed": "dirt"})
    o.append(poly(T, "wall", "Farmyard wall", [(17, 17), (17, 20), (24, 20)], line=True, thickness=0.4))
    o.append(rect(Z, "deploy", "Where the glider came down", 1, 24, 10, 11, side="allies"))
    o.append(rect(Z, "exit", "Sunken lane to Saint-Come", 17, 0.5, 15, 3))
    o.append(rect(Z, "spawn", "Bois Dauphin", 42, 26, 5, 5))
    o.append(rect(Z, "spawn", "The hanged sticks of Easy Company", 43, 5, 4, 6))
    o.append(rect(Z, "spawn", "Dead cattle in the low field", 30, 31, 6, 4))
    o.append(figure("zombie", "Feldgrau shambler", 39, 20))
    return BOCAGE.chapter(
        "01_hedgerows.tmx",
        g,
        o,
        "The Hedgerows",
        "6 June 1944, before dawn. The glider came down three fields short, and the Jerries in these hedges are "
        "not shooting back: they are eating. Get three men through the bocage and into the sunken lane to the "
        "north before the whole field wakes up.",
        "exit",
        16,
        exit_count=3,
        zombie_ratio=2.1,
    )


# --- chapter 2: the mill ------------------------------------------------------------------------


def mill() -> Table:
    """A water mill in a walled yard by the river: the section comes up the lane and must reach its door."""
    W, H = 44, 36
    g = Ground(W, H, "bocage-mill")
    g.patches(5, GRASS)
    o: list[Obj] = []
    _clutter(g, o, "River Douve reeds", 38, 0, 6, 36, "swamp")
    _clutter(g, o, "Mill pond", 28, 3, 8, 7, "swamp")
    road = g.path([(0, 18), (20, 18), (22, 20), (22, 36)], 1.2, [("road", 80), ("road_cracked", 20)])
    g.verges(road, "road")
    g.box(15, 11, 17, 13, [("cobbles", 60), ("cobbles_worn", 25), ("mud", 15)])  # the mill yard
    mill_house = rect(T, "building", "Moulin de Saint-Come", 24, 12, 7, 5)
    granary = rect(T, "building", "Granary", 16, 12, 4, 3)
    cottage = rect(T, "building", "Miller's cottage", 2, 20.5, 5, 4)
    o += [mill_house, granary, cottage]
    paint_floors(
        g, o, {"Moulin de Saint-Come": "wood_floor_v", "Granary": "wood_floor", "Miller's cottage": "tiled_floor"}
    )
    o.append(poly(T, "wall", "Yard wall", [(14, 21), (14, 10), (23, 10)], line=True, thickness=0.5))
    o.append(poly(T, "wall", "Yard wall", [(27, 24), (32, 24), (32, 19)], line=True, thickness=0.5))
    _clutter(g, o, "Sacks and carts", 25, 20, 2.5, 1.5, "rubble")
    _clutter(g, o, "Apple orchard", 3, 3, 9, 8, "orchard")
    _clutter(g, o, "Wheat", 26, 27, 10, 8, "crops")
    o.append(rect(Z, "deploy", "The sunken lane", 1, 27, 10, 8, side="allies"))
    o.append(rect(Z, "objective", "Before the mill door", 21, 17.5, 10, 4))
    o.append(rect(Z, "spawn", "Out of the orchard", 5, 5, 5, 5))
    o.append(rect(Z, "spawn", "Up from the river", 33, 1, 4, 5))
    o.append(rect(Z, "spawn", "Out of the wheat", 30, 28, 5, 5))
    for n, (x, y) in enumerate(((10, 15), (36, 16), (18, 17)), 1):
        o.append(figure("zombie", f"The miller's family {n}", x, y))
    return BOCAGE.chapter(
        "02_mill.tmx",
        g,
        o,
        "The Mill at Saint-Come",
        "Dusk, D-Day. The sunken lane comes out below the mill the battalion was to hold as its rally point. "
        "Nobody rallied: the miller's family is still in the yard, and they are hungry. The battalion radio "
        "was dropped in the mill loft. Get a man to the mill door and call the beach.",
        "reach",
        12,
        zombie_ratio=2.5,
    )


# --- chapter 3: the causeway --------------------------------------------------------------------


def causeway() -> Table:
    """The causeway over the flooded Merderet: a straight road between marshes, a burnt farm half way, and the
    bridge on the far side."""
    W, H = 44, 30
    g = Ground(W, H, "bocage-causeway")
    g.patches(5, GRASS)
    o: list[Obj] = []
    _clutter(g, o, "Flooded meadow", 9, 0, 28, 11, "swamp")
    _clutter(g, o, "Flooded meadow", 9, 19, 28, 11, "swamp")
    road = g.path([(0, 15), (44, 15)], 1.5, [("road", 70), ("road_cracked", 30)])
    g.verges(road, "road")
    g.box(9, 11, 28, 8, [("grass_dry", 60), ("mud", 40)])  # the embankment
    g.path([(0, 15), (44, 15)], 1.5, [("road", 70), ("road_cracked", 30)])
    farm = rect(T, "building", "Burnt farm", 21, 11.5, 5, 2.5)
    truck = rect(T, "building", "Knocked-out Opel truck", 30, 16.5, 4, 1.8, rotation=-10)
    gatehouse = rect(T, "building", "Bridge keeper's house", 38, 4, 5, 4)
    o += [farm, truck, gatehouse]
    paint_floors(g, o, {"Burnt farm": "ash", "Bridge keeper's house": "flagstones"})
    o.append(rect(T, "wall", "Tumbled parapet", 13, 12, 5, 0.4))
    o.append(rect(T, "wall", "Tumbled parapet", 33, 18, 3, 0.4))
    _clutter(g, o, "Reed bed", 37, 21, 6, 9, "swamp")
    o.append(rect(Z, "deploy", "The foot of the causeway", 11, 11, 7, 8, side="allies"))
    o.append(rect(Z, "exit", "La Fiere bridge", 39, 10, 4.5, 10))
    o.append(rect(Z, "spawn", "Following from the mill", 0.5, 1, 4, 6))
    o.append(rect(Z, "spawn", "Following from the mill", 0.5, 23, 4, 6))
    o.append(figure("zombie", "Wading dead", 30, 6))
    return BOCAGE.chapter(
        "03_causeway.tmx",
        g,
        o,
        "The Causeway",
        "D+1, first light. The relief never came; the bridge at La Fiere is the only way back to the beaches. "
        "Half a mile of causeway over the flooded Merderet, and the water is full of things that used to be "
        "paratroopers. Get four men across the bridge: the beach will not send a boat for fewer.",
        "exit",
        14,
        exit_count=4,
        zombie_ratio=2.3,
    )


def main() -> None:
    write_tables((hedgerows(), mill(), causeway()))


if __name__ == "__main__":
    main()
