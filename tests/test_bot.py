"""The Allied bot for Zombiekrieg 848 (issue 5): only legal commands, games finished, ORDER then
FIRE at a zombie close to a soldier, routes around clutter (rules: Zombiekrieg 848, Actions)."""

from __future__ import annotations

import pytest

from game.ai import bot_for
from game.ai.routes import route_field
from game.ai.zombiekrieg_bot import choose_command
from game.rules.zombiekrieg import EndTurn, Fire, Move, Order, new_game
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.table import Table


@pytest.mark.parametrize(
    "seed, options", [(1, {}), (2, {"sections": ["british", "soviet"]}), (3, {"sections": ["soviet"]})]
)
def test_the_bot_only_issues_commands_the_rules_accept_and_finishes_games(scenario, seed, options):
    g = new_game(scenario, options, seed)
    while not g.over:
        cmd = choose_command(g)
        assert g.preview(cmd).legal, (cmd, g.preview(cmd).reason)
        g.apply(cmd)  # raises IllegalCommand if the rules refuse it
        assert len(g.commands) < 2000
    assert g.winner in ("allies", "zombies")


def test_the_bot_plays_a_survive_table_too():
    g = new_game(tiny_scenario(turn_limit=4), {"sections": ["american"]}, 5)
    while not g.over:
        g.apply(choose_command(g))
    assert g.over


def test_an_order_then_fire_at_a_zombie_two_inches_from_a_soldier_beats_a_move():
    """Rules: Zombiekrieg 848, Actions: ORDER gives +2 to the soldier's FIRE; a zombie 2" away is the threat."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (14, 20, 270)},
        zombies=[(14, 17)],
        guts={"us1-sgt": 9, "us1-r1": 7},
        dice=[1, 2, 1, 2],
    )
    assert g.world.edge_distance(g.figure("us1-r1"), g.figure("z1")) == pytest.approx(2.0)
    first = choose_command(g)
    assert first == Order("us1-sgt", "us1-r1")
    g.apply(first)  # 1+2 = 3 vs GUTS 8: the ORDER succeeds
    assert g.figure("us1-r1").ordered_this_turn
    second = choose_command(g)
    assert isinstance(second, Fire) and second.figure == "us1-r1" and second.target == "z1"


def test_nothing_left_to_do_ends_the_turn():
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(2, 2)], dice=[])
    g.figure("us1-sgt").acted_this_turn = True
    assert choose_command(g) == EndTurn()


def test_routes_go_round_clutter_when_a_clear_way_is_not_much_longer():
    sc = tiny_scenario(clutter=[(0, 10, 12, 2)], exits=[(0, 0, 24, 2)])
    table = Table.from_scenario(sc)
    field = route_field(table, sc.zones_of("exit"), 0.5)
    route = field.route((6.0, 20.0), 40.0)
    assert table.clutter_on_path(route) == 0
    assert route[-1][1] <= 2.0  # it gets there
    from game.table import path_length

    assert path_length(route) < 1.25 * 18.25  # the straight way would be 18.25" with 2" of clutter


def test_routes_cross_clutter_when_there_is_no_other_way():
    sc = tiny_scenario(clutter=[(0, 10, 24, 2)], exits=[(0, 0, 24, 2)])
    table = Table.from_scenario(sc)
    route = route_field(table, sc.zones_of("exit"), 0.5).route((6.0, 20.0), 40.0)
    assert 1.5 <= table.clutter_on_path(route) <= 3.0 and route[-1][1] <= 2.0


def test_soldiers_heading_for_the_exit_move_along_the_clear_route(scenario):
    g = new_game(scenario, {}, 4)
    moves = 0
    while not g.over and g.state.turn <= 3:
        cmd = choose_command(g)
        if isinstance(cmd, Move) and cmd.path:
            moves += 1
            assert g.preview(cmd).details["enters_clutter"] is False, cmd
        g.apply(cmd)
    assert moves >= 10


def test_the_bot_registry_finds_it():
    assert bot_for("zombiekrieg") is choose_command
    with pytest.raises(KeyError, match="no bot plays 'nobody'"):
        bot_for("nobody")
