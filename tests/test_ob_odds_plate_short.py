"""Outbreak's odds plate is short and leaves the aim clear (newcomer's Small Town game, ob45 item 1): the shot's
plate said all four odds on its first line ("Shot (3 shots left this move): destroyed 50%, hit, not destroyed 33%,
jammed 17%"), the thirds on a second and the zombie's reach on a third, and at times lay over the marks of where the
zombie will be after each third, the way it comes. Now the plate's first line is the number a player fires for (the
chance to destroy it), the detail one line or two; the move's plate says how far and the roll's risk in one line;
and a plate keeps off the target, the sight line and the third marks. Through the real game scene and its table
view, the shooter aimed at a zombie on every side."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, screen_of, zoom_on

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Circle, Label
from game.ui.scenes.game import GameScene

RS = get_ruleset("outbreak")


def _plate(match: Match) -> str:
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def test_the_shot_plate_leads_with_the_chance_to_destroy() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 8)], dice=[], weapons={"pc1": ("rifle", "knife")})
    match = Match(game, RS.view())
    match.select("pc1")
    match.hover((12.0, 8.0))
    match.update(0.01)
    head, *detail = _plate(match).splitlines()
    assert head == "Shot: destroys it 50% (3 shots left this move)", head
    assert detail == ["hit, not destroyed 33% \u00b7 jams 17% \u00b7 lands in third 1 17%, 2 33%, 3 33%"], detail


def test_the_move_plate_says_how_far_and_the_risk_in_one_line() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(18, 14)], dice=[], weapons={"pc1": ("", "knife")})
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.hover((12.0, 13.0))
    match.update(0.01)
    head, *_ = _plate(match).splitlines()
    assert head == 'moves 6.0" (7.0" on the 8" run) \u00b7 frozen 17%, 8" run 17%', head


def _square(view, centre: tuple[float, float], radius: float) -> pygame.Rect:  # noqa: ANN001
    x, y = view.camera.to_screen(centre)
    r = radius * view.camera.ppi
    return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))


@pytest.mark.parametrize("dist", [4.0, 7.0])
def test_the_shot_plate_keeps_off_the_target_and_its_way(tmp_path: Path, dist: float) -> None:
    covered = []
    for angle in range(0, 360, 30):
        pc = (12.0, 12.0)
        z = (pc[0] + dist * math.cos(math.radians(angle)), pc[1] + dist * math.sin(math.radians(angle)))
        game = rigged_game(
            pcs={"pc1": pc, "pc2": (1, 1)}, zombies=[z], dice=[], weapons={"pc1": ("rifle", "knife")}
        )
        game.figure("pc1").name = "Deacon Hale"
        with headless_app(tmp_path / "settings.json") as app:
            app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
            app.run_frames(3)
            scene, view = app.scene, app.scene.view
            zoom_on(scene, pc, 30)
            scene.match.select("pc1")
            app.run_frames(1)
            at = screen_of(scene, z)
            pygame.mouse.set_pos(at)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
            app.run_frames(3)
            assert view.plates, "the shot's plate is up"
            marks = [
                _square(view, c.centre, c.radius) for c in view.overlays if isinstance(c, Circle) and c.radius < 1
            ]
            keep = [_square(view, z, 0.6), *marks]
            hit = [(angle, r) for r in view.plates if r.collidelist(keep) >= 0]
            covered += hit
    assert not covered, f"the plate covers the target or a third mark: {covered}"


def test_aiming_from_the_roster_says_the_lead_first() -> None:
    """A zombie's name clicked on the roster while aiming says what hovering him says: its lead was dropped with
    the plate's head (the chance to destroy never reached the status line)."""
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 8)], dice=[], weapons={"pc1": ("rifle", "knife")})
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("fire")
    match.select("z1")
    assert not game.commands
    assert match.status.startswith("Click Zombie 1 again to FIRE: Shot: destroys it 50%"), match.status
