"""Small things a player notices (issue "Club-night play", item 7)."""

from __future__ import annotations

import pytest

from game.cli import main as cli
from game.rules.zombiekrieg.report import AfterAction
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView


def test_demo_help_says_the_game_always_plays_the_zombies(capsys) -> None:
    with pytest.raises(SystemExit):
        cli(["demo", "--help"])
    out = capsys.readouterr().out
    assert "always plays" in out and "zombies" in out


def test_the_end_screen_names_men_by_the_rosters_ranks() -> None:
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (14, 20, 270)}, zombies=[(2, 2)])
    names = {s.id: s.name for s in AfterAction.from_game(g).soldiers}
    roster = {row.figure: row.name for group in ZombiekriegView().roster(g, {}, set()) for row in group.rows}
    assert names == roster  # as the roster writes them: rank and name, never the id
    assert names["us1-sgt"].startswith("Sgt ") and names["us1-r1"].startswith("Rfn ")
    assert not any(fid in name for fid, name in names.items())


def test_the_table_refits_after_a_resize(app) -> None:
    import pygame
    from ui_driver import start_game

    scene = start_game(app)
    view = scene.view
    view.camera.ppi *= 3  # the player zoomed in
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.run_frames(3)
    x0, y0, x1, y1 = (
        *view.camera.to_screen((0, 0)),
        *view.camera.to_screen((view.scenario.width, view.scenario.height)),
    )
    vx, vy, vw, vh = view.camera.viewport
    assert vx - 1 <= x0 and x1 <= vx + vw + 1 and vy - 1 <= y0 and y1 <= vy + vh + 1  # all of it shows
