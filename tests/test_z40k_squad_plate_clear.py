"""A squad move's plate keeps clear of its ghost models (session 45 review): on Hive Street at the fit zoom the plate
("MOVE SQUAD: 8 of 8 models move") stood over the rings where the front models would land."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import click, headless_app, key, motion, screen_of, start_teams

from game.ui.overlays import Circle

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _ghosts(view) -> list[pygame.Rect]:  # noqa: ANN001  (a TableView)
    """The squares of the base-sized rings where the squad's models land."""
    out = []
    for o in view.overlays:
        if isinstance(o, Circle) and o.radius <= 1.0:
            cx, cy = view.camera.to_screen(o.centre)
            r = o.radius * view.camera.ppi
            out.append(pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r)))
    return out


def test_the_squad_moves_plate_covers_none_of_its_ghost_models_at_the_fit_zoom(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_teams(app, HIVE, ["guardian_defenders"])
        click(app, screen_of(scene, (9.0, 36.6)))  # the squad's front model
        key(app, pygame.K_q)
        for goal in ((12.0, 36.0), (14.0, 40.0), (9.0, 31.0)):
            motion(app, screen_of(scene, goal))
            app.run_frames(3)
            ghosts = _ghosts(scene.view)
            assert len(ghosts) == 8, goal
            plates = scene.view.plates
            assert plates, goal
            covered = [r for r in ghosts for p in plates if p.colliderect(r)]
            assert not covered, (goal, plates, covered)
