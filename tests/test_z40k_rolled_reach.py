"""Zombie 40,000's move preview after the squad has rolled for difficult terrain (issue 33): a newcomer saw
the full 6" reach after a roll of 2, and his model then went 2". The preview now shows the rolled reach."""

from __future__ import annotations

from game.controller import AnimationDone, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate, Ring
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
RUBBLE = (14, 20, 14, 8)  # difficult ground from y 20 to y 28, north of the squad


def _rolled_two() -> tuple[Controller, object]:
    """The sergeant has moved into the rubble: the squad's 2D6 keep-highest roll for it came up 2."""
    g = rigged_game({1: [(20, 30), (21.2, 30), (22.4, 27.5)]}, phase=Phase.MOVEMENT,
                    scenario=small_scenario(clutter=[RUBBLE]), dice=[2, 1])  # fmt: skip
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((20, 30)))
    ctl.handle(Click((20, 25)))
    ctl.handle(Click((20, 25)))  # (asked first: 5" into the rubble, 56%)
    ctl.handle(AnimationDone())
    assert g.state.units["p1"].difficult_roll == 2 and g.figure("p1-1").position == (20.0, 28.0)
    return ctl, g


def test_after_the_terrain_roll_a_move_into_difficult_ground_previews_the_rolled_reach() -> None:
    ctl, g = _rolled_two()
    ctl.handle(Click((21.2, 30)))
    ctl.handle(Hover((21.5, 26.5)))  # 3.5" away, into the rubble
    plates = [d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate)]
    assert plates == ['MOVE 2.0" along the path\nStops here: the squad\'s difficult-terrain roll (2")'], plates
    asked = ctl.handle(Click((21.5, 26.5)))
    assert asked.accepted and 'Only 2.0" reachable' in asked.message and not g.figure("p1-2").moved, asked.message


def test_a_model_standing_in_difficult_ground_shows_only_the_rolled_reach() -> None:
    ctl, g = _rolled_two()
    view = ctl.view
    rings = [
        d.label
        for d in view.reach(g, "p1-3", view.look(g, "p1-3"), view.actions(g, "p1-3"))
        if isinstance(d, Ring)
    ]
    assert '2" (difficult terrain: rolled)' in rings and '6"' not in rings, rings
    rings = [
        d.label
        for d in view.reach(g, "p1-2", view.look(g, "p1-2"), view.actions(g, "p1-2"))
        if isinstance(d, Ring)
    ]
    assert '6"' in rings and '2" through terrain (rolled)' in rings, rings  # in the open he still goes 6"


def test_a_move_within_the_roll_says_the_roll_and_one_cut_by_it_says_so_once() -> None:
    ctl, g = _rolled_two()
    ctl.handle(Click((22.4, 27.5)))  # Guardsman 2 stands in the rubble
    ctl.handle(Hover((22.4, 26.5)))  # 1" on
    plates = [d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate)]
    assert plates == ['MOVE 1.0" along the path (difficult terrain: the squad rolled 2")'], plates
    ctl.handle(Hover((22.4, 22.5)))  # 5" on: cut at the roll, said once
    plates = [d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate)]
    cut = 'MOVE 2.0" along the path\nStops here: the squad\'s difficult-terrain roll (2")'
    assert plates == [  # (cut short, he would end 2.5" from the Sergeant: the mid-phase coherency warning)
        f'{cut}\nWarning: the squad would stand out of coherency (Guardsman 2 2.5" from Sergeant); those still '
        "to move must close it up (the last to move may not leave it more spread out)."
    ], plates
