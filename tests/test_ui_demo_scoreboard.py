"""The demo's scoreboard for four teams (the organiser's 5/10: "the 4-player scoreboard is small"): in a 1600x900
window each team is named by its force, never "Player 3", and its number of models standing is printed big, not
shrunk to fit one long line. Through the real demo scene headless."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import demo_dealt, demo_on_table

from game.demo import sides
from game.ui.app import App
from game.ui.demo_scoreboard import NUMBER_SCALE
from game.ui.scenes import demo as demo_scene
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


@pytest.mark.parametrize(
    "where",
    ["maps/normandy_village.tmx", "maps/small_town.tmx", "maps/hollow_creek_farm.tmx", "maps/hive_street.tmx"],
)
def test_every_rule_set_has_one_scoreboard_shape_each_side_named_with_its_count(
    app: App, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scoreboard differed per rule set: Zombiekrieg's a line of words, Outbreak's no numbers at all, Zombie
    40,000's a column a side. Now every rule set's is the column plate: each side by name over its count."""
    drawn: list[list[tuple[str, int]]] = []

    def spy(texts, head, forces, *rest):  # noqa: ANN001, ANN002, ANN202
        drawn.append([(s.name, s.standing) for s in forces])
        return real(texts, head, forces, *rest)

    real = demo_scene.sides_plate
    monkeypatch.setattr(demo_scene, "sides_plate", spy)
    scene = demo_on_table(app, demo_dealt([where], 2))
    app.run_frames(2)
    assert drawn, "the scoreboard is not the sides' plate"
    names = [name for name, _ in drawn[-1]]
    assert len(names) >= 2 and "Zombies" in names, drawn[-1]
    assert all(count >= 0 for _, count in drawn[-1]) and sum(count for _, count in drawn[-1]) > 0
    assert scene.told.sides() and all(s.name for s in scene.told.sides())


def test_a_team_wiped_out_that_comes_back_says_so_under_its_zero(app: App) -> None:
    """Zombie 40,000's Necron count went 5, 0, 5: a wiped-out team respawns at its player's next turn, and the
    board said "wiped out — the others fight on" under the 0. Now the rules' note says it comes back."""
    loop = demo_dealt(["maps/hive_street.tmx"], 3, lambda teams: teams == 2)
    game = loop.game
    squad = game.state.squad_of(1)
    for fid in squad.models:
        model = game.state.models[fid]
        if model.alive:
            game.table.remove(fid)
        model.state = "dead"
    squad.wiped_out = True
    scene = demo_on_table(app, loop)
    board = scene.scoreboard()
    assert "wiped out: back next turn" in board and "the others fight on" not in board, board
    team = next(s for s in scene.told.sides() if s.key == "Player 1")
    assert (team.standing, team.note) == (0, "back next turn")
