"""A designer types ``turnlimit`` for ``turn_limit`` and ``thicknes`` for ``thickness``: the game would
silently use the defaults. ``check`` warns with a did-you-mean; ``--strict`` fails on it."""

from __future__ import annotations

import io

from design_maps import ZOMBIEKRIEG, obj, playable_objects, tmx, write

from game.scenario.check import main
from game.scenario.review import review_map


def _map(tmp_path):
    props = {**ZOMBIEKRIEG, "turnlimit": 6, "author": "Me"}
    objects = playable_objects() + [
        obj(10, "Wall", "wall", 12, 2, shape="polyline", points="0,0 0,6", thicknes=1.0)
    ]
    return write(tmp_path, "m.tmx", tmx(properties=props, objects=objects))


def test_did_you_mean_for_map_and_object_properties(tmp_path):
    warnings = review_map(str(_map(tmp_path))).warnings
    texts = [str(w) for w in warnings]
    assert any('unknown map property "turnlimit"' in t and 'did you mean "turn_limit"' in t for t in texts)
    assert any('no property "thicknes"' in t and 'did you mean "thickness"' in t for t in texts)
    assert not any("author" in t for t in texts)  # a designer's own note-property is not a misspelling


def test_warnings_print_under_ok_and_strict_fails(tmp_path):
    path = _map(tmp_path)
    out = io.StringIO()
    assert main([str(path)], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("OK  ") and all("warning:" in line for line in lines[1:])
    out = io.StringIO()
    assert main([str(path)], out, strict=True) == 1
    assert out.getvalue().startswith(f"FAIL  {path}  (0 problems, 2 warnings)")
