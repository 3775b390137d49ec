"""A designer's hidden scratch layer (a building being tried out, notes): hidden layers and hidden
objects are left out of the game, as Tiled shows the map. They do not block sight; ``check --verbose``
notes them (maps/README.md, "Hidden layers")."""

from __future__ import annotations

import io

from design_maps import obj, playable_objects, tmx, write

from game.scenario import load_scenario
from game.scenario.check import main
from game.table.space import Table


def test_hidden_layer_and_object_do_not_play(tmp_path):
    layers = (
        '<objectgroup id="2" name="scenario">'
        + "".join(playable_objects())
        + obj(5, "Hidden shed", "building", 14, 16, 4, 4, extra=' visible="0"')
        + "</objectgroup>"
        '<group id="3" name="drafts" visible="0"><objectgroup id="4" name="scratch">'
        + obj(6, "Maybe a barn", "building", 14, 2, 6, 10)
        + "</objectgroup></group>"
    )
    path = write(tmp_path, "m.tmx", tmx(layers=layers))
    scenario = load_scenario(str(path))
    assert [t.name for t in scenario.terrain] == []
    table = Table.from_scenario(scenario)
    assert table.line_of_sight((10, 6), (24, 6)).state == "clear"
    out = io.StringIO()
    assert main([str(path)], out) == 0
    assert "note:" not in out.getvalue()
    out = io.StringIO()
    assert main([str(path)], out, verbose=True) == 0
    text = out.getvalue()
    assert 'note: 1 hidden object(s) on layer "drafts/scratch" are left out of the game (ids 6)' in text
    assert 'on layer "scenario"' in text
