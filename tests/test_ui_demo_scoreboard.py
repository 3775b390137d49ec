"""The demo's scoreboard for four teams (the organiser's 5/10: "the 4-player scoreboard is small"): in a 1600x900
window each team is named by its force, never "Player 3", and its number of models standing is printed big, not
shrunk to fit one long line. Through the real demo scene headless."""

from __future__ import annotations

import pygame
from ui_driver import demo_dealt, demo_on_table

from game.demo import sides
from game.ui.app import App
from game.ui.demo_scoreboard import NUMBER_SCALE
from game.ui.scenes.demo import DemoScene


def four_teams(app: App) -> DemoScene:
    size = (1600, 900)
    app.display = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    return demo_on_table(app, demo_dealt(["maps/manufactorum_ferrum.tmx"], 7, lambda teams: teams >= 4))


def test_four_teams_are_named_by_their_forces_with_big_numbers(app: App) -> None:
    scene = four_teams(app)
    teams = [side for side in sides(scene.match.game) if side.player]  # (and the zombies: see below)
    assert len(teams) == 4 and not [s.name for s in teams if s.name.startswith("Player")]
    assert "Player 1:" not in scene.scoreboard()  # the words too name the forces
    raw, shown = scene.score_plate(), scene._score_plate()
    scale = shown.get_height() / raw.get_height()
    number = round(scene.board.words * NUMBER_SCALE) * scale
    # (the four counts on one line of board print, shrunk to fit, stood some 2 % of the window's height)
    assert number >= 0.05 * 900, (number, raw.get_size(), shown.get_size())


def test_a_zombie_40000_scoreboard_counts_the_zombies_too(app: App) -> None:
    """The organiser's 6.5/10: Zombie 40,000's scoreboard named the teams alone, where Outbreak's and
    Zombiekrieg's show both sides. Two teams on Hive Street: the zombies standing are on the board too, counted as
    the table shows them."""
    scene = demo_on_table(app, demo_dealt(["maps/hive_street.tmx"], 3, lambda teams: teams == 2))
    for _ in range(200):
        scene.update(1 / 30)
    while scene.match.playback.busy:
        scene.update(1 / 30)
    zombies = [s for s in scene.told.sides() if not s.player]
    looks, game = scene.match.looks, scene.match.game
    shown = sum(
        1
        for f in game.figures
        if f.side != "players" and f.id in looks and looks[f.id].state not in ("dead", "exited", "embarked")
    )
    assert [s.name for s in zombies] == ["Zombies"] and zombies[0].standing == shown, (zombies, shown)
    assert f"Zombies: {shown} standing" in scene.scoreboard(), scene.scoreboard()
