"""An LMG's second shot on a plain click (session 46 play-test, Normandy Village): the Bren sent both shots at
the zombie clicked even when he was already down (a plain hit on him is wasted) or a standing zombie within
3" of him stood nearer. The click now plans the second at the nearest standing zombie the rules allow in
those cases, says so on the plate, and Shift-click still sends both at one. Through the real controller."""

from __future__ import annotations

from game.controller import Button, Click, Controller, Hover
from game.rules.drawing import Plate
from game.rules.zombiekrieg.events import Fired
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView

LMG = "us1-lmg"
MISS = [6, 5] * 10  # every test fails: nobody falls, the shots' targets are all that is read


def _gunner(zombies, down=()):  # noqa: ANN001, ANN202
    g = rigged_game(soldiers={LMG: (12, 20, 270)}, zombies=zombies, dice=MISS)
    for zid in down:
        g.world.knock_down(g.figure(zid))
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(LMG).position))
    ctl.handle(Button("fire"))
    return g, ctl


def _plate_text(ctl: Controller) -> str:
    prims = ctl.view.drawing(ctl.game, ctl.preview_command, ctl.preview)
    return "\n".join(p.text for p in prims if isinstance(p, Plate))


def _fire_at(ctl: Controller, zid: str) -> list[str]:
    """A click on ``zid`` (and the second click a zombie already down asks for): the shots' zombies."""
    fb = ctl.handle(Click(ctl.game.figure(zid).position))
    if fb.accepted and not fb.events and ctl.game.figure(zid).on_table and not ctl.game.figure(zid).standing:
        fb = ctl.handle(Click(ctl.game.figure(zid).position))
    assert fb.accepted, fb.message
    return [e.target for e in fb.events if isinstance(e, Fired)]


def test_a_click_on_a_zombie_already_down_sends_the_second_shot_at_a_standing_one_near_him() -> None:
    g, ctl = _gunner([(12, 14), (13.8, 13.5)], down=["z1"])
    ctl.handle(Hover(g.figure("z1").position))
    text = _plate_text(ctl)
    assert "the 2nd at Zombie 2" in text and "Zombie 1 is down" in text, text
    assert _fire_at(ctl, "z1") == ["z1", "z2"]


def test_a_nearer_standing_zombie_takes_the_second_shot_and_a_far_one_does_not() -> None:
    g, ctl = _gunner([(12, 12), (12.5, 14.5), (10, 10)])  # z2 nearer than z1, within 3"; z3 farther
    assert _fire_at(ctl, "z1") == ["z1", "z2"]
    g, ctl = _gunner([(12, 14), (12.5, 11.5)])  # the one clicked is the nearest: both at him, as before
    assert _fire_at(ctl, "z1") == ["z1", "z1"]


def test_no_second_shot_goes_at_a_dead_zombie_or_one_out_of_reach() -> None:
    g, ctl = _gunner([(12, 12), (12.5, 14.5), (13, 17)], down=["z1"])
    g.world.kill(g.figure("z2"), "shot by us1-r1")  # dead: never a target
    assert _fire_at(ctl, "z1") == ["z1", "z1"]  # z3 is beyond 3" of z1: the rules allow no other


def test_shift_click_still_sends_both_shots_at_the_zombie_down() -> None:
    g, ctl = _gunner([(12, 14), (13.8, 13.5)], down=["z1"])
    assert ctl.handle(Click(g.figure("z1").position, shift=True)).accepted
    assert _fire_at(ctl, "z1") == ["z1", "z1"]
