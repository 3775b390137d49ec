"""Frame time, the screen's half: the real game screen at 1920x1080 under the dummy video driver,
beside pyscroll (the ``bench`` extra) drawing the same map and token images as the reference.

:func:`measure_frames` opens the App, lets a ``stage`` (from :mod:`game.bench.frame`, which
chooses the rule set, the forces and the selection) put a game on the table, points at the table
point it returns (a preview), and times the App's own frame (``App.step``) and the table view alone
(``TableView.draw`` and the flip, the part pyscroll also draws). It hands back every frame's time; the
benchmark above the screen (:mod:`game.bench.frame`) sums them up.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.scenario.model import Point, Scenario

SIZE = (1920, 1080)

# puts a game on the screen of the App it is given and returns the table point to hover
Stage = Callable[[Any, Scenario], Point]


def point_at(app: Any, where: Point) -> None:
    """Move the pointer over a table point and let the screen show its preview."""
    import pygame

    pos = tuple(round(v) for v in app.scene.view.camera.to_screen(where))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(5)


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


def measure_frames(
    stage: Stage, scenario: Scenario, frames: int = 200, warmup: int = 20
) -> dict[str, list[float] | None]:
    """Frame times (ms, each frame's) of the screen ``stage`` sets up on ``scenario``: ``"frame"`` the App's
    whole frame, ``"table"`` the table view alone, ``"pyscroll"`` the reference's (None without pyscroll)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App

    folder = Path(tempfile.mkdtemp(prefix="deadground-bench-"))  # no autosaves in the player's folder
    app = App(settings_path=folder / "settings.json", sounds_enabled=False, size=SIZE, fps=0, data_dir=folder)
    point_at(app, stage(app, scenario))
    scene: Any = app.scene  # the game scene the stage opened
    view, screen = scene.view, app.screen

    def table_only() -> None:
        view.draw(screen)
        pygame.display.flip()

    def run(frame) -> list[float]:
        for _ in range(warmup):
            frame()
        times = []
        for _ in range(frames):
            t0 = time.perf_counter()
            frame()
            times.append((time.perf_counter() - t0) * 1000)
        return times

    assert scene.match.controller.preview is not None, "the fire preview is not showing"
    mine = run(app.step)
    table = run(table_only)
    reference = _pyscroll_frame_maker(scenario, screen, app.assets, view.tokens, view.camera.ppi)
    theirs = run(reference) if reference is not None else None
    app.close()
    return {"frame": mine, "table": table, "pyscroll": theirs}
