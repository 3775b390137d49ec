"""A barricade stays readable with models at it (session 45 review): on Hive Street at the fit zoom a squad lined up
behind a barricade hid it under its tokens (drawn bigger than the bases), and the player could not see the obstacle.
The part of the wall a token covers is drawn again across the token."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import headless_app, start_teams

from game.ui.table_view import WALL_OVER_COLOUR

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
BARRICADE = ((29.0, 17.5), (33.0, 17.0))  # Hive Street's north-west barricade, in inches


def _on_wall(t: float) -> tuple[float, float]:
    (ax, ay), (bx, by) = BARRICADE
    return ax + (bx - ax) * t, ay + (by - ay) * t


def test_a_barricade_shows_across_the_models_lined_up_at_it_at_the_fit_zoom(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_teams(app, HIVE, ["guardian_defenders"])
        game = scene.game
        assert any(t.name == "Barricade" and t.area.points[0] == (29.0, 17.5) for t in scene.view.scenario.terrain)
        spots = [0.1, 0.35, 0.6, 0.85]
        for n, t in enumerate(spots, 1):  # four Guardians with their bases against the barricade's south face
            x, y = _on_wall(t)
            game.world.set_position(game.figure(f"p1-{n}"), (x + 0.09, y + 0.76))
            scene.match.looks.pop(f"p1-{n}", None)  # (the set-up moved them: the tokens are made again)
        scene.match.version += 1
        scene.view.fit()
        app.run_frames(3)
        view = scene.view
        for t in spots:
            at = view.camera.to_screen(_on_wall(t))
            token = view.token_at(at)
            assert token is not None, t  # the wall's line runs under a token's picture...
            shown = app.screen.get_at((round(at[0]), round(at[1])))[:3]
            assert tuple(shown) == WALL_OVER_COLOUR, (t, shown)  # ...and shows across it
