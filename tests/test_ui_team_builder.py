"""Zombie 40,000's team builder on the set-up screen, as a newcomer meets it (issue 33, item 12): a starting team
is filled in so Begin plays at once; the Add list shows many rows and scrolls, a refusal read whole; Begin with
points left says so first; Begin with an empty team is refused with the reason."""

from __future__ import annotations

import html
from pathlib import Path

import pygame_gui
import pytest
from ui_driver import click, click_link, headless_app

from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


@pytest.fixture
def scene(tmp_path: Path):
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(HIVE_STREET)))
        app.run_frames(2)
        yield app.scene


def labels(scene: SetupScene) -> list[str]:
    return [e.text for e in scene._elements if isinstance(e, pygame_gui.elements.UILabel) and e.alive()]


def add_list(scene: SetupScene) -> pygame_gui.elements.UITextBox:
    return next(
        e
        for e in scene._elements
        if isinstance(e, pygame_gui.elements.UITextBox) and "#add_list_1" in e.object_ids
    )


def remove_all(app: App, scene: SetupScene) -> None:
    while scene.setup.answers["each"][0]["team"]:
        remove = next(
            e for e in scene._elements if isinstance(e, pygame_gui.elements.UIButton) and e.text == "Remove"
        )
        click(app, remove.rect.center)


def test_a_starting_team_is_filled_in_within_the_points_and_begin_plays_it(scene: SetupScene) -> None:
    shown = labels(scene)
    assert "Player 1 Zombie Survival Team: 72 of 75 points" in shown
    assert (
        "Guardian Defenders (Craftworld Eldar), a model (9 pts)" in shown
        and "One more Guardian x7 (63 pts)" in shown
    )
    assert scene.setup.refusals == [] and scene.begin.is_enabled
    assert scene.setup.options["teams"] == [{"unit": "guardian_defenders", "models": 8}]


def test_an_emptied_team_is_refused_with_the_reason(scene: SetupScene) -> None:
    app = scene.app
    remove_all(app, scene)
    assert "Player 1 Zombie Survival Team: 0 of 75 points" in labels(scene)
    assert not scene.begin.is_enabled
    assert "Player 1&#x27;s team is empty: add a unit from its Add list." in scene.refusal_box.html_text
    click(app, scene.begin.rect.center)
    assert app.scene is scene


def test_remove_on_the_unit_takes_the_whole_team_off_not_its_base_alone(scene: SetupScene) -> None:
    """A newcomer's first click, Remove on "Guardian Defenders, a model": it took the unit off and left "One more
    Guardian x7" behind with "player 1: no unit None in the roster" and Begin greyed."""
    app = scene.app
    first = next(e for e in scene._elements if isinstance(e, pygame_gui.elements.UIButton) and e.text == "Remove")
    click(app, first.rect.center)
    assert scene.setup.answers["each"][0]["team"] == []
    assert "Player 1 Zombie Survival Team: 0 of 75 points" in labels(scene)
    assert "no unit None" not in scene.refusal_box.html_text
    assert "Player 1&#x27;s team is empty: add a unit from its Add list." in scene.refusal_box.html_text


def test_the_add_list_shows_many_rows_and_a_refusal_whole(scene: SetupScene) -> None:
    app = scene.app
    remove_all(app, scene)
    listed = add_list(scene)
    units = [c.text for c in listed.link_hover_chunks]
    assert len(units) >= 6 and listed.rect.height >= 280  # every unit; about ten rows show, the rest scroll
    click_link(app, listed, "+ Ork Boyz")
    assert add_list(scene).scroll_bar is not None  # the unit's models, sergeant, wargear and rules: it scrolls
    # a model over the points: greyed, its reason in the list whole (wrapped in the box, not cut)
    for _ in range(11):  # 12 at 6 points fit in 75
        click_link(app, add_list(scene), "+ One more Ork Boy")
    listed = add_list(scene)
    assert not any(c.text.startswith("+ One more Ork Boy") for c in listed.link_hover_chunks)
    assert "refused:" in listed.html_text and "75-point limit" in html.unescape(listed.html_text)
    assert listed.text_box_layout.layout_rect.width <= listed.rect.width


def test_begin_with_points_left_says_so_before_it_plays(
    scene: SetupScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = scene.app
    started: list[object] = []
    monkeypatch.setattr(app, "start_game", started.append)
    remove_all(app, scene)
    click_link(app, add_list(scene), "+ Ork Boyz")
    click(app, scene.begin.rect.center)
    said = html.unescape(scene.refusal_box.html_text)
    assert started == [] and scene.begin.text == "Begin anyway"
    assert "Player 1's Zombie Survival Team: " in said and " of 75 points unspent (One more Ork Boy" in said
    click(app, scene.begin.rect.center)
    assert len(started) == 1


def test_a_mods_tooltip_shows_beside_its_switch(scene: SetupScene) -> None:
    """The Coop Mode's long help landed at the top left over the title (a tooltip 170 px wide was too tall
    to fit above or below its switch); it shows whole inside the window, next to the switch."""
    import time

    import pygame

    app = scene.app
    coop = next(
        e
        for e in scene._elements
        if isinstance(e, pygame_gui.elements.UIButton) and "#switch_mod:coop" in e.object_ids
    )
    box = scene.scroll_box
    assert box is not None and box.vert_scroll_bar is not None
    top = coop.relative_rect.y / box.scrolling_height
    box.vert_scroll_bar.set_scroll_from_start_percentage(max(0.0, top - 0.05))
    app.run_frames(3)
    pos = coop.rect.center
    for _ in range(40):  # hover until the tooltip shows (it waits a moment)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.mouse.set_pos(pos)
        app.run_frames(1)
        if coop.tool_tip is not None:
            break
        time.sleep(0.05)
    tip = coop.tool_tip
    assert tip is not None
    assert pygame.Rect(0, 0, *app.screen.get_size()).contains(tip.rect)
    assert abs(tip.rect.centery - coop.rect.centery) < tip.rect.height / 2 + 80  # beside it, not at the top
    assert tip.rect.width > tip.rect.height  # wide and short, not a narrow column
