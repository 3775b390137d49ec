"""Zombie 40,000's shots are drawn (issue 33, item 13): a newcomer watching the zombies' turn saw a squad lose a
model to a horde's autogun with nothing on the table to say who fired. A shot names the squad it is at, not a
model; the screen's tracer now runs from the shooter to that squad's model nearest him, as Zombiekrieg's and
Outbreak's shots already did. Played through the real table scene."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.rules.contract import Animation, Look
from game.ui.animation import Playback
from game.ui.app import App
from game.ui.scenes.game import GameScene

FPS = 60


def autogun_fired(seed: int) -> tuple[DemoLoop, list[Any], Any]:
    """A Hive Street demo game, the events of a zombies' turn in which a horde's autogun fired, and that shot."""
    loop = DemoLoop(DemoDirector([assets_dir("maps") / "hive_street.tmx"], seed=seed))
    loop.tick()
    for _ in range(400):
        events = loop.tick()
        shots = [e for e in events if type(e).__name__ == "ShotsFired" and e.unit.startswith("h")]
        if shots:
            return loop, events, shots[0]
    pytest.fail("no horde's autogun fired on Hive Street")


def test_zombie_40000_a_hordes_autogun_shot_is_a_line_from_the_zombie_to_the_nearest_model_of_its_target(
    app: App,
) -> None:
    loop, events, shot = autogun_fired(seed=1)
    deal = loop.current
    scene = GameScene(app, deal.scenario, deal.options, game=loop.game, autosave=False)
    app.replace(scene)
    app.run_frames(1)
    scene.match.show(events)
    pb = scene.match.playback
    for _ in range(FPS * 60):
        if pb.current is not None and shot in pb.current.events:
            break
        scene.update(1 / FPS)
    else:
        pytest.fail("the shot never played")
    assert pb.tracer is not None, "no line drawn for the autogun's shot"
    start, end, _ = pb.tracer
    looks = scene.match.looks
    assert start == looks[shot.shooters[0]].position
    squad = [k.position for fid, k in looks.items() if fid.startswith(f"{shot.target}-") and k.state != "dead"]
    assert end in squad
    assert math.dist(start, end) == min(math.dist(start, p) for p in squad)


def shot_line(looks: dict[str, Look]) -> tuple[Any, ...] | None:
    """The tracer of a shot from ``h1-1`` at the unit ``p1``, as it starts."""
    squad = {"p1": [fid for fid in looks if fid.startswith("p1-")]}
    pb = Playback(looks, lambda e: Animation("shot", "h1-1", target="p1", seconds=0.4), units=lambda: squad)
    pb.add(["the shot"])
    return pb.tracer


def test_a_shot_at_a_unit_goes_to_its_nearest_model_on_the_table_and_none_when_all_are_gone() -> None:
    zombie = Look((0.0, 0.0), 0.0, "standing")
    gone = {"p1-1": Look((2.0, 0.0), 0.0, "dead"), "p1-2": Look((3.0, 0.0), 0.0, "embarked")}
    assert shot_line({"h1-1": zombie, **gone}) is None
    standing = {"p1-3": Look((9.0, 0.0), 0.0, "standing"), "p1-4": Look((0.0, 5.0), 0.0, "standing")}
    assert shot_line({"h1-1": zombie, **gone, **standing}) == ((0.0, 0.0), (0.0, 5.0), 1.0)
