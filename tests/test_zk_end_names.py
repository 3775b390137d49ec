"""Zombiekrieg's end for a newcomer (session 46 play-test, Normandy Village): the result reads as a sentence
("Game over: allies win" was lowercase and terse), and the end screen names the fallen, a line per side (it
counted "Soldiers lost 1 of 3" and named only the survivors). Played through the real table scene: the
Sergeant's critical shot kills the last zombie, and the report follows."""

from __future__ import annotations

import re

import pytest
from ui_driver import click, play_out, screen_of

from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.ui.app import App
from game.ui.scenes import end
from game.ui.scenes.game import GameScene

SGT, RIFLEMAN, LMG = "us1-sgt", "us1-r1", "us1-lmg"


def _last_zombie_game():
    """Three men, the Rifleman already dead; one zombie left before the Sergeant; his shot rolls a double 1."""
    scenario = tiny_scenario(objective="exterminate")
    g = rigged_game(
        soldiers={SGT: (12, 20, 270), RIFLEMAN: (8, 20, 270), LMG: (16, 20, 270)},
        zombies=[(12, 14)],
        dice=[1] * 60,
        scenario=scenario,
    )
    g.world.kill(g.figure(RIFLEMAN), "killed in melee by z9")
    return scenario, g


def test_the_result_is_a_sentence_and_the_end_screen_names_the_fallen(app: App) -> None:
    scenario, g = _last_zombie_game()
    scene = GameScene(app, scenario, {"sections": ["american"]}, game=g, autosave=False)
    app.replace(scene)
    app.run_frames(2)
    match, view = scene.match, scene.match.view
    dead, sgt, lmg = (view.name(g, f) for f in (RIFLEMAN, SGT, LMG))
    drawn: list[str] = []
    real = end._line
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(end, "_line", lambda pic, text, *a, **k: drawn.append(text) or real(pic, text, *a, **k))
        click(app, screen_of(scene, g.figure(SGT).position))
        click(app, screen_of(scene, g.figure("z1").position))  # a click on the zombie: FIRE
        play_out(app, scene)
        app.run_frames(3)
        assert g.over and g.winner == "allies", match.status
        result = view.result(g)[0]
        assert result == "Game over: the Allies win \u2014 every zombie of Abteilung 848 is dead.", result
        assert "Game over: the Allies win" in view.turn_line(g)
        last_log = re.sub("<[^>]+>", "", view.log_lines(g, [g.log[-1]])[0])
        assert last_log == result, last_log
        if app.scene is scene:  # the report waits for E or Enter once the table has been shown
            scene.handle_event(_key_enter())
            app.run_frames(3)
    assert isinstance(app.scene, end.EndScene), app.scene
    fallen = drawn[drawn.index("THE FALLEN") :]
    short = lambda name: {"Sergeant": "Sgt", "Rifleman": "Rfn", "LMG gunner": "LMG"}[name.rsplit(" ", 1)[0]]  # noqa: E731
    assert f"American: {short(dead)} {dead.rsplit(' ', 1)[1]}" in fallen, fallen
    assert "Abteilung 848: 1 of 1 zombie destroyed" in fallen, fallen
    survivors = drawn[drawn.index("SURVIVORS: 2") :]
    assert all(any(n.rsplit(" ", 1)[1] in t for t in survivors) for n in (sgt, lmg)), survivors


def _key_enter():
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
