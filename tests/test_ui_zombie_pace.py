"""The zombies' turn can be watched (issue 33 item 13): in every rule set, at every animation speed, each
step of the zombies' moves lasts long enough for a spectator to follow (it took about 0.5 s in all,
so zombies jumped), and Space still skips the lot at once. Played through the real table scene."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.ui.animation import ZOMBIE_STEP_LEAST, steps_of
from game.ui.app import App
from game.ui.scenes.game import GameScene

FPS = 60
MAPS = ("hive_street.tmx", "small_town.tmx", "normandy_village.tmx")  # Zombie 40,000, Outbreak, Zombiekrieg


def zombies_moving(map_name: str) -> tuple[DemoLoop, list[Any]]:
    """A demo game of ``map_name`` and the events of the first bot command in which zombies move."""
    loop = DemoLoop(DemoDirector([assets_dir("maps") / map_name], seed=3))
    loop.tick()
    view, game = loop.current.view, loop.game
    for _ in range(300):
        events = loop.tick()
        for step in steps_of(events, view.animation):
            if any(view.token(game, fid, view.look(game, fid)).side == "zombie" for fid in step.glides):
                return loop, events
    pytest.fail(f"no zombie moved in 300 commands of {map_name}")


def table_of(app: App, loop: DemoLoop) -> GameScene:
    deal = loop.current
    scene = GameScene(app, deal.scenario, deal.options, game=loop.game, autosave=False)
    app.replace(scene)
    app.run_frames(1)
    return scene


@pytest.mark.parametrize("map_name", MAPS)
def test_each_zombie_step_lasts_long_enough_to_follow_at_every_speed(app: App, map_name: str) -> None:
    loop, events = zombies_moving(map_name)
    scene = table_of(app, loop)
    least = int(ZOMBIE_STEP_LEAST * FPS) - 1
    for speed in (0.25, 1.0, 4.0):
        scene.match.set_speed(speed)
        scene.match.show(events)
        pb = scene.match.playback
        frames: dict[int, int] = {}  # zombie step (by id) -> frames it was on screen
        for _ in range(FPS * 120):
            if not pb.busy:
                break
            if pb.current is not None and pb.current.zombies:
                frames[id(pb.current)] = frames.get(id(pb.current), 0) + 1
            scene.update(1 / FPS)
        assert not pb.busy, "the animation never ended"
        assert frames and min(frames.values()) >= least, (speed, sorted(frames.values()))


@pytest.mark.parametrize("map_name", MAPS)
def test_space_skips_the_zombies_turn(app: App, map_name: str) -> None:
    loop, events = zombies_moving(map_name)
    scene = table_of(app, loop)
    scene.match.set_speed(0.25)
    scene.match.show(events)
    scene.update(1 / FPS)
    assert scene.match.playback.busy
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.run_frames(2)
    assert not scene.match.playback.busy
    for f in loop.game.figures:  # every figure where the rules have it
        assert scene.match.looks[f.id] == scene.match.view.look(loop.game, f.id)
