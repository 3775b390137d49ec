"""A shooter with shots left stays selected, still aiming Fire (newcomer's issue ob44b item 2): after each shot
the shooter was deselected though the roster said "2 shots ready" (the zombie's share of his move while the shot
landed read as the zombies' own move), and F then said "Select one of your survivors first". Now the next click on
a zombie fires again. Through the real controller, played out by the screen's Match."""

from __future__ import annotations

from game.controller.machine import Mode
from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match


def _after_a_shot(dice: list[int], aim_first: bool) -> Match:
    """pc1 (a shotgun) fires at z1, 10" off: ``dice`` are his shot, the zombie's pace and the destroy roll."""
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (22, 22)},
        zombies=[(12, 10), (15, 14)],
        dice=dice + [3] * 40,
        weapons={"pc1": ("shotgun", "club")},
    )
    match = Match(game, get_ruleset("outbreak").view())
    ctl = match.controller
    match.click(game.figure("pc1").position)
    if aim_first:
        match.button("fire")
    match.click(game.figure("z1").position)
    assert len(game.commands) == 1
    for _ in range(1000):  # the shot played out on the screen
        if ctl.mode not in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
            break
        match.update(0.1)
    return match


def test_a_shooter_with_shots_left_stays_in_fire_and_fires_again() -> None:
    match = _after_a_shot([4, 1, 1], aim_first=True)  # a hit in the first third, not destroyed: shots left
    ctl, game = match.controller, match.game
    assert "fire" in game.actions_for("pc1")
    assert (ctl.selected, ctl.mode, ctl.action) == ("pc1", Mode.AIMING, "fire")
    match.click(game.figure("z2").position)
    assert len(game.commands) == 2  # the next click on a zombie fired again


def test_a_shooter_picked_by_a_click_stays_selected() -> None:
    match = _after_a_shot([4, 1, 1], aim_first=False)  # the click on a zombie fired (no F pressed)
    ctl = match.controller
    assert ctl.selected == "pc1" and ctl.mode == Mode.SELECTED
    match.button("fire")
    assert ctl.mode == Mode.AIMING and ctl.action == "fire", match.status  # never "Select one of your ... first"


def test_a_shooter_with_no_shots_left_is_let_go() -> None:
    match = _after_a_shot([3, 1, 3], aim_first=True)  # a hit in the last third: no shots this move
    ctl = match.controller
    assert match.game.actions_for("pc1") == []
    assert ctl.selected is None and ctl.mode == Mode.IDLE
