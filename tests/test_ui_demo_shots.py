"""The demo's shots frame what the words speak of (the organiser's 5/10: "the shot does not contain the unit the
caption names", "the zoom changes on every shot"), through the real demo scene headless: a shot at a squad's
target frames the figures its words name (the whole squad shot at, not one model), and a run of shots keeps one
zoom while the action fits it."""

from __future__ import annotations

import math

import pytest
from ui_driver import demo_filmed, demo_frames

from game.ui.app import App
from game.ui.demo_camera import named_figures


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 2.0
    return app


def play(app: App, maps: list[str], seconds: float, seed: int = 4) -> tuple[int, list[str], list[float]]:
    """``seconds`` of a demo game: (actions looked at, the named figures left out of the camera's aim, the zoom of
    each shot taken)."""
    scene = demo_filmed(app, maps, seed)
    op = scene.operator
    followed, looked, missed, zooms, last = None, 0, [], [], op.target
    for _ in demo_frames(scene, seconds):
        step = scene._followed
        if op.target != last:
            zooms.append(op.target.ppi)
            last = op.target
        if step is followed or step is None or step.glides and step.tracer is None:
            continue
        followed = step
        where, units = scene._on_table(), scene._units()
        named = [fid for fid in step.tracer or () if fid in where]
        for ev in step.events:  # what the step's words name: a squad shot at is all of its figures
            named += [fid for fid in named_figures(ev, where, units) if fid not in named]
        if not named or not (step.tracer or step.instants):
            continue
        looked += 1
        missed += [fid for fid in named if not op.aims_at([where[fid]])]
    return looked, missed, zooms


def test_a_shot_frames_every_figure_its_words_name(app: App) -> None:
    """Half a minute of Hive Street (squads shoot at hordes): every figure a shown action names is inside the shot
    the camera takes for it (it framed the shooter and one zombie of the horde)."""
    looked, missed, _ = play(app, ["maps/hive_street.tmx"], 30)
    assert looked > 3, "the camera looked at hardly any action"
    assert not missed, missed[:5]


def test_a_run_of_shots_keeps_its_zoom(app: App) -> None:
    """Over a minute of Last Evac most new shots keep the zoom of the shot before (the camera zoomed in and out
    on every shot)."""
    _, _, zooms = play(app, ["maps/last_evac.tmx"], 60)
    changes = sum(abs(math.log(b / a)) > 0.05 for a, b in zip(zooms, zooms[1:]))
    assert len(zooms) > 5
    assert changes <= len(zooms) // 2, (changes, [round(z, 1) for z in zooms])
