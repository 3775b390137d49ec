"""Render a quick preview PNG of a scenario: the painted tiles with every object outlined by class.

    SDL_VIDEODRIVER=dummy python maps/preview.py maps/normandy_village.tmx /tmp/normandy.png [scale]

A designer's sanity check (and the way the starter tables were eyeballed); not used by the game.
It draws the tiles as the game does (game.ui.map_render) and the objects as the loader reads them
(templates resolved, layer offsets applied, hidden layers left out). A map the game cannot draw (a
zstd layer, a missing picture) is not previewed: the reason is printed, as ``deadground check`` says it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing
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


def render(tmx: Path, scale: int = 16) -> pygame.Surface:
    """The map as the game draws it (``game.ui.map_render``), scaled to ``scale`` pixels an inch, with
    every shown object outlined in its class colour (hidden layers left out, as in the game)."""
    from game.scenario.geometry import Scale, area_of
    from game.scenario.tmx import read_tmx
    from game.ui.map_render import MapRenderer

    raw, problems = read_tmx(str(tmx))
    if raw is None:
        raise ValueError("; ".join(str(p) for p in problems))
    inches = float(raw.properties["inches_per_tile"].value) if "inches_per_tile" in raw.properties else 1.0
    native = MapRenderer.from_tmx(tmx, inches).native
    w, h = raw.width * inches, raw.height * inches
    surf = pygame.transform.smoothscale(native, (round(w * scale), round(h * scale)))
    to_inches = Scale(raw.tilewidth, raw.tileheight, inches)
    font = pygame.font.SysFont(None, max(12, scale))
    for o in raw.objects:
        if not o.visible:
            continue
        kind = o.cls or "note"
        col = COLOURS.get(kind, (255, 255, 255))
        area = area_of(o.shape, o.x, o.y, o.width, o.height, o.rotation, o.points, to_inches)
        screen = [(x * scale, y * scale) for x, y in area.points]
        if o.shape == "point" or kind in ("zombie", "soldier", "character", "npc"):
            boss = str(getattr(o.properties.get("boss"), "value", "")).lower() == "true"
            centre = screen[0] if o.shape == "point" else (area.centre[0] * scale, area.centre[1] * scale)
            r = (0.8 if boss else 0.5) * scale
            pygame.draw.circle(surf, col, centre, r)
            pygame.draw.circle(surf, (255, 255, 255), centre, r, 1)
            continue
        if len(screen) < 2:
            continue
        if kind == "wall":
            thick = float(getattr(o.properties.get("thickness"), "value", 0.25) or 0.25)
            pygame.draw.lines(surf, (150, 146, 136), not area.is_line, screen, max(2, int(thick * scale)))
            pygame.draw.lines(surf, col, not area.is_line, screen, 1)
        elif kind == "building" and len(screen) >= 3:
            overlay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(overlay, (*col, 90), screen)
            surf.blit(overlay, (0, 0))
            pygame.draw.polygon(surf, (60, 50, 45), screen, 3)
        else:
            pygame.draw.lines(surf, col, True, screen, 2)
        if kind in ("building", "deploy", "exit", "spawn", "escape_vehicle", "ruin", "objective") and o.name:
            label = font.render(o.name, True, (255, 255, 255), (0, 0, 0))
            cx, cy = area.centre[0] * scale, area.centre[1] * scale
            surf.blit(label, (cx - label.get_width() / 2, cy - label.get_height() / 2))
    return surf


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    pygame.init()
    pygame.display.set_mode((1, 1))  # the map's pictures are converted for the display
    scale = int(argv[2]) if len(argv) > 2 else 16
    try:
        picture = render(Path(argv[0]), scale)
    except ValueError as err:  # what check says about a map the screen cannot draw
        print(f"cannot preview {argv[0]}: {err}", file=sys.stderr)
        return 1
    pygame.image.save(picture, argv[1])
    print(f"wrote {argv[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
