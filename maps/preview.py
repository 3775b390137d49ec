"""Render a quick preview PNG of a scenario: the painted tiles with every object outlined by class.

    SDL_VIDEODRIVER=dummy python maps/preview.py maps/normandy_village.tmx /tmp/normandy.png [scale]

A designer's sanity check (and the way the starter tables were eyeballed); not used by the game.
It reads the .tmx with ElementTree and resolves templates itself, so it shows what the file says.
"""

from __future__ import annotations

import math
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

COLOURS = {
    "wall": (40, 30, 20),
    "building": (150, 40, 30),
    "clutter": (30, 120, 30),
    "ruin": (140, 120, 90),
    "deploy": (40, 110, 230),
    "exit": (30, 200, 80),
    "objective": (230, 180, 30),
    "spawn": (200, 30, 150),
    "escape_vehicle": (30, 200, 200),
    "zombie": (200, 20, 20),
    "soldier": (60, 90, 160),
    "character": (30, 130, 230),
    "npc": (230, 140, 30),
    "note": (160, 160, 160),
}


def _merged(obj: ET.Element, base: Path) -> ET.Element:
    """The object with its template's attributes, shape and properties filled in."""
    tpl = obj.get("template")
    if not tpl:
        return obj
    t = ET.parse(base / tpl).getroot().find("object")
    assert t is not None
    merged = ET.Element("object", {**t.attrib, **obj.attrib})
    props = {p.get("name"): p for p in t.iterfind("properties/property")}
    props.update({p.get("name"): p for p in obj.iterfind("properties/property")})
    pe = ET.SubElement(merged, "properties")
    pe.extend(props.values())
    for child in list(t) + list(obj):
        if child.tag != "properties":
            merged.append(child)
    return merged


def render(tmx: Path, scale: int = 16) -> pygame.Surface:
    root = ET.parse(tmx).getroot()
    tw = int(root.get("tilewidth", 32))
    w, h = int(root.get("width", 0)), int(root.get("height", 0))
    ts_el = root.find("tileset")
    assert ts_el is not None
    tsx_path = tmx.parent / ts_el.get("source", "")
    tsx = ET.parse(tsx_path).getroot()
    image_el = tsx.find("image")
    assert image_el is not None
    sheet = pygame.image.load(str(tsx_path.parent / image_el.get("source", "")))
    cols = int(tsx.get("columns", 1))
    firstgid = int(ts_el.get("firstgid", 1))
    surf = pygame.Surface((w * tw, h * tw))
    for layer in root.iterfind("layer"):
        data = layer.find("data")
        assert data is not None and data.text
        gids = [int(v) for v in data.text.replace("\n", "").split(",") if v.strip()]
        for k, gid in enumerate(gids):
            if gid:
                tid = gid - firstgid
                surf.blit(sheet, ((k % w) * tw, (k // w) * tw), ((tid % cols) * tw, (tid // cols) * tw, tw, tw))
    surf = pygame.transform.smoothscale(surf, (w * scale, h * scale))
    k = scale / tw
    font = pygame.font.SysFont(None, max(12, scale))
    for group in root.iterfind("objectgroup"):
        for raw in group.iterfind("object"):
            o = _merged(raw, tmx.parent)
            kind = o.get("type") or o.get("class") or "note"
            col = COLOURS.get(kind, (255, 255, 255))
            x, y = float(o.get("x", 0)), float(o.get("y", 0))
            ow, oh = float(o.get("width", 0)), float(o.get("height", 0))
            rot = math.radians(float(o.get("rotation", 0)))

            def tr(px: float, py: float, rot: float = rot, x: float = x, y: float = y) -> tuple[float, float]:
                rx = px * math.cos(rot) - py * math.sin(rot)
                ry = px * math.sin(rot) + py * math.cos(rot)
                return ((x + rx) * k, (y + ry) * k)

            shape = next((c for c in o if c.tag in ("point", "ellipse", "polygon", "polyline")), None)
            tag = shape.tag if shape is not None else "rectangle"
            if tag == "point":
                boss = any(p.get("name") == "boss" and p.get("value") == "true" for p in o.iterfind(".//property"))
                r = (0.8 if boss else 0.5) * scale
                pygame.draw.circle(surf, col, tr(0, 0), r)
                pygame.draw.circle(surf, (255, 255, 255), tr(0, 0), r, 1)
                continue
            if tag in ("polygon", "polyline"):
                pts = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]  # type: ignore[union-attr]
            elif tag == "ellipse":
                pts = [
                    (ow / 2 + ow / 2 * math.cos(a / 20 * math.pi), oh / 2 + oh / 2 * math.sin(a / 20 * math.pi))
                    for a in range(40)
                ]
            else:
                pts = [(0, 0), (ow, 0), (ow, oh), (0, oh)]
            screen = [tr(px, py) for px, py in pts]
            if kind == "wall":
                thick = float(
                    next((p.get("value") for p in o.iterfind(".//property") if p.get("name") == "thickness"), 0.25)
                )
                pygame.draw.lines(surf, (150, 146, 136), tag != "polyline", screen, max(2, int(thick * scale)))
                pygame.draw.lines(surf, col, tag != "polyline", screen, 1)
            elif kind == "building":
                overlay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                pygame.draw.polygon(overlay, (*col, 90), screen)
                surf.blit(overlay, (0, 0))
                pygame.draw.polygon(surf, (60, 50, 45), screen, 3)
            else:
                pygame.draw.lines(surf, col, True, screen, 2)
            if kind in ("building", "deploy", "exit", "spawn", "escape_vehicle", "ruin", "objective"):
                label = font.render(o.get("name", ""), True, (255, 255, 255), (0, 0, 0))
                cx = sum(p[0] for p in screen) / len(screen)
                cy = sum(p[1] for p in screen) / len(screen)
                surf.blit(label, (cx - label.get_width() / 2, cy - label.get_height() / 2))
    return surf


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    pygame.init()
    scale = int(argv[2]) if len(argv) > 2 else 16
    pygame.image.save(render(Path(argv[0]), scale), argv[1])
    print(f"wrote {argv[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
