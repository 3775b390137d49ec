"""The demo's result card says one thing and fits (the club organisers: Last Evac's card said "The survivors win!"
and "All survivors down" together, and its head was cut off). Through the real demo scene headless: a Last Evac
game in Coop Mode played to its end, the card drawn in the window an organiser had, and in a small one."""

from __future__ import annotations

import pygame
import pytest

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.scenes.demo import DemoScene

LAST_EVAC = str(assets_dir("maps") / "last_evac.tmx")


def ended_last_evac(app: App, size: tuple[int, int], seed: int = 12, where: str = LAST_EVAC) -> DemoScene:
    """Seed 12: the players win together, one team fallen for good, every other aboard (no model on the table);
    ``where``: another map's game played to its end."""
    app.display = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    loop = DemoLoop(DemoDirector([where], seed=seed))
    loop.tick()
    while not loop.game.over:
        loop.tick()
    scene = DemoScene(app, loop)
    app.replace(scene)
    scene.card_left = 0.0
    app.run_frames(3)
    assert scene.result_left is not None
    return scene


def test_a_coop_win_with_every_team_aboard_or_fallen_says_the_survivors_win_and_nothing_against_it(
    app: App,
) -> None:
    scene = ended_last_evac(app, (1280, 800))
    said = [words for words, _, _ in scene.result_card()]
    assert "The survivors win!" in said
    assert not [w for w in said if "down" in w or "wiped out" in w], said
    assert not [w for w in said if w.startswith("Game over")]  # (the card is the game's end: said once, big)


@pytest.mark.parametrize("size", [(1280, 800), (800, 480)])
def test_every_line_of_the_result_card_fits_the_view_in_readable_print(app: App, size: tuple[int, int]) -> None:
    scene = ended_last_evac(app, size)
    area = pygame.Rect(scene.view.camera.viewport)
    card = scene.result_card()
    rows = scene.card_rows(card, area)
    for _row, rect in rows:
        assert area.contains(rect), (rect, area)  # the head under the top bar, the reason past the window's edges
    reason = scene.card_print(28)
    # the long reason is wrapped at words, not shrunk to one line of small print
    assert len(rows) > len(card)
    assert min(row.get_height() for row, _ in rows) >= 0.5 * reason, [r.get_height() for r, _ in rows]


HIVE = str(assets_dir("maps") / "hive_street.tmx")


def test_a_race_card_names_its_winner_one_way(app: App) -> None:
    """Seed 4: a Hive Street race Player 2 wins. The card read "The survivors win!" over "Player 2 wins. Guardian
    Defenders (player 2) reached the escape vehicle": the winner named two ways. Now the headline names the team
    that won, the scoreboard says the same, and no line names another winner."""
    scene = ended_last_evac(app, (1280, 800), seed=4, where=HIVE)
    said = [words for words, _, _ in scene.result_card()]
    assert said[1] == "Player 2 (Guardian Defenders) wins!", said
    assert not [w for w in said if "survivors win" in w.lower() or "Player 2 wins" in w], said
    assert scene.told.won() == said[1]
