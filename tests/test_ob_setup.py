"""Rules: Zombie Rules (Outbreak), "Forces" (characters with weapons chosen in set-up, 1-4
players, NPCs and zombies from the map, generation points rolling 1D6 or 2D6), "Before the
outbreak" (the quiet start), and the options' validation."""

from __future__ import annotations

import pytest
from ob_helpers import events_of, of

from game.dice import ScriptedDice
from game.rules.core import get_ruleset
from game.rules.outbreak import EndStep, Move, generation, new_game
from game.rules.outbreak.events import (
    FigurePlaced,
    Moved,
    OutbreakStarted,
    Sealed,
    SpotRolled,
    ZombiesGenerated,
)
from game.rules.outbreak.state import Step
from game.rules.outbreak.testing import rigged_game, tiny_scenario


def test_registered_with_its_own_registries():
    rs = get_ruleset("outbreak")
    assert rs.name == "Zombie Rules (Outbreak)"
    assert {"Move", "Fire", "Spot", "ClearJam", "EndStep"} <= set(rs.commands)
    assert "DiceRolled" in rs.events and "Grappled" in rs.events


def test_characters_chosen_in_set_up():
    """Each character: a name, a ranged weapon (pistol 6", shotgun 9", rifle 12" or none) and a close combat weapon."""
    sc = tiny_scenario(characters=(), spawns=(), zombies=[(12, 2)])
    chars = [
        {"name": "Ann", "player": 1, "ranged": "shotgun", "melee": "knife"},
        {"name": "Bo", "player": 2, "ranged": "none", "melee": "bat"},
    ]
    g = new_game(sc, {"players": 2, "characters": chars}, seed=1)
    pcs = g.state.pcs()
    assert [(p.name, p.player, p.ranged, p.melee) for p in pcs] == [
        ("Ann", 1, "shotgun", "knife"),
        ("Bo", 2, "", "bat"),
    ]
    assert g.world.data.ranged("shotgun").range == 9.0 and g.world.data.ranged("rifle").range == 12.0


@pytest.mark.parametrize(
    "options,word",
    [
        ({"sections": 2}, "'sections'"),
        ({"players": 5}, "'players'"),
        ({"players": 0}, "'players'"),
        ({"characters": [{"name": "A", "ranged": "bazooka"}]}, "bazooka"),
        ({"characters": [{"name": "A", "melee": "spoon"}]}, "spoon"),
        ({"players": 2, "characters": [{"name": "A", "player": 1}]}, "player 2 has no character"),
        ({"characters": [{"name": "A", "player": 3}]}, "'player'"),
        ({"characters": "Ann"}, "'characters'"),
        ({"caught_running_first_blow": "yes"}, "caught_running_first_blow"),
    ],
)
def test_bad_options_are_refused_by_name(options, word):
    with pytest.raises(ValueError) as err:
        new_game(tiny_scenario(spawns=()), options, seed=1)
    assert word in str(err.value)


def test_map_characters_dealt_to_the_players():
    """[house] Without the option the map's characters play; with fewer players they go round again."""
    sc = tiny_scenario(
        characters=(("A", 4, 22, {"player": 1}), ("B", 6, 22, {"player": 2}), ("C", 8, 22, {"player": 3})),
        spawns=(),
    )
    g = new_game(sc, {"players": 2}, seed=1)
    assert [p.player for p in g.state.pcs()] == [1, 2, 1]


def test_npcs_and_zombies_come_from_the_map():
    sc = tiny_scenario(npcs=(("Earl", 4, 4),), zombies=[(20, 4)], spawns=())
    g = new_game(sc, {}, seed=1)
    placed = of(g.log, FigurePlaced)
    assert {(e.role, e.name) for e in placed} >= {("npc", "Earl"), ("zombie", "Zombie"), ("pc", "Ann")}


@pytest.mark.parametrize("dice,faces,count", [(1, [4], 4), (2, [3, 5], 8)])
def test_generation_points_roll_their_dice(dice, faces, count):
    """At the start of each move roll 1D6 or 2D6 (the point's setting): that many zombies appear there."""
    sc = tiny_scenario(spawns=((2, 2, 6, 6, dice),), characters=())
    g = rigged_game(pcs={"pc1": (20, 20)}, scenario=sc, dice=faces)
    g.state.spawns[0].sealed = False
    generation.generate(g.world)
    ev = of(events_of(g), ZombiesGenerated)[0]
    assert ev.roll == count and len(ev.figures) == count
    assert all(g.figure(z).on_table for z in ev.figures)


def test_sealing_a_point_in_a_clear_scenario():
    """A PC in contact with a generation point at the end of a move seals it; it generates no more."""
    sc = tiny_scenario(objective="clear", spawns=((2, 2, 4, 4, 1),), characters=())
    g = rigged_game(pcs={"pc1": (6.55, 4)}, scenario=sc, dice=[])
    g.state.spawns[0].sealed = False
    generation.seal(g.world)
    assert of(events_of(g), Sealed) and g.state.spawns[0].sealed
    generation.generate(g.world)
    assert not events_of(g)


def quiet(dice, options=None):
    sc = tiny_scenario(
        characters=(("Ann", 12, 22, {"ranged": "pistol", "melee": "club"}),),
        npcs=(("Earl", 12, 8),),
        zombies=[(12, 2)],
        spawns=(),
    )
    return new_game(sc, options or {}, seed=1, dice=ScriptedDice(dice))


def test_quiet_start_nobody_reacts_until_the_first_attack_then_spotters_react():
    """Nobody reacts until the first victim is attacked; then every human rolls to spot the attack and
    a PC who spots it acts (movement by the movement roll)."""
    # z1's pace D6 = 3 (6": it reaches Earl); Ann, 13" from Earl, spots the attack on a 4; then Earl's
    # grapple (6 against 1), next move his bite check (6) and Ann's tiredness (4)
    g = quiet([3, 4, 6, 6, 6, 1, 6, 4])
    ev = g.log
    first = ev.index(of(ev, OutbreakStarted)[0])
    assert not [e for e in ev[:first] if isinstance(e, Moved)]
    spot = of(ev[first:], SpotRolled)[0]
    assert spot.who == "pc1" and spot.need == 3 and spot.spotted
    assert g.state.step == Step.REACTION and g.state.active_player == 1 and g.figure("pc1").aware
    assert g.actions_for("pc1") == ["move"]
    g.apply(Move("pc1", ((12, 23.4),)))  # no zombie within 8": no roll
    assert g.figure("pc1").has_moved and g.state.move == 2  # the move went on: Earl's grapple, the next move


def test_a_pc_who_misses_the_attack_does_not_react_but_knows_of_them_after_it():
    """Awareness [seed]: "After the initial spotting it is assumed that zombies and humans are aware of each
    other": Ann missed the attack, so she does not react, but from the next move she knows (no Spot needed)."""
    g = quiet([3, 2, 6, 6, 6, 1, 6])  # Ann misses it (2); Earl grapples: 6 beats 1; next move no bite (6)
    assert g.state.move == 2 and g.state.step == Step.HUMANS
    assert g.figure("pc1").aware and not g.figure("z1").on_table
    assert "spot" not in g.actions_for("pc1")


def test_the_house_awareness_reading_leaves_a_pc_who_missed_the_attack_unaware():
    """The switch all_aware_after_outbreak_move = false: a human who missed the attack must spot for himself."""
    g = quiet([3, 2, 6, 6, 6, 1, 6], {"all_aware_after_outbreak_move": False})
    assert g.state.move == 2 and g.state.step == Step.HUMANS
    assert not g.figure("pc1").aware and not g.figure("z1").on_table
    assert "spot" in g.actions_for("pc1")


def test_npcs_who_spot_the_attack_flee_directly_away():
    sc = tiny_scenario(
        characters=(("Ann", 22, 22, {}),), npcs=(("Earl", 12, 8), ("Flo", 16, 8)), zombies=[(12, 2)], spawns=()
    )
    # pace 3; Ann spots the attack on a 5 (16" away); Flo's movement roll 4 (z1 within 8"); then Earl's
    # grapple, his bite check and Flo's tiredness
    g = new_game(sc, {}, seed=1, dice=ScriptedDice([3, 5, 4, 6, 6, 6, 1, 6, 4]))
    flo = g.figure("npc2")
    assert flo.position[0] > 16 + 5  # straight away from Earl, 6"
    assert g.state.step == Step.REACTION
    g.apply(EndStep())
    assert g.state.move == 2 and g.state.step == Step.HUMANS
