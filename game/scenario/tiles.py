"""The look of a Tiled map, read once for both ``check`` and the screen: tilesets, tile layers, image
layers and tile objects, in drawing order, with Tiled's offsets, visibility and opacity.

The screen (``game.ui.map_render``) draws exactly what this module reads, and ``check`` reports
everything it cannot read, with the fix: so whatever ``check`` accepts is drawn, never a bare table.
No pygame here (``check`` must run without a display): pictures are named by path, the screen loads them.

Encodings read: CSV, XML ``<tile>`` elements, Base64 uncompressed, zlib and gzip. Zstandard is refused
(Python has no zstd decoder in its standard library, and a map must draw on every machine).

>>> tiles, problems = read_tiles("no/such/map.tmx")
>>> tiles is None, problems[0].message
(True, 'file not found: no/such/map.tmx')
"""

from __future__ import annotations

import base64
import binascii
import os
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass, field

from game.numerals import decimal, whole
from game.scenario.problems import ERROR, Problem


def tiled_xml(path: str) -> ET.Element:
    """A Tiled file's root, read as hostile: an ordinary file within the size limit, no entities, bounded
    nesting (the loader's own reader); OSError for anything it refuses, so callers treat it as unreadable."""
    from game.safe_xml import Unreadable, parse_xml, read_bounded
    from game.scenario.schema import load_schema

    limits = load_schema().limits
    try:
        return parse_xml(read_bounded(path, limits.file_bytes), 2 * limits.nesting + 8)
    except Unreadable as err:
        raise OSError(str(err)) from None


FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000
GID_MASK = 0x0FFFFFFF  # Tiled 1.9+ also uses 0x10000000 (hexagonal rotation): never a tile number
FIGURE_CLASSES = ("zombie", "soldier", "character", "npc", "note")
ENCODING_FIX = (
    "save the layer as zlib/gzip/CSV: in Tiled, Map > Map Properties > Tile Layer Format, pick "
    '"CSV", "Base64 (zlib compressed)" or "Base64 (gzip compressed)", then save'
)


@dataclass(frozen=True)
class Tileset:
    """One tileset: either one sheet picture cut into tiles, or a collection of single pictures."""

    firstgid: int
    name: str
    tilewidth: int
    tileheight: int
    columns: int = 0
    spacing: int = 0
    margin: int = 0
    tilecount: int = 0
    image: str | None = None  # absolute path of the sheet
    pictures: dict[int, str] = field(default_factory=dict)  # local id -> absolute path (collections)
    missing: bool = False  # its picture is missing (reported once; its tiles are not reported again)

    def has(self, local: int) -> bool:
        if self.missing:
            return True
        if self.image is not None:
            return 0 <= local < max(self.tilecount, 1) if self.tilecount else local >= 0
        return local in self.pictures

    def cell(self, local: int) -> tuple[int, int, int, int]:
        """The tile's rectangle (x, y, w, h) on the sheet."""
        cols = max(self.columns, 1)
        x = self.margin + (local % cols) * (self.tilewidth + self.spacing)
        y = self.margin + (local // cols) * (self.tileheight + self.spacing)
        return (x, y, self.tilewidth, self.tileheight)


@dataclass(frozen=True)
class TileLayer:
    name: str
    width: int
    height: int
    gids: tuple[int, ...]  # row by row, flip bits kept
    offset: tuple[float, float] = (0.0, 0.0)  # pixels, parents' offsets included
    opacity: float = 1.0


@dataclass(frozen=True)
class ImageLayer:
    name: str
    image: str  # absolute path
    offset: tuple[float, float] = (0.0, 0.0)
    opacity: float = 1.0


@dataclass(frozen=True)
class TileObject:
    """A picture placed as an object; (x, y) is its bottom-left corner in Tiled, before rotation."""

    id: int
    name: str
    layer: str
    gid: int  # flip bits kept
    x: float
    y: float
    width: float
    height: float
    rotation: float = 0.0
    opacity: float = 1.0
    cls: str = ""  # its class (from the object or its template)

    @property
    def moves(self) -> bool:
        """A figure (or a note, which the game ignores): drawn by the game as a token, never baked into
        the table picture, or its picture would stay behind when the figure moves."""
        return self.cls in FIGURE_CLASSES


Drawable = TileLayer | ImageLayer | TileObject


@dataclass
class TileMap:
    """What the screen draws, bottom to top (only what is shown in Tiled: hidden layers are left out)."""

    path: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    tilesets: list[Tileset]
    drawables: list[Drawable]

    def tile(self, gid: int) -> tuple[Tileset, int] | None:
        """The tileset and local id of a gid (flip bits ignored), or None when no tileset has it."""
        number = gid & GID_MASK
        if number == 0:
            return None
        owner = None
        for ts in self.tilesets:
            if ts.firstgid <= number and (owner is None or ts.firstgid > owner.firstgid):
                owner = ts
        if owner is None or not owner.has(number - owner.firstgid):
            return None
        return owner, number - owner.firstgid


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.folder = os.path.dirname(os.path.abspath(path))
        self.problems: list[Problem] = []
        self.tileset_files: dict[str, int] = {}  # external tileset file -> its firstgid in this map

    def problem(self, message: str, fix: str, layer: str = "", obj: tuple[int, str] | None = None) -> None:
        oid, name = obj if obj else (None, "")
        self.problems.append(Problem(oid, name, message, fix, ERROR, layer))

    # ------------------------------------------------------------------ tilesets

    def tileset(self, el: ET.Element) -> Tileset | None:
        firstgid = whole(el.get("firstgid", "1"))
        if firstgid is None:
            self.problem(f'a tileset has the firstgid "{el.get("firstgid")}"', "open the map in Tiled and save it")
            return None
        source = el.get("source")
        folder = self.folder
        if source:
            if source.lower().endswith((".tsj", ".json")):
                self.problem(
                    f'the tileset "{source}" is a JSON tileset, which the game does not read',
                    "open the tileset in Tiled and save it as a .tsx tileset (File > Save As), then "
                    "replace it in the map (Map > Replace Tileset)",
                )
                return None
            full = os.path.normpath(os.path.join(self.folder, source))
            try:
                el = tiled_xml(full)
            except (OSError, ET.ParseError):
                return None  # the loader reports a missing tileset file already
            folder = os.path.dirname(full)
            self.tileset_files[full] = firstgid
        name = el.get("name", source or "")
        tw, th = _int(el.get("tilewidth")), _int(el.get("tileheight"))
        image_el = el.find("image")
        image = None
        if image_el is not None:
            image = self.picture(image_el, folder, f'the tileset "{name}"', "Tileset > Tileset Properties > Image")
        pictures: dict[int, str] = {}
        for tile in el.findall("tile"):
            pic = tile.find("image")
            if pic is None:
                continue
            found = self.picture(pic, folder, f'tile {tile.get("id")} of the tileset "{name}"', "the tile's Image")
            if found is not None:
                pictures[_int(tile.get("id"))] = found
        return Tileset(
            firstgid=firstgid,
            name=name,
            tilewidth=tw,
            tileheight=th,
            columns=_int(el.get("columns")),
            spacing=_int(el.get("spacing")),
            margin=_int(el.get("margin")),
            tilecount=_int(el.get("tilecount")),
            image=image,
            pictures=pictures,
            missing=image_el is not None and image is None,
        )

    def picture(self, el: ET.Element, folder: str, what: str, where: str, layer: str = "") -> str | None:
        source = el.get("source", "")
        full = os.path.normpath(os.path.join(folder, source))
        if not source or not os.path.isfile(full):
            self.problem(
                f'the picture of {what} is missing: "{source}"',
                f"put {os.path.basename(source) or 'the picture'} back next to the map or tileset, or pick "
                f"it again in Tiled ({where})",
                layer,
            )
            return None
        return full

    # ------------------------------------------------------------------ layers

    def layers(
        self, parent: ET.Element, offset: tuple[float, float], opacity: float, path: str, out: list[Drawable]
    ) -> None:
        for child in parent:
            if child.tag not in ("layer", "imagelayer", "objectgroup", "group"):
                continue
            name = f"{path}/{child.get('name', '')}" if path else child.get("name", "")
            if child.get("visible", "1") == "0":
                continue  # hidden in Tiled: not drawn (and its objects are not played, see the guide)
            here = (offset[0] + _float(child.get("offsetx")), offset[1] + _float(child.get("offsety")))
            alpha = opacity * _float(child.get("opacity"), 1.0)
            if child.tag == "group":
                self.layers(child, here, alpha, name, out)
            elif child.tag == "layer":
                layer = self.tile_layer(child, name, here, alpha)
                if layer is not None:
                    out.append(layer)
            elif child.tag == "imagelayer":
                pic = child.find("image")
                if pic is not None and pic.get("source"):
                    found = self.picture(pic, self.folder, f'the image layer "{name}"', "the layer's Image", name)
                    if found is not None:
                        out.append(ImageLayer(name, found, here, alpha))
            else:
                for el in child.findall("object"):
                    obj = self.tile_object(el, name, here, alpha)
                    if obj is not None:
                        out.append(obj)

    def tile_layer(self, el: ET.Element, name: str, offset: tuple[float, float], alpha: float) -> TileLayer | None:
        width, height = _int(el.get("width")), _int(el.get("height"))
        data = el.find("data")
        if data is None:
            return TileLayer(name, width, height, (0,) * (width * height), offset, alpha)
        if data.find("chunk") is not None:
            self.problem(
                f'the tile layer "{name}" is stored in chunks (an infinite map)',
                "untick Infinite in Map > Map Properties in Tiled",
                name,
            )
            return None
        encoding, compression = data.get("encoding", ""), data.get("compression", "")
        gids = self.decode(data, encoding, compression, name, width * height)
        if gids is None:
            return None
        if len(gids) != width * height:
            self.problem(
                f'the tile layer "{name}" has {len(gids)} tiles, not {width} x {height}',
                "open the map in Tiled and save it again",
                name,
            )
            return None
        return TileLayer(name, width, height, tuple(gids), offset, alpha)

    def decode(self, data: ET.Element, encoding: str, compression: str, name: str, tiles: int) -> list[int] | None:
        if encoding == "":
            return [_int(t.get("gid")) for t in data.findall("tile")]
        if encoding == "csv":
            cells = [whole(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip()]
            if None in cells:
                self.problem(f'the tile layer "{name}" has CSV data that is not numbers', ENCODING_FIX, name)
                return None
            return [c for c in cells if c is not None]
        if encoding != "base64":
            self.problem(f'the tile layer "{name}" uses the unknown encoding "{encoding}"', ENCODING_FIX, name)
            return None
        if compression == "zstd":
            self.problem(
                f'the tile layer "{name}" is compressed with Zstandard (zstd), which the game cannot read',
                ENCODING_FIX,
                name,
            )
            return None
        if compression not in ("", "zlib", "gzip"):
            self.problem(
                f'the tile layer "{name}" uses the unknown compression "{compression}"', ENCODING_FIX, name
            )
            return None
        limit = 4 * min(tiles, _most_tiles())  # 4 bytes a tile: a few megabytes could unpack to gigabytes
        try:
            raw = base64.b64decode((data.text or "").strip(), validate=False)
            if compression:
                raw = _inflate(raw, limit)
        except _TooBig:
            self.problem(
                f'the tile layer "{name}" unpacks to more than its {tiles:,} tiles ({limit:,} bytes)',
                "open the map in Tiled and save it again",
                name,
            )
            return None
        except (binascii.Error, zlib.error) as err:
            self.problem(f'the tile layer "{name}" data cannot be read ({err})', ENCODING_FIX, name)
            return None
        if len(raw) % 4:
            self.problem(f'the tile layer "{name}" data is cut short', ENCODING_FIX, name)
            return None
        return [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]

    def tile_object(
        self, el: ET.Element, layer: str, offset: tuple[float, float], alpha: float
    ) -> TileObject | None:
        if el.get("visible", "1") == "0":
            return None
        gid_text = el.get("gid")
        template_gid = None
        if gid_text is None and el.get("template"):
            template_gid = self.template_gid(el.get("template", ""))
            if template_gid is None:
                return None
        elif gid_text is None:
            return None
        gid = template_gid[0] if template_gid else _int(gid_text)
        size = template_gid[1] if template_gid else (0.0, 0.0)
        cls = el.get("class") or el.get("type") or (template_gid[2] if template_gid else "")
        return TileObject(
            id=_int(el.get("id")),
            name=el.get("name", ""),
            layer=layer,
            gid=gid,
            x=offset[0] + _float(el.get("x")),
            y=offset[1] + _float(el.get("y")),
            width=_float(el.get("width"), size[0]),
            height=_float(el.get("height"), size[1]),
            rotation=_float(el.get("rotation")),
            opacity=alpha,
            cls=cls.strip(),
        )

    def template_gid(self, source: str) -> tuple[int, tuple[float, float], str] | None:
        """A tile template's gid, translated into this map's tilesets (templates name their own)."""
        try:
            root = tiled_xml(os.path.normpath(os.path.join(self.folder, source)))
        except (OSError, ET.ParseError):
            return None
        obj = root.find("object")
        if obj is None or obj.get("gid") is None:
            return None
        raw = _int(obj.get("gid"))
        flips, number = raw & ~GID_MASK, raw & GID_MASK
        ts = root.find("tileset")
        folder = os.path.dirname(os.path.normpath(os.path.join(self.folder, source)))
        if ts is not None and ts.get("source"):
            full = os.path.normpath(os.path.join(folder, ts.get("source", "")))
            here = self.tileset_files.get(full)
            if here is None:
                self.problem(
                    f'the template "{source}" draws a tile from {os.path.basename(full)}, which the map lacks',
                    f"add {os.path.basename(full)} to the map (Map > Add External Tileset)",
                )
                return None
            number = here + number - _int(ts.get("firstgid"), 1)
        size = (_float(obj.get("width")), _float(obj.get("height")))
        return flips | number, size, obj.get("class") or obj.get("type") or ""


class _TooBig(Exception):
    """A tile layer unpacks to more bytes than its tiles need."""


def _most_tiles() -> int:
    from game.scenario.schema import load_schema

    return load_schema().limits.tiles


def _inflate(packed: bytes, limit: int) -> bytes:
    """zlib or gzip data (Tiled writes one or the other; gzip may hold several members) unpacked to at most
    ``limit`` bytes, never more held in memory; :class:`_TooBig` past it, zlib.error when it is damaged.

    >>> import gzip
    >>> len(_inflate(gzip.compress(bytes(16)), 16)), len(_inflate(zlib.compress(bytes(16)), 16))
    (16, 16)
    >>> _inflate(zlib.compress(bytes(10**6)), 16)
    Traceback (most recent call last):
    ...
    game.scenario.tiles._TooBig
    """
    out = bytearray()
    rest = packed
    while rest:
        unpacker = zlib.decompressobj(32 + zlib.MAX_WBITS)  # 32: a zlib or a gzip header, whichever it has
        out += unpacker.decompress(rest, limit + 1 - len(out))
        if len(out) > limit:
            raise _TooBig
        if not unpacker.eof:
            raise zlib.error("the compressed data is cut short")
        rest = unpacker.unused_data
    return bytes(out)


def _int(text: str | None, default: int = 0) -> int:
    found = whole(text)
    return found if found is not None else default


def _float(text: str | None, default: float = 0.0) -> float:
    found = decimal(text)
    return found if found is not None else default


def read_tiles(path: str) -> tuple[TileMap | None, list[Problem]]:
    """The map's pictures in drawing order, and every problem that would keep the screen from drawing it."""
    reader = _Reader(str(path))
    try:
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        root = tiled_xml(path)
    except FileNotFoundError:
        return None, [Problem(None, "", f"file not found: {path}", "give the path of a .tmx map saved by Tiled")]
    except (OSError, ET.ParseError) as err:
        return None, [Problem(None, "", f"cannot read {path} ({err})", "open it in Tiled and save it as .tmx")]
    if root.tag != "map":
        return None, []  # the loader says what is wrong
    from game.scenario.schema import load_schema

    limits = load_schema().limits
    w, h = _int(root.get("width")), _int(root.get("height"))
    if not (0 < w <= limits.tiles_per_side and 0 < h <= limits.tiles_per_side and w * h <= limits.tiles):
        return None, []  # past the limits: the loader refuses it, naming the limit (nothing is decoded)
    tilesets = [ts for el in root.findall("tileset") if (ts := reader.tileset(el)) is not None]
    drawables: list[Drawable] = []
    reader.layers(root, (0.0, 0.0), 1.0, "", drawables)
    tiles = TileMap(
        str(path),
        _int(root.get("width")),
        _int(root.get("height")),
        _int(root.get("tilewidth"), 1),
        _int(root.get("tileheight"), 1),
        tilesets,
        drawables,
    )
    seen: set[int] = set()
    for d in tiles.drawables:
        if isinstance(d, TileLayer):
            for gid in set(d.gids) - seen:
                seen.add(gid)
                if gid & GID_MASK and tiles.tile(gid) is None:
                    reader.problem(
                        f'the tile layer "{d.name}" uses tile number {gid & GID_MASK}, which no tileset has',
                        "add the tileset it came from back to the map (Map > Add External Tileset), or "
                        "erase those tiles",
                        d.name,
                    )
        elif isinstance(d, TileObject) and tiles.tile(d.gid) is None:
            reader.problems.append(
                Problem(
                    d.id,
                    d.name,
                    f"its picture (tile number {d.gid & GID_MASK}) is in no tileset of the map",
                    "add the tileset back to the map, or delete the object and place the tile again",
                    ERROR,
                    d.layer,
                )
            )
    return tiles, reader.problems
