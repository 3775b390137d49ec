"""A refusal's red plate goes with the pointer: a newcomer on Hive Street pointed at a zombie in the movement phase
("Shooting is for the shooting phase; it is the movement phase."), moved the pointer out of the window, and the red
words stayed up on the table (session 47's play-tests). Only the figure's card went; the preview the plate belongs
to stayed, as if he still pointed there. Through the real screen, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import SHOWING, click, headless_app, key, motion, on_the_table, play_out, screen_of, start_teams

from game.ui.overlays import Label
from game.ui.previews import BAD_COLOUR

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _red_plates(scene) -> list[str]:  # noqa: ANN001  (the game scene)
    return [o.text for o in scene.view.overlays if isinstance(o, Label) and o.plate and o.colour == BAD_COLOUR]


def _pointing_at_a_zombie(app, scene) -> None:  # noqa: ANN001
    """One of his models selected, the pointer on a zombie he cannot shoot in the movement phase."""
    game = scene.match.game
    squad = game.state.squad_of(game.state.active_player)
    click(app, screen_of(scene, game.figure(squad.models[0]).position))
    zombie = next(f for f in game.figures if f.alive and f.side != game.figure(squad.models[0]).side)
    motion(app, screen_of(scene, zombie.position))
    app.run_frames(2)
    assert _red_plates(scene), "no refusal plate to begin with"


def test_the_red_plate_goes_when_the_pointer_leaves_the_window(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        _pointing_at_a_zombie(app, scene)
        pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
        app.run_frames(2)
        assert not _red_plates(scene), "the refusal stayed on the table after the pointer left the window"


def test_the_red_plate_goes_when_the_pointer_moved_on_while_the_game_played(tmp_path: Path) -> None:
    """E pressed with the pointer on the zombie till the zombies' turn; while it played the pointer went to open
        ground; in his next turn Tab picked up a model, and the red plate of the zombie he no longer pointed at stood there
    till the pointer moved."""
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_teams(app, HIVE_STREET, ["guardian_defenders"])  # (alone: the zombies play after him)
        _pointing_at_a_zombie(app, scene)
        match = scene.match
        for _ in range(12):  # (each phase asks once: models have not acted)
            key(app, pygame.K_e)
            if match.playback.busy or match.controller.mode in SHOWING:
                break
        assert match.controller.mode in SHOWING, "the zombies' turn never came"
        x, y, w, h = scene.view.camera.viewport
        motion(app, (x + w // 2, y + h - 10))  # (the table's bottom edge: open ground)
        play_out(app, scene)
        app.run_frames(3)
        key(app, pygame.K_TAB)  # his next turn: Tab picks up a model, the pointer where it was left
        assert match.controller.selected is not None
        assert match.controller.hover_figure is None, "the zombie he pointed at before is still under his pointer"
        assert not _red_plates(scene), "a red plate stood for a zombie the pointer had left"
