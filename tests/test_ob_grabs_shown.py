"""Play-test (Outbreak, Small Town): up to three zombies grab one human and their tokens overlap, so nobody
could tell who held whom; hovering a grabbing zombie said only "hunting (has spotted the humans) / state:
standing". The hover and the hint now say whom a zombie grabs and who holds a human, and the table draws a
line from each zombie to the human it holds, over the tokens. Through the real match and table view."""

from __future__ import annotations

from ob_helpers import grab_lines
from ui_driver import drawn_table

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.previews import BAD_COLOUR

RS = get_ruleset("outbreak")


def grabbed_game():  # pc1 held by z1 (above him) and z2 (to his right); z3 far off
    return rigged_game(pcs={"pc1": (12.0, 9.0)}, zombies=[(12.0, 8.0), (13.0, 9.0), (3.0, 3.0)], dice=[])


def test_the_hover_says_who_grabs_whom() -> None:
    match = Match(grabbed_game(), RS.view())
    assert "grabbing PC 1" in match.figure_words("z1").splitlines()
    assert "grabbing PC 1" in match.hint("z2")
    assert "grabbing" not in match.figure_words("z3")
    assert "held by Zombie 1, Zombie 2" in match.figure_words("pc1").splitlines()


def test_the_humans_step_still_shows_the_grab_of_the_move_before() -> None:
    game = grabbed_game()
    game.state.engaged = {}  # the new move cleared the engagements; the zombies still hold him
    assert "held by Zombie 1, Zombie 2" in Match(game, RS.view()).figure_words("pc1")


def test_the_table_draws_each_grab_over_the_tokens() -> None:
    match = Match(grabbed_game(), RS.view())
    grabs = grab_lines(match)
    # to his base's edge, where they touch (test_ob_grabbed_seen: to his centre they crossed him out)
    assert sorted(o.points for o in grabs) == [((12.0, 8.0), (12.0, 8.5)), ((13.0, 9.0), (12.5, 9.0))]
    view, screen = drawn_table(match)
    for end in ((12.0, 8.5), (12.5, 9.0)):  # where the bases touch, under both tokens
        x, y = view.camera.to_screen(end)
        near = [tuple(screen.get_at((round(x) + dx, round(y) + dy)))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert BAD_COLOUR in near, (end, near)
