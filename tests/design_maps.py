"""Small Tiled maps written the way a designer's Tiled saves them, for the designer-case tests
(tests/test_design_*.py, tests/test_check_*.py): one grass tile layer, the shipped tileset and templates.

>>> text = tmx(objects=[obj(1, "Start", "deploy", 0, 0, 6, 6, side="allies")])
>>> "deploy" in text
True
"""

from __future__ import annotations

import base64
import gzip
import shutil
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
PX = 32


def kit(folder: Path) -> Path:
    """Copy the shipped tileset and templates next to a test's maps (as ``deadground kit`` does)."""
    for sub in ("tiles", "templates"):
        if not (folder / sub).exists():
            shutil.copytree(MAPS / sub, folder / sub)
    return folder


def prop(name: str, value: object) -> str:
    kind = {bool: "bool", int: "int", float: "float"}.get(type(value), "")
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return (
        f"<property name={quoteattr(name)}{f' type={quoteattr(kind)}' if kind else ''} value={quoteattr(text)}/>"
    )


def props(values: dict[str, object]) -> str:
    if not values:
        return ""
    return "<properties>" + "".join(prop(k, v) for k, v in values.items()) + "</properties>"


def obj(
    oid: int,
    name: str,
    cls: str,
    x: float,
    y: float,
    w: float = 0,
    h: float = 0,
    *,
    shape: str = "",
    points: str = "",
    extra: str = "",
    **properties: object,
) -> str:
    """One object in inches (1 tile = 1 inch = 32 px). ``shape``: "", point, ellipse, polygon, polyline."""
    size = f' width="{w * PX:g}" height="{h * PX:g}"' if w or h else ""
    body = props(properties)
    if shape == "point":
        body += "<point/>"
    elif shape == "ellipse":
        body += "<ellipse/>"
    elif shape in ("polygon", "polyline"):
        pts = " ".join(f"{float(a) * PX:g},{float(b) * PX:g}" for a, b in (p.split(",") for p in points.split()))
        body += f'<{shape} points="{pts}"/>'
    return (
        f'<object id="{oid}" name={quoteattr(name)} type={quoteattr(cls)} x="{x * PX:g}" y="{y * PX:g}"{size}'
        f"{extra}>{body}</object>"
    )


def tile_data(width: int, height: int, encoding: str = "csv", gid: int = 1) -> str:
    """A ``<data>`` element of one tile everywhere, in any of Tiled's layer formats."""
    gids = [gid] * (width * height)
    if encoding == "csv":
        return '<data encoding="csv">\n' + ",".join(map(str, gids)) + "\n</data>"
    if encoding == "xml":
        return "<data>" + "".join(f'<tile gid="{g}"/>' for g in gids) + "</data>"
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    if encoding == "base64":
        return f'<data encoding="base64">{base64.b64encode(raw).decode()}</data>'
    if encoding == "zlib":
        return f'<data encoding="base64" compression="zlib">{base64.b64encode(zlib.compress(raw)).decode()}</data>'
    if encoding == "gzip":
        return f'<data encoding="base64" compression="gzip">{base64.b64encode(gzip.compress(raw)).decode()}</data>'
    if encoding == "zstd":  # not decodable here either; the game refuses it before decoding
        return f'<data encoding="base64" compression="zstd">{base64.b64encode(b"(zstd)").decode()}</data>'
    raise ValueError(encoding)


ZOMBIEKRIEG = {"ruleset": "zombiekrieg", "objective": "exit", "title": "Test", "turn_limit": 8}


def tmx(
    *,
    width: int = 36,
    height: int = 24,
    tile: int = PX,
    properties: dict[str, object] | None = None,
    objects: list[str] | None = None,
    layers: str | None = None,
    encoding: str = "csv",
    tileset: str = '<tileset firstgid="1" source="tiles/deadground.tsx"/>',
    layer_attrs: str = "",
) -> str:
    """A whole map: map properties (default: a Zombiekrieg exit scenario), a ground layer and one object
    layer named "scenario" holding ``objects`` (or the given ``layers`` XML instead)."""
    values = dict(ZOMBIEKRIEG if properties is None else properties)
    ground = f'<layer id="1" name="ground" width="{width}" height="{height}"{layer_attrs}>'
    ground += tile_data(width, height, encoding) + "</layer>"
    if layers is None:
        layers = '<objectgroup id="2" name="scenario">' + "".join(objects or []) + "</objectgroup>"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{tile}" tileheight="{tile}" infinite="0" '
        f'nextlayerid="9" nextobjectid="99">{props(values)}{tileset}{ground}{layers}</map>\n'
    )


def playable_objects() -> list[str]:
    """What a good Zombiekrieg table needs: an Allied deploy zone, zombies' spawn zone, an exit."""
    return [
        obj(1, "Allied start", "deploy", 1, 8, 6, 8, side="allies"),
        obj(2, "Graveyard", "spawn", 28, 2, 4, 4),
        obj(3, "Road out", "exit", 33, 8, 3, 8),
    ]


def write(folder: Path, name: str, text: str) -> Path:
    kit(folder)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
