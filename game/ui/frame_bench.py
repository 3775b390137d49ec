"""Frame time: the real table view drawing a full game at 1920x1080 under the dummy video driver,
beside pyscroll (the ``bench`` extra) drawing the same map and token images as the reference.

The scene: the starter map fitted to the screen, four sections (44 soldiers) with their GUTS badges,
200 zombies (one in ten knocked down), and a selected Sergeant with his previews: move ring, front
arc, weapon range rings, a planned path and a labelled sight line to a zombie. Each frame is a full
``TableView.draw`` and a display flip, after a few warm-up frames.
"""
from __future__ import annotations

import math
import os
import random
from typing import TYPE_CHECKING

from game.bench.common import clock, median, open_ground, percentile, starter_scenario
from game.scenario.model import Scenario

if TYPE_CHECKING:
    from game.ui.overlays import Overlay
    from game.ui.tokens import TokenView

SIZE = (1920, 1080)


def game_tokens(scenario: Scenario, zombies: int = 200, seed: int = 3) -> tuple[list[TokenView], list[Overlay]]:
    """(tokens, overlays) of a four-section game with ``zombies`` zombies, one Sergeant selected."""
    from game.rules.zombiekrieg import new_game
    from game.ui.figures import soldier_sprite
    from game.ui.overlays import Arc, Circle, Label, Line
    from game.ui.tokens import TokenView

    g = new_game(scenario, {"sections": ["american", "british", "soviet", "american"]}, seed)
    soldiers = [f for f in g.state.allied() if f.on_table]
    rng = random.Random(seed)
    spots = open_ground(scenario, rng, 0.5, taken=[f.position for f in g.state.figures.values()], spacing=1.1)
    zpos = [z.position for z in g.state.zombies() if z.on_table][:zombies]
    zpos += [next(spots) for _ in range(zombies - len(zpos))]
    sel = soldiers[0]
    tokens = []
    for f in soldiers:
        tokens.append(TokenView(f.id, soldier_sprite(f.nation, f.role), f.position, f.facing, f.radius,
                                "allies", "standing", str(f.guts), "selected" if f is sel else None, f.id))
    for i, p in enumerate(zpos, start=1):
        state = "knocked_down" if i % 10 == 0 else "standing"
        facing = math.degrees(math.atan2(sel.position[1] - p[1], sel.position[0] - p[0]))
        tokens.append(TokenView(f"z{i}", f"tokens.zombie_{i % 4 + 1}", p, facing, 0.5, "zombie", state))
    target = min(zpos, key=lambda p: math.dist(p, sel.position))
    sight = g.table.line_of_sight(sel.position, target)
    weapon = g.data.weapon(sel.weapon)
    x, y = sel.position
    overlays = [
        Circle(sel.position, 6.0, (250, 215, 90), "dashed", 2, 'move 6"'),
        Arc(sel.position, 12.0, sel.facing, 180.0, (240, 230, 200), "dotted"),
        Circle(sel.position, weapon.range / 2, (235, 150, 60), "dotted", 2, f'{weapon.range / 2:g}" short'),
        Circle(sel.position, weapon.range, (235, 70, 60), "dashed", 2, f'{weapon.range:g}" long'),
        Line(((x, y), (x + 3, y - 1.5), (x + 5, y - 2)), (250, 215, 90), "dashed", 3, '5.4"'),
        Line((sel.position, sight.blocked_at or target), (120, 220, 120) if sight.state == "clear" else (235, 70, 60),
             "solid" if sight.state == "clear" else "dashed", 2,
             f'{math.dist(sel.position, target):.1f}" {sight.state}'),
        Label((x, y - 2.5), f"{sel.id} GUTS {sel.guts}"),
    ]
    return tokens, overlays


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
    layer = pyscroll.BufferedRenderer(pyscroll.data.TiledMapData(tmx), screen.get_size(), clamp_camera=False,
                                      zoom=ppi / native)
    group = pyscroll.PyscrollGroup(map_layer=layer)
    for t in tokens:
        sprite = pygame.sprite.Sprite()
        sprite.image = assets.token(t.sprite, round(2 * t.base_radius * native), t.facing,
                                    dim=t.state == "knocked_down")
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

    from game.ui.assets import Assets
    from game.ui.table_view import TableView

    scenario = scenario or starter_scenario()
    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    assets = Assets()
    assets.prepare_for_display()
    view = TableView.for_scenario(scenario, assets, (0, 0, *SIZE))
    tokens, overlays = game_tokens(scenario)
    view.tokens, view.overlays = tokens, overlays

    def ours() -> None:
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

    mine = run(ours)
    reference = _pyscroll_frame_maker(scenario, screen, assets, tokens, view.camera.ppi)
    theirs = run(reference) if reference is not None else None
    out: dict[str, float | None] = {
        "frame_ms_median": median(mine),
        "frame_ms_p95": percentile(mine, 95),
        "frame_pyscroll_ms_median": median(theirs) if theirs else None,
        "frame_ratio_vs_pyscroll": median(mine) / median(theirs) if theirs else None,
    }
    pygame.display.quit()
    return out
