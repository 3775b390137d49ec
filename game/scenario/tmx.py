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

from game.numerals import decimal, whole
from game.safe_xml import Unreadable, parse_xml, read_bounded
from game.scenario.problems import Problem
from game.scenario.schema import Limits, load_schema

PixelPoint = tuple[float, float]

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


_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"BM")


def kit_folders() -> list[str]:
    """The shipped kit (maps/: templates, tiles), whose files any map may use wherever it lies; in a
    checkout also the test kit (tests/maps), which maps exported elsewhere by tests refer back to."""
    from game.assets import _PACKAGE, assets_dir

    found = []
    try:
        found.append(os.path.realpath(assets_dir("maps")))
    except (FileNotFoundError, OSError):
        pass
    tests = _PACKAGE.parent / "tests" / "maps"
    if tests.is_dir():
        found.append(os.path.realpath(tests))
    return found


class _Reader:
    """Collects problems while reading; one per map file."""

    def __init__(self, path: str, limits: Limits) -> None:
        self.path = path
        self.limits = limits
        self.folder = os.path.dirname(os.path.abspath(path))
        self.problems: list[Problem] = []
        self.files: dict[str, bytes] = {}
        self.templates: dict[str, ET.Element | None] = {}
        self.roots = [os.path.realpath(self.folder), *kit_folders()]
        self.object_count = 0
        # XML depth a legal map needs: map > groups > layer > object > properties > property, and
        # class properties inside class properties (2 elements each)
        self.max_depth = 2 * limits.nesting + 8

    def inside(self, full: str) -> bool:
        """Whether ``full`` lies in the map's folder tree or in the shipped kit (links followed)."""
        real = os.path.realpath(full)
        return any(os.path.commonpath([real, root]) == root for root in self.roots)

    def read_file(self, source: str, what: str) -> bytes:
        """A file a map refers to (template, tileset, image); :class:`Unreadable` with the reason."""
        if len(source) > 1024:
            raise Unreadable(f"its path is {len(source)} characters long")
        full = os.path.normpath(os.path.join(self.folder, source))
        if not self.inside(full):
            raise Unreadable(
                f"lies outside the map's folder and the shipped kit, so the game will not read it "
                f"(move the {what} next to the map)"
            )
        return read_bounded(full, self.limits.file_bytes)

    def problem(self, obj_id: int | None, name: str, message: str, fix: str) -> None:
        self.problems.append(Problem(obj_id, name, message, fix))

    # ------------------------------------------------------------------ numbers

    def number(
        self, el: ET.Element, attr: str, default: float, obj_id: int | None = None, name: str = ""
    ) -> float:
        text = el.get(attr)
        if text is None:
            return default
        value = decimal(text)
        if value is None or abs(value) > MAX_COORD:
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
        value = whole(text)
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

    def properties(self, el: ET.Element | None, depth: int = 0) -> dict[str, RawProperty]:
        found: dict[str, RawProperty] = {}
        if el is None:
            return found
        block = el.find("properties")
        if block is None:
            return found
        if depth >= self.limits.nesting:  # the XML depth check bounds this too; say it in the designer's words
            self.problem(
                None,
                "",
                f"class properties are nested more than {self.limits.nesting} deep (the limit nesting)",
                "flatten the class property in Tiled",
            )
            return found
        for prop in block.findall("property"):
            name = prop.get("name")
            if not name:
                continue
            kind = prop.get("type", "string")
            if kind == "class":
                inner = self.properties(prop, depth + 1)
                found[name] = RawProperty({k: v.value for k, v in inner.items()}, "class")
                continue
            value = prop.get("value")
            if value is None:
                value = prop.text or ""  # multi-line strings are stored as the element's text
            limit = self.limits.property_text
            if len(value) > limit or len(name) > limit:
                self.problem(
                    None,
                    "",
                    f'the property "{name[:40]}" is {max(len(value), len(name)):,} characters long, more than '
                    f"{limit:,} (the limit property_text)",
                    "shorten it in Tiled",
                )
                continue
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
        fix = (
            f'put "{source[:200]}" back beside the map (in {self.folder[:200]}: a map reads templates/ and tiles/ '
            "from its own folder, so keep the map in the folder `deadground kit` made), or detach the object from it "
            "(right click > Detach)"
        )
        try:
            data = self.read_file(source, "template")
        except Unreadable as err:
            if str(err) == "not found":
                self.problem(obj_id, name, f'template file not found: "{source[:200]}"', fix)
            else:
                self.problem(obj_id, name, f'template "{source[:200]}" {err}', fix)
            return None
        self.files[full] = data
        try:
            root = parse_xml(data, self.max_depth)
        except Unreadable as err:
            self.problem(obj_id, name, f'template "{source[:200]}" {err}', fix)
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
        found_id = whole(id_text)
        obj_id = found_id if found_id is not None else 0
        if found_id is None:
            self.problem(
                None,
                "",
                f'an object has the id "{id_text}", which is not a whole number',
                "open the map in Tiled and save it again",
            )
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
        pairs = text.split()
        if len(pairs) > self.limits.points_per_shape:
            self.problem(
                obj_id,
                name,
                f"its shape has {len(pairs):,} points, more than {self.limits.points_per_shape:,} "
                "(the limit points_per_shape)",
                "simplify the outline in Tiled, or split it into several objects",
            )
            return ()
        found = []
        for pair in pairs:
            xy = [n for n in (decimal(v) for v in pair.split(",")) if n is not None]
            x, y = (xy[0], xy[1]) if len(xy) == 2 == pair.count(",") + 1 else (math.nan, math.nan)
            if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORD:
                self.problem(
                    obj_id, name, f'the point "{pair[:40]}" is not a pair of numbers', "redraw the shape in Tiled"
                )
                continue
            found.append((x, y))
        return tuple(found)

    def gid(self, text: str, obj_id: int, name: str) -> int:
        found = whole(text)
        gid = found & ~_FLIP_BITS if found is not None else 0
        if gid <= 0:
            self.problem(
                obj_id,
                name,
                f'its tile (gid "{text}") is not a tile number',
                "delete the object and place the tile again",
            )
        return max(gid, 0)

    def layers(
        self,
        parent: ET.Element,
        offset: PixelPoint,
        out: list[RawObject],
        path: str = "",
        visible: bool = True,
        depth: int = 0,
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
                if depth + 1 > self.limits.nesting:
                    self.problem(
                        None,
                        "",
                        f"group layers are nested more than {self.limits.nesting} deep (the limit nesting)",
                        "move the layers out of the innermost groups in Tiled",
                    )
                    continue
                self.layers(child, here, out, name, shown, depth + 1)
                continue
            for el in child.findall("object"):
                self.object_count += 1
                if self.object_count > self.limits.objects:
                    if self.object_count == self.limits.objects + 1:
                        self.problem(
                            None,
                            "",
                            f"the map has more than {self.limits.objects:,} objects (the limit objects)",
                            "split the scenario, or merge objects (one polygon for a row of walls)",
                        )
                    continue
                obj = self.object(el, here, name, shown)
                if obj is not None:
                    out.append(obj)

    def tilesets(self, root: ET.Element) -> None:
        """External tilesets and every tileset's image must be readable files inside the map's tree or the
        kit: the screen draws them, so a missing or unreadable image is refused here, not while drawing."""
        fix = (
            f"put the tileset back beside the map (in {self.folder[:200]}: a map reads tiles/ from its own folder, "
            "so keep the map in the folder `deadground kit` made) or remove it in Tiled"
        )
        for ts in root.findall("tileset"):
            source = ts.get("source")
            folder = ""
            if source:
                try:
                    data = self.read_file(source, "tileset")
                except Unreadable as err:
                    if str(err) == "not found":
                        self.problem(None, "", f'tileset file not found: "{source[:200]}"', fix)
                    else:
                        self.problem(None, "", f'the tileset "{source[:200]}" {err}', fix)
                    continue
                try:
                    ts = parse_xml(data, self.max_depth)
                except Unreadable as err:
                    self.problem(None, "", f'the tileset "{source[:200]}" {err}', fix)
                    continue
                folder = os.path.dirname(source)
            name = f'the tileset "{source[:200]}"' if source else "the tileset in the map"
            if not self.tileset_numbers(ts, name):
                continue
            for image in ts.iter("image"):
                self.image(os.path.join(folder, image.get("source") or ""), name, image)

    def tileset_numbers(self, ts: ET.Element, name: str) -> bool:
        """The sizes the screen cuts the tileset's picture by: whole numbers in range, or a problem (a
        tile height of -1 left every tile without a picture, and the map drawing fell over)."""
        fix = "open the tileset in Tiled (Tileset > Tileset Properties) and save it again"
        ok = True
        checks: list[tuple[ET.Element, str, int, int]] = [
            (ts, "tilewidth", 1, self.limits.tile_pixels),
            (ts, "tileheight", 1, self.limits.tile_pixels),
            (ts, "tilecount", 0, 1_000_000),
            (ts, "columns", 0, 100_000),
            (ts, "spacing", 0, self.limits.tile_pixels),
            (ts, "margin", 0, self.limits.tile_pixels),
        ]
        checks += [
            (image, attr, 1, self.limits.map_pixels) for image in ts.iter("image") for attr in ("width", "height")
        ]
        for el, attr, low, high in checks:
            text = el.get(attr)
            if text is None:
                continue
            value = whole(text)
            if value is None or not low <= value <= high:
                where = "its picture's" if el.tag == "image" else "its"
                self.problem(
                    None,
                    "",
                    f'{name}: {where} {attr}="{text[:30]}" is not a whole number from {low} to {high}',
                    fix,
                )
                ok = False
        return ok

    def image(self, source: str, tileset: str, el: ET.Element) -> None:
        fix = "put the tileset's picture back beside it (a PNG), or fix its Image in Tiled"
        try:
            data = self.read_file(source, "image")
        except Unreadable as err:
            self.problem(None, "", f'the picture "{source[:200]}" of {tileset} {err}', fix)
            return
        if not data.startswith(_IMAGE_MAGIC):
            self.problem(
                None,
                "",
                f'the picture "{source[:200]}" of {tileset} is not a PNG, JPEG, GIF or BMP image',
                fix,
            )
            return
        if data.startswith(_IMAGE_MAGIC[0]) and len(data) >= 24:  # a PNG says its size in its first chunk
            size = (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))
            said = (el.get("width"), el.get("height"))
            if all(said) and (str(size[0]), str(size[1])) != said:
                self.problem(
                    None,
                    "",
                    f'the picture "{source[:200]}" of {tileset} is {size[0]}x{size[1]} pixels, but the tileset '
                    f"says {said[0]}x{said[1]}",
                    "open the tileset in Tiled and pick its picture again (Tileset > Tileset Properties)",
                )


def _shape_of(el: ET.Element) -> str:
    for tag in ("ellipse", "point", "polygon", "polyline", "text"):
        if el.find(tag) is not None:
            return tag
    return "rectangle"


def read_tmx(path: str, limits: Limits | None = None) -> tuple[RawMap | None, list[Problem]]:
    """Read a map; returns (None, problems) when it is not a usable Tiled map at all."""
    limits = limits or load_schema().limits
    reader = _Reader(str(path), limits)
    root = _open_map(str(path), reader)
    if isinstance(root, list):
        return None, root
    orientation, (width, height, tilewidth, tileheight) = _map_shape(root, reader)
    infinite = root.get("infinite", "0") not in ("0", "")
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


def _open_map(path: str, reader: _Reader) -> ET.Element | list[Problem]:
    """The map's root element, read and parsed as hostile, or the problems that make it no map at all."""
    limits = reader.limits
    fix_file = "give the path of a .tmx map saved by Tiled"
    if len(path) > 4096:
        return [Problem(None, "", f"the path is {len(path):,} characters long", fix_file)]
    if path.lower().endswith((".tmj", ".json")):
        return [
            Problem(
                None,
                "",
                f"{path} is a Tiled JSON map, which the game does not read",
                "open it in Tiled and save it as a .tmx map (File > Save As, type Tiled map files (*.tmx))",
            )
        ]
    try:
        data = read_bounded(path, limits.file_bytes)
    except Unreadable as err:
        if str(err) == "not found":
            return [Problem(None, "", f"file not found: {path}", fix_file)]
        reason = str(err).removeprefix("cannot be read").lstrip(": ").strip("()")
        return [Problem(None, "", f"cannot read {path}: {reason}", fix_file)]
    reader.files[os.path.abspath(path)] = data
    try:
        root = parse_xml(data, reader.max_depth)
    except Unreadable as err:
        return [
            Problem(
                None,
                "",
                f"not a Tiled map: the file {err}",
                "open it in Tiled and save it as a .tmx map",
            )
        ]
    if root.tag != "map":
        return [
            Problem(
                None,
                "",
                f"not a Tiled map: the file's root is <{root.tag}>, not <map>",
                "open it in Tiled and save it as a .tmx map",
            )
        ]
    return root


def _map_shape(root: ET.Element, reader: _Reader) -> tuple[str, tuple[int | None, ...]]:
    """The map's orientation and its size (tiles across and down, pixels a tile: None where unusable),
    each problem with them listed on ``reader``."""
    limits = reader.limits
    orientation = root.get("orientation", "")
    if orientation != "orthogonal":
        reader.problem(
            None,
            "",
            f'the map is "{orientation or "(no orientation)"}", not orthogonal',
            "make a new orthogonal map in Tiled (File > New map, Orientation: Orthogonal)",
        )
    width = reader.whole(root, "width", 1, limits.tiles_per_side, "tiles across, the limit tiles_per_side")
    height = reader.whole(root, "height", 1, limits.tiles_per_side, "tiles down, the limit tiles_per_side")
    tilewidth = reader.whole(root, "tilewidth", 1, limits.tile_pixels, "pixels per tile, the limit tile_pixels")
    tileheight = reader.whole(root, "tileheight", 1, limits.tile_pixels, "pixels per tile, the limit tile_pixels")
    if width and height and width * height > limits.tiles:
        reader.problem(
            None,
            "",
            f"the map has {width * height:,} tiles ({width}x{height}), more than {limits.tiles:,} (the limit tiles)",
            "make the map smaller in Map > Resize Map, or raise inches_per_tile",
        )
    if width and height and tilewidth and tileheight:
        picture = width * tilewidth * height * tileheight
        if picture > limits.picture_pixels and max(width * tilewidth, height * tileheight) <= limits.map_pixels:
            reader.problem(
                None,
                "",
                f"the map's picture is {width * tilewidth}x{height * tileheight} = {picture:,} pixels, more than "
                f"{limits.picture_pixels:,} (the limit picture_pixels), too big to keep in memory",
                "use smaller tiles (e.g. 32 pixels) or fewer of them",
            )
    for tiles, pixels, way in ((width, tilewidth, "across"), (height, tileheight, "down")):
        if tiles and pixels and tiles * pixels > limits.map_pixels:
            reader.problem(
                None,
                "",
                f"the map's picture is {tiles * pixels:,} pixels {way}, more than {limits.map_pixels:,} "
                "(the limit map_pixels), too big to draw",
                "use smaller tiles (e.g. 32 pixels) or fewer of them",
            )
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
    return orientation, (width, height, tilewidth, tileheight)
