"""Each Outbreak roster row stays on one line (a newcomer's Small Town game, issue 33): "Deacon Hale 1 shot left
(in contact: the gun is a close combat weapon now) grabbed fired" wrapped onto three lines and pushed the roster
down. Now a row too long for its box reads its shots short ("1 shot"; the warnings and the state word stay), and
the name's hover card says them whole. Through the real game scene (headless), at the newcomer's
window size."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pygame
from ui_driver import headless_app

from game.rules.outbreak.testing import rigged_game
from game.ui.scenes.game import GameScene

WINDOW = (1600, 900)  # the newcomer's window


def _rows(scene: GameScene) -> dict[str, str]:
    """Each figure's roster line as the panel shows it, in plain words."""
    out = {}
    for line in scene.roster_html.split("<br>"):
        found = re.search(r'href="([^"]+)"', line)
        if found:
            out[found.group(1)] = html.unescape(re.sub("<[^>]+>", "", line))
    return out


def _deacon_grabbed_after_a_shot():  # type: ignore[no-untyped-def]
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (4, 4), "pc3": (20, 4)},
        zombies=[(12, 19), (2, 22)],
        dice=[3] * 40,
        weapons={"pc1": ("shotgun", "knife"), "pc2": ("revolver", "club"), "pc3": ("rifle", "baseball bat")},
    )
    names = {"pc1": "Deacon Hale", "pc2": "Sheriff Dale", "pc3": "Jo the mechanic"}
    for fid, name in names.items():
        game.figure(fid).name = name
    deacon = game.figure("pc1")
    deacon.acted, deacon.thirds_used = "fire", 2  # his shot landed in third 2; the zombie came on into him
    game.state.engaged = {"pc1": ["z1"]}
    return game


def test_a_grabbed_gunman_who_fired_keeps_his_row_on_one_line(tmp_path: Path) -> None:
    game = _deacon_grabbed_after_a_shot()
    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode(WINDOW, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=WINDOW[0], h=WINDOW[1], size=WINDOW))
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(4)
        scene = app.scene
        scene.match.resync()
        app.run_frames(2)
        fits = scene.roster_panel.fits(scene.manager)
        rows = _rows(scene)
        deacon = rows["pc1"]
        assert deacon == "Deacon Hale 1 shot left grabbed fired", deacon
        assert all(fits(row) for row in rows.values()), rows
        card = scene.match.figure_words("pc1")
        assert "1 shot left (in contact: the gun is a close combat weapon now)" in card, card
