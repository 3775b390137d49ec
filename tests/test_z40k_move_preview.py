"""The Zombie 40,000 previews a newcomer reads while he aims: a move near the enemy, round a barricade, onto the
vehicle, and a shot at the Boss."""

from __future__ import annotations

import math

from game.controller import Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")


def _plates(ctl: Controller) -> list[str]:
    return [d.text for d in ctl.view.drawing(ctl.game, ctl.preview_command, ctl.preview) if isinstance(d, Plate)]


def test_a_move_routed_past_the_boss_stops_short_of_him_and_asks_instead_of_refusing() -> None:
    # the sergeant behind a barricade, the Boss beyond its east end; he points north of the barricade, 3"
    # from the Boss: the way round passes the Boss, and 6" of it would end within 1" of him
    walls = [((17, 28.5), (21.5, 28.5))]
    g = rigged_game({1: [(20, 30), (21.2, 30)]}, boss=(22.5, 27.5), phase=Phase.MOVEMENT,
                    scenario=small_scenario(walls=walls))  # fmt: skip
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((20, 30)))
    goal = (22.0, 24.5)
    ctl.handle(Hover(goal))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    assert any('Stops here: 1" from the Zombie Boss' in t for t in _plates(ctl)), _plates(ctl)
    first = ctl.handle(Click(goal))
    assert first.accepted and "reachable" in first.message and not g.figure("p1-1").moved, first.message
    second = ctl.handle(Click(goal))
    assert second.accepted and g.figure("p1-1").moved, second.message
    boss = g.figure("boss")
    assert math.dist(g.figure("p1-1").position, boss.position) - boss.radius - 0.5 > 1.0 - 1e-6


def test_a_spot_near_but_far_round_a_barricade_says_how_long_the_way_there_is() -> None:
    # 4.1" straight north, but the barricade between: the way round is longer than the 6" move
    g = rigged_game({1: [(20, 30), (21.2, 30)]}, phase=Phase.MOVEMENT,
                    scenario=small_scenario(walls=[((16, 28.5), (23, 28.5))]))  # fmt: skip
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((20, 30)))
    goal = (20.0, 25.9)
    ctl.handle(Hover(goal))
    first = ctl.handle(Click(goal))
    assert first.accepted and 'Only 6.0" reachable of the ' in first.message, first.message
    way = float(first.message.split("of the ")[1].split('"')[0])
    assert way > 6.5  # round the barricade's end, not the 4.1" straight line


def test_a_move_that_ends_by_the_vehicle_says_it_boards_it_and_one_short_of_it_does_not() -> None:
    # the vehicle's bottom edge at y 4.5; a sergeant 5" below it, a squad-mate by him
    g = rigged_game({1: [(24, 9.5), (25.2, 9.5)]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((24, 9.5)))
    ctl.handle(Hover((24.0, 5.3)))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    assert any("boards the escape vehicle" in t for t in _plates(ctl)), _plates(ctl)
    ctl.handle(Hover((24.0, 7.5)))
    assert not any("boards" in t for t in _plates(ctl)), _plates(ctl)
    ctl.handle(Hover((24.0, 5.3)))
    ctl.handle(Click((24.0, 5.3)))
    assert g.state.winner, "the move the plate said boards the vehicle won the game"


def test_the_shooting_plate_at_the_boss_says_the_wounds_come_before_his_save() -> None:
    g = rigged_game({1: [(24, 20), (25.2, 20)]}, boss=(24, 12), phase=Phase.SHOOTING)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((24, 20)))
    ctl.handle(Hover(g.figure("boss").position))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    save = g.world.profile(g.world.model("boss")).sv
    assert save and any(f"wounds before his {save}+ save" in t for t in _plates(ctl)), _plates(ctl)


def test_a_sergeant_boxed_in_by_his_squad_takes_the_short_way_round_it() -> None:
    # four squad-mates base to base round his east side; he points 5" east-north-east: the only way out is
    # west, round the north-west marine, then straight on (about 8.9"), not the coarse grid's wide loop (9.5")
    squad = [(10, 30), (11.05, 30.0), (10.55, 30.95), (9.45, 29.05), (10.55, 29.05)]
    g = rigged_game({1: squad}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((10, 30)))
    goal = (10 + 5 * math.cos(math.radians(330)), 30 + 5 * math.sin(math.radians(330)))
    ctl.handle(Hover(goal))
    first = ctl.handle(Click(goal))
    assert first.accepted and 'Only 6.0" reachable of the ' in first.message, first.message
    way = float(first.message.split("of the ")[1].split('"')[0])
    assert way < 9.2, first.message


def test_the_shooting_plate_names_a_cover_save_as_one() -> None:
    """A 40k player read "before his 4+ save" on the plate for zombies with no armour (Sv -) in a ruin: it is
    their 4+ cover save, and the plate says so."""
    sc = small_scenario(players=1, ruins=[(22, 10, 6, 4)])
    g = rigged_game(
        {1: [(24, 22), (25.2, 22)]}, hordes=[[(24, 12), (25.2, 12)]], phase=Phase.SHOOTING, scenario=sc
    )
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((24, 22)))
    ctl.handle(Hover((24, 12)))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    assert any("wounds before their 4+ cover saves" in t for t in _plates(ctl)), _plates(ctl)
