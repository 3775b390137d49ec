"""Moves route and never commit silently, in Outbreak and Zombie 40,000 as in Zombiekrieg (issue "Club night,
every rule set", item 1), through the real controller: a click behind a friend, a bystander or a squad-mate
goes round him; a move that would stop short of the pointer (a base or a wall in the way) shows where and why
and asks first, and only a second click on the same spot spends the action.

Rules: Outbreak, Movement (a human runs up to 6", no base moves through another); Zombie 40,000, Movement
(6" a model, no model moves through another)."""

from __future__ import annotations

import math

import pytest

from game.controller import AnimationDone, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Cross, Plate
from game.rules.outbreak.testing import rigged_game as ob_game
from game.rules.outbreak.testing import tiny_scenario
from game.rules.outbreak.view import OutbreakView
from game.rules.zombie40k.commands import Move as Z40kMove
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game as z40k_game
from game.rules.zombie40k.testing import small_scenario
from game.table import path_length

FAR_ZOMBIE = [(2.0, 2.0)]  # no zombie within 8": no movement roll, a plain 6" run


def _ob(pcs, npcs=None, walls=()) -> Controller:
    g = ob_game(pcs=pcs, npcs=npcs, zombies=FAR_ZOMBIE, dice=[3] * 10, scenario=tiny_scenario(
        characters=(), spawns=(), walls=walls))  # fmt: skip
    return Controller(g, OutbreakView())


def _stop_shown(ctl: Controller, who: str) -> None:
    """The hovered move's preview marks where it stops and says why, naming what is in the way."""
    marks = ctl.view.drawing(ctl.game, ctl.preview_command, ctl.preview)
    assert any(isinstance(m, Cross) for m in marks), marks
    plates = [m.text for m in marks if isinstance(m, Plate)]
    assert any("Stops here" in t and who in t for t in plates), plates


# ---- Outbreak ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("in_front", ["pc2", "npc1"])
def test_outbreak_a_click_behind_a_friend_or_bystander_runs_round_him(in_front: str) -> None:
    # Ann with a friend (or a bystander, who follows her) base to base in front, pointing 5" beyond him
    pcs = {"pc1": (12, 20), **({"pc2": (12, 18.9)} if in_front == "pc2" else {})}
    ctl = _ob(pcs, npcs={"npc1": (12, 18.9)} if in_front == "npc1" else None)
    g = ctl.game
    ctl.handle(Click((12, 20)))
    goal = (12.0, 15.0)
    ctl.handle(Hover(goal))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    fb = ctl.handle(Click(goal))
    assert fb.accepted and fb.events, fb.message
    assert math.dist(g.figure("pc1").position, goal) < 0.05  # round him, all the way
    move = g.commands[-1]
    assert len(move.path) >= 2 and path_length([(12, 20), *move.path]) <= 6.0


def test_outbreak_a_run_that_stops_short_asks_first_and_the_second_click_runs() -> None:
    # Ann in a dead end between a wall and the table's bottom edge, her friend in the way out
    ctl = _ob({"pc1": (1, 22.5), "pc2": (2.2, 22.5)}, walls=[((0, 21.3), (4, 21.3))])
    g = ctl.game
    ctl.handle(Click((1, 22.5)))
    goal = (8.0, 22.5)
    ctl.handle(Hover(goal))
    _stop_shown(ctl, ctl.view.name(g, "pc2"))
    first = ctl.handle(Click(goal))
    assert first.accepted and not first.events and not g.commands, first.message
    assert "reachable" in first.message and ctl.view.name(g, "pc2") in first.message
    assert "click again" in first.message
    assert g.figure("pc1").acted == "" and g.figure("pc1").position == (1, 22.5)  # nothing spent yet
    second = ctl.handle(Click(goal))
    assert second.accepted and second.events and g.figure("pc1").acted == "move"


# ---- Zombie 40,000 ----------------------------------------------------------------------------------

Z40K = get_ruleset("zombie40k")


def _z40k(models, walls=()) -> Controller:
    g = z40k_game({1: models}, phase=Phase.MOVEMENT, scenario=small_scenario(walls=walls))
    return Controller(g, Z40K.view())


def test_z40k_a_click_far_behind_the_squad_goes_round_it() -> None:
    # the sergeant behind a line of three squad-mates, pointing 10" beyond them: 6" of it, round the line
    ctl = _z40k([(10, 30), (9, 28.9), (10, 28.9), (11, 28.9)])
    g = ctl.game
    ctl.handle(Click((10, 30)))
    goal = (10.0, 20.0)
    ctl.handle(Hover(goal))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    first = ctl.handle(Click(goal))
    assert first.accepted and 'Only 6.0" reachable' in first.message and g.figure("p1-1").position == (10, 30)
    second = ctl.handle(Click(goal))
    assert second.accepted and second.events, second.message
    end = g.figure("p1-1").position
    assert end[1] < 27.5  # past the line
    for fid in ("p1-2", "p1-3", "p1-4"):
        assert math.dist(end, g.figure(fid).position) >= 1.0 - 1e-6


def test_z40k_a_move_stopped_by_a_wall_shows_where_asks_and_moves_on_the_second_click() -> None:
    ctl = _z40k(
        [(10, 30), (11.2, 30)], walls=[((0, 27), (48, 27))]
    )  # the squad in coherency  # a wall right across the table
    g = ctl.game
    ctl.handle(Click((10, 30)))
    goal = (10.0, 25.0)
    ctl.handle(Hover(goal))
    _stop_shown(ctl, "wall")
    first = ctl.handle(Click(goal))
    assert first.accepted and "stopped by" in first.message and "click again" in first.message, first.message
    assert not g.figure("p1-1").moved and g.figure("p1-1").position == (10, 30)  # nothing spent yet
    second = ctl.handle(Click(goal))
    assert second.accepted and g.figure("p1-1").moved
    assert 27.0 < g.figure("p1-1").position[1] < 28.0  # up to the wall


def test_z40k_a_click_stopped_by_a_squad_mate_names_him_and_never_spends_the_move_at_once() -> None:
    # boxed in by a wall above and the table's bottom edge, a squad-mate in the way out
    ctl = _z40k([(1, 46.5), (2.2, 46.5)], walls=[((0, 45.3), (4, 45.3))])
    g = ctl.game
    ctl.handle(Click((1, 46.5)))
    goal = (6.0, 46.5)
    ctl.handle(Hover(goal))
    _stop_shown(ctl, ctl.view.name(g, "p1-2"))
    first = ctl.handle(Click(goal))
    assert first.accepted and ctl.view.name(g, "p1-2") in first.message and not g.figure("p1-1").moved
    second = ctl.handle(Click(goal))
    assert second.accepted and g.figure("p1-1").moved


def test_a_second_click_a_pixel_off_the_first_still_sends_the_move_it_asked_about() -> None:
    ctl = _z40k([(10, 30), (11.2, 30)], walls=[((0, 27), (48, 27))])  # the squad in coherency
    g = ctl.game
    ctl.handle(Click((10, 30)))
    first = ctl.handle(Click((10.0, 25.0)))
    assert "click again" in first.message and not g.figure("p1-1").moved
    second = ctl.handle(Click((10.08, 25.05)))  # the hand moved a pixel between the clicks
    assert second.accepted and second.events and g.figure("p1-1").moved, second.message


def test_a_question_asked_is_forgotten_once_the_player_steps_back() -> None:
    from game.controller import Button

    ctl = _z40k([(10, 30), (11.2, 30)], walls=[((0, 27), (48, 27))])  # the squad in coherency
    g = ctl.game
    ctl.handle(Click((10, 30)))
    assert "click again" in ctl.handle(Click((10.0, 25.0))).message
    ctl.handle(Button("cancel"))  # Esc: the selection is cleared
    ctl.handle(Click((10, 30)))
    again = ctl.handle(Click((10.0, 25.0)))
    assert "click again" in again.message and not g.figure("p1-1").moved  # it asks afresh


@pytest.mark.parametrize("aiming", [False, True])
def test_a_click_on_a_squad_mate_while_a_question_waits_selects_him_and_moves_nobody(aiming: bool) -> None:
    from game.controller import Button

    ctl = _z40k([(10, 30), (11.2, 30), (8.8, 30)], walls=[((0, 27), (48, 27))])
    g = ctl.game
    ctl.handle(Click((10, 30)))
    if aiming:
        ctl.handle(Button("move"))  # M pressed first: the click on a squad-mate aimed a move beside him
    assert "click again" in ctl.handle(Click((10.0, 25.0))).message
    fb = ctl.handle(Click((11.2, 30)))
    assert ctl.selected == "p1-2" and "selected" in fb.message, fb.message
    assert g.figure("p1-1").position == (10, 30) and not g.figure("p1-1").moved and not g.commands
    again = ctl.handle(Click((10.0, 25.0)))  # the question was forgotten: the new model's move asks afresh
    assert "click again" in again.message and not g.figure("p1-2").moved


def test_z40k_a_move_goes_between_two_squad_mates_through_a_gap_a_base_just_passes() -> None:
    # a wall across the table but for a 1.1" gap between two squad-mates' bases: the only way on
    walls = [((0, 28.5), (18.95, 28.5)), ((22.05, 28.5), (48, 28.5))]
    ctl = _z40k([(21.5, 31), (19.45, 28.5), (21.55, 28.5)], walls=walls)
    g = ctl.game
    ctl.handle(Click((21.5, 31)))
    goal = (20.5, 26.0)
    ctl.handle(Hover(goal))
    marks = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    assert not any("Stops here" in m.text for m in marks if isinstance(m, Plate)), marks
    fb = ctl.handle(Click(goal))
    assert fb.accepted and fb.events, fb.message  # no question: it gets there
    assert math.dist(g.figure("p1-1").position, goal) < 0.05


def test_a_question_is_forgotten_once_another_command_is_sent() -> None:
    # the sergeant's move asks; another model moves (a command sent); the same click then asks afresh
    # instead of sending the move asked about before the table changed
    ctl = _z40k([(10, 30), (11.2, 30)], walls=[((0, 27), (48, 27))])
    g = ctl.game
    ctl.handle(Click((10, 30)))
    assert "click again" in ctl.handle(Click((10.0, 25.0))).message
    assert ctl.send(Z40kMove("p1-2", ((11.0, 28.8),))).accepted
    ctl.handle(AnimationDone())
    assert ctl.selected == "p1-1"  # still in hand
    again = ctl.handle(Click((10.0, 25.0)))
    assert "click again" in again.message and not g.figure("p1-1").moved, again.message


# ---- deployment leaves every figure a way out ------------------------------------------------------


def _walks_out(game, fid: str, far: float = 2.5) -> bool:
    """Whether a click 3" from ``fid`` in some direction routes him at least ``far`` inches out of where he
    was set up, through the ground the table lets his base walk (no other base moved first)."""
    from game.rules.routing import Routes

    f, routes = game.figure(fid), Routes()
    for k in range(16):
        a = math.radians(22.5 * k)
        goal = (f.position[0] + 3 * math.cos(a), f.position[1] + 3 * math.sin(a))
        path = routes.move(game.table, fid, f.position, f.radius, [goal], 4.0, 0)
        check = game.table.check_path([f.position, *path], f.radius, mover=fid)
        if math.dist(check.end, f.position) >= far:
            return True
    return False


def test_outbreak_characters_set_up_in_a_deploy_zone_each_have_a_way_out() -> None:
    from game.scenario.loader import load_scenario
    from tests.all_hashes import MAPS

    chars = [{"name": f"Survivor {i}", "player": 1 + i // 4} for i in range(8)]  # two players' four each
    g = get_ruleset("outbreak").new_game(load_scenario(MAPS / "small_town.tmx"), {"characters": chars,
                                                                                  "players": 2}, 1)  # fmt: skip
    pcs = [f.id for f in g.figures if f.side == "players" and f.on_table]
    assert len(pcs) == 8 and [fid for fid in pcs if not _walks_out(g, fid)] == []


@pytest.mark.parametrize("map_name", ["hive_street.tmx", "last_evac.tmx", "manufactorum_ferrum.tmx"])
def test_z40k_squads_set_up_each_have_a_way_out(map_name: str) -> None:
    from game.scenario.loader import load_scenario
    from tests.all_hashes import MAPS

    g = Z40K.new_game(load_scenario(MAPS / map_name), {"teams": ["infantry_squad", "infantry_squad"]}, 1)
    models = [m.id for m in g.figures if m.side == "players" and m.alive]
    assert len(models) == 20 and [fid for fid in models if not _walks_out(g, fid)] == []
