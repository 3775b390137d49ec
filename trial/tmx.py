"""A tiny writer of Tiled .tmx maps, as a designer without the Tiled GUI would script one (trial only)."""
from __future__ import annotations

from xml.sax.saxutils import quoteattr

T = 32  # px per tile, one tile = one inch
TILES = {n: i + 1 for i, n in enumerate(
    "grass grass_flowers grass_dark grass_dry orchard woods woods_trunk hedge road road_cracked road_line_h "
    "road_line_v road_edge_n road_edge_s road_edge_e road_edge_w dirt dirt_ruts_h dirt_ruts_v dirt_edge_n "
    "dirt_edge_s dirt_edge_e dirt_edge_w mud mud_puddle cobbles cobbles_worn flagstones pavement wood_floor "
    "wood_floor_v tiled_floor tiled_floor_terracotta crops crops_wheat field_ploughed water water_weed rubble "
    "rubble_dense rubble_brick ash ash_embers scorched hive_floor hive_floor_b hive_grate hive_hazard".split())}


class Map:
    def __init__(self, w: int, h: int, base: str, **props):
        self.w, self.h = w, h
        self.ground = [[TILES[base]] * w for _ in range(h)]
        self.props = props
        self.layers: dict[str, list[str]] = {"terrain": [], "zones": [], "figures": []}
        self.next_id = 1

    def paint(self, x0, y0, x1, y1, tile):
        for y in range(max(0, y0), min(self.h, y1)):
            for x in range(max(0, x0), min(self.w, x1)):
                self.ground[y][x] = TILES[tile]

    def obj(self, layer, template=None, x=0.0, y=0.0, w=None, h=None, name=None, type_=None,
            props=None, poly=None, polyline=None, ellipse=False, point=False):
        """Place an object; x, y, w, h in inches (converted to px)."""
        a = [f'id="{self.next_id}"']
        self.next_id += 1
        if template:
            a.append(f'template="templates/{template}.tx"')
        if name:
            a.append(f"name={quoteattr(name)}")
        if type_:
            a.append(f'type="{type_}"')
        a.append(f'x="{x * T:g}" y="{y * T:g}"')
        if w is not None:
            a.append(f'width="{w * T:g}" height="{h * T:g}"')
        inner = ""
        if props:
            inner += "<properties>" + "".join(
                f'<property name="{k}" {_ptype(v)}value={quoteattr(_pval(v))}/>' for k, v in props.items()) + "</properties>"
        if poly:
            inner += '<polygon points="' + " ".join(f"{px * T:g},{py * T:g}" for px, py in poly) + '"/>'
        if polyline:
            inner += '<polyline points="' + " ".join(f"{px * T:g},{py * T:g}" for px, py in polyline) + '"/>'
        if ellipse:
            inner += "<ellipse/>"
        if point:
            inner += "<point/>"
        self.layers[layer].append(f'  <object {" ".join(a)}>{inner}</object>')

    def write(self, path):
        props = "".join(f'  <property name="{k}" {_ptype(v)}value={quoteattr(_pval(v))}/>\n' for k, v in self.props.items())
        csv = ",\n".join(",".join(str(t) for t in row) for row in self.ground)
        out = [f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
               f'renderorder="right-down" width="{self.w}" height="{self.h}" tilewidth="{T}" tileheight="{T}" infinite="0" '
               f'nextlayerid="5" nextobjectid="{self.next_id}">\n <properties>\n{props} </properties>\n'
               f' <tileset firstgid="1" source="tiles/deadground.tsx"/>\n'
               f' <layer id="1" name="ground" width="{self.w}" height="{self.h}">\n  <data encoding="csv">\n{csv}\n</data>\n </layer>\n']
        for i, (name, objs) in enumerate(self.layers.items(), start=2):
            out.append(f' <objectgroup id="{i}" name="{name}">\n' + "\n".join(objs) + "\n </objectgroup>\n")
        out.append("</map>\n")
        open(path, "w").write("".join(out))


def _ptype(v):
    return 'type="bool" ' if isinstance(v, bool) else 'type="int" ' if isinstance(v, int) else 'type="float" ' if isinstance(v, float) else ""


def _pval(v):
    return str(v).lower() if isinstance(v, bool) else str(v)
