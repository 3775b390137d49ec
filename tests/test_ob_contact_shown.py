"""Outbreak says whether bases touch (a newcomer's Small Town game): a zombie looked touching a character but was
not in base contact, so no combat happened, and a move "next to" a zombie ended beside it, not touching. Now
the move preview's plate says where the move ends against the zombie nearest its end ("ends 0.3" from Zombie
1: not in contact", "ends in contact with Zombie 1"), by the rules' own contact test, and the hover card (the
roster's and the table's) of a character in contact says so. Through the real match."""

from __future__ import annotations

import math

from game.rules.core import get_ruleset
from game.rules.outbreak import Move
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def move_plate(match: Match, to: tuple[float, float]) -> str:
    match.select("pc1")
    match.button("move")
    match.hover(to)
    match.update(0.01)
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def test_a_click_beside_a_zombie_says_the_move_ends_short_of_contact() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 16)], dice=[])
    match = Match(game, RS.view())
    text = move_plate(match, (12.0, 17.0))  # the route stops a little way off the zombie's base
    end = match.controller.preview_command.path[-1]
    gap = math.dist(end, (12, 16)) - 1.0
    assert gap > game.world.data.house.contact  # the newcomer's case: beside it, not touching
    assert f'ends {gap:.1f}" from Zombie 1: not in contact' in text, text


def test_a_move_into_the_zombie_says_it_ends_in_contact() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 16)], dice=[])
    view = RS.view()
    cmd = Move("pc1", ((12.0, 16.5),))  # straight at it: the base stops against the zombie's
    preview = game.preview(cmd)
    plates = [p.text for p in view.drawing(game, cmd, preview) if hasattr(p, "text")]
    assert any("ends in contact with Zombie 1" in t for t in plates), plates


def test_a_move_far_from_the_zombies_says_nothing_of_contact() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 10)], dice=[])
    text = move_plate(Match(game, RS.view()), (12.0, 17.0))
    assert "contact" not in text, text


def test_the_hover_card_says_who_is_in_contact_and_who_only_stands_near() -> None:
    # z1 touches PC 1 (edge to edge 0.0"); z2 stands 0.3" off his base
    game = rigged_game(pcs={"pc1": (12, 9), "pc2": (4, 9)}, zombies=[(12, 8), (4, 7.7)], dice=[])
    match = Match(game, RS.view())
    card = match.figure_words("pc1").splitlines()
    assert "in contact with Zombie 1" in card, card
    other = match.figure_words("pc2").splitlines()
    assert not any("in contact with" in line for line in other), other
    assert 'Zombie 2 is 0.3" away: not in contact' in other, other
