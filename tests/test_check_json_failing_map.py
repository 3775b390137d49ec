"""``check --json`` gives a failing map's rule set, title and size when it could read them, so an editor
can still say which map it is (issue 36, item 5)."""

from __future__ import annotations

import io
import json

from design_maps import playable_objects, tmx, write

from game.scenario.check import main


def _facts(path):
    out = io.StringIO()
    assert main([str(path)], out, as_json=True) == 1
    (found,) = json.loads(out.getvalue())["maps"]
    return found["ruleset"], found["title"], found["size"]


def test_a_map_without_an_objective_still_says_what_it_is(tmp_path):
    props = {"ruleset": "zombiekrieg", "title": "No goal", "turn_limit": 8, "inches_per_tile": 2}
    path = write(tmp_path, "m.tmx", tmx(width=30, height=20, properties=props, objects=playable_objects()))
    assert _facts(path) == ("zombiekrieg", "No goal", [60.0, 40.0])


def test_a_file_that_is_no_map_says_nothing_of_it(tmp_path):
    path = tmp_path / "notes.tmx"
    path.write_text("not a map", encoding="utf-8")
    assert _facts(path) == (None, None, None)
