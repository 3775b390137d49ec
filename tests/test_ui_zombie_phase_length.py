"""The zombies' step is short enough to watch at a club night (issue 33 "Club night", item 2): with 20 and more
zombies on Small Town each zombie shambled on its own, at least 0.6 s apiece, one after another (about 20 s of
watching at 1x). Now the zombies whose moves never meet shamble at once, and a phase of them lasts about 3.5 s at
most at 1x; zombies whose ways cross still take turns. The screen only animates: the figures end where the rules
have them. Measured on the playback's schedule (simulated frames), played through the real table scene."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.rules.contract import Animation, Look
from game.ui.animation import ZOMBIES_MOST, Playback, steps_of
from game.ui.app import App
from game.ui.scenes.game import GameScene

FPS = 60


def horde_moving(map_name: str, seed: int, least: int) -> tuple[DemoLoop, list[Any]]:
    """A demo game of ``map_name`` and the events of its first bot command in which ``least`` zombies move."""
    loop = DemoLoop(DemoDirector([assets_dir("maps") / map_name], seed=seed))
    loop.tick()
    for _ in range(300):
        events = loop.tick()
        if sum(type(e).__name__ == "ZombieMoved" for e in events) >= least:
            return loop, events
    pytest.fail(f"no command of {map_name} moved {least} zombies")


def zombie_seconds(app: App, loop: DemoLoop, events: list[Any], speed: float) -> float:
    """Seconds of the table scene's frames in which a zombie glides, from showing ``events`` to the end."""
    deal = loop.current
    scene = GameScene(app, deal.scenario, deal.options, game=loop.game, autosave=False)
    app.replace(scene)
    app.run_frames(1)
    scene.match.set_speed(speed)
    scene.match.show(events)
    pb, frames, played = scene.match.playback, 0, 0
    schedule = pb.seconds_left()
    for _ in range(FPS * 120):
        if not pb.busy:
            break
        frames += pb.current is not None and pb.current.zombies
        played += 1
        scene.update(1 / FPS)
    assert not pb.busy, "the animation never ended"
    # the frames played are the schedule, give or take a frame a step (each ends on a frame)
    assert schedule - 1 / FPS <= played / FPS <= schedule + len(events) / FPS, (played / FPS, schedule)
    for f in loop.game.figures:  # every figure where the rules have it
        assert scene.match.looks[f.id].position == scene.match.view.look(loop.game, f.id).position
    return frames / FPS


def test_twenty_zombies_shamble_in_a_few_seconds_at_1x(app: App) -> None:
    loop, events = horde_moving("small_town.tmx", seed=2, least=20)
    seconds = zombie_seconds(app, loop, events, speed=1.0)
    assert 0.6 <= seconds <= ZOMBIES_MOST + 0.1 <= 4.0, seconds  # it was about 20 s


def glide(fid: str, path: tuple[tuple[float, float], ...]) -> Animation:
    return Animation("move", fid, path, group="zombies")


def test_zombies_whose_ways_cross_take_turns_the_others_shamble_at_once() -> None:
    """Three zombies moved one after another, each after its dice: the second crosses the first one's way
    where the first is half way, so it waits until the way is clear; the third, far off, goes at once. No
    two bases ever overlap on the screen, and the log keeps the rules' order, telling the second zombie's dice
    and move when he sets off, not before (an Outbreak newcomer read grabs in the log before the zombie got
    there)."""
    moves = {
        "z1": glide("z1", ((0.0, 0.0), (6.0, 0.0))),
        "z2": glide("z2", ((3.0, -3.0), (3.0, 3.0))),  # over (3, 0) half way, as z1 is there
        "z3": glide("z3", ((0.0, 10.0), (6.0, 10.0))),
    }
    events = ["dice z1", "z1", "dice z2", "z2", "dice z3", "z3"]
    looks = {fid: Look(a.path[0], 0.0, "standing", fid) for fid, a in moves.items()}
    pb = Playback(looks, lambda e: moves.get(e), is_zombie=lambda fid: True)
    told = pb.add(events)
    assert told == ["dice z1", "z1"], told  # the second zombie waits: his dice and move are told when he goes
    closest = 99.0
    while pb.busy:
        shown = [looks[f].position for f in moves]
        closest = min(closest, *(math.dist(a, b) for a, b in itertools.combinations(shown, 2)))
        now = pb.update(1 / FPS)
        if "z2" in now:  # told as he sets off, once the first is well on his way
            assert math.dist(looks["z2"].position, (3.0, -3.0)) < 0.3 and looks["z1"].position[0] > 1.0, looks
        told += now
    assert told == events  # the rules' order
    assert 0.98 <= closest, closest  # two 0.5" bases: z2 waited for z1 to pass
    moving = [s for s in steps_of(events, lambda e: moves.get(e)) if s.glides]
    clock = {fid: g.start for fid, g in moving[0].clock.items()}
    assert len(moving) == 1 and clock["z1"] == clock["z3"] == 0.0 < clock["z2"], clock
    assert [looks[f].position for f in moves] == [a.path[-1] for a in moves.values()]


def test_zombie_40000_hordes_shamble_one_after_another_after_the_turn_and_its_die_are_read(app: App) -> None:
    """A Zombie 40,000 newcomer: "the whole zombie turn is over in about 0.5-1.5 s; I learned what happened from
    the log". Every horde shambled in one step. Now "The zombies' turn" and the shamble's die each hold the
    table a moment, then each horde shambles as its own step, the next after it, each at least 0.8 s at 1x (a
    second newcomer found the hordes' 3.5 s all told still too quick to follow: Zombie 40,000's phase may take 8)."""
    loop = DemoLoop(DemoDirector([assets_dir("maps") / "hive_street.tmx"], seed=1))
    loop.tick()
    for _ in range(300):
        events = loop.tick()
        hordes = {e.figure.rsplit("-", 1)[0] for e in events if type(e).__name__ == "Moved" and e.how == "shamble"}
        if len(hordes) >= 2:
            break
    else:
        pytest.fail("no zombie turn of Hive Street shambled two hordes")
    view = loop.current.view
    steps = steps_of(events, view.animation)
    kinds = [type(s.events[0]).__name__ for s in steps]
    assert kinds.index("PhaseStarted") < kinds.index("MoveRolled") < kinds.index("Moved")
    assert min(s.duration for s in steps[: kinds.index("Moved")] if s.duration) >= 0.6
    shambles = [s for s in steps if any(getattr(e, "how", "") == "shamble" for e in s.events)]
    assert len(shambles) == len(hordes)  # a step a horde
    seconds = zombie_seconds(app, loop, events, speed=1.0)
    most = view.zombie_phase_seconds  # (few hordes: longer than the 3.5 s of twenty zombies at once)
    assert 0.8 * len(hordes) <= seconds <= most + 0.1 and most > ZOMBIES_MOST, (seconds, len(hordes))
