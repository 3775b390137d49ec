"""Rules: Zombie 40,000, "Shooting": sight and cover through ruins (issue 34 item 12). By default 7th
edition's true line of sight: a ruin is drawn as its footprint and never blocks sight, and a target in or
behind it takes its 4+ cover save. The set-up switch "Ruins block sight" plays the house reading: more
than 2" of area terrain crossed blocks sight, and behind a ruin is only obscured (5+). Scripted dice."""

from __future__ import annotations

import pytest

from game.rules.core import CannotStart, IllegalCommand
from game.rules.zombie40k.commands import Shoot
from game.rules.zombie40k.events import AttackStep, Killed
from game.rules.zombie40k.game import new_game
from game.rules.zombie40k.setup_view import SETUP
from game.rules.zombie40k.testing import rigged_game, small_scenario

GUARD = [{"unit": "infantry_squad", "models": 1}]
RUIN = (6, 18, 8, 4)  # x 6-14, y 18-22: 4" deep across the line x = 10
FAR = (40, 44)  # a second zombie out of range, so the horde is not destroyed (no power-up roll)


def game_with(zombie, shooter=(10, 30), house: bool = False, dice=()):
    sc = small_scenario(players=1, ruins=[RUIN])
    g = rigged_game({1: [shooter]}, hordes=[[zombie, FAR]], teams=GUARD, scenario=sc, dice=dice)
    g.state.ruins_block_sight = house
    return g


def saves(g) -> list[AttackStep]:
    return [e for e in g.log if isinstance(e, AttackStep) and e.step == "save"]


def test_true_line_of_sight_through_a_ruin_and_its_4_plus_cover_behind_it() -> None:
    """7th edition (the default): 4" of ruin between the lasgun and the zombie does not block sight; the
    zombie behind the ruin takes the ruin's 4+ cover save (a 3 fails it), then Feel No Pain (a 1)."""
    g = game_with((10, 12), dice=[6, 6, 3, 1])
    assert g.state.ruins_block_sight is False
    p = g.preview(Shoot("p1", "h1"))
    assert p.legal and p.details["covers"] == {"h1-1": 4}
    g.apply(Shoot("p1", "h1"))
    assert [(s.kind, s.need, s.successes) for s in saves(g)] == [("cover", 4, 0)]
    assert [e.figure for e in g.log if isinstance(e, Killed)] == ["h1-1"] and g.dice.remaining == 0


def test_the_house_reading_blocks_sight_after_2_inches_of_ruin() -> None:
    """The switch: more than 2" of ruin crossed blocks sight [house]; the same shot is refused."""
    g = game_with((10, 12), house=True)
    with pytest.raises(IllegalCommand, match="can see"):
        g.apply(Shoot("p1", "h1"))
    assert not g.preview(Shoot("p1", "h1")).legal


def test_a_zombie_deep_in_a_ruin_is_seen_under_7th_and_hidden_under_the_house_reading() -> None:
    """A zombie 3" inside the ruin: seen through it with its 4+ cover [7th]; hidden [house]."""
    g = game_with((10, 19))
    assert g.preview(Shoot("p1", "h1")).details["covers"] == {"h1-1": 4}
    g = game_with((10, 19), house=True)
    assert not g.preview(Shoot("p1", "h1")).legal


def test_behind_a_thin_ruin_7th_gives_4_plus_and_the_house_reading_5_plus() -> None:
    """A ruin crossed for under 2" blocks sight under neither reading: behind it is the ruin's 4+ cover
    [7th], or only obscured, 5+ [house: today's reading]."""
    sc = small_scenario(players=1, ruins=[(6, 20, 8, 1.5)])
    for house, cover in ((False, 4), (True, 5)):
        g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 12), FAR]], teams=GUARD, scenario=sc)
        g.state.ruins_block_sight = house
        assert g.preview(Shoot("p1", "h1")).details["covers"] == {"h1-1": cover}, house


def test_a_firer_in_a_ruin_gives_no_cover_to_a_target_in_the_open() -> None:
    """The ruin the firer stands in is his own window, not the target's cover [7th]."""
    g = game_with((10, 6), shooter=(10, 20))
    assert g.preview(Shoot("p1", "h1")).details["covers"] == {"h1-1": 0}


def test_the_set_up_switch_reaches_the_game_and_a_bad_value_is_refused() -> None:
    """The set-up offers the house reading as a switch, off by default; switched on, the game plays it."""
    sc = small_scenario(players=1, ruins=[RUIN])
    switch = next(s for s in SETUP.spec(sc).for_game if s.key == "ruins_block_sight")
    assert switch.default is False and switch.house and '2"' in switch.help
    plain = SETUP.options(sc, {"players": 1, "each": [{}], "game": {}})
    assert "ruins_block_sight" not in plain
    options = SETUP.options(sc, {"players": 1, "each": [{}], "game": {"ruins_block_sight": True}})
    assert options["ruins_block_sight"] is True
    assert SETUP.answers(sc, options)["game"] == {"ruins_block_sight": True}
    assert new_game(sc, options, seed=1).state.ruins_block_sight is True
    assert new_game(sc, plain, seed=1).state.ruins_block_sight is False
    with pytest.raises(CannotStart, match="ruins_block_sight"):
        new_game(sc, {**plain, "ruins_block_sight": "yes"}, seed=1)
