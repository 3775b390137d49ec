"""The fire preview's third marks agree with its odds (a newcomer's Small Town game, issue 33): the third shot of
a move could land only in third 3, yet marks for thirds 1 and 2 crowded round the zombie; and beside a zombie
already at the shooter the plate said "it reaches Deacon Hale by third 1: no shot after that" over odds for
thirds 2 and 3, and the log then said "1 shot left". Now only the thirds the shot may land in are marked
(thirds a base apart or less share one mark), and the reach line says how it squares with the odds. Through
the real match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def _aim(pc: tuple[float, float], zombie: tuple[float, float], thirds_used: int = 0) -> tuple[list[str], str]:
    """The third marks' labels and the plate, hovering PC 1's shot at Zombie 1."""
    game = rigged_game(
        pcs={"pc1": pc, "pc2": (3, 3)}, zombies=[zombie], dice=[], weapons={"pc1": ("shotgun", "knife")}
    )
    pc1 = game.figure("pc1")
    pc1.name = "Deacon Hale"
    if thirds_used:
        pc1.acted, pc1.thirds_used = "fire", thirds_used
    match = Match(game, RS.view())
    match.select("pc1")
    match.hover(zombie)
    match.update(0.01)
    labels = [o.text for o in match.overlays() if isinstance(o, Label)]
    plate = "\n".join(t for t in labels if t.startswith("Shot"))
    return [t for t in labels if t.startswith("third ")], plate


def test_a_last_shot_marks_only_the_third_it_lands_in() -> None:
    marks, plate = _aim((12, 20), (12, 12), thirds_used=2)
    assert "lands in third 3 83%" in plate, plate
    assert marks == ["third 3"], marks


def test_a_zombie_at_the_shooter_says_so_for_every_third() -> None:
    marks, plate = _aim((12, 20), (12, 18.8))
    assert marks == ["third 1/2/3: at Deacon Hale"], marks
    assert "it reaches Deacon Hale by third 1, before any hit lands: the last shot this move" in plate
