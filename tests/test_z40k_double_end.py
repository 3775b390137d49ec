"""A double click on "End phase" (or E pressed twice in a hurry) ends one phase, not two (newcomer play-test,
session 46: "a double click skipped my Shooting phase"). The second press, in the moment after the first began the
next phase, asks first ("... Shooting began just now: press E again to end it."); a press a moment later, or the
answer to that question, ends the phase as before."""

from __future__ import annotations

import pygame
from ui_driver import headless_app

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import DOUBLE_PRESS_SECONDS, Match

Z40K = get_ruleset("zombie40k")
SQUAD = [(20, 40), (21.2, 40)]


def _moved_squad(hordes: list[list[tuple[float, float]]]) -> Match:
    """Player 1's Movement phase with his squad already moved: E ends it at once (nothing to ask about)."""
    g = rigged_game({1: SQUAD}, hordes=hordes, phase=Phase.MOVEMENT, dice=[1] * 50)
    for fid in ("p1-1", "p1-2"):
        g.state.models[fid].moved = True
    return Match(g, Z40K.view())


def test_the_second_press_of_a_double_click_does_not_end_the_shooting_phase_just_begun() -> None:
    m = _moved_squad([[(5, 5)]])  # the zombies 40" off: nobody has a shot, so E in Shooting asks nothing
    g = m.game
    m.button("end_turn")
    assert g.state.phase == Phase.SHOOTING, m.status
    m.update(0.1)
    m.button("end_turn")  # the same double click's second press
    assert g.state.phase == Phase.SHOOTING, "the double click ended the Shooting phase unseen"
    assert m.status == "Turn 1 \u00b7 Player 1 \u00b7 Shooting began just now: press E again to end it.", m.status
    m.button("end_turn")  # asked and answered: it ends
    assert g.state.phase != Phase.SHOOTING


def test_an_e_a_moment_after_the_phase_began_ends_it_at_once() -> None:
    m = _moved_squad([[(5, 5)]])
    m.button("end_turn")
    for _ in range(int(DOUBLE_PRESS_SECONDS / 0.05) + 2):
        m.update(0.05)
    m.button("end_turn")  # he saw it, and meant it
    assert m.game.state.phase != Phase.SHOOTING, m.status


def test_the_question_of_a_phase_just_begun_is_the_only_one_asked() -> None:
    """Shooters with a target: the second press asks once, with both reasons; the next E ends the phase."""
    g = rigged_game({1: SQUAD}, hordes=[[(21, 33)]], phase=Phase.MOVEMENT, dice=[1] * 50)
    m = Match(g, Z40K.view())
    m.button("end_turn")  # "2 models have not acted: press E again"
    m.button("end_turn")  # he does: on to the Shooting phase
    assert g.state.phase == Phase.SHOOTING and m.controller.not_acted()
    m.button("end_turn")  # and the same hurried click again
    assert g.state.phase == Phase.SHOOTING
    assert "began just now, and" in m.status and "not acted: press E again" in m.status, m.status
    m.button("end_turn")
    assert m.game.state.phase != Phase.SHOOTING, m.status


def test_a_double_click_on_the_end_phase_button_ends_one_phase(tmp_path) -> None:  # noqa: ANN001
    """The real screen: the End phase button pressed twice a frame apart, as a mouse's double click."""
    from game.rules.zombie40k.testing import small_scenario
    from game.ui.scenes.game import GameScene

    sc = small_scenario(players=1)
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.MOVEMENT, dice=[1] * 50, scenario=sc)
    for fid in ("p1-1", "p1-2"):
        g.state.models[fid].moved = True
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, sc, {}, game=g))
        app.run_frames(3)
        at = app.scene.buttons["end_turn"].rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(2)
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
            app.run_frames(1)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
            app.run_frames(1)
        app.run_frames(3)  # (the button's press is handled the frame after its release)
        assert app.scene.match.game.state.phase == Phase.SHOOTING, app.scene.match.status
        assert "press E again" in app.scene.match.status
