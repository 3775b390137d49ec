"""A character with no gun walked into a fight (a newcomer's Small Town game, issue 33): a click on a zombie meant
"shoot" and was refused ("No ranged weapon."), and the Move button's click on it stopped ~0.3" short of its base,
so no fight. Moving into contact is a legal move (rules: Movement, "walking up to a zombie to fight it is not
running"): now, with no shot to fire, a click on a zombie moves him into base contact, and the preview says
why. Through the real match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def _match(weapons: tuple[str, str], jammed: bool = False) -> Match:
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (3, 3)}, zombies=[(12, 16)], dice=[3] * 20, weapons={"pc1": weapons}
    )
    game.figure("pc1").jammed = jammed
    match = Match(game, RS.view())
    match.select("pc1")
    return match


def _settle(match: Match) -> None:
    for _ in range(200):
        match.update(0.1)


def _plate(match: Match, at: tuple[float, float]) -> str:
    match.hover(at)
    match.update(0.01)
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def test_a_gunless_click_on_a_zombie_walks_him_into_base_contact() -> None:
    match = _match(("", "knife"))
    game = match.game
    text = _plate(match, (12.2, 16.3))  # on the zombie's base, off its centre
    assert "ends in contact with Zombie 1" in text, text
    assert "no gun to shoot with: PC 1 closes in to fight" in text, text
    match.click((12.2, 16.3))
    _settle(match)
    pc, z = game.figure("pc1"), game.figure("z1")
    assert pc.acted == "move", match.status
    assert game.world.in_contact(pc, z), game.world.edge_distance(pc, z)


def test_a_jammed_gun_closes_in_too_and_a_loaded_one_still_shoots() -> None:
    jammed = _match(("pistol", "club"), jammed=True)
    assert "the gun is jammed: PC 1 closes in to fight" in _plate(jammed, (12.0, 16.0))
    loaded = _match(("pistol", "club"))
    loaded.hover((12.0, 16.0))
    loaded.update(0.01)
    assert type(loaded.controller.preview_command).__name__ == "Fire"


def test_the_move_button_on_a_zombie_ends_in_contact_not_short_of_it() -> None:
    match = _match(("pistol", "club"))  # a gun: M first, then the zombie
    match.button("move")
    text = _plate(match, (12.0, 16.3))
    assert "ends in contact with Zombie 1" in text and "not in contact" not in text, text
