"""The odds answer the real question (issue "Club-night play", item 5), through the real controller and
match: against a knocked-down zombie the headline is the critical that kills; every preview shows the
critical failure and its GUTS cost; the ORDER preview says what failure means; a move into clutter gives
the chance of reaching the pointer; the plate never covers the selected figure, the path or the target.
rules: Zombiekrieg 848: GUTS tests (criticals), FIRE (only a critical affects a knocked-down zombie),
ORDER, MOVE (clutter: 1D6")."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import start_game

from game.rules.zombiekrieg.guts import outcome_chances
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView
from game.ui.app import App
from game.ui.match import Match
from game.ui.overlays import Label

SGT = "us1-sgt"


def plate(m: Match) -> str:
    m.update(0.0)
    labels = [o.text for o in m.overlays() if isinstance(o, Label) and o.plate]
    assert labels, "no plate"
    return labels[-1]


def match(**kw) -> Match:
    return Match(rigged_game(**kw), ZombiekriegView())


def test_against_a_fallen_zombie_the_headline_is_the_kill() -> None:
    m = match(soldiers={SGT: (12, 20, 270)}, zombies=[(12, 14)], guts={SGT: 8})
    z = m.game.figure("z1")
    z.state = "knocked_down"
    m.resync()
    m.click(m.game.figure(SGT).position)
    m.hover(z.position)
    text = plate(m)
    crit = outcome_chances(int(m.controller.preview.details["modified_guts"]))["critical_success"]
    assert "Kill (a double at most" in text and f"{round(100 * crit)}%" in text
    assert "Need 2D6" not in text and "a plain success does nothing" in text


def test_every_preview_shows_the_critical_failure_and_its_cost() -> None:
    m = match(soldiers={SGT: (12, 20, 270), "us1-r1": (14, 20, 270)}, zombies=[(12, 12)], guts={SGT: 9})
    m.click(m.game.figure(SGT).position)
    m.hover((8.0, 18.0))  # a move
    assert "Crit fail" in plate(m) and "GUTS -1 for good" in plate(m)
    m.hover(m.game.figure("z1").position)  # a shot
    assert "Crit fail" in plate(m)
    m.button("order")
    m.hover(m.game.figure("us1-r1").position)  # an order: and what failing it costs
    text = plate(m)
    assert "Crit fail" in text and "Fail: no +2 for him, and this NCO's action is spent" in text


def test_a_move_into_clutter_gives_the_chance_of_reaching_the_pointer() -> None:
    sc = tiny_scenario(clutter=[(6, 14, 6, 4)])
    m = match(soldiers={SGT: (9, 20, 270)}, zombies=[(20, 2)], guts={SGT: 9}, scenario=sc)
    m.click(m.game.figure(SGT).position)
    m.hover((9.0, 15.5))  # 4.5" away, into the rubble
    text = plate(m)
    ch = m.controller.preview.chances
    length = m.controller.preview.details["length"]
    expected = (ch["success"] + ch["critical_success"]) * sum(1 for face in range(1, 7) if face >= length) / 6
    assert f"Reaches the pointer: {round(100 * expected)}%" in text


@pytest.mark.parametrize("where", ["right", "left"])
def test_the_plate_never_covers_the_selected_figure_the_path_or_the_target(app: App, where: str) -> None:
    scene = start_game(app)
    m, view = scene.match, scene.view
    sgt = next(f for f in m.game.figures if f.id == SGT)
    m.click(sgt.position)
    dx = 4.0 if where == "right" else -4.0
    m.hover((sgt.position[0] + dx, sgt.position[1] - 3.0))  # a move up and to one side
    app.run_frames(3)
    label = next(o for o in view.overlays if isinstance(o, Label) and o.plate)
    image = view.plate(label.text, label.size, label.colour)
    rect = view.plate_rect(image.get_size(), view.camera.to_screen(label.position), label)
    clear = view._keep_clear()
    assert not any(rect.colliderect(r) for r in clear["rects"]), "the plate hides the selected figure"
    assert sum(rect.collidepoint(p) for p in clear["points"]) == 0, "the plate hides the path"
    pygame.event.pump()


def test_the_corporal_shows_no_order_ring_while_his_sergeant_lives() -> None:
    """Issue "Club-night play", item 7; rules: Zombiekrieg 848, ORDER: the Corporal orders only once
    his Sergeant is dead, so his command ring shows only then."""
    from game.ui.overlays import Circle

    m = match(soldiers={SGT: (12, 20, 270), "us1-cpl": (6, 20, 270)}, zombies=[(20, 2)])

    def rings(fid: str) -> list[str]:
        m.click(m.game.figure(fid).position)
        m.update(0.0)
        return [o.label for o in m.overlays() if isinstance(o, Circle)]

    assert not any(label.startswith("ORDER") for label in rings("us1-cpl"))
    m.controller._clear_selection()
    m.game.figure(SGT).state = "dead"
    m.resync()
    assert any(label.startswith("ORDER") for label in rings("us1-cpl"))
