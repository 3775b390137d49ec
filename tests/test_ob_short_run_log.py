"""Outbreak playtest: "Shop assistant runs up to 6" (D6 = 2)." then "Shop assistant moves 1.2"." gave no reason
for the short run. A bystander's run cut short says by what: "moves 1.5" (of 6"): stopped by a wall"."""

from __future__ import annotations

import re

from game.rules.outbreak.commands import EndStep
from game.rules.outbreak.testing import rigged_game, tiny_scenario
from game.rules.outbreak.view import OutbreakView


def bystander_lines(wall: bool) -> list[str]:
    walls = [[(0, 10), (24, 10)]] if wall else []
    scen = tiny_scenario(characters=(), spawns=(), walls=walls)
    # the bystander 2" south of the wall, a zombie 4" south of him: he runs north, into the wall
    game = rigged_game(
        pcs={"pc1": (2, 22)}, npcs={"npc1": (12, 12)}, zombies=[(12, 16)], scenario=scen, dice=[6] * 80
    )
    game.state.figures["pc1"].acted = True
    events = game.apply(EndStep())
    lines = [
        re.sub(r"<[^>]*>", "", line).replace("&quot;", '"') for line in OutbreakView().log_lines(game, events)
    ]
    return [line for line in lines if line.startswith(("npc1 ", "npc1's "))]


def test_a_bystanders_short_run_says_what_stopped_him() -> None:
    lines = bystander_lines(wall=True)
    assert "npc1's movement roll: D6 = 6, moves up to 8\"." in lines
    moved = next(line for line in lines if line.startswith("npc1 moves "))
    assert re.fullmatch(r'npc1 moves 1\.\d" \(of 8"\): stopped by (a|the) wall( 0)?\.', moved), moved


def test_a_whole_run_says_nothing_more() -> None:
    moved = next(line for line in bystander_lines(wall=False) if line.startswith("npc1 moves "))
    assert re.fullmatch(r'npc1 moves 8(\.0)?"\.', moved), moved


def test_a_shop_owned_by_someone_is_not_the_hanks_hardware() -> None:
    """Playtest: "stopped by the Hank's Hardware"; a possessive name takes no "the" (the Churchyard wall does)."""
    from game.table.wording import in_words

    assert in_words("building 3 'Hank's Hardware'") == "Hank's Hardware"
    assert in_words("wall 7 'Churchyard wall'") == "the Churchyard wall"
