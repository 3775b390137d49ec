"""A squad move that snags on the terrain says which model and what terrain (two 40k players): the plate read
"1 stops short of his place (X)" and a squad move refused as a whole "The path is blocked by the Sealed bastion.",
naming neither the model nor what kind of thing stopped him. Through the controller, on Hive Street."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.controller import Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.names import player_words
from game.scenario import load_scenario

Z40K = get_ruleset("zombie40k")
HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


@pytest.fixture(scope="module")
def hive():  # type: ignore[no-untyped-def]
    return load_scenario(HIVE_STREET)


def _squad_at(scenario, spots, target):  # type: ignore[no-untyped-def]
    """The Tactical Squad stood on ``spots``, its Sergeant (the first) told to lead a squad move to ``target``."""
    g = Z40K.new_game(scenario, {"teams": ["tactical_squad"]}, 5)
    squad = [m for m in g.state.models.values() if m.unit == "p1"]
    for m, p in zip(squad, spots):
        g.world.set_position(m, p)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(spots[0]))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    ctl.handle(Hover(target))
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    return g, ctl, next(player_words(g, d.text) for d in drawn if isinstance(d, Plate))


def test_a_model_short_of_his_place_is_named_with_the_wall_in_his_way(hive) -> None:  # type: ignore[no-untyped-def]
    spots = [(29.0 + 1.5 * i, 36.0) for i in range(5)]  # south of the Sandbag line, the Sergeant at its west end
    _, _, plate = _squad_at(hive, spots, (29.0, 31.0))
    assert "1 stops short of his place (X): Space Marine Sergeant, the Sandbag line (wall) in his way" in plate, (
        plate
    )


def test_a_squad_move_refused_as_a_whole_names_the_model_and_the_building(hive) -> None:  # type: ignore[no-untyped-def]
    spots = [(16.0 + 1.5 * i, 26.0) for i in range(5)]  # under the Sealed bastion, walking into it
    g, ctl, plate = _squad_at(hive, spots, (16.0, 22.0))
    assert plate.startswith(
        "Space Marine Sergeant cannot move: the path is blocked by the Sealed bastion (building)"
    )
    refused = ctl.handle(Click((16.0, 22.0)))
    assert not refused.accepted
    said = player_words(g, refused.message)
    assert "Space Marine Sergeant" in said and "the Sealed bastion" in said, said
