"""Zombie 40,000's team builder on the set-up screen, as a newcomer meets it (issue 33, item 12): a starting team
is filled in so Begin plays at once; the Add list shows many rows and scrolls, a refusal read whole; Begin with
points left says so first; Begin with an empty team is refused with the reason."""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import clear_team, click, click_link, headless_app, link_rect, scroll_into_view, take

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
            e
            for e in scene._elements
            if isinstance(e, pygame_gui.elements.UIButton) and e.alive() and e.text.startswith("Remove")
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
    first = next(
        e for e in scene._elements if isinstance(e, pygame_gui.elements.UIButton) and e.text == "Remove all"
    )
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
    assert (
        "One more Ork Boy (6 pts) - 13 models of Ork Boyz cost 78 points: over the 75-point limit"
        in html.unescape(listed.html_text)
    )  # greyed, and why on its own row
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


def wrapped_link(box: pygame_gui.elements.UITextBox) -> tuple[str, list]:
    """A link of the box laid out on two lines, and its parts as the box lays them out."""
    rows: dict[str, list] = {}
    for row in box.text_box_layout.layout_rows:
        for item in row.items:
            if isinstance(item, pygame_gui.core.text.HyperlinkTextChunk):
                rows.setdefault(item.href, []).append(item)
    href = next(h for h, parts in rows.items() if len({p.y for p in parts}) > 1)
    return href, rows[href]


def test_a_wrapped_entry_answers_a_click_on_its_first_line(scene: SetupScene) -> None:
    """ "+ Space Marine Sergeant: Upgrade to Veteran Sergeant (10 / pts)" wraps: a click on its first line did
    nothing, only "pts)" on the second line took it."""
    app = scene.app
    clear_team(app, scene)
    take(app, scene, 1, "Tactical Squad")
    take(app, scene, 1, "Upgrade one model")
    box = add_list(scene)
    href, parts = wrapped_link(box)
    first = min(parts, key=lambda p: p.y)
    scroll_into_view(app, scene, box)
    bar = box.scroll_bar
    if bar is not None:  # the entry's first line at the top of the list
        bar.set_scroll_from_start_percentage(first.y / box.text_box_layout.layout_rect.height)
        app.run_frames(2)
    x, y = box._calculate_hyperlinks_offsets()
    before = len(scene.setup.answers["each"][0]["team"])
    wanted = scene.add_lists[1][int(href.partition(":")[2])]
    click(app, pygame.Rect((x + first.x, y + first.y), first.size).center)
    taken = scene.setup.answers["each"][0]["team"]
    assert len(taken) == before + 1 and taken[-1]["id"] == wanted.id


def wheel_over(app: App, pos: tuple[int, int], clicks: int) -> None:
    """Turn the mouse wheel ``clicks`` notches down (up when negative) with the pointer at ``pos``."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    for _ in range(abs(clicks)):
        y = -1 if clicks > 0 else 1
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=y)
        )
        app.run_frames(2)
    app.run_frames(30)


def test_the_wheel_over_the_add_list_scrolls_the_list_alone(scene: SetupScene) -> None:
    """The wheel over a player's Add list scrolled the set-up's page behind it too (a short list: the page
    alone); it scrolls only the list under the pointer, and the page where the pointer is off the lists."""
    app = scene.app

    def page() -> float:
        return scene.scroll_box.vert_scroll_bar.start_percentage  # (the set-up is laid out again on a change)

    box = add_list(scene)
    scroll_into_view(app, scene, box)
    box = add_list(scene)
    assert box.scroll_bar is not None  # the starting team's list of wargear and rules scrolls
    on_page, on_list = page(), box.scroll_bar.start_percentage
    wheel_over(app, box.rect.center, 3)
    assert box.scroll_bar.start_percentage > on_list and page() == on_page
    clear_team(app, scene)
    take(app, scene, 1, "Tactical Squad")
    take(app, scene, 1, "Stubborn")  # a rule taken: the list is short, nothing to scroll
    box = add_list(scene)
    scroll_into_view(app, scene, box)
    on_page = page()
    wheel_over(app, add_list(scene).rect.center, 3)
    assert page() == on_page
    save = next(e for e in scene._elements if e.alive() and "#save_team_1" in e.get_object_ids())
    wheel_over(app, save.rect.center, 3)  # off the lists: the page
    assert page() > on_page


def test_the_usrs_say_what_they_are_why_free_and_each_what_it_does(scene: SetupScene) -> None:
    """Every Universal Special Rule was offered at 0 pts with no word of why: the list says what a USR is and
    that the team is given one free [seed], and each rule's tooltip says what it does (the rules' data)."""
    import time

    from game.rules.zombie40k.data import load_data

    app = scene.app
    box = add_list(scene)
    said = html.unescape(box.html_text)
    heading = said.index("Universal Special Rules (USR), free")
    assert heading < said.index("+ And They Shall Know No Fear") and "at no points cost" in said
    scroll_into_view(app, scene, box)
    box = add_list(scene)
    rect = link_rect(box, "+ Feel No Pain")
    for _ in range(60):  # hover until the tooltip shows (it waits a moment)
        pygame.mouse.set_pos(rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(1)
        if box.tool_tip is not None:
            break
        time.sleep(0.05)
    assert box.tool_tip is not None
    assert html.unescape(box.tool_tip.text_block.html_text) == load_data().usrs["Feel No Pain"].effect
    assert pygame.Rect(0, 0, *app.screen.get_size()).contains(box.tool_tip.rect)


def test_a_solo_game_says_it_has_no_one_to_charge_and_two_players_do_not(scene: SetupScene) -> None:
    """A newcomer alone looked for a charge all game: only another player's squad may be assaulted in a player
    turn [seed]. The set-up says so, in the rules' words, while one team is chosen; with two it says nothing."""
    from test_ui_setup import choose

    from game.rules.zombie40k.assault import ONLY_PLAYERS
    from game.ui.rules_help import untagged

    app = scene.app
    said = html.unescape(scene.notes_box.html_text)
    assert "Solo game: your squad never charges" in said and untagged(ONLY_PLAYERS) in said  # (no "[seed]")
    assert scene.begin.is_enabled and scene.refusal_box is None  # a note, not a refusal
    screen = pygame.Rect(0, 0, *app.screen.get_size())
    assert screen.contains(scene.notes_box.rect) and not scene.notes_box.rect.colliderect(scene.begin.rect)
    assert scene.notes_box.scroll_bar is None  # read whole, beside Begin
    choose(app, scene.players_menu, "2 players")
    assert scene.notes_box is None
    choose(app, scene.players_menu, "1 player (solo)")
    assert "Solo game: your squad never charges" in html.unescape(scene.notes_box.html_text)
    pygame.display.set_mode((800, 560), pygame.RESIZABLE)  # the narrowest window, as its manager makes it
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=560, size=(800, 560)))
    app.run_frames(3)
    clear_team(app, scene)  # a refusal shows too ("team is empty")
    notes, refused = scene.notes_box, scene.refusal_box
    assert notes.scroll_bar is None and pygame.Rect(0, 0, 800, 560).contains(notes.rect)
    assert not any(notes.rect.colliderect(e.rect) for e in (refused, scene.begin, scene.back))


def test_long_names_in_the_team_wrap_or_fit_whole(scene: SetupScene, tmp_path: Path) -> None:
    """ "Space Marine Sergeant: Upgrade to Veteran Sergeant (10 pts)" was cut in the team's rows, and a saved
    team's name ("Bolter Brothers of Macragge") in the name entry and Load team...: each is read whole."""
    app = scene.app
    clear_team(app, scene)
    for starts in ("Tactical Squad", "Upgrade one model", "Space Marine Sergeant: Upgrade to Veteran"):
        take(app, scene, 1, starts)
    font = app.manager.get_theme().get_font(["label", "#field"])
    shown = [e for e in scene._elements if isinstance(e, pygame_gui.elements.UILabel) and e.alive()]
    assert all(font.size(e.text)[0] <= e.rect.width for e in shown if "#field" in e.object_ids)
    words = " ".join(e.text for e in shown)
    assert "Space Marine Sergeant: Upgrade to Veteran Sergeant (10 pts)" in words
    name = "Bolter Brothers of Macragge"
    scene.team_names[1] = name
    scene._save_team(1, scene.spec.per_player[0])
    entry = next(e for e in scene._elements if e.alive() and "#team_name_1" in e.get_object_ids())
    menu = next(e for e in scene._elements if e.alive() and "#load_team_1" in e.get_object_ids())
    listed = app.manager.get_theme().get_font(["drop_down_menu", "#drop_down_options_list", "button"])
    assert entry.rect.width >= font.size(name)[0] + 20
    assert menu.rect.width >= listed.size(name)[0] + 50  # the open list: the name and the arrow's room


def test_a_rule_the_models_have_already_is_not_offered_as_their_free_usr(scene: SetupScene) -> None:
    """A newcomer was offered And They Shall Know No Fear as the Tactical Squad's free rule, though every Marine
    has it: the Add list offers only rules the unit lacks (an Ork mob, without it, is still offered it)."""
    app = scene.app
    remove_all(app, scene)
    click_link(app, add_list(scene), "+ Tactical Squad")
    offered = [c.text for c in add_list(scene).link_hover_chunks]
    assert any(t.startswith("+ Feel No Pain") for t in offered), offered
    assert not any("Know No Fear" in t for t in offered), offered
    remove_all(app, scene)
    click_link(app, add_list(scene), "+ Ork Boyz")
    assert any("Know No Fear" in c.text for c in add_list(scene).link_hover_chunks)
