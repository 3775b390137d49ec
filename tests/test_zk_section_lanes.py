"""A section move keeps each man in his place where the ground allows (session 46 play-test on Normandy Village:
"the men swap places and cross over each other"). On the Section button and a click the screen proposes each
soldier's MOVE; one whose way crossed a section-mate's (routed round a wall the other side of him) or who ended
on the other side of one now goes straight for his place as far as the walls let him. Through the controller on
the real map; the rules' checks are unchanged and the bots never move a section."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.controller import Button, Click, Controller, Hover
from game.rules.zombiekrieg import new_game
from game.rules.zombiekrieg.lanes import jumbled
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView
from game.scenario import load_scenario

MAP = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"
SGT = "us1-sgt"


def _pointed(g, toward: float, inches: float) -> Controller:  # noqa: ANN001
    """The Sergeant selected, Section pressed, the pointer ``inches`` away at ``toward`` degrees (y down)."""
    ctl = Controller(g, ZombiekriegView())
    at = g.figure(SGT).position
    ctl.handle(Click(at))
    assert ctl.handle(Button("section")).accepted, ctl.message
    a = math.radians(toward)
    ctl.handle(Hover((at[0] + inches * math.cos(a), at[1] + inches * math.sin(a))))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    return ctl


def _jumbled(ctl: Controller) -> set[str]:
    g, steps = ctl.game, ctl.preview.details["steps"]
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps if not st["reason"]}
    starts = {fid: g.figure(fid).position for fid in ends}
    ways = {fid: (g.figure(fid).position, *way) for fid, way in ctl.preview_command.moves if fid in ends}
    return jumbled(starts, ways, ends)


@pytest.fixture(scope="module")
def scenario():  # noqa: ANN201
    if not MAP.exists():
        pytest.skip("Normandy Village is not there")
    return load_scenario(MAP)


def test_out_of_the_deploy_corner_no_way_crosses_another(scenario) -> None:  # noqa: ANN001
    """From the start, pointed down and left into the corner: three men's ways crossed their neighbours'."""
    g = new_game(scenario, {"sections": ["american"]}, 1)
    ctl = _pointed(g, 120, 4)
    assert not _jumbled(ctl)
    assert all(not st["reason"] for st in ctl.preview.details["steps"])  # and nobody is left behind for it


def test_by_the_farm_wall_the_man_behind_the_sergeant_stays_behind_him(scenario) -> None:  # noqa: ANN001
    """East along the farmyard: Rifleman 1, behind the Sergeant, was routed round the wall through the file to his
    right and ended beside it, on the far side of the Sergeant's neighbour. He now goes straight as far as he can."""
    start = new_game(scenario, {"sections": ["american"]}, 1)
    soldiers = {f.id: (f.position[0] + 20, f.position[1] - 5, f.facing) for f in start.state.allied()}
    g = rigged_game(soldiers=soldiers, zombies=[(70, 2)], dice=[1, 2] * 11, scenario=scenario)
    ctl = _pointed(g, 0, 4)
    assert not _jumbled(ctl)
    before = {fid: g.figure(fid).position for fid in soldiers}
    done = ctl.handle(Click(_aim(g)))  # carried out: each tests his GUTS (all pass) and moves
    if done.accepted and not done.events:  # "9 of 11 move; ... Click again to move the rest"
        done = ctl.handle(Click(_aim(g)))
    assert done.accepted, done.message
    after = {fid: g.figure(fid).position for fid in soldiers}
    moved = {fid for fid in soldiers if after[fid] != before[fid]}
    assert len(moved) > 5 and not jumbled(before, {f: (after[f],) for f in moved}, {f: after[f] for f in moved})


def _aim(g) -> tuple[float, float]:  # noqa: ANN001
    at = g.figure(SGT).position
    return (at[0] + 4, at[1])
