"""A close combat in which nobody is engaged any more ends as it is fought, not a turn later (rules: Zombie
40,000, Assault: the break-off [house]). A newcomer's Boss killed the Sergeant and a Marine, the two in base
contact, in the zombies' turn; his two survivors stood behind a wall, not touching the Boss, yet his whole next
turn (move, shoot, assault) passed by itself as "locked in close combat" before the log said the combat broke
off. Now the pile-in is made as the combat ends, and when it brings nobody into contact the combat breaks off
there: his turn waits for him."""

from __future__ import annotations

from ui_driver import end_turn_of

from game.controller import Controller
from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k.events import CombatBrokenOff, PhaseSkipped, TurnStarted
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
WALL = [((17.0, 31.0), (25.0, 31.0))]  # the Sergeant above it, in contact; the two Guardsmen below it


def test_a_squad_whose_models_in_contact_were_killed_is_not_held_locked_through_its_turn() -> None:
    g = rigged_game(
        {1: [(21.0, 30.0), (21.0, 32.0), (19.5, 32.0)]},
        hordes=[[(22.0, 30.0), (22.5, 29.0)]],
        phase=Phase.ASSAULT,
        scenario=small_scenario(walls=WALL),
    )
    g.world.engage(g.world.unit("h1"), g.world.unit("p1"))
    g.dice = g.world.dice = Dice(seed=2)  # (a draw as his assault ends; the Sergeant killed in the zombies')
    ctl = Controller(g, Z40K.view())
    assert end_turn_of(ctl).accepted
    assert not g.figure("p1-1").alive and g.figure("p1-2").alive and g.figure("p1-3").alive
    turn2 = next(i for i, e in enumerate(g.log) if isinstance(e, TurnStarted) and e.turn == 2)
    assert [e.units for e in g.log[:turn2] if isinstance(e, CombatBrokenOff)] == [("h1", "p1")]
    assert not g.state.locked("p1")
    assert (g.state.turn, g.state.active_player, g.state.phase) == (2, 1, Phase.MOVEMENT)  # it waits for him
    assert not [e for e in g.log[turn2:] if isinstance(e, PhaseSkipped) and e.phase != "psychic"]
    said = Z40K.view().log_lines(g, [e for e in g.log if isinstance(e, CombatBrokenOff)])[0].replace("&quot;", '"')
    assert 'beyond a 3" pile-in, or something stands between' in said and "no longer locked" in said, said
