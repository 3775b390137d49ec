"""A real window under Xvfb: the table scene draws a map, tokens and panels (not a blank screen)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.assets import default_scenario  # noqa: E402

SCRIPT = r"""
import sys
from pathlib import Path
import pygame
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup
app = App(settings_path=Path(sys.argv[2]), sounds_enabled=False)
app.start_game(GameSetup(load_entry(Path(sys.argv[3]))))
app.run_frames(20)
print("VIEWPORT", *app.scene.view.camera.viewport)
pygame.image.save(app.screen, sys.argv[1])
app.close()
"""


def free_display() -> int:
    for n in range(90, 190):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    n = free_display()
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):  # wait for the server socket
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            break
        time.sleep(0.05)
    yield f":{n}"
    proc.terminate()
    proc.wait(timeout=10)


def test_the_table_scene_draws_a_real_picture(xvfb: str, tmp_path: Path) -> None:
    if not default_scenario().exists():
        pytest.skip("the default scenario is not there yet")
    shot = tmp_path / "table.png"
    env = {**os.environ, "DISPLAY": xvfb, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(shot), str(tmp_path / "settings.json"),
                             str(default_scenario())], env=env, capture_output=True, text=True, timeout=120)
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
import math, sys
from pathlib import Path
import pygame
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup
from game.ui.figures import look_of
app = App(settings_path=Path(sys.argv[2]), sounds_enabled=False)
app.start_game(GameSetup(load_entry(Path(sys.argv[3]))))
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
pygame.image.save(app.screen, sys.argv[1])
app.close()
"""


def test_mid_game_with_a_fire_preview(xvfb: str, tmp_path: Path) -> None:
    """The table, the tokens, the sight line and its plate, the panels: a real picture, not blank."""
    if not default_scenario().exists():
        pytest.skip("the default scenario is not there yet")
    shot = tmp_path / "fire.png"
    env = {**os.environ, "DISPLAY": xvfb, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", FIRE_SCRIPT, str(shot), str(tmp_path / "settings.json"),
                             str(default_scenario())], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out = {line.split()[0]: [int(v) for v in line.split()[1:]] for line in result.stdout.splitlines()
           if line.split() and line.split()[0] in ("SGT", "ZOMBIE", "VIEWPORT")}
    sx, sy, r = out["SGT"]
    zx, zy = out["ZOMBIE"]
    vx, vy, vw, vh = out["VIEWPORT"]

    image = pygame.image.load(str(shot))
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 7) for y in range(0, 800, 7)}
    assert len(colours) > 500

    def near(cx: int, cy: int, radius: int, want: tuple[int, int, int], tol: int = 30) -> bool:
        return any(sum(abs(a - b) for a, b in zip(image.get_at((x, y))[:3], want)) <= tol
                   for x in range(cx - radius, cx + radius + 1) for y in range(cy - radius, cy + radius + 1)
                   if 0 <= x < 1280 and 0 <= y < 800)

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
