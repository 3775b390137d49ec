"""A survivor grabbed by three zombies stays in sight and under the pointer (newcomer's Small Town game, session
46: "my survivor is hidden under the zombies: I cannot see or click him"). The grab lines ran from each zombie to
his centre, over the tokens: three of them crossed him out in the middle of the pile. They now stop at his base's
edge, where the bases touch, so his token reads whole, drawn over the zombies; a click on him selects him. Through
the real match and table view, at the size a small window fits the table."""

from __future__ import annotations

import math

from ob_helpers import grab_lines
from ui_driver import drawn_table

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.previews import BAD_COLOUR

RS = get_ruleset("outbreak")
HELD_AT = (12.0, 9.0)


def held_by_three() -> Match:  # pc1 held by z1 (above), z2 (right), z3 (left)
    game = rigged_game(pcs={"pc1": HELD_AT, "pc2": (3.0, 15.0)}, zombies=[(12.0, 8.0), (13.0, 9.0), (11.0, 9.0)])
    return Match(game, RS.view())


def test_the_grab_lines_stop_at_his_base_and_leave_him_whole() -> None:
    match = held_by_three()
    grabs = grab_lines(match)
    assert len(grabs) == 3
    radius = match.game.figure("pc1").radius
    for line in grabs:
        assert math.isclose(math.dist(line.points[-1], HELD_AT), radius), line.points
    view, screen = drawn_table(match)
    x, y = (round(v) for v in view.camera.to_screen(HELD_AT))
    face = [tuple(screen.get_at((x + dx, y + dy)))[:3] for dx in range(-3, 4) for dy in range(-3, 4)]
    assert BAD_COLOUR not in face, "a grab line crosses the grabbed survivor's token"


def test_a_click_on_the_grabbed_survivor_selects_him() -> None:
    match = held_by_three()
    view, _ = drawn_table(match)
    token = view.token_at(view.camera.to_screen(HELD_AT))
    assert token is not None and token.id == "pc1"
    match.click(HELD_AT)
    assert match.controller.selected == "pc1"
    assert "held by Zombie 1, Zombie 2, Zombie 3" in match.figure_words("pc1")
