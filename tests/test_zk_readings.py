"""The source's literal readings as set-up choices (rules: Common: Readings; Zombiekrieg 848: FIRE,
Melee, clutter, ORDER). Each switch against its house reading, the option checked, a saved game replayed
with the switches it was played with. Dice are scripted."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai.zombiekrieg_bot import choose_command
from game.rules.zombiekrieg import Fire, Move, Order, new_game
from game.rules.zombiekrieg import melee as zk_melee
from game.rules.zombiekrieg import zombies as zk_zombies
from game.rules.zombiekrieg.data import load_data
from game.rules.zombiekrieg.events import GutsTested, Ordered, ZombieMoved
from game.rules.zombiekrieg.readings import chosen, readings
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.saves import SaveError, read_save, restore, save_game
from game.table import path_length

LITERAL = {r.key: True for r in readings()}


def literal(*keys: str) -> dict:
    return {"sections": ["american"], "readings": {k: True for k in keys}}


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def test_the_switches_are_data_with_key_label_default_and_help():
    """Rules: Readings: both readings are in the data; the default is the house reading; each switch can be
    shown (label, help) by a set-up screen and listed by the rules help."""
    keys = [r.key for r in readings()]
    assert keys[:3] == ["fire_needs_clear_sight", "melee_against_guts_only", "zombie_clutter_full_roll"]
    for r in readings():
        assert r.label and r.help and r.default is False and r.house_default
        assert r.source in r.help and r.literal in r.help and r.house in r.help


@pytest.mark.parametrize(
    "given,message",
    [
        ({"fire_clear": True}, "Unknown reading 'fire_clear'"),
        ({"fire_needs_clear_sight": "yes"}, "true or false"),
        (["fire_needs_clear_sight"], "a table of switches"),
    ],
)
def test_bad_readings_are_refused_with_a_clear_message(given, message):
    """Rules: Readings: a switch is a validated game option; unknown keys and values are refused."""
    with pytest.raises(ValueError, match=message):
        new_game(tiny_scenario(), {"sections": ["american"], "readings": given}, 1)
    assert chosen(load_data(), {}) == {r.key: False for r in readings()}


@pytest.mark.parametrize("switch", [False, True])
def test_fire_needs_a_clear_line_of_sight(switch):
    """Rules: FIRE: "a clear line of sight". House: not blocked, an obscured target at -1. Literal: any
    clutter on the line, or a target in clutter, blocks the shot."""
    sc = tiny_scenario(clutter=[(11, 8, 2, 1.5), (3, 3, 3, 3)])
    g = rigged_game(
        soldiers={"us1-r1": (12, 20, 270), "us1-r2": (4.5, 20, 270)},
        zombies=[(12, 4), (4.5, 4.5)],  # z1 behind 1.5" of clutter; z2 standing in clutter
        dice=[3, 4],
        scenario=sc,
        options=literal("fire_needs_clear_sight") if switch else None,
    )
    for soldier, target in (("us1-r1", "z1"), ("us1-r2", "z2")):
        p = g.preview(Fire(soldier, target))
        if switch:
            assert not p.legal and "clear line of sight" in p.reason
        else:
            assert p.legal and {"reason": "target obscured", "value": -1} in p.details["modifiers"]
    assert (g.fire_targets("us1-r1") == []) is switch


@pytest.mark.parametrize("switch", [False, True])
def test_melee_against_current_guts_alone(switch):
    """Rules: Melee: the soldier "compares the score to his current GUTS level". House: with his weapon's
    melee modifier (the BAR's -1). Literal: against his current GUTS alone."""
    g = rigged_game(
        soldiers={"us1-sgt": (20, 22, 270), "us1-lmg": (6, 20, 270)},
        zombies=[(6, 18.6)],
        guts={"us1-lmg": 8},
        dice=[2, 3],
        options=literal("melee_against_guts_only") if switch else None,
    )
    zk_melee.melee(g.world)
    t = of(g.world.events, GutsTested)[0]
    assert t.modified_guts == (8 if switch else 7)
    assert (("BAR in melee", -1) in t.modifiers) is not switch


@pytest.mark.parametrize("switch,distance", [(False, 6.0), (True, 12.0)])
def test_zombies_in_clutter_move_up_to_the_whole_roll(switch, distance):
    """Rules: The zombies: a zombie whose path enters clutter moves up to 2D6" on a charge. House: never
    further than the table says (charge 6"). Literal: up to the roll (12")."""
    sc = tiny_scenario(clutter=[(10, 1, 4, 4)], size=40, deploy=((2, 35, 20, 4, {"side": "allies"}),))
    g = rigged_game(
        soldiers={"us1-sgt": (12, 30, 270)},
        zombies=[(12, 2), (12, 3.5)],  # in file, both in the rubble
        dice=[6, 6, 6],  # seen: charge 6"; the unit's clutter roll 2D6 = 12
        scenario=sc,
        options=literal("zombie_clutter_full_roll") if switch else None,
    )
    zk_zombies.axis_move(g.world)
    assert g.dice.remaining == 0
    assert len(of(g.world.events, ZombieMoved)) == 2
    for e in of(g.world.events, ZombieMoved):
        assert path_length(e.path) == pytest.approx(distance, abs=1e-6)


@pytest.mark.parametrize("switch", [False, True])
def test_the_corporal_orders_only_once_his_sergeant_is_dead(switch):
    """Rules: ORDER: "either the Sergeant, or if he has been killed, the Corporal". House: also once the
    Sergeant has left by the exit. Literal: only once he is dead."""
    sc = tiny_scenario(objective="exit", exits=[(0, 0, 24, 2)], properties={"exit_count": 2})
    g = rigged_game(
        soldiers={"us1-sgt": (12, 5, 270), "us1-cpl": (4, 20, 0), "us1-r1": (6, 20, 0), "us1-r2": (8, 20, 0)},
        zombies=[(22, 12)],
        scenario=sc,
        dice=[1, 2, 1, 2],
        options=literal("corporal_only_when_sergeant_dead") if switch else None,
    )
    g.apply(Move("us1-sgt", ((12, 0.9),)))
    assert g.figure("us1-sgt").state == "exited"
    if switch:
        assert g.order_targets("us1-cpl") == []
        assert "only once his Sergeant is dead." in g.preview(Order("us1-cpl", "us1-r1")).reason
    else:
        assert of(g.apply(Order("us1-cpl", "us1-r1")), Ordered)[0].success


def test_a_saved_game_replays_with_the_switches_it_was_played_with(tmp_path):
    """Rules: Readings: the switches are saved with the game (they are options) and a replay plays them."""
    sc = tiny_scenario(clutter=[(8, 10, 6, 3), (2, 2, 4, 4)], walls=[((2, 14), (8, 14))])
    options = {"sections": ["american"], "readings": dict(LITERAL)}
    g = new_game(sc, options, 7)
    while not g.over and len(g.commands) < 60:
        g.apply(choose_command(g))
    saved = read_save(save_game(g, tmp_path / "literal.json"))
    assert saved.options["readings"] == LITERAL
    again = restore(saved, scenario=sc)
    assert again.world.readings == LITERAL
    assert again.state_data() == g.state_data()


def test_a_save_keeps_its_switches_and_refuses_unknown_ones(tmp_path):
    """Rules: Readings: a save made with the house readings replays with them, the same save with a literal
    switch replays with that one, and a save naming a reading this build lacks is refused, saying why."""
    sc = tiny_scenario(clutter=[(11, 8, 2, 1.5)])
    g = new_game(sc, {"sections": ["american"]}, 3)
    saved = read_save(save_game(g, tmp_path / "house.json"))
    assert not restore(saved, scenario=sc).world.reading("fire_needs_clear_sight")
    switched = dataclasses.replace(saved, options={**saved.options, "readings": {"fire_needs_clear_sight": True}})
    assert restore(switched, scenario=sc).world.reading("fire_needs_clear_sight")
    unknown = dataclasses.replace(saved, options={**saved.options, "readings": {"no_such_reading": True}})
    with pytest.raises(SaveError, match="no_such_reading"):
        restore(unknown, scenario=sc)


def test_the_set_up_offers_each_switch_and_hands_the_game_its_choice():
    """Rules: Readings: the literal reading can be chosen in the new-game set-up: each switch is a contract
    Switch (key, label, default off, help), its answer goes into the game's ``readings`` option and back."""
    from game.rules.contract import Switch
    from game.rules.zombiekrieg.setup import SETUP

    sc = tiny_scenario()
    switches = [f for f in SETUP.spec(sc).for_game if isinstance(f, Switch)]
    assert [s.key for s in switches] == [r.key for r in readings()]
    assert all(s.label and s.help and s.default is False for s in switches)
    answers = {"players": 1, "each": [{"section": "british"}], "game": {"melee_against_guts_only": True}}
    options = SETUP.options(sc, answers)
    assert options["readings"]["melee_against_guts_only"] and not options["readings"]["fire_needs_clear_sight"]
    assert SETUP.answers(sc, options)["game"]["melee_against_guts_only"] is True
    assert SETUP.refusals(sc, answers) == []
    assert new_game(sc, options, 1).world.reading("melee_against_guts_only")
