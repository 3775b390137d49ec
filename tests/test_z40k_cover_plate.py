"""The shooting plate says the target's cover (a 40k player on Hive Street: the plate never mentioned the cover
the odds counted, then the Boss took a 4+ cover save in the log). A line under the odds names the cover save and
what gives it as the map names it: "Horde 1: all 3 in cover, 4+ cover save (in the Shrine of the Lost)"; a
model in the open adds nothing, and a target in the open gets no line."""

from __future__ import annotations

import dataclasses

from z40k_plates import shoot_plate as _shoot_plate

from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.scenario.model import Area, Terrain

SQUAD = [(10, 25), (8, 20), (11, 20)]  # the Sergeant, the plasma gunner, the meltagunner
HORDE = [(10, 10), (9, 10), (11, 10)]


def game_with(*pieces: Terrain):  # type: ignore[no-untyped-def]
    sc = small_scenario()
    return rigged_game(
        {1: SQUAD}, hordes=[HORDE], scenario=dataclasses.replace(sc, terrain=[*sc.terrain, *pieces])
    )


def shoot_plate(g) -> str:  # type: ignore[no-untyped-def]
    """The plate a player reads: his gunner selected, the pointer on the horde."""
    return _shoot_plate(g, SQUAD[1], HORDE[0])


def test_a_horde_in_a_named_ruin_reads_its_cover_save_and_the_ruin() -> None:
    shrine = Terrain(900, "Shrine of the Lost", "ruin", Area.rect(7, 8, 6, 4))
    text = shoot_plate(game_with(shrine))
    assert "Horde 1: all 3 in cover, 4+ cover save (in the Shrine of the Lost)" in text.splitlines(), text


def test_part_of_a_horde_in_rubble_reads_how_many() -> None:
    heap = Terrain(901, "Rubble heap", "clutter", Area.rect(9.6, 8, 3, 4))  # the zombies at x 10 and 11, not 9
    text = shoot_plate(game_with(heap))
    assert "Horde 1: 2 of 3 in cover, 5+ cover save (in the Rubble heap)" in text.splitlines(), text


def test_a_horde_behind_a_ruin_reads_behind() -> None:
    ruin = Terrain(902, "", "ruin", Area.rect(2, 13, 16, 3))  # between the squad and the horde
    text = shoot_plate(game_with(ruin))
    assert "Horde 1: all 3 in cover, 4+ cover save (behind a ruin)" in text.splitlines(), text


def test_a_horde_in_the_open_gets_no_cover_line() -> None:
    text = shoot_plate(game_with())
    assert "cover" not in text, text
