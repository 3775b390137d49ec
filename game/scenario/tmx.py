"""Reading a Tiled ``.tmx`` file into raw objects, with object templates (``.tx``) resolved.

This is plain XML reading, because pytmx loses what a scenario needs (it does not resolve templates,
hides Tiled 1.9's ``class`` attribute) and because importing pytmx imports pygame, which only game.ui may
do. The screen still draws with pytmx; tests check pytmx opens every shipped map. Everything stays in pixels
here; every problem found is collected, never raised.

>>> raw, problems = read_tmx("no/such/map.tmx")
>>> raw is None, problems[0].message
(True, 'file not found: no/such/map.tmx')
"""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from game.scenario.problems import Problem

PixelPoint = tuple[float, float]

MAX_TILES = 4096  # per side: far beyond any table, small enough that nothing downstream chokes
MAX_COORD = 1e9  # pixels; anything bigger is garbage, not a table
_FLIP_BITS = 0xE0000000


@dataclass
class RawProperty:
    """A property as Tiled wrote it: the text of its value and its Tiled type."""

    value: Any
    type: str = "string"


@dataclass
class RawObject:
    """One Tiled object in pixels, template already applied. ``shape`` is one of rectangle, polygon,
    polyline, ellipse, point, tile, text. ``points`` are relative to (x, y), as Tiled stores them."""

    id: int
    name: str
    cls: str
    shape: str
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    rotation: float = 0.0
    points: tuple[PixelPoint, ...] = ()
    properties: dict[str, RawProperty] = field(default_factory=dict)
    template: str | None = None
    layer: str = ""  # the object layer's name, inside its groups: "scenery/terrain"
    visible: bool = True  # False when the object or a layer holding it is hidden in Tiled (the game skips it)
    gid: int = 0  # a tile object's tile (flip bits cleared), else 0


@dataclass
class RawMap:
    path: str
    orientation: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    infinite: bool
    properties: dict[str, RawProperty]
    objects: list[RawObject]
    files: dict[str, bytes]  # every file read (the .tmx and its templates), for the content hash


class _Reader:
    """Collects problems while reading; one per map file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.folder = os.path.dirname(os.path.abspath(path))
        self.problems: list[Problem] = []
        self.files: dict[str, bytes] = {}
        self.templates: dict[str, ET.Element | None] = {}

    def problem(self, obj_id: int | None, name: str, message: str, fix: str) -> None:
        self.problems.append(Problem(obj_id, name, message, fix))

    # ------------------------------------------------------------------ numbers

    def number(
        self, el: ET.Element, attr: str, default: float, obj_id: int | None = None, name: str = ""
    ) -> float:
        text = el.get(attr)
        if text is None:
            return default
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or abs(value) > MAX_COORD:
            self.problem(
                obj_id,
                name,
                f'attribute {attr}="{text}" is not a usable number',
                "move or resize the object in Tiled and save again (or fix the number in the .tmx)",
            )
            return default
        return value

    def whole(self, el: ET.Element, attr: str, low: int, high: int, what: str) -> int | None:
        text = el.get(attr)
        if text is None:
            self.problem(None, "", f"the map has no {attr} ({what})", "open the map in Tiled and save it again")
            return None
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            self.problem(
                None,
                "",
                f'the map\'s {attr}="{text}" is not a whole number from {low} to {high} ({what})',
                "fix it in Map > Map Properties in Tiled",
            )
            return None
        return value

    # ------------------------------------------------------------------ properties

    def properties(self, el: ET.Element | None) -> dict[str, RawProperty]:
        found: dict[str, RawProperty] = {}
        if el is None:
            return found
        block = el.find("properties")
        if block is None:
            return found
        for prop in block.findall("property"):
            name = prop.get("name")
            if not name:
                continue
            kind = prop.get("type", "string")
            if kind == "class":
                found[name] = RawProperty({k: v.value for k, v in self.properties(prop).items()}, "class")
                continue
            value = prop.get("value")
            if value is None:
                value = prop.text or ""  # multi-line strings are stored as the element's text
            found[name] = RawProperty(value, kind)
        return found

    # ------------------------------------------------------------------ templates

    def template(self, source: str, obj_id: int, name: str) -> ET.Element | None:
        """The ``<object>`` inside a template file, or None (with a problem) if it cannot be read."""
        full = os.path.normpath(os.path.join(self.folder, source))
        if full in self.templates:
            found = self.templates[full]
            if found is None:
                self.problem(
                    obj_id,
                    name,
                    f'its template "{source}" could not be read (see above)',
                    "fix the template, or detach the object from it (right click > Detach)",
                )
            return found
        self.templates[full] = None
        if source.lower().endswith((".tj", ".json")):
            self.problem(
                obj_id,
                name,
                f'its template "{source}" is a JSON template, which the game does not read',
                "open the template in Tiled and save it as a .tx template (File > Save As), then replace the "
                "object with one placed from the .tx (or detach it: right click > Detach)",
            )
            return None
        fix = "put the template back in maps/templates, or detach the object from it (right click > Detach)"
        try:
            with open(full, "rb") as f:
                data = f.read()
        except OSError:
            self.problem(obj_id, name, f'template file not found: "{source}"', fix)
            return None
        self.files[full] = data
        try:
            root = ET.fromstring(data)
        except ET.ParseError as err:
            self.problem(obj_id, name, f'template "{source}" is not valid XML ({err})', fix)
            return None
        obj = root.find("object") if root.tag == "template" else None
        if obj is None:
            self.problem(obj_id, name, f'template "{source}" is not a Tiled object template', fix)
            return None
        self.templates[full] = obj
        return obj

    # ------------------------------------------------------------------ objects

    def object(
        self, el: ET.Element, offset: PixelPoint, layer: str = "", visible: bool = True
    ) -> RawObject | None:
        id_text = el.get("id", "0")
        try:
            obj_id = int(id_text)
        except ValueError:
            self.problem(
                None,
                "",
                f'an object has the id "{id_text}", which is not a whole number',
                "open the map in Tiled and save it again",
            )
            obj_id = 0
        name = el.get("name", "")
        source = el.get("template")
        base = self.template(source, obj_id, name) if source else None
        if source and base is None:
            return None
        layers = [e for e in (base, el) if e is not None]  # later ones win

        def attr(key: str) -> str | None:
            for e in reversed(layers):
                if e.get(key) is not None:
                    return e.get(key)
            return None

        name = attr("name") or ""
        cls = (attr("class") or attr("type") or "").strip()  # Tiled 1.9 wrote class; 1.8 and 1.10+ write type
        shape_el = next((e for e in reversed(layers) if _shape_of(e) != "rectangle"), None)
        shape = _shape_of(shape_el) if shape_el is not None else "rectangle"
        if shape == "rectangle" and attr("gid") is not None:
            shape = "tile"

        def num(key: str) -> float:
            for e in reversed(layers):
                if e.get(key) is not None:
                    return self.number(e, key, 0.0, obj_id, name)
            return 0.0

        properties: dict[str, RawProperty] = {}
        for e in layers:
            properties.update(self.properties(e))
        points: tuple[PixelPoint, ...] = ()
        if shape in ("polygon", "polyline") and shape_el is not None:
            points = self.points(shape_el.find(shape), obj_id, name)
        gid = self.gid(attr("gid") or "", obj_id, name) if shape == "tile" else 0
        return RawObject(
            id=obj_id,
            name=name,
            cls=cls,
            shape=shape,
            x=self.number(el, "x", 0.0, obj_id, name) + offset[0],
            y=self.number(el, "y", 0.0, obj_id, name) + offset[1],
            width=num("width"),
            height=num("height"),
            rotation=num("rotation"),
            points=points,
            properties=properties,
            template=source,
            layer=layer,
            visible=visible and el.get("visible", "1") != "0",
            gid=gid,
        )

    def points(self, el: ET.Element | None, obj_id: int, name: str) -> tuple[PixelPoint, ...]:
        text = "" if el is None else el.get("points", "")
        found = []
        for pair in text.split():
            try:
                x, y = (float(v) for v in pair.split(","))
            except ValueError:
                x = y = math.nan
            if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORD:
                self.problem(
                    obj_id, name, f'the point "{pair}" is not a pair of numbers', "redraw the shape in Tiled"
                )
                continue
            found.append((x, y))
        return tuple(found)

    def gid(self, text: str, obj_id: int, name: str) -> int:
        try:
            gid = int(text) & ~_FLIP_BITS
        except ValueError:
            gid = 0
        if gid <= 0:
            self.problem(
                obj_id,
                name,
                f'its tile (gid "{text}") is not a tile number',
                "delete the object and place the tile again",
            )
        return max(gid, 0)

    def layers(
        self, parent: ET.Element, offset: PixelPoint, out: list[RawObject], path: str = "", visible: bool = True
    ) -> None:
        """Objects of every object layer, also inside group layers, with layer offsets applied; each
        remembers its layer and whether it is shown (a hidden group hides everything in it)."""
        for child in parent:
            if child.tag not in ("objectgroup", "group"):
                continue
            here = (
                offset[0] + self.number(child, "offsetx", 0.0),
                offset[1] + self.number(child, "offsety", 0.0),
            )
            name = f"{path}/{child.get('name', '')}" if path else child.get("name", "")
            shown = visible and child.get("visible", "1") != "0"
            if child.tag == "group":
                self.layers(child, here, out, name, shown)
                continue
            for el in child.findall("object"):
                obj = self.object(el, here, name, shown)
                if obj is not None:
                    out.append(obj)

    def tilesets(self, root: ET.Element) -> None:
        for ts in root.findall("tileset"):
            source = ts.get("source")
            if not source:
                continue
            full = os.path.normpath(os.path.join(self.folder, source))
            if not os.path.isfile(full):
                self.problem(
                    None,
                    "",
                    f'tileset file not found: "{source}"',
                    "put the tileset back (maps/tiles/deadground.tsx) or remove it in Tiled",
                )


def _shape_of(el: ET.Element) -> str:
    for tag in ("ellipse", "point", "polygon", "polyline", "text"):
        if el.find(tag) is not None:
            return tag
    return "rectangle"


def read_tmx(path: str) -> tuple[RawMap | None, list[Problem]]:
    """Read a map; returns (None, problems) when it is not a usable Tiled map at all."""
    reader = _Reader(str(path))
    fix_file = "give the path of a .tmx map saved by Tiled"
    if str(path).lower().endswith((".tmj", ".json")):
        return None, [
            Problem(
                None,
                "",
                f"{path} is a Tiled JSON map, which the game does not read",
                "open it in Tiled and save it as a .tmx map (File > Save As, type Tiled map files (*.tmx))",
            )
        ]
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None, [Problem(None, "", f"file not found: {path}", fix_file)]
    except OSError as err:
        return None, [Problem(None, "", f"cannot read {path}: {err.strerror or err}", fix_file)]
    reader.files[os.path.abspath(path)] = data
    try:
        root = ET.fromstring(data)
    except ET.ParseError as err:
        return None, [
            Problem(
                None,
                "",
                f"not a Tiled map: the file is not valid XML ({err})",
                "open it in Tiled and save it as a .tmx map",
            )
        ]
    if root.tag != "map":
        return None, [
            Problem(
                None,
                "",
                f"not a Tiled map: the file's root is <{root.tag}>, not <map>",
                "open it in Tiled and save it as a .tmx map",
            )
        ]
    orientation = root.get("orientation", "")
    if orientation != "orthogonal":
        reader.problem(
            None,
            "",
            f'the map is "{orientation or "(no orientation)"}", not orthogonal',
            "make a new orthogonal map in Tiled (File > New map, Orientation: Orthogonal)",
        )
    width = reader.whole(root, "width", 1, MAX_TILES, "tiles across")
    height = reader.whole(root, "height", 1, MAX_TILES, "tiles down")
    tilewidth = reader.whole(root, "tilewidth", 1, MAX_TILES, "pixels per tile")
    tileheight = reader.whole(root, "tileheight", 1, MAX_TILES, "pixels per tile")
    infinite = root.get("infinite", "0") not in ("0", "")
    if infinite:
        reader.problem(
            None,
            "",
            "the map is infinite, so the table has no edge",
            "untick Infinite in Map > Map Properties in Tiled",
        )
    if tilewidth and tileheight and tilewidth != tileheight:
        reader.problem(
            None,
            "",
            f"tiles are not square ({tilewidth}x{tileheight} pixels), so an inch would not be the same both ways",
            "set tile width and height equal in Map Properties",
        )
    properties = reader.properties(root)
    reader.tilesets(root)
    objects: list[RawObject] = []
    reader.layers(root, (0.0, 0.0), objects)
    if None in (width, height, tilewidth, tileheight):
        return None, reader.problems
    raw = RawMap(
        path=str(path),
        orientation=orientation,
        width=width or 1,
        height=height or 1,
        tilewidth=tilewidth or 1,
        tileheight=tileheight or 1,
        infinite=infinite,
        properties=properties,
        objects=objects,
        files=reader.files,
    )
    return raw, reader.problems
