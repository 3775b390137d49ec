"""The demo's camera shows the actions (the club organiser's 6.5/10: "a shot, a fight, a bite happens off the view,
or the camera arrives after it is over"), through the real demo scene headless: an action the camera does not show
yet waits for it, and its figures are in the view while it plays; the camera stays calm (test_ui_demo_shots,
test_ui_demo_calm_camera)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from ui_driver import demo_filmed, demo_frames

from game.ui.app import App
from game.ui.demo_camera import CameraOperator, action_figures


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 2.0
    return app


def in_view(op: CameraOperator, points: Sequence[tuple[float, float]]) -> bool:
    """Whether the camera, where it is, shows ``points`` above the board and left of the title card."""
    cam = op.camera
    _, _, w, h = cam.viewport
    x0, y0 = cam.offset
    x1, y1 = x0 + (w - op.side) / cam.ppi, y0 + (h - op.foot) / cam.ppi
    return all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)


def watch(app: App, maps: list[str], seconds: float, seed: int = 4) -> tuple[int, list[str]]:
    """``seconds`` of a demo game: (actions played, those whose figures were off the view most of the time they
    played). An action's figures: a shot's shooter and mark, a fight's or a bite's figures that change."""
    seen: dict[int, list] = {}  # a step's id: [frames it played, frames in view, its first event]
    scene = demo_filmed(app, maps, seed)
    op = scene.operator
    for _ in demo_frames(scene, seconds):
        playback = scene.match.playback
        step = playback.current
        if step is None or playback.waiting > 0:
            continue
        where = scene._on_table()
        if not action_figures(step, where, scene._units()):
            continue
        figures = step.tracer or tuple(a.figure for a in step.instants)
        points = [where[fid] for fid in figures if fid in where]
        if not points:
            continue
        row = seen.setdefault(id(step), [0, 0, type(step.events[0]).__name__ if step.events else "?"])
        row[0] += 1
        row[1] += in_view(op, points)
    missed = [
        f"{what}: {shown}/{played} frames in view" for played, shown, what in seen.values() if shown < played / 2
    ]
    return len(seen), missed


@pytest.mark.parametrize("game, seconds", [("maps/last_evac.tmx", 40), ("maps/small_town.tmx", 60)])
def test_the_camera_shows_each_action_while_it_plays(app: App, game: str, seconds: float) -> None:
    """Forty seconds of Last Evac (squads shoot across the table), a minute of Small Town (survivors shoot,
    zombies bite): every shot, fight and bite has its figures in the view for most of its time on the screen
    (Last Evac: 12 of 32 shots in a minute were never in the view)."""
    played, missed = watch(app, [game], seconds)
    assert played >= 4, "hardly any action"
    assert not missed, missed
