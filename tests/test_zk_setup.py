"""Rules: Zombiekrieg 848, "Forces" and "GUTS" (starting GUTS): creating a game."""

from __future__ import annotations

import json
import math

import pytest

from game.dice import ScriptedDice
from game.rules.core import get_ruleset
from game.rules.zombiekrieg import new_game
from game.rules.zombiekrieg.events import FigurePlaced, InitiativeRolled
from game.rules.zombiekrieg.geometry import base_clear
from game.rules.zombiekrieg.testing import tiny_scenario


def test_registered():
    """The rule set registers itself under its key."""
    rs = get_ruleset("zombiekrieg")
    assert rs.name == "Zombiekrieg 848"


def test_starting_guts_table_and_sergeant_nine():
    """GUTS: the Sergeant has 9; every other soldier rolls 1D6: 1-2 -> 6, 3-4 -> 7, 5-6 -> 8 [house]."""
    faces = [1, 2, 3, 4, 5, 6, 1, 3, 5, 6]  # corporal, r1..r8, lmg
    g = new_game(tiny_scenario(), {"sections": ["american"]}, 0, dice=ScriptedDice(faces + [1, 2]))
    want = [6, 6, 7, 7, 8, 8, 6, 7, 8, 8]
    ids = ["us1-cpl"] + [f"us1-r{i}" for i in range(1, 9)] + ["us1-lmg"]
    assert [g.figure(i).guts for i in ids] == want
    assert g.figure("us1-sgt").guts == 9 == g.figure("us1-sgt").guts_start
    assert g.figure("us1-r3").weapon == "m1_garand" and g.figure("us1-lmg").weapon == "bar"
    assert any(isinstance(e, InitiativeRolled) for e in g.log)
    assert g.state.turn == 1 and g.state.phase.value == "allied"


@pytest.mark.parametrize(
    "nation,count,lmg,corporal",
    [
        ("american", 11, "bar", "burp"),
        ("british", 11, "bren", "lee_enfield"),
        ("soviet", 10, "dp", "tokarev"),
    ],
)
def test_sections(nation, count, lmg, corporal):
    """Forces [seed]: each section's members and weapons; the American Corporal may carry a Burp gun."""
    g = new_game(tiny_scenario(), {"sections": [nation], "american_corporal_weapon": "burp"}, 2)
    allies = g.state.allied()
    assert len(allies) == count
    assert [f.weapon for f in allies if f.role == "lmg"] == [lmg]
    assert [f.weapon for f in allies if f.role == "corporal"] == [corporal]


def test_deployment_and_zombie_count():
    """Forces: sections deploy inside the allied zone, facing the table centre; zombies outnumber them two or
    three to one [seed], by default 2.5 to one and never fewer than 12 [house], placed in the spawn zone without
    overlapping, facing the nearest Allied."""
    sc = tiny_scenario()
    g = new_game(sc, {"sections": ["american"]}, 5)
    allies, zs = g.state.allied(), g.state.zombies()
    deploy = sc.zones_of("deploy")[0].area
    assert all(deploy.contains(f.position) for f in allies)
    for f in allies:
        want = math.degrees(math.atan2(12 - f.position[1], 12 - f.position[0])) % 360
        assert abs((f.facing - want + 180) % 360 - 180) < 1e-2
    assert len(zs) == 28  # 2.5 x 11 = 27.5, rounded up
    figs = g.figures
    for i, a in enumerate(figs):
        assert base_clear(sc.terrain, sc.width, sc.height, a.position, a.radius)
        for b in figs[i + 1 :]:
            assert math.dist(a.position, b.position) >= a.radius + b.radius - 1e-9
    g2 = new_game(tiny_scenario(properties={"zombies_min": 30}), {}, 5)
    assert len(g2.state.zombies()) == 30
    placed = [e for e in g.log if isinstance(e, FigurePlaced)]
    assert len(placed) == 39


def test_two_sections_use_their_player_zones():
    """Forces: one section per player, each in its own deploy zone (property player=N)."""
    sc = tiny_scenario(deploy=((1, 19, 10, 4, {"player": 1}), (13, 19, 10, 4, {"player": 2})))
    g = new_game(sc, {"sections": ["british", "soviet"]}, 1)
    assert all(f.position[0] < 11 for f in g.state.section_of(1))
    assert all(f.position[0] > 13 for f in g.state.section_of(2))
    assert g.figure("gb1-sgt").nation == "british" and g.figure("su2-smg").weapon == "ppsh"


@pytest.mark.parametrize(
    "options,message",
    [
        ({"sections": []}, "one to four"),
        ({"sections": ["french"]}, "Unknown section"),
        ({"sections": ["american"], "american_corporal_weapon": "mp40"}, "Corporal"),
        # a misspelt option is refused with the known ones, not played as the default American section
        ({"section": ["british"]}, "Unknown option 'section' for Zombiekrieg 848; known: sections, "),
    ],
)
def test_bad_options_get_a_clear_error(options, message):
    """Bad input gets a clear error."""
    with pytest.raises(ValueError, match=message):
        new_game(tiny_scenario(), options, 1)


def test_state_data_is_plain_json():
    """The game state is plain JSON-ready data."""
    g = new_game(tiny_scenario(), {}, 3)
    text = json.dumps(g.state_data())
    assert json.loads(text)["phase"] == "allied"


def _normandy():
    from game.assets import default_scenario
    from game.scenario.loader import load_scenario

    return load_scenario(str(default_scenario()))


def test_sections_sharing_a_zone_deploy_in_blocks_of_their_own():
    """Forces [house]: hot-seat sections in one deploy zone each take a block of it, side by side, so a
    player's men stand together (issue 11: the second section used to ring the first)."""
    sc = _normandy()
    g = new_game(sc, {"sections": ["american", "british", "soviet"]}, 3)
    spans = []
    for player in (1, 2, 3):
        ys = [f.position[1] for f in g.state.allied() if f.player == player]
        spans.append((min(ys), max(ys)))
    spans.sort()
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:])), spans


def test_every_deployed_soldier_can_walk_out_of_the_block():
    """Forces [house]: files stand deploy_file_spacing apart, so every man (the Sergeant in the middle
    too) has a route round his friends out of the block, the route the screen offers for a MOVE."""
    from game.rules.routing import LocalGrid, route_to

    sc = _normandy()
    for sections in (["american"], ["american", "british"], ["american", "british", "soviet"]):
        g = new_game(sc, {"sections": sections}, 1)
        for f in g.state.allied():
            goal = (10.0, f.position[1])  # clear ground beyond the start line
            grid = LocalGrid(g.table, f.id, f.position, f.radius, 10.0)
            route = [f.position, *route_to(g.table, f.id, f.position, f.radius, goal, grid)]
            check = g.table.check_path(route, f.radius, mover=f.id)
            assert math.dist(check.points[-1], goal) < 0.05, (sections, f.id, check.blocked_by)


def test_no_base_is_deployed_into_a_wall_s_thickness():
    """Forces [house]: deployment never places a base on a wall, its thickness counted (the soak found
    'su2-smg overlaps wall 16 Garden wall by 0.125"' on the designers' test map once files spread out)."""
    from pathlib import Path

    from game.rules.zombiekrieg.invariants import wall_overlap
    from game.scenario.loader import load_scenario

    sc = load_scenario(str(Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx"))
    walls = [t for t in sc.terrain if t.blocks_movement]
    for sections in (["soviet", "british"], ["british", "american"], ["american", "british", "soviet"]):
        g = new_game(sc, {"sections": sections}, 5)
        for f in g.state.allied():
            assert all(wall_overlap(t, f.position, f.radius) <= 1e-6 for t in walls), (sections, f.id)


def test_simulate_refuses_a_misspelt_option(capsys):
    """A designer's ``simulate --options`` typo is refused by name (exit 2), never reported as played."""
    from game.assets import default_scenario
    from game.cli import main as cli

    options = '{"sectons": ["british", "soviet"]}'
    assert cli(["simulate", str(default_scenario()), "--games", "1", "--quiet", "--options", options]) == 2
    out, err = capsys.readouterr()
    assert "Unknown option 'sectons'" in err and "known: sections" in err
    assert "Options played" not in out
