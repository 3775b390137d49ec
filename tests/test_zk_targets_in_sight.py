"""Zombiekrieg: the zombies a soldier could FIRE at are marked when he is selected (a newcomer's Normandy Village
game, session 45: "finding a zombie I can shoot is trial and error": the Farmyard wall and Ferme Lemaire
blocked half his tries, found only by hovering one zombie after another). A ring in the clear sight line's colour
goes round each zombie in range, in his front arc and in sight; none round one behind him, out of range or behind
a wall. Through the screen's Match."""

from __future__ import annotations

import math

from game.rules.core import get_ruleset
from game.rules.zombiekrieg.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Circle
from game.ui.previews import REACH_STYLE

RS = get_ruleset("zombiekrieg")
RIFLEMAN = "us1-r1"


def _rings_round(match: Match, game, zid: str) -> list[Circle]:  # noqa: ANN001
    colour = REACH_STYLE["in_sight"][0]
    z = game.figure(zid)
    return [
        o
        for o in match.overlays()
        if isinstance(o, Circle) and o.colour == colour and math.dist(o.centre, z.position) < 1e-6
    ]


def test_the_zombies_he_could_shoot_are_ringed_and_no_others() -> None:
    # facing up the table (270): z1 ahead in range, z2 behind him, z3 ahead beyond the rifle's reach
    g = rigged_game(soldiers={RIFLEMAN: (12, 20, 270)}, zombies=[(12, 14), (12, 26), (12, 80)], dice=[])
    assert g.fire_targets(RIFLEMAN) == ["z1"]
    match = Match(g, RS.view())
    assert not _rings_round(match, g, "z1")  # nobody selected: nothing marked
    match.select(RIFLEMAN)
    match.update(0.01)
    assert len(_rings_round(match, g, "z1")) == 1
    assert not _rings_round(match, g, "z2") and not _rings_round(match, g, "z3")


def test_a_soldier_who_has_acted_marks_no_targets() -> None:
    g = rigged_game(soldiers={RIFLEMAN: (12, 20, 270)}, zombies=[(12, 14)], dice=[])
    g.figure(RIFLEMAN).acted_this_turn = True
    match = Match(g, RS.view())
    match.select(RIFLEMAN)
    match.update(0.01)
    assert not _rings_round(match, g, "z1")
