"""Zombiekrieg for a newcomer (issue 33, the third play-test, 7/10): clicks that did what the player did not
mean. Each through the real controller or game scene."""

from __future__ import annotations

from game.controller import Button, Click, Controller, Mode
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView

RIFLEMAN = "us1-r1"


def test_a_refused_fire_keeps_fire_mode_so_a_click_by_the_zombie_never_walks_him_to_it() -> None:
    """The zombie is behind him (out of his front arc): F is refused, and the click he then aims at the zombie,
    a little off its base, used to MOVE him toward it and spend his action."""
    g = rigged_game(soldiers={RIFLEMAN: (12, 20, 270)}, zombies=[(12, 23.3)], dice=[1] * 40)
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(RIFLEMAN).position))
    refused = ctl.handle(Button("fire"))
    assert not refused.accepted and "cannot FIRE" in refused.message
    assert (ctl.mode, ctl.action) == (Mode.AIMING, "fire")  # still the mode he asked for
    near = ctl.handle(Click((13.2, 23.0)))  # beside the zombie, off its base
    assert not near.accepted and not near.events, near.message
    assert g.figure(RIFLEMAN).position == (12.0, 20.0) and not g.figure(RIFLEMAN).acted_this_turn
    on = ctl.handle(Click(g.figure("z1").position))  # on it: why that zombie cannot be shot
    assert not on.accepted and "front arc" in on.message, on.message
    assert (ctl.mode, ctl.action) == (Mode.AIMING, "fire")
    ctl.handle(Button("cancel"))  # Esc steps back to the selection: a click on the ground moves him again
    assert ctl.mode == Mode.SELECTED


def test_a_fire_refused_to_a_soldier_who_has_acted_does_not_aim() -> None:
    """A soldier with nothing left to do is not put in fire mode (nothing to explain but that he has acted)."""
    g = rigged_game(soldiers={RIFLEMAN: (12, 20, 270)}, zombies=[(12, 23.3)], dice=[1] * 40)
    g.figure(RIFLEMAN).acted_this_turn = True
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(RIFLEMAN).position))
    ctl.handle(Button("fire"))
    assert ctl.mode != Mode.AIMING


def test_a_right_click_with_nothing_selected_does_nothing(app) -> None:
    """It tried an undo ("Nothing to undo: dice already rolled stay rolled."); undo stays on Ctrl+Z."""
    from ui_driver import click, need_default_scenario, start_game

    need_default_scenario()
    scene = start_game(app)
    match = scene.match
    assert match.controller.mode == Mode.IDLE
    before = (match.status, match.status_bad, len(match.game.commands))
    x, y, w, h = scene.view.camera.viewport
    click(app, (x + w // 2, y + h // 2), button=3)
    assert (match.status, match.status_bad, len(match.game.commands)) == before, match.status
    assert match.controller.mode == Mode.IDLE and not scene.menu_open
