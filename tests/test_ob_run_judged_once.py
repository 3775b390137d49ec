"""Outbreak's move plate judges run or not once (a newcomer's Hollow Creek Farm game): a gunless doctor pointed
beside a zombie read "ends 0.3" from Zombie 2: not in contact", "a run: if a zombie grabs the runner ... (caught
running)" and "ends nearer the zombies than it starts: not a run, so nobody follows" on the same plate; and
pointing within a base of a zombie with no shot to take now moves him into it, as pointing on it does. Through
the screen's Match, its preview plate."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def _plate(match: Match, at: tuple[float, float]) -> str:
    match.hover(at)
    match.update(0.01)
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def _doctor():  # type: ignore[no-untyped-def]
    """Doc with a knife, a bystander beside him to follow, two zombies ahead (one off the way, one beyond)."""
    game = rigged_game(
        pcs={"pc1": (12, 21)},
        npcs={"npc1": (13.5, 22)},
        zombies=[(14, 16), (11, 10)],
        dice=[3] * 20,
        weapons={"pc1": ("", "knife")},
    )
    game.state.figures["pc1"].name = "Doc Harlan"
    match = Match(game, RS.view())
    match.select("pc1")
    return game, match


def test_the_plate_never_says_both_a_run_and_not_a_run() -> None:
    game, match = _doctor()
    mixed = []
    for x in range(6, 20):
        for y in range(4, 24, 2):
            plate = _plate(match, (x + 0.5, y + 0.5))
            if "a run: if a zombie grabs" in plate and "not a run" in plate:
                mixed.append(((x + 0.5, y + 0.5), plate))
    assert not mixed, mixed[:2]


def test_pointing_beside_a_zombie_without_a_shot_closes_in() -> None:
    game, match = _doctor()
    z = game.state.figures["z1"].position
    beside = (z[0] - 1.2, z[1] + 0.72)  # 0.9" off its base: within a base of it
    plate = _plate(match, beside)
    assert "ends in contact with Zombie 1" in plate, plate
    assert "closes in to fight" in plate and "a run:" not in plate, plate
