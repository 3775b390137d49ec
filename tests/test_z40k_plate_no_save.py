"""Zombie 40,000 at club night (issue 33): the SHOOT plate spoke of saves its hits allow none of. The power-up
Shotgun's hits at zombies take a wound each with no save, cover or Feel No Pain [seed], yet the plate read
"1.7 wounds before their 5+ cover saves" and named the rubble's cover; and a gun whose AP beats the armour
[7th] was read against that armour. Through the real controller."""

from __future__ import annotations

from z40k_plates import shoot_plate

from game.rules.zombie40k.commands import UsePowerUp
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

GUARDS = {"unit": "infantry_squad", "models": 10}


def test_the_shotguns_plate_at_zombies_in_cover_says_no_save_and_names_no_cover() -> None:
    g = rigged_game(
        {1: [(20, 30)]},
        hordes=[[(20, 22), (21, 22)]],
        teams=[GUARDS],
        phase=Phase.SHOOTING,
        scenario=small_scenario(clutter=[(18, 20, 6, 4)]),  # rubble round the horde: a 5+ cover save
    )
    g.state.units["p1"].power_ups = ["shotgun"]
    g.apply(UsePowerUp("p1", "shotgun", "p1-1"))
    plate = shoot_plate(g, (20, 30), (20, 22))
    assert "wounds (no save)" in plate and "cover save" not in plate, plate


def test_a_gun_whose_ap_beats_the_armour_reads_the_save_left() -> None:
    # a plasma gun (AP 2) at the Zombie Boss: his 2+ armour is beaten [7th]; his 5+ invulnerable save stands
    g = rigged_game({1: [(20, 30)]}, boss=(20, 22), teams=[GUARDS], phase=Phase.SHOOTING)
    g.figure("p1-1").weapons = ("plasma_gun",)
    plate = shoot_plate(g, (20, 30), (20, 22))
    assert "before his 5+ invulnerable save" in plate and "2+" not in plate, plate
