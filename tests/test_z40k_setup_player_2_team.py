"""Both players' teams on the set-up screen (a newcomer's two-player Zombie 40,000 on Hive Street): Player 2's team
was below the fold at 1600x900, found only by scrolling. At the top right, a button a player scrolls the choices
to his team; through the real set-up screen, headless, at 1280x800 and 1600x900."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import click, headless_app

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _heading(scene: SetupScene, player: int):  # noqa: ANN202  (a label)
    return next(
        e
        for e in scene._elements
        if e.alive() and getattr(e, "text", "").startswith(f"Player {player} Zombie Survival Team")
    )


def _in_view(scene: SetupScene, element) -> bool:  # noqa: ANN001
    box = scene.scroll_box
    return box is None or box.rect.contains(element.rect)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 900)])
def test_player_2s_team_is_in_view_or_a_click_away(tmp_path: Path, size: tuple[int, int]) -> None:
    if not HIVE_STREET.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.run_frames(2)
        app.push(SetupScene(app, load_entry(HIVE_STREET)))
        app.run_frames(2)
        scene = app.scene
        scene.set_players(2)
        app.run_frames(2)
        if _in_view(scene, _heading(scene, 2)):
            return
        button = scene.team_buttons.get(2)
        assert button is not None, "Player 2's team is below the fold, unsignposted"
        assert button.text == "Player 2's team" or button.text == "Team 2"
        click(app, button.rect.center)
        app.run_frames(3)
        assert _in_view(scene, _heading(scene, 2)), (_heading(scene, 2).rect, scene.scroll_box.rect)
        click(app, scene.team_buttons[1].rect.center)  # and back to Player 1's
        app.run_frames(3)
        assert _in_view(scene, _heading(scene, 1))
