"""Exit, objective and spawn zones a designer put where no figure can get: inside a building, off the
table, or walled in. ``check`` finds them with the table's own walker, from the deploy zones."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def _problems(tmp_path, *extra: str, objective: str = "exit"):
    objects = [o for o in playable_objects() if extra and "Road out" not in o or not extra] + list(extra)
    props = {"ruleset": "zombiekrieg", "objective": objective, "title": "T", "turn_limit": 8}
    return review_map(str(write(tmp_path, "m.tmx", tmx(properties=props, objects=objects)))).problems


def test_an_exit_inside_a_building(tmp_path):
    problems = _problems(
        tmp_path, obj(20, "Church", "building", 20, 4, 10, 10), obj(3, "Crypt door", "exit", 22, 6, 3, 3)
    )
    (p,) = [p for p in problems if p.object_id == 3]
    assert p.is_error and "inside building 20 'Church'" in p.message and "open ground" in p.fix


def test_an_objective_off_the_table(tmp_path):
    problems = _problems(
        tmp_path, obj(3, "Road out", "exit", 33, 8, 3, 8), obj(7, "Radio", "objective", 40, 2, 3, 3)
    )
    (p,) = [p for p in problems if p.object_id == 7]
    assert p.is_error and "off the table" in p.message and p.at == (40.0, 2.0)


def test_an_exit_walled_in_is_unreachable(tmp_path):
    walls = [
        obj(30, "Pen", "wall", 26, 6, shape="polyline", points="0,0 8,0 8,10 0,10 0,0", thickness=0.5),
    ]
    problems = _problems(tmp_path, *walls, obj(3, "Gate", "exit", 28, 8, 3, 4))
    (p,) = [p for p in problems if p.object_id == 3]
    assert p.is_error and "walled off" in p.message and "no figure can reach it" in p.message
    assert "gap" in p.fix


def test_a_spawn_inside_a_building(tmp_path):
    problems = _problems(
        tmp_path, obj(20, "Barn", "building", 26, 0, 8, 8), obj(3, "Road out", "exit", 33, 8, 3, 8)
    )
    (p,) = [p for p in problems if p.object_id == 2]
    assert p.is_error and "inside building 20 'Barn'" in p.message


def test_a_reachable_exit_is_fine(tmp_path):
    assert not [p for p in _problems(tmp_path) if p.is_error]
