"""Outbreak playtest: E with nobody moved ended the humans' step at once, handing the move to the zombies
without a word. The first E asks while survivors who may act have not; the second ends the step."""

from __future__ import annotations

from game.controller import AnimationDone, Button, Controller, Mode
from game.rules.outbreak.state import Step
from game.rules.outbreak.testing import rigged_game
from game.rules.outbreak.view import OutbreakView
from game.rules.zombiekrieg.testing import rigged_game as zk_game
from game.rules.zombiekrieg.view import ZombiekriegView


def controller() -> Controller:
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (14, 20)}, zombies=[(12, 40)], dice=[3] * 60)
    return Controller(game, OutbreakView())


def test_the_first_e_asks_when_survivors_have_not_acted_and_the_second_ends_the_step() -> None:
    ctl = controller()
    fb = ctl.handle(Button("end_turn"))
    assert fb.message == "2 survivors have not acted: press E again to end the step."
    assert ctl.game.state.step == Step.HUMANS and ctl.mode == Mode.IDLE  # nothing ended yet
    ctl.handle(Button("end_turn"))
    assert ctl.game.state.step != Step.HUMANS or ctl.game.state.move == 3


def test_anything_done_between_asks_again() -> None:
    ctl = controller()
    ctl.handle(Button("end_turn"))
    ctl.handle(Button("next"))  # he picked a survivor up instead
    fb = ctl.handle(Button("end_turn"))
    assert "have not acted" in fb.message and ctl.game.state.move == 2


def test_once_everyone_has_acted_e_ends_at_once() -> None:
    ctl = controller()
    for fid in ("pc1", "pc2"):
        ctl.game.state.figures[fid].acted = True
    ctl.handle(Button("end_turn"))
    assert ctl.mode in (Mode.ZOMBIE_TURN, Mode.RESOLVING)


def test_a_rule_set_that_does_not_ask_ends_at_once() -> None:
    view = ZombiekriegView()
    view.ask_before_ending = False  # a rule set that does not ask (Zombiekrieg asks now)
    ctl = Controller(zk_game(dice=[3] * 60), view)
    ctl.handle(Button("end_turn"))
    assert ctl.mode in (Mode.ZOMBIE_TURN, Mode.RESOLVING)
    ctl.handle(AnimationDone())


def test_tab_with_nobody_left_names_the_end_step_button_as_it_reads() -> None:
    """A newcomer read "(!) Nobody else can act: End turn." under a button that reads End step: the words are
    the button's own."""
    ctl = controller()
    ctl.available = lambda fid: False  # (every survivor has acted)
    assert ctl.handle(Button("next")).message == "Nobody else can act: End step."
