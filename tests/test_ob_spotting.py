"""Rules: Zombie Rules (Outbreak), "Spotting": the bands in LOS (8" automatic, over 8" to 16" on
3+, over 16" on 5+), re-spotting humans in cover (within 8" only, the hider's 1, a group of three
or more on 1-2), zombies within 6" of a spotter following it; and a human's own Spot."""

from __future__ import annotations

import pytest
from ob_helpers import events_of, of, unchanged

from game.rules.outbreak import Spot, spotting
from game.rules.outbreak.events import Followed, HideRolled, SpotRolled
from game.rules.outbreak.testing import rigged_game, tiny_scenario


def looker(dist, dice, scenario=None):
    """An unaware zombie ``dist`` inches (edge to edge) from pc1 along the table's long side."""
    sc = scenario or tiny_scenario(characters=(), spawns=(), size=48)
    return rigged_game(pcs={"pc1": (2, 24)}, zombies=[(3 + dist, 24)], dice=dice, scenario=sc, aware=False)


@pytest.mark.parametrize(
    "dist,dice,spotted,need",
    [
        (8.0, [], True, 1),
        (3.0, [], True, 1),
        (8.5, [3], True, 3),
        (12, [2], False, 3),
        (16.0, [3], True, 3),
        (16.5, [5], True, 5),
        (30, [4], False, 5),
    ],
)
def test_spotting_bands(dist, dice, spotted, need):
    """In LOS: 8" or less automatic; over 8" to 16" on 3+; over 16" on 5+."""
    g = looker(dist, dice)
    spotting.zombies_spot(g.world)
    ev = of(events_of(g), SpotRolled)
    assert ev[0].need == need and ev[0].spotted is spotted and ev[0].roll == (dice[0] if dice else 0)
    assert g.figure("z1").aware is spotted


def test_no_spotting_without_line_of_sight():
    sc = tiny_scenario(walls=[((8, 20), (8, 28))], characters=(), spawns=(), size=48)
    g = looker(10, [], scenario=sc)
    spotting.zombies_spot(g.world)
    assert not of(events_of(g), SpotRolled) and not g.figure("z1").aware


def test_zombies_within_6_of_a_spotter_follow_it():
    """Zombies within 6" of a zombie that has spotted a human follow it (not those further)."""
    sc = tiny_scenario(walls=[((9, 27), (9, 40))], characters=(), spawns=(), size=48)
    g = rigged_game(
        pcs={"pc1": (2, 24)}, zombies=[(8, 24), (11, 29), (30, 24)], dice=[4], scenario=sc, aware=False
    )
    spotting.zombies_spot(g.world)  # z1 spots (auto); z2 cannot see him; z3 fails its 5+
    ev = events_of(g)
    assert [(e.figure, e.leader) for e in of(ev, Followed)] == [("z2", "z1")]
    assert g.figure("z2").aware and g.figure("z2").following == "z1" and not g.figure("z3").aware


COVER = tiny_scenario(clutter=[(8, 8, 8, 8)], characters=(), spawns=())


@pytest.mark.parametrize("face,hidden", [(1, False), (2, True), (6, True)])
def test_a_human_in_cover_is_spotted_again_on_a_1(face, hidden):
    """Only humans in cover are spotted again: within 8", when the hiding human rolls a 1."""
    g = rigged_game(pcs={"pc1": (12, 15)}, zombies=[(12, 21)], dice=[face], scenario=COVER)
    spotting.hide(g.world)
    roll = of(events_of(g), HideRolled)[0]
    assert roll.need == 1 and roll.group == 1
    assert g.figure("pc1").hidden is hidden


@pytest.mark.parametrize("face,hidden", [(2, False), (3, True)])
def test_a_group_of_three_hiding_is_spotted_on_1_or_2(face, hidden):
    """A body of 3 or more hiding together is spotted on a 1 or 2."""
    g = rigged_game(
        pcs={"pc1": (12, 15), "pc2": (10.5, 15), "pc3": (13.5, 15)},
        zombies=[(12, 21)],
        dice=[face] * 3,
        scenario=COVER,
    )
    spotting.hide(g.world)
    rolls = of(events_of(g), HideRolled)
    assert all(r.group == 3 and r.need == 2 for r in rolls)
    assert g.figure("pc1").hidden is hidden


def test_in_cover_beyond_8_stays_hidden_without_a_roll():
    """Humans in cover are spotted again within 8" only."""
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=[(12, 22)], dice=[], scenario=COVER)
    g.world.set_position(g.figure("z1"), (21.5, 22))
    spotting.hide(g.world)
    assert not of(events_of(g), HideRolled) and g.figure("pc1").hidden


def test_obscured_counts_as_cover_and_open_ground_does_not():
    """In cover: in clutter, or obscured (seen through clutter) from the zombies [house: the nearest]."""
    g = rigged_game(pcs={"pc1": (12, 18)}, zombies=[(12, 6.5), (2, 2)], dice=[4], scenario=COVER)
    # pc1 stands in the open; z1 sees him through 8" of clutter (blocked), z2 in the open
    g.world.set_position(g.figure("z1"), (14, 17))  # now z1 is nearest and sees him clear
    spotting.hide(g.world)
    assert not of(events_of(g), HideRolled) and not g.figure("pc1").hidden
    sc = tiny_scenario(clutter=[(8, 14, 8, 1.5)], characters=(), spawns=())
    g = rigged_game(pcs={"pc1": (12, 18)}, zombies=[(12, 11)], dice=[3], scenario=sc)
    assert g.world.sight(g.figure("z1"), g.figure("pc1")).state == "obscured"
    spotting.hide(g.world)
    assert of(events_of(g), HideRolled) and g.figure("pc1").hidden


def test_after_the_first_spotting_no_more_rolls_in_the_open():
    """After the first spotting both sides know of each other: no rolls for humans in the open."""
    g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 2)], dice=[])
    spotting.zombies_spot(g.world)
    assert not events_of(g)


@pytest.mark.parametrize("face,spotted", [(3, True), (2, False)])
def test_a_human_spots_by_band(face, spotted):
    """A human who has not spotted the zombies uses his option to look (the same bands)."""
    g = rigged_game(pcs={"pc1": (12, 22), "pc2": (2, 2)}, zombies=[(12, 10)], dice=[face])
    g.figure("pc1").aware = False
    p = g.preview(Spot("pc1"))
    assert p.chances["spotted"] == pytest.approx(4 / 6) and p.details["need"] == 3
    ev = g.apply(Spot("pc1"))
    assert of(ev, SpotRolled)[0].spotted is spotted and g.figure("pc1").aware is spotted
    assert "already" in unchanged(g, Spot("pc1"))


def test_unaware_humans_spot_zombies_within_8_automatically():
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (2, 2)}, zombies=[(12, 13)], dice=[])
    g.figure("pc1").aware = g.figure("pc2").aware = False
    spotting.auto_spot(g.world)
    assert g.figure("pc1").aware and not g.figure("pc2").aware
