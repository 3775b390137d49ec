"""``check`` asks the map's own rule set about its forces, for Outbreak and Zombie 40,000 maps as for
Zombiekrieg ones (issue 16, item 2): no free ground to deploy, ``exit_count`` above what the map can
ever get out, the deploy zone too small for a force; and it sets the map up the way pressing Begin
does (a Zombie 40,000 map is not refused for want of teams).

Each map is drawn as a designer would: a small Tiled file with the classes from the project file.
"""

from __future__ import annotations

import pytest
from design_maps import obj, tmx, write

from game.rules.core import get_ruleset
from game.scenario import ScenarioError, load_scenario
from game.scenario.review import force_facts, review_map
from game.startcheck import start_options, start_problems

OUTBREAK = {"ruleset": "outbreak", "title": "Farm lane", "objective": "escape", "turn_limit": 8}
Z40K = {"ruleset": "zombie40k", "title": "Hab block", "turn_limit": 6, "players_min": 1, "players_max": 2}


def outbreak_objects(*extra: str) -> list[str]:
    return [
        obj(1, "Pickup truck", "deploy", 2, 16, 8, 6, side="players"),
        obj(2, "Corn", "spawn", 24, 2, 4, 4),
        obj(3, "County road", "exit", 33, 2, 3, 6),
        obj(4, "Deputy Ruth", "character", 4, 18, shape="point", ranged="revolver", melee="club"),
        obj(5, "Jed", "character", 6, 18, shape="point", ranged="shotgun", melee="none"),
        *extra,
    ]


def z40k_objects(*extra: str) -> list[str]:
    return [
        obj(1, "Gunship", "escape_vehicle", 14, 1, 8, 4),
        obj(2, "Player 1", "deploy", 2, 16, 10, 6, player=1),
        obj(3, "Player 2", "deploy", 24, 16, 10, 6, player=2),
        obj(4, "West edge", "spawn", 0, 6, 2, 6),
        *extra,
    ]


def test_outbreak_and_zombie40k_say_what_their_forces_are():
    ob, z4 = force_facts("outbreak"), force_facts("zombie40k")
    assert ob is not None and (ob.smallest, ob.largest, ob.base_radius) == (1, 4, 0.5)
    assert z4 is not None and z4.smallest >= 1 and z4.largest >= z4.smallest and z4.deploy_spacing == 1.6
    for key in ("outbreak", "zombie40k"):  # through the contract, not by a convention of their data files
        assert get_ruleset(key).force_facts is not None


def test_shipped_maps_of_every_rule_set_pass_check_without_a_missing_rules_note():
    for name in (
        "hive_street",
        "manufactorum_ferrum",
        "last_evac",
        "hollow_creek_farm",
        "small_town",
        "normandy_village",
    ):
        review = review_map(f"maps/{name}.tmx")
        assert not review.errors, (name, [str(p) for p in review.errors])
        assert not [p for p in review.problems if "no " in p.message and " rules" in p.message], name


def test_an_outbreak_deploy_zone_under_a_barn_is_refused_by_check_and_by_the_game(tmp_path):
    path = write(
        tmp_path,
        "barn.tmx",
        tmx(properties=OUTBREAK, objects=outbreak_objects(obj(10, "Barn", "building", 1, 15, 10, 8))),
    )
    (problem,) = [p for p in review_map(str(path)).errors if p.object_id == 1]
    assert "no free ground" in problem.message and "'Barn'" in problem.message
    with pytest.raises(ScenarioError):
        load_scenario(str(path))


def test_outbreak_exit_count_above_the_maps_characters_is_an_error_naming_the_fix(tmp_path):
    path = write(tmp_path, "lane.tmx", tmx(properties={**OUTBREAK, "exit_count": 3}, objects=outbreak_objects()))
    (problem,) = [p for p in review_map(str(path)).errors if "exit_count" in p.message]
    assert "more than the 2 figures it counts on this map" in problem.message
    assert problem.fix == "set exit_count to 2 or less"
    ok = write(tmp_path, "ok.tmx", tmx(properties={**OUTBREAK, "exit_count": 2}, objects=outbreak_objects()))
    assert not [p for p in review_map(str(ok)).problems if "exit_count" in p.message]


def test_outbreak_rescue_counts_the_bystanders(tmp_path):
    objects = outbreak_objects(obj(11, "Grandma Mae", "npc", 20, 12, shape="point"))
    path = write(
        tmp_path,
        "rescue.tmx",
        tmx(properties={**OUTBREAK, "objective": "rescue", "exit_count": 2}, objects=objects),
    )
    (problem,) = [p for p in review_map(str(path)).errors if "exit_count" in p.message]
    assert "more than the 1 figures it counts" in problem.message


def test_a_zombie40k_deploy_zone_too_small_for_a_team_is_noted(tmp_path):
    small = obj(2, "Player 1", "deploy", 2, 16, 2, 2, player=1)
    objects = [o for o in z40k_objects() if 'name="Player 1"' not in o] + [small]
    path = write(tmp_path, "cramped.tmx", tmx(properties=Z40K, objects=objects))
    review = review_map(str(path))
    assert not review.errors
    (note,) = [p for p in review.problems if p.object_id == 2 and "fit in the deploy zone" in p.message]
    assert f"of a force's {force_facts('zombie40k').largest} figures" in note.message


def test_a_zombie40k_deploy_zone_under_a_hab_is_refused(tmp_path):
    objects = z40k_objects(obj(10, "Hab block", "building", 1, 15, 12, 8))
    path = write(tmp_path, "hab.tmx", tmx(properties=Z40K, objects=objects))
    (problem,) = [p for p in review_map(str(path)).errors if p.object_id == 2]
    assert "no free ground" in problem.message and "'Hab block'" in problem.message


def test_check_sets_a_zombie40k_map_up_as_begin_does_with_the_default_and_the_most_players(tmp_path):
    path = write(tmp_path, "hab.tmx", tmx(properties=Z40K, objects=z40k_objects()))
    scenario = load_scenario(str(path))
    options = start_options(get_ruleset("zombie40k"), scenario)
    assert [len(o["teams"]) for o in options] == [1, 2]
    assert start_problems(scenario) == []


def test_the_designer_shows_an_outbreak_deployment(tmp_path):
    pytest.importorskip("pygame")
    from game.ui.scenes.design import _default_options

    path = write(tmp_path, "lane.tmx", tmx(properties=OUTBREAK, objects=outbreak_objects()))
    scenario = load_scenario(str(path))
    rules = get_ruleset("outbreak")
    game = rules.new_game(scenario, _default_options(rules, scenario), 0)  # it used to be refused
    assert game.state.pcs()
