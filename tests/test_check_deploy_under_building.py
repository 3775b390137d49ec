"""A designer drops a farmhouse over the Allied deployment zone: ``check`` says the zone has no free
ground and names the building, and the game refuses the map with the same message instead of stopping
with a StopIteration at set-up (issue 16)."""

from __future__ import annotations

import pytest
from design_maps import obj, playable_objects, tmx, write

from game.scenario import ScenarioError, load_scenario
from game.scenario.review import review_map


@pytest.fixture
def buried(tmp_path):
    objects = playable_objects() + [obj(10, "Farmhouse", "building", 0, 7, 8, 10)]
    return write(tmp_path, "buried.tmx", tmx(objects=objects))


def test_check_names_the_zone_the_building_and_the_fix(buried):
    errors = review_map(str(buried)).errors
    (problem,) = [p for p in errors if p.object_id == 1]
    assert "no free ground" in problem.message and "building 10 'Farmhouse'" in problem.message
    assert problem.fix.startswith("move the zone")
    assert problem.layer == "scenario" and problem.at == (1.0, 8.0)
    assert str(problem).endswith('[layer "scenario", at 1", 8"]')


def test_the_game_refuses_it_with_the_same_message(buried):
    with pytest.raises(ScenarioError) as err:
        load_scenario(str(buried))
    assert any("no free ground" in p.message and p.object_id == 1 for p in err.value.problems)


def test_a_zone_partly_covered_still_plays(tmp_path):
    objects = playable_objects() + [obj(10, "Shed", "building", 1, 8, 3, 3)]
    path = write(tmp_path, "shed.tmx", tmx(objects=objects))
    assert load_scenario(str(path)).zones_of("deploy")
    assert not review_map(str(path)).errors
