"""A real window under Xvfb: the table scene draws a map, tokens and panels (not a blank screen)."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import need_default_scenario, screenshot

# between ui_driver.SHOT_PROLOGUE (the starter map on the table in a real window) and the saving of the screen
SCRIPT = r"""
app.run_frames(20)
print("VIEWPORT", *app.scene.view.camera.viewport)
"""


def test_the_table_scene_draws_a_real_picture(xvfb: str, tmp_path: Path) -> None:
    need_default_scenario()
    result, shot = screenshot(SCRIPT, xvfb, tmp_path, "table.png")
    assert result.returncode == 0, result.stderr
    vx, vy, vw, vh = (int(v) for v in result.stdout.split("VIEWPORT")[1].split())

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 7) for y in range(0, 800, 7)}
    assert len(colours) > 500  # a drawn map, not a flat fill

    def mean(rect: tuple[int, int, int, int]) -> tuple[float, float, float]:
        x0, y0, w, h = rect
        px = [image.get_at((x, y))[:3] for x in range(x0, x0 + w, 5) for y in range(y0, y0 + h, 5)]
        return tuple(sum(p[i] for p in px) / len(px) for i in range(3))

    table = mean((vx + vw // 4, vy + vh // 4, vw // 2, vh // 2))
    panel = mean((vx + vw + 20, vy + 200, 200, 300))
    assert sum(abs(a - b) for a, b in zip(table, panel)) > 60  # the map stands out from the side panel
    assert max(table) > 50  # and it is not black


FIRE_SCRIPT = r"""
app.run_frames(5)
scene = app.scene
m, game, cam = scene.match, scene.match.game, scene.view.camera
sgt = game.figure("us1-sgt")
z = min((f for f in game.figures if f.is_zombie), key=lambda f: math.dist(f.position, sgt.position))
spot = (z.position[0] - 7, z.position[1] + 1.5)  # a set-up for the picture: 6" from a zombie, facing it
game.world.set_position(sgt, spot)
sgt.facing = math.degrees(math.atan2(z.position[1] - spot[1], z.position[0] - spot[0]))
m._finish_playback()
cam.ppi = 26.0
cam.offset = (spot[0] + 2 - cam.viewport[2] / 2 / cam.ppi, spot[1] - cam.viewport[3] / 2 / cam.ppi)
m.select("us1-sgt")
pos = tuple(round(v) for v in cam.to_screen(z.position))
pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
app.run_frames(10)
assert m.controller.preview is not None and m.controller.preview.legal, m.controller.preview
print("SGT", *(round(v) for v in cam.to_screen(sgt.position)), round(0.5 * cam.ppi))
print("ZOMBIE", *pos)
print("VIEWPORT", *cam.viewport)
"""


def test_mid_game_with_a_fire_preview(xvfb: str, tmp_path: Path) -> None:
    """The table, the tokens, the sight line and its plate, the panels: a real picture, not blank."""
    need_default_scenario()
    result, shot = screenshot(FIRE_SCRIPT, xvfb, tmp_path, "fire.png")
    assert result.returncode == 0, result.stderr
    out = {
        line.split()[0]: [int(v) for v in line.split()[1:]]
        for line in result.stdout.splitlines()
        if line.split() and line.split()[0] in ("SGT", "ZOMBIE", "VIEWPORT")
    }
    sx, sy, r = out["SGT"]
    zx, zy = out["ZOMBIE"]
    vx, vy, vw, vh = out["VIEWPORT"]

    image = pygame.image.load(str(shot))
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 7) for y in range(0, 800, 7)}
    assert len(colours) > 500

    def near(cx: int, cy: int, radius: int, want: tuple[int, int, int], tol: int = 30) -> bool:
        return any(
            sum(abs(a - b) for a, b in zip(image.get_at((x, y))[:3], want)) <= tol
            for x in range(cx - radius, cx + radius + 1)
            for y in range(cy - radius, cy + radius + 1)
            if 0 <= x < 1280 and 0 <= y < 800
        )

    from game.ui.previews import SIGHT_COLOUR
    from game.ui.tokens import HIGHLIGHT_COLOURS

    assert near(sx, sy, r + 8, HIGHLIGHT_COLOURS["selected"])  # the selected Sergeant's ring
    mid = ((sx + zx) // 2 + (zx - sx) // 4, (sy + zy) // 2 + (zy - sy) // 4)  # three quarters along, past the icon
    assert near(mid[0], mid[1], 3, SIGHT_COLOUR["clear"])  # the solid sight line
    # the token's own pixels differ from the plain map a few inches away
    token_px = image.get_at((zx, zy))[:3]
    assert token_px != image.get_at((zx, zy + 3 * r))[:3]
    # panels: the roster and the log are drawn in their own colours, away from the table
    panel = image.get_at((vx + vw + 150, vy + vh - 40))[:3]
    assert panel != image.get_at((vx + vw // 2, vy + vh // 2))[:3]
