"""Player-facing text never shows the map's internal ids (issue "Club-night play", item 7): a sight line
blocked by a building names the building, an unnamed wall is "a wall", a move stopped by a friend names
him as the roster does; the designer's tools keep the ids (they find the object in Tiled by them).
Through the real match and controller (rules: Zombiekrieg 848: FIRE needs a line of sight, MOVE)."""

from __future__ import annotations

import re
from dataclasses import replace

from game.rules.core import IllegalCommand
from game.rules.zombiekrieg.commands import Fire, Move
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView
from game.scenario.model import Area, Terrain
from game.table.space import describe
from game.ui.match import Match
from game.ui.overlays import Label

SGT = "us1-sgt"
IDS = re.compile(r"\b(wall|building|figure) \d+")


def plate(m: Match) -> str:
    m.update(0.0)
    labels = [o.text for o in m.overlays() if isinstance(o, Label) and o.plate]
    assert labels, "no plate"
    return labels[-1]


def table_with(*terrain: Terrain):
    return replace(tiny_scenario(), terrain=terrain)


FARM = Terrain(13, "Ferme Lemaire", "building", Area.rect(10, 12, 4, 3))
BARE_WALL = Terrain(23, "", "wall", Area(((6, 12), (10, 12)), is_line=True, shape="polyline"))


def test_a_blocked_sight_line_names_the_building_not_its_id() -> None:
    m = Match(rigged_game(soldiers={SGT: (12, 20, 270)}, zombies=[(12, 8)], scenario=table_with(FARM)),
              ZombiekriegView())  # fmt: skip
    m.click(m.game.figure(SGT).position)
    m.hover(m.game.figure("z1").position)
    text = plate(m)
    assert "BLOCKED by the Ferme Lemaire" in text and not IDS.search(text), text
    refusal = ""
    try:
        m.game.apply(Fire(SGT, "z1"))
    except IllegalCommand as exc:
        refusal = str(exc)
    assert refusal and "the Ferme Lemaire" in str(refusal) and not IDS.search(str(refusal)), refusal


def test_an_unnamed_wall_is_a_wall_on_the_plate_and_in_the_refusal() -> None:
    g = rigged_game(soldiers={SGT: (8, 14, 270)}, zombies=[(8, 4)], scenario=table_with(BARE_WALL))
    m = Match(g, ZombiekriegView())
    m.click(g.figure(SGT).position)
    m.hover(g.figure("z1").position)
    text = plate(m)
    assert "BLOCKED by a wall" in text and not IDS.search(text), text

    # a move straight into the wall's face is refused in the same words
    g.world.set_position(g.figure(SGT), (8, 12.125 + g.figure(SGT).radius + 0.001))  # base against the wall
    try:
        g.apply(Move(SGT, ((8.0, 10.0),)))
    except IllegalCommand as exc:
        refusal = str(exc)
    else:
        raise AssertionError("a move into a wall's face was allowed")
    assert "blocked by a wall" in refusal and not IDS.search(refusal), refusal


def test_the_designers_tools_keep_the_ids() -> None:
    assert describe(FARM) == "building 13 'Ferme Lemaire'" and describe(BARE_WALL) == "wall 23"


def test_outbreak_names_its_people_in_the_dice_tray_the_log_and_the_refusals(app) -> None:
    """Outbreak's humans have names; its rules speak of them by id (``npc5 carries on``): the screen
    puts the names in, in the dice tray, the log and the status line (zombies keep their ids)."""
    from pathlib import Path

    from game.rules.core import DiceRolled
    from game.ui.match import dice_of
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    farm = Path(__file__).resolve().parents[1] / "maps" / "hollow_creek_farm.tmx"
    app.start_game(GameSetup(load_entry(farm)))
    app.run_frames(5)
    m = app.scene.match
    opening = [e for e in m.game.log if isinstance(e, DiceRolled) and e.faces]
    if opening and m.dice is not None:  # the tray's first roll (the set-up's) is worded too
        assert not any(f.id in m.dice.meaning.split() for f in m.game.state.figures.values() if f.name)
    people = [f for f in m.game.state.figures.values() if f.is_human and f.name and f.name != f.id]
    assert people
    h = people[-1]
    roll = DiceRolled("tiredness", "D6", (3,), 3, f"D6 = 3: {h.id} carries on")
    m.show([roll])
    m.update(0.0)
    assert m.dice is not None and m.dice.meaning == f"D6 = 3: {h.name} carries on"  # the dice tray
    assert dice_of(roll).meaning.endswith(f"{h.id} carries on")  # (the rules' own words are unchanged)
    line = " ".join(m.view.log_lines(m.game, [roll]))
    assert h.name in line and f" {h.id} " not in f" {line} "
    assert m.words(f"{h.id} has already acted this step.") == f"{h.name} has already acted this step."
    # a plain zombie (some starts turn a named human into a zN, who keeps his name: the test took z12 blindly)
    z = next(f for f in m.game.state.figures.values() if f.is_zombie and f.id[1:].isdigit() and f.name == "Zombie")
    assert m.words(f"{z.id} shuffles toward 90 degrees") == f"Zombie {z.id[1:]} shuffles toward the south"
