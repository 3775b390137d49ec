"""The designer view (``deadground design MAP``), used as a designer would: open a map, probe sight and a
path between clicked points, see check's messages where they apply, show the deployment, and save the
map in "Tiled" (rewrite the file) to see it reload by itself."""

from __future__ import annotations

import os
import time

import pygame
import pytest
from design_maps import obj, playable_objects, tmx, write

from game.ui.scenes.design import DesignScene


@pytest.fixture
def designer(app, tmp_path):
    objects = playable_objects() + [
        obj(10, "Farmhouse", "building", 14, 4, 6, 8),
        obj(11, "Hedge", "clutter", 14, 16, 1.5, 2, terrain="hedge"),
    ]
    path = write(tmp_path, "farm.tmx", tmx(objects=objects))
    scene = DesignScene(app, path)
    app.push(scene)
    app.run_frames(3)
    return app, scene, path


def test_sight_probe_names_what_blocks(designer):
    app, scene, _ = designer
    scene.probe_at((10, 8))
    probe = scene.probe_at((26, 8))
    assert probe.text.startswith("sight blocked") and "building 10 'Farmhouse'" in probe.text
    probe = scene.probe_at((10, 17))
    probe = scene.probe_at((26, 17))
    assert probe.text.startswith("sight obscured") and '1.5" of clutter' in probe.text
    app.run_frames(2)
    assert any(getattr(o, "label", "") == "obscured" for o in scene.view.overlays)


def test_path_probe_walks_round_the_building(designer):
    app, scene, _ = designer
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    scene.probe_at((12, 8))
    probe = scene.probe_at((22, 8))
    assert probe.kind == "path" and probe.text.startswith("path ")
    length = float(probe.text.split()[1].rstrip('"'))
    assert length > 12  # round the farmhouse, not through it


def test_deployment_as_the_rules_set_it_up(designer):
    app, scene, _ = designer
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    allies = [d for d in scene.deployment if d[1] == "allies"]
    assert len(allies) == 11 and all(1 <= x <= 7 and 8 <= y <= 16 for _, _, (x, y), _ in allies)
    assert "Zombiekrieg 848 sets them up" in scene.deployment_note


def test_problems_on_the_table_and_reload_on_save(designer):
    app, scene, path = designer
    assert not scene.review.problems
    bad = playable_objects() + [
        obj(10, "Farmhouse", "building", 14, 4, 6, 8),
        obj(12, "Lurker", "zombie", 16, 6, shape="point"),
    ]
    path.write_text(tmx(objects=bad))
    later = time.time() + 5
    os.utime(path, (later, later))
    app.run_frames(40)  # the view looks at the file twice a second (frames here are 0.1 s at most)
    for _ in range(20):
        if scene.reloads > 1:
            break
        scene.update(0.6)
    assert scene.reloads > 1
    (problem,) = scene.review.errors
    assert problem.object_id == 12 and problem.at == (16.0, 6.0)
    app.run_frames(2)
    assert any(getattr(o, "position", None) == (16.0, 6.0) for o in scene.view.overlays)
    assert "Lurker" in scene.panel.html_text


def test_a_map_that_does_not_load_still_shows(app, tmp_path):
    path = write(tmp_path, "zstd.tmx", tmx(objects=playable_objects(), encoding="zstd"))
    scene = DesignScene(app, path)
    app.push(scene)
    app.run_frames(3)
    assert scene.view is not None and scene.review.errors
    assert "Zstandard" in scene.panel.html_text


def test_the_command_saves_a_screenshot(tmp_path, monkeypatch):
    from game.cli import main

    path = write(tmp_path, "farm.tmx", tmx(objects=playable_objects()))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shot = tmp_path / "shot.png"
    assert main(["design", str(path), "--frames", "3", "--screenshot", str(shot)]) == 0
    assert shot.exists()


def test_a_screenshot_alone_quits_once_the_picture_is_saved(tmp_path, monkeypatch):
    """``design MAP --screenshot PNG`` from a script: no Esc to press, so it saves and quits by itself."""
    from game.cli import main

    path = write(tmp_path, "farm.tmx", tmx(objects=playable_objects()))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shot = tmp_path / "shot.png"
    assert main(["design", str(path), "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 1000
