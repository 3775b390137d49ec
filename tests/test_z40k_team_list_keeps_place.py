"""Zombie 40,000's team builder, as two 40k players found it: the Add list jumped back to its top after each pick,
and the options over the points read as a wall of red, each with its own "refused: ... over the 75-point limit".
Now a pick keeps the list where he had scrolled it, and each kind of refusal is said in full once, the other
options of that kind greyed with the kind alone. Through the real set-up screen, headless."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from test_ui_team_builder import remove_all
from ui_driver import add_list, click_link, headless_app

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import REFUSED, SetupScene

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


@pytest.fixture
def scene(tmp_path: Path):
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(HIVE_STREET)))
        app.run_frames(2)
        yield app.scene


def _top(box) -> float:  # noqa: ANN001
    """How far down (pixels) the list is scrolled."""
    return box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height if box.scroll_bar else 0.0


def test_a_pick_keeps_the_add_list_where_it_was_scrolled(scene: SetupScene) -> None:
    app = scene.app
    remove_all(app, scene)
    click_link(app, add_list(scene), "+ Ork Boyz")
    listed = add_list(scene)
    link = next(c for c in listed.link_hover_chunks if c.text.startswith("+ Rokkit launcha"))
    assert listed.scroll_bar is not None and link.y >= 100, link.y  # down the list: it scrolls to show it
    click_link(app, listed, "+ Rokkit launcha")  # (scrolled to it first, as a player's wheel would)
    after = add_list(scene)
    assert after is not listed and "Rokkit launcha" in str(scene.setup.answers["each"][0]["team"])
    assert abs(_top(after) - link.y) <= 32, (_top(after), link.y)  # within a row of where he was


def test_each_kind_of_refusal_is_said_in_full_once(scene: SetupScene) -> None:
    app = scene.app
    remove_all(app, scene)
    click_link(app, add_list(scene), "+ Ork Boyz")
    for _ in range(11):  # 12 at 6 points: the rest of the models and the wargear go over the 75 points
        click_link(app, add_list(scene), "+ One more Ork Boy")
    words = html.unescape(add_list(scene).html_text)
    refused = [o for o in scene.add_lists[1] if o.refused and o.refused.endswith("over the 75-point limit")]
    assert len(refused) >= 2, [o.refused for o in scene.add_lists[1]]
    assert words.count("over the 75-point limit") == len(refused)  # every one says why...
    kinds = {o.refused.rpartition(": ")[2] for o in scene.add_lists[1] if o.refused}
    firsts = {o.refused.rpartition(": ")[2]: o.refused for o in reversed(scene.add_lists[1]) if o.refused}
    assert all(words.count(firsts[k]) == 1 for k in kinds), words  # ...and each kind whole once
    # one way: greyed, " - " and why on the option's own row; no red "refused:" line under some of them
    assert "refused:" not in words and REFUSED not in add_list(scene).html_text


def test_a_remove_keeps_the_add_list_where_it_was_scrolled(scene: SetupScene) -> None:
    """A newcomer's list went back to its top after his clicks elsewhere on the screen: a Remove lays it out
    again where he had scrolled it."""
    from ui_driver import click

    app = scene.app
    remove_all(app, scene)
    click_link(app, add_list(scene), "+ Ork Boyz")
    click_link(app, add_list(scene), "+ One more Ork Boy")
    listed = add_list(scene)
    assert listed.scroll_bar is not None
    listed.scroll_bar.set_scroll_from_start_percentage(0.3)  # (as a player's wheel would)
    app.run_frames(2)
    was = _top(listed)
    assert was > 50, was
    removes = [e for e in scene._elements if e.alive() and "#remove_1" in e.get_object_ids()]
    click(app, removes[-1].rect.center)  # the last row's: the Ork Boy
    after = add_list(scene)
    assert after is not listed and len(scene.setup.answers["each"][0]["team"]) == 1
    assert abs(_top(after) - was) <= 32, (_top(after), was)
