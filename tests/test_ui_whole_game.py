"""Issue 4, "Done when": a whole game of Zombiekrieg 848 on screen with the mouse alone, from the table to
the end screen. The real main loop runs headless; the Allied bot decides what to do, but every decision
reaches the rules only as mouse clicks on the screen (a soldier's base, a destination, a zombie, the End
turn button), so each click path a player uses is exercised until the end screen shows."""

from __future__ import annotations

import random

import pygame
from ui_driver import click, end_turn, key, need_default_scenario, play_out, screen_of, start_game

from game.ai.zombiekrieg_bot import choose_command
from game.ui.app import App


def frame_on(scene, points: list[tuple[float, float]]) -> None:
    """Point the camera at everything a command involves, as close in as fits (a player zooms too)."""
    cam = scene.view.camera
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    _, _, vw, vh = cam.viewport
    cam.ppi = min(24.0, 0.8 * vw / max(1.0, max(xs) - min(xs)), 0.8 * vh / max(1.0, max(ys) - min(ys)))
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    cam.offset = (cx - vw / 2 / cam.ppi, cy - vh / 2 / cam.ppi)


def clicks_for(scene, cmd) -> list[tuple[tuple[float, float], bool]]:
    """The table points a player clicks for ``cmd`` (with Shift for waypoints)."""
    game = scene.match.game
    kind = type(cmd).__name__
    me = game.figure(cmd.figure).position
    if kind == "Move":
        return [(me, False)] + [(p, True) for p in cmd.path[:-1]] + [(cmd.path[-1], False)]
    if kind == "Order":  # ORDER is the O key then a click: a click on a soldier alone selects him
        return [(me, False), (ORDER_KEY, False), (game.figure(cmd.target).position, False)]
    return [(me, False), (game.figure(cmd.target).position, False)]


ORDER_KEY = (-1.0, -1.0)  # a plan step that presses O instead of clicking


def test_a_whole_game_with_the_mouse_alone_reaches_the_end_screen(app: App) -> None:
    need_default_scenario()
    random.seed(7)  # the scene picks the game's seed from here
    scene = start_game(app, speed=8.0)
    game = scene.match.game
    kinds: set[str] = set()
    for _ in range(600):
        if game.over:
            break
        cmd = choose_command(game)
        before = len(game.commands)
        if type(cmd).__name__ != "EndTurn" and getattr(cmd, "path", None) != ():  # a turn-only move has no click
            plan = clicks_for(scene, cmd)
            frame_on(scene, [p for p, _ in plan if p != ORDER_KEY])
            app.run_frames(1)
            for point, shift in plan:
                if point == ORDER_KEY:
                    key(app, pygame.K_o)
                    continue
                click(app, screen_of(scene, point), shift=shift)
                if scene.match.status.endswith("click again to move there, or point elsewhere."):
                    click(app, screen_of(scene, point), shift=shift)  # the move stops short: yes, go there
            kinds.add(type(game.commands[-1]).__name__ if len(game.commands) > before else "")
        if len(game.commands) == before:  # nothing to click (or pixels rounded it off): end the turn
            key(app, pygame.K_ESCAPE) if scene.match.controller.selected else None
            end_turn(app, scene)
            assert len(game.commands) == before + 1, scene.match.status
        key(app, pygame.K_SPACE)  # skip the animation, as an impatient player does
        play_out(app, scene)
    assert game.over, "the game did not end"
    for _ in range(400):  # the last events play, then the end screen comes up
        if app.scene.name == "end":
            break
        app.run_frames(1)
    assert app.scene.name == "end"
    assert {"Move", "Fire", "Order"} <= kinds  # soldiers moved, fired and were ordered by mouse
    assert game.winner in ("allies", "zombies")
