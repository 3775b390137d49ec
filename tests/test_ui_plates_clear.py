"""A plate (a preview's reading, a refusal) is placed clear of the other figures' tokens when there is room:
it was placed clear only of the selected figure, the target, the lines and the tape, and in a packed line
it covered the neighbours' tokens (a newcomer could not see who stood there)."""

from __future__ import annotations

from dataclasses import replace

import pygame
from ui_driver import start_game, zoom_on

from game.ui.app import App
from game.ui.overlays import Label


def base_rect(view, token) -> pygame.Rect:
    """The screen square a token's base takes (with its ring)."""
    x, y = view.camera.to_screen(token.position)
    r = max(3.0, token.base_radius * view.camera.ppi) + 4
    return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))


def test_a_plate_keeps_clear_of_the_other_figures(app: App) -> None:
    scene = start_game(app)
    m, view = scene.match, scene.view
    sgt = next(f for f in m.game.figures if f.id == "us1-sgt")
    zoom_on(scene, sgt.position, 30)
    app.run_frames(2)
    m.click(sgt.position)
    covered = shown = 0
    for dx, dy in ((3.0, -3.0), (-3.0, -3.0), (4.0, 0.0), (-4.0, 0.0), (2.0, -4.0)):
        m.hover((sgt.position[0] + dx, sgt.position[1] + dy))
        app.run_frames(3)
        plates = [o for o in view.overlays if isinstance(o, Label) and o.plate]
        shown += len(plates)
        for label in plates:
            image = view.plate(label.text, label.size, label.colour)
            rect = view.plate_rect(image.get_size(), view.camera.to_screen(label.position), label)
            others = [base_rect(view, t) for t in view.tokens if t.id != sgt.id and t.state != "dead"]
            covered += rect.collidelist(others) >= 0
    assert shown >= 3 and covered == 0, f"{covered} plates covered another figure's token"
    pygame.event.pump()


def test_the_figures_a_plate_keeps_clear_of_follow_a_move_and_the_camera(app: App) -> None:
    """The squares of the other figures are kept from frame to frame (a thousand of them cost a few ms a frame):
    a figure that moved, or a camera that panned, is where the plate now looks, never where it was."""
    scene = start_game(app)
    view = scene.view
    app.run_frames(2)
    squares = view._keep_clear()["figures"]
    assert squares and view._keep_clear()["figures"] is squares  # nothing changed: kept
    first = next(t for t in view.tokens if t.highlight not in ("selected", "target") and t.state != "dead")
    moved = replace(first, position=(first.position[0] + 2.0, first.position[1]))
    view.tokens = [moved if t is first else t for t in view.tokens]
    figures = view._keep_clear()["figures"]
    assert view.token_rects([moved])[0] in figures and view.token_rects([first])[0] not in figures
    view.camera.pan_pixels(40, 0)
    assert view._keep_clear()["figures"] == view.token_rects(
        [t for t in view.tokens if t.highlight not in ("selected", "target")]
    )
