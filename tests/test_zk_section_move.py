"""Zombiekrieg's section move (issue 33, item 16): moving eleven soldiers out of a packed deploy zone took eleven
moves. Now Q (or the Section button) and one click move every soldier still to act the same way, keeping his
place and going round what is in his way, as one command of the soldiers' own MOVEs (rules: Actions, MOVE): each
still tests his GUTS and spends his action, and a soldier who fails stays where he is."""

from __future__ import annotations

import math
import re

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.drawing import Cross, Plate, Ring
from game.rules.zombiekrieg.commands import MoveSection
from game.rules.zombiekrieg.events import DiceRolled, Moved, SectionMoveHeld
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView

PASS, FAIL = [1, 2], [6, 5]  # 2D6 of 3 passes every GUTS here, 11 fails every one (neither a double)
# a block of six, three abreast, facing north (up the table)
BLOCK = {
    "us1-sgt": (10.0, 20.0, 270),
    "us1-r1": (11.5, 20.0, 270),
    "us1-r2": (13.0, 20.0, 270),
    "us1-r3": (10.0, 21.5, 270),
    "us1-r4": (11.5, 21.5, 270),
    "us1-r5": (13.0, 21.5, 270),
}


def _pointed(ctl: Controller, lead: tuple[float, float], at: tuple[float, float]) -> None:
    ctl.handle(Click(lead))
    assert ctl.handle(Button("section")).accepted, ctl.message
    ctl.handle(Hover(at))


def test_one_click_moves_the_whole_section_in_formation_each_testing_his_guts_as_one_command() -> None:
    g = rigged_game(BLOCK, zombies=[(20, 2)], dice=PASS * 6)
    ctl = Controller(g, ZombiekriegView())
    _pointed(ctl, (10.0, 20.0), (10.0, 15.0))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    assert len([d for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Ring)]) == 6
    done = ctl.handle(Click((10.0, 15.0)))
    assert done.accepted, done.message
    assert [type(c) for c in g.commands] == [MoveSection]  # one command: one undo step
    assert sum(isinstance(e, DiceRolled) for e in done.events) == 6  # each tested his GUTS
    for fid, (x, y, _) in BLOCK.items():
        f = g.figure(fid)
        assert f.acted_this_turn
        assert math.dist(f.position, (x, y - 5.0)) < 0.3, (fid, f.position)  # each kept his place
    lines = ZombiekriegView().log_lines(g, done.events)
    assert sum("moves 5.0" in line for line in lines) == 6
    assert not any("us1-" in line for line in lines)  # names, never ids


def test_a_soldier_who_fails_his_test_stays_and_the_one_behind_him_goes_round_him() -> None:
    # the front row goes first: the sergeant fails; Rifleman 3, behind him, goes round him to near his place
    g = rigged_game(BLOCK, zombies=[(20, 2)], dice=FAIL + PASS * 5)
    ctl = Controller(g, ZombiekriegView())
    _pointed(ctl, (10.0, 20.0), (10.0, 15.0))
    order = [fid for fid, _ in ctl.preview_command.moves]
    assert order[:3] == ["us1-sgt", "us1-r1", "us1-r2"]  # the front row first, so his test is the first roll
    done = ctl.handle(Click((10.0, 15.0)))
    assert done.accepted, done.message
    sgt, r3 = g.figure("us1-sgt"), g.figure("us1-r3")
    assert sgt.position == (10.0, 20.0) and sgt.acted_this_turn  # a failed MOVE: he stays, his action spent
    assert r3.position[1] < 20.0 - 2 * sgt.radius  # past him, not stopped at his back
    assert math.dist(r3.position, (10.0, 16.5)) < 1.5, r3.position  # near his place in the formation
    assert math.dist(g.figure("us1-r1").position, (11.5, 15.0)) < 0.3  # the others went
    lines = ZombiekriegView().log_lines(g, done.events)
    assert any("Sergeant" in line and "Failure" in line for line in lines)


def test_in_a_lane_too_narrow_to_pass_the_one_behind_a_failed_soldier_moves_up_behind_him() -> None:
    lane = tiny_scenario(walls=[((9.35, 12.0), (9.35, 23.0)), ((10.65, 12.0), (10.65, 23.0))])
    g = rigged_game(
        {"us1-sgt": (10.0, 20.0, 270), "us1-r3": (10.0, 21.5, 270)},
        zombies=[(20, 2)],
        dice=FAIL + PASS,
        scenario=lane,
    )
    ctl = Controller(g, ZombiekriegView())
    _pointed(ctl, (10.0, 20.0), (10.0, 15.0))
    assert ctl.handle(Click((10.0, 15.0))).accepted, ctl.message
    sgt, r3 = g.figure("us1-sgt"), g.figure("us1-r3")
    assert sgt.position == (10.0, 20.0)
    assert r3.position[0] == 10.0 and 20.0 + 2 * sgt.radius - 0.05 <= r3.position[1] < 21.5  # up behind him


def _boxed(x: float, y: float, half: float) -> list[tuple[float, float]]:
    return [
        (x - half, y - half),
        (x + half, y - half),
        (x + half, y + half),
        (x - half, y + half),
        (x - half, y - half),
    ]


def test_the_preview_gives_how_many_move_the_odds_and_asks_before_leaving_one_behind() -> None:
    # the rear right soldier stands in a walled pen just wider than his base: the rules refuse his way
    r = rigged_game(BLOCK).figure("us1-r5").radius
    scenario = tiny_scenario(walls=[_boxed(13.0, 21.5, r + 0.004)])
    g = rigged_game(BLOCK, zombies=[(20, 2)], dice=PASS * 5, scenario=scenario)
    ctl = Controller(g, ZombiekriegView())
    _pointed(ctl, (10.0, 20.0), (10.0, 15.0))
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    plate = next(d.text for d in drawn if isinstance(d, Plate))
    assert plate.startswith("MOVE SECTION: 5 of 6 soldiers")
    assert re.search(r"Each tests his GUTS \(\d+%-\d+%\): about \d of 5 should pass", plate), plate
    assert "Each spends his action: none of them fires this turn" in plate
    assert Cross((13.0, 21.5)) in drawn  # he is crossed out where he stands
    assert "Rifleman" in plate and "stays" in plate and "Click again to move the rest." in plate
    assert not ctl.handle(Click((10.0, 15.0))).events  # the first click only asks
    done = ctl.handle(Click((10.0, 15.0)))
    assert done.accepted, done.message
    assert [e.figure for e in done.events if isinstance(e, SectionMoveHeld)] == ["us1-r5"]
    assert sum(isinstance(e, Moved) for e in done.events) == 5
    assert not g.figure("us1-r5").acted_this_turn  # refused, not tried: he may still act


def test_the_section_button_is_grey_with_why_once_he_is_the_last_to_act() -> None:
    g = rigged_game({"us1-sgt": (10.0, 20.0, 270), "us1-r1": (11.5, 20.0, 270)}, zombies=[(20, 2)], dice=PASS * 2)
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click((11.5, 20.0)))
    ctl.handle(Click((11.5, 16.0)))
    assert g.figure("us1-r1").acted_this_turn
    ctl.handle(AnimationDone())
    two = rigged_game({**BLOCK}, zombies=[(20, 2)], dice=PASS * 7)
    two.figure("us1-r5").acted_this_turn = True
    c2 = Controller(two, ZombiekriegView())
    _pointed(c2, (10.0, 20.0), (10.0, 15.0))  # the man who has acted is named, not left out silently
    plate = next(d.text for d in c2.view.drawing(two, c2.preview_command, c2.preview) if isinstance(d, Plate))
    assert plate.startswith("MOVE SECTION: 5 of 5 soldiers (Rifleman ") and " has acted)" in plate
    ctl.handle(Click((10.0, 20.0)))
    refused = ctl.handle(Button("section"))
    assert not refused.accepted
    assert "Only Sergeant" in ctl.message and "move him with M" in ctl.message


def test_the_section_glides_as_one_on_screen_not_one_man_after_another() -> None:
    """Eleven men moved one after another took about 15 s to watch; the section's moves now glide together."""
    from game.ui.animation import steps_of

    g = rigged_game(BLOCK, zombies=[(20, 2)], dice=PASS * 6)
    ctl = Controller(g, ZombiekriegView())
    _pointed(ctl, (10.0, 20.0), (10.0, 15.0))
    done = ctl.handle(Click((10.0, 15.0)))
    steps = steps_of(done.events, ZombiekriegView().animation)
    gliding = [s for s in steps if s.glides]
    assert len(gliding) == 1 and len(gliding[0].glides) == 6  # one step, every man in it
    assert sum(s.duration for s in steps) < 3.0  # at speed 1 (one 5" move alone takes 1 s)
