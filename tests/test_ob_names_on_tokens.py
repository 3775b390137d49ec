"""Each character's initials on his token (newcomer's issue ob44b item 1): his four survivors were identical blue
rings, even zoomed in, and he hovered or read the roster to know who was who. Now a character's token carries his
initials ("DH" Deacon Hale) on its rim once it is big enough to read them, beside the state letters (T tired), which
still show. Through the real game scene on Small Town."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
from ui_driver import headless_app, zoom_on

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene
from game.ui.table_view import token_radius

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _differs(view, token, r: float) -> bool:  # noqa: ANN001
    """Whether ``token`` drawn ``r`` pixels round looks other than the same token with no mark."""
    a, _ = view._look(token, r, round(token.facing))
    b, _ = view._look(replace(token, mark=""), r, round(token.facing))
    return a.get_size() != b.get_size() or pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_each_character_carries_his_initials_without_hiding_his_state_letters(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        sheriff = match.game.state.figures["pc1"]
        sheriff.tired = True
        match.resync()
        zoom_on(scene, sheriff.position, 40)
        app.run_frames(3)
        tokens = {t.id: t for t in scene.view.tokens}
        marks = {fid: tokens[fid].mark for fid in ("pc1", "pc2", "pc3", "pc4")}
        assert marks == {"pc1": "SD", "pc2": "Jo", "pc3": "DH", "pc4": "Tr"}, (
            marks
        )  # four apart, none a state letter
        assert not any(t.mark for t in tokens.values() if t.side != "allies")  # zombies and bystanders: none
        deacon = tokens["pc3"]
        assert _differs(scene.view, deacon, token_radius(deacon, scene.view.camera.ppi))  # drawn on the table
        assert not _differs(scene.view, deacon, 10.0)  # at the fit zoom's least token: no letters over the figure
        assert ("guts", "T") in [
            (kind, text) for kind, text, _ in scene.view.words
        ]  # his state letter still shows
