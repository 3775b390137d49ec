"""Frame time: the real game screen at 1920x1080 under the dummy video driver, beside pyscroll (the
``bench`` extra) drawing the same map and token images as the reference.

The scene is the whole game view a player sees, drawn by the App's own frame (``App.step``: the
table, the panels, the roster, the log, the dice tray and the flip): the starter map fitted to the
screen, four sections (44 soldiers) with their GUTS badges, 200 zombies, and a selected Sergeant
whose previews the rules computed: move ring, command ring, front arc with range bands, and the
fire preview's sight line and plate to the nearest zombie under the pointer. ``frame_table_ms_median``
is the table view alone (``TableView.draw`` and the flip), the part pyscroll also draws.
"""

from __future__ import annotations

import math
import os
import random
import tempfile
from pathlib import Path

from game.bench.common import clock, median, open_ground, percentile, starter_scenario
from game.scenario.model import Scenario

SIZE = (1920, 1080)
SECTIONS = ["american", "british", "american", "british"]  # 11 men each: 44 soldiers


def game_screen(app, scenario: Scenario, zombies: int = 200, seed: int = 3):
    """Open the game scene on ``scenario`` with ``zombies`` zombies; the Sergeant selected and the
    pointer on the nearest zombie (a fire preview). Returns the scene."""
    import pygame

    from game.rules.zombiekrieg.state import ZOMBIES, Figure
    from game.ui.game_scene import GameScene

    app.push(GameScene(app, scenario, {"sections": SECTIONS}, seed=seed))
    app.run_frames(3)
    scene = app.scene
    match, game = scene.match, scene.match.game
    match.skip()
    rng = random.Random(seed)
    spots = open_ground(scenario, rng, 0.5, taken=[f.position for f in game.figures], spacing=1.1)
    have = sum(1 for f in game.figures if f.is_zombie and f.on_table)
    for n in range(have + 1, zombies + 1):
        fid, p = f"zb{n}", next(spots)
        game.state.figures[fid] = Figure(fid, ZOMBIES, p, 180.0, 0.5)
        game.table.place(fid, p, 0.5)
    match.resync()
    sgt = next(f for f in game.figures if f.role == "sergeant")
    match.select(sgt.id)
    target = min((f for f in game.figures if f.is_zombie), key=lambda f: math.dist(f.position, sgt.position))
    pos = tuple(round(v) for v in scene.view.camera.to_screen(target.position))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(5)
    return scene


def _pyscroll_frame_maker(scenario: Scenario, screen, assets, tokens, ppi: float):
    """A function drawing one pyscroll frame of the same map and tokens (None without pyscroll)."""
    try:
        import pygame
        import pyscroll
        from pytmx.util_pygame import load_pygame
    except ImportError:
        return None
    tmx = load_pygame(scenario.path)
    native = tmx.tilewidth / max(scenario.inches_per_tile, 1e-6)  # map pixels per inch
    layer = pyscroll.BufferedRenderer(
        pyscroll.data.TiledMapData(tmx), screen.get_size(), clamp_camera=False, zoom=ppi / native
    )
    group = pyscroll.PyscrollGroup(map_layer=layer)
    for t in tokens:
        sprite = pygame.sprite.Sprite()
        sprite.image = assets.token(
            t.sprite, round(2 * t.base_radius * native), t.facing, dim=t.state == "knocked_down"
        )
        sprite.rect = sprite.image.get_rect(center=(round(t.position[0] * native), round(t.position[1] * native)))
        group.add(sprite)
    group.center((scenario.width * native / 2, scenario.height * native / 2))

    def frame() -> None:
        screen.fill((18, 19, 16))
        group.draw(screen)
        pygame.display.flip()

    return frame


def bench_frame(frames: int = 200, warmup: int = 20, scenario: Scenario | None = None) -> dict[str, float | None]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App

    scenario = scenario or starter_scenario()
    folder = Path(tempfile.mkdtemp(prefix="deadground-bench-"))  # no autosaves in the player's folder
    app = App(settings_path=folder / "settings.json", sounds_enabled=False, size=SIZE, fps=0, data_dir=folder)
    scene = game_screen(app, scenario)
    view, screen = scene.view, app.screen

    def table_only() -> None:
        view.draw(screen)
        pygame.display.flip()

    def run(frame) -> list[float]:
        for _ in range(warmup):
            frame()
        times = []
        for _ in range(frames):
            t0 = clock()
            frame()
            times.append((clock() - t0) * 1000)
        return times

    assert scene.match.controller.preview is not None, "the fire preview is not showing"
    mine = run(app.step)
    table = run(table_only)
    reference = _pyscroll_frame_maker(scenario, screen, app.assets, view.tokens, view.camera.ppi)
    theirs = run(reference) if reference is not None else None
    out: dict[str, float | None] = {
        "frame_ms_median": median(mine),
        "frame_ms_p95": percentile(mine, 95),
        "frame_table_ms_median": median(table),
        "frame_pyscroll_ms_median": median(theirs) if theirs else None,
        "frame_ratio_vs_pyscroll": median(mine) / median(theirs) if theirs else None,
    }
    app.close()
    return out
