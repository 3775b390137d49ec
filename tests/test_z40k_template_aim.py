"""Zombie 40,000 on screen (issue 33, a newcomer's finding): aiming a flamer (a template weapon [7th]) draws the
teardrop template where it would lie, says how many it would touch and rings each of them, as the blast
marker's aim does; through the real controller (select, Shoot, hover a zombie)."""

from __future__ import annotations

from game.controller import Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Area, Ring
from game.rules.zombie40k import shooting
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
FLAMER = {"unit": "infantry_squad", "models": 1, "weapons": ["flamer"]}


def _aim_flamer_at(g, point) -> list:
    """Select the flamer's bearer, press Shoot and hover ``point``: what the screen is asked to draw."""
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((10.0, 30.0)))
    ctl.handle(Button("shoot"))
    ctl.handle(Hover(point))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    return ctl.view.drawing(g, ctl.preview_command, ctl.preview)


def test_hovering_a_target_with_a_flamer_draws_its_template_and_rings_whom_it_touches() -> None:
    # two zombies in the flame's path 4" ahead, a third well to the side
    g = rigged_game(
        {1: [(10, 30)]}, hordes=[[(10, 26), (10.8, 25), (20, 26)]], teams=[FLAMER], phase=Phase.SHOOTING
    )
    marks = _aim_flamer_at(g, (10.0, 26.0))
    templates = [a for a in marks if isinstance(a, Area) and a.points]
    assert len(templates) == 1 and templates[0].label == "Flamer: 2 under it", templates
    expected = shooting.template_points(g.world, g.figure("p1-1"), g.figure("h1-1").position)
    assert [tuple(p) for p in expected] == list(templates[0].points)
    rings = {r.centre for r in marks if isinstance(r, Ring) and r.kind == "danger"}
    assert rings == {(10.0, 26.0), (10.8, 25.0)}, rings  # the zombie to the side is not touched


def test_the_flames_teardrop_stays_drawn_where_it_lay_for_the_phase() -> None:
    from game.dice import Dice
    from game.rules.zombie40k.commands import Shoot
    from game.rules.zombie40k.view import landed_blasts

    g = rigged_game(
        {1: [(10, 30)]}, hordes=[[(10, 26), (10.8, 25), (20, 26)]], teams=[FLAMER], phase=Phase.SHOOTING
    )
    g.dice = g.world.dice = Dice(seed=1)
    aimed = shooting.template_points(g.world, g.figure("p1-1"), g.figure("h1-1").position)
    g.apply(Shoot("p1", "h1"))
    lay = [a for a in landed_blasts(g) if isinstance(a, Area) and a.points]
    assert (
        len(lay) == 1 and lay[0].label == "flamed: 2 under it" and list(lay[0].points) == [tuple(p) for p in aimed]
    )


def test_the_pointer_left_over_a_horde_just_destroyed_draws_no_refusal_in_the_corner() -> None:
    """The squad shot the last zombie of a horde with the pointer still on it: the preview went on asking for
    the horde, and a red "There is no unit 'Horde 2' on the table." stood in the table's top left corner."""
    from game.rules.drawing import Plate
    from game.rules.zombie40k.commands import Shoot

    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 26)]], teams=[FLAMER], phase=Phase.SHOOTING)
    g.world.kill(g.figure("h1-1"), "shot")
    cmd = Shoot("p1", "h1")
    preview = g.preview(cmd)
    assert not preview.legal
    assert not [p for p in Z40K.view().drawing(g, cmd, preview) if isinstance(p, Plate)]


def test_a_flamer_over_another_players_squad_says_whose_models_it_would_burn_in_the_warning_colour() -> None:
    """Session 45, a 40k veteran: his flamer over a horde locked in combat with another player's squad killed 4
    Guardsmen, the forecast having said only "Flamer: 9 under it". It says whose: the zombies and that squad's
    models, with its player, and the shot's plate warns in the warning colour."""
    from game.rules.drawing import Plate

    g = rigged_game(
        {1: [(10, 30)], 2: [(10.2, 24.6), (9.4, 24.8)]},
        hordes=[[(10, 26), (10.8, 25), (20, 26)]],
        teams=[FLAMER, "infantry_squad"],
        phase=Phase.SHOOTING,
    )
    marks = _aim_flamer_at(g, (10.0, 26.0))
    templates = [a for a in marks if isinstance(a, Area) and a.points]
    said = "Flamer: 4 under it: 2 zombies, 2 of Infantry Squad (player 2)"
    assert [a.label for a in templates] == [said]
    plate = next(p for p in marks if isinstance(p, Plate))
    assert plate.tone == "bad" and plate.text.startswith(f"Careful: {said}\nSHOOT Horde 1"), plate
