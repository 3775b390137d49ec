"""Zombiekrieg for a newcomer (issue 33, the third play-test, 7/10): clicks that did what the player did not
mean. Each through the real controller or game scene."""

from __future__ import annotations

import html
import re

from game.controller import Button, Click, Controller, Mode
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView

RIFLEMAN = "us1-r1"


def test_a_refused_fire_keeps_fire_mode_so_a_click_by_the_zombie_never_walks_him_to_it() -> None:
    """The zombie is behind him (out of his front arc): F is refused, and the click he then aims at the zombie,
    a little off its base, used to MOVE him toward it and spend his action."""
    g = rigged_game(soldiers={RIFLEMAN: (12, 20, 270)}, zombies=[(12, 23.3)], dice=[1] * 40)
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(RIFLEMAN).position))
    refused = ctl.handle(Button("fire"))
    assert not refused.accepted and "cannot FIRE" in refused.message
    assert (ctl.mode, ctl.action) == (Mode.AIMING, "fire")  # still the mode he asked for
    near = ctl.handle(Click((13.2, 23.0)))  # beside the zombie, off its base
    assert not near.accepted and not near.events, near.message
    assert g.figure(RIFLEMAN).position == (12.0, 20.0) and not g.figure(RIFLEMAN).acted_this_turn
    on = ctl.handle(Click(g.figure("z1").position))  # on it: why that zombie cannot be shot
    assert not on.accepted and "front arc" in on.message, on.message
    assert (ctl.mode, ctl.action) == (Mode.AIMING, "fire")
    ctl.handle(Button("cancel"))  # Esc steps back to the selection: a click on the ground moves him again
    assert ctl.mode == Mode.SELECTED


def test_a_fire_refused_to_a_soldier_who_has_acted_does_not_aim() -> None:
    """A soldier with nothing left to do is not put in fire mode (nothing to explain but that he has acted)."""
    g = rigged_game(soldiers={RIFLEMAN: (12, 20, 270)}, zombies=[(12, 23.3)], dice=[1] * 40)
    g.figure(RIFLEMAN).acted_this_turn = True
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(RIFLEMAN).position))
    ctl.handle(Button("fire"))
    assert ctl.mode != Mode.AIMING


def test_a_right_click_with_nothing_selected_does_nothing(app) -> None:
    """It tried an undo ("Nothing to undo: dice already rolled stay rolled."); undo stays on Ctrl+Z."""
    from ui_driver import click, need_default_scenario, start_game

    need_default_scenario()
    scene = start_game(app)
    match = scene.match
    assert match.controller.mode == Mode.IDLE
    before = (match.status, match.status_bad, len(match.game.commands))
    x, y, w, h = scene.view.camera.viewport
    click(app, (x + w // 2, y + h // 2), button=3)
    assert (match.status, match.status_bad, len(match.game.commands)) == before, match.status
    assert match.controller.mode == Mode.IDLE and not scene.menu_open


def _places(scene) -> dict[str, tuple[int, int]]:
    """Where each action button on view is (its top-left), with the roster's top as ``roster``."""
    out = {name: b.rect.topleft for name, b in scene.buttons.items() if b.visible}
    return out | {"roster": scene.roster_box.rect.topleft}


def test_the_action_buttons_and_the_roster_keep_their_places_through_a_turn(app) -> None:
    """Selecting a soldier brought Cancel (and took Fire or Order away): the panel grew a row, End turn and the
    roster moved down under the pointer, and a click aimed at one button landed on another."""
    from ui_driver import SHOWING, click, end_turn, need_default_scenario, play_out, screen_of, start_game

    need_default_scenario()
    scene = start_game(app, speed=50.0)
    match = scene.match
    at_start = _places(scene)
    seen: dict[str, tuple[int, int]] = dict(at_start)
    for fid in sorted(match.ready())[:6]:
        match.select(fid)
        app.run_frames(3)
        now = _places(scene)
        moved = {n: (seen[n], at) for n, at in now.items() if n in seen and seen[n] != at}
        assert not moved, (fid, moved)
        seen |= now
    mover = sorted(match.ready())[0]  # one soldier acts: the others' buttons stay where they were
    match.select(mover)
    app.run_frames(2)
    f = match.game.figure(mover)
    click(app, screen_of(scene, (f.position[0], f.position[1] - 1.5)))
    click(app, screen_of(scene, (f.position[0], f.position[1] - 1.5)))  # (a second click where one asks)
    play_out(app, scene)
    app.run_frames(3)
    now = _places(scene)
    assert not {n: (seen[n], at) for n, at in now.items() if n in seen and seen[n] != at}
    kept = {n: seen[n] for n in ("end_turn", "roster")}  # through the zombies' turn into the next
    end_turn(app, scene, by_key=True)
    for _ in range(3000):
        now = _places(scene)
        assert {n: now[n] for n in kept} == kept, (match.controller.mode, now)
        if match.controller.mode not in SHOWING and not match.playback.busy:
            break
        app.run_frames(1)
    assert match.game.state.turn == 2


def test_a_click_meant_for_the_table_never_loads_from_a_menu_that_opened_under_it(app) -> None:
    """Esc with nothing selected opens the menu over the table; the player's next click, aimed at the table,
    landed on the menu's Load button. Now the menu shades the screen, a button that opened under the resting
    pointer does nothing till the pointer leaves it, and a click outside the menu closes it and does nothing else."""
    import pygame
    from ui_driver import click, key, motion, need_default_scenario, start_game

    need_default_scenario()
    scene = start_game(app)
    key(app, pygame.K_ESCAPE)
    load_at = scene.menu_buttons["load"].rect.center
    key(app, pygame.K_ESCAPE)
    assert not scene.menu_open
    motion(app, load_at)  # the pointer rests on the table where the menu's Load button will be
    key(app, pygame.K_ESCAPE)  # nothing selected: the menu opens under it
    assert scene.menu_open
    click(app, load_at)  # the click meant for the table
    assert app.scene is scene and not scene.menu_open, app.scene.name  # no load screen: the menu closed
    assert scene.match.controller.mode == Mode.IDLE  # and the click did nothing on the table either
    key(app, pygame.K_ESCAPE)
    x, y, w, h = scene.view.camera.viewport
    click(app, (x + 10, y + h - 10))  # outside the menu: it closes, nothing else
    assert app.scene is scene and not scene.menu_open
    assert scene.match.controller.mode == Mode.IDLE
    key(app, pygame.K_ESCAPE)  # the pointer comes to Load and clicks: it loads (the button still works)
    click(app, scene.menu_buttons["load"].rect.center)
    assert app.scene.name == "load", app.scene.name


# a map's property names: a designer's words, never a player's
DESIGNER_WORDS = re.compile(
    r"turn_limit|exit_count|exit_fraction|zombie_ratio|zombies_min|objective property|deadground"
)


def _page_text(app) -> str:
    """The words of the page on screen (its text box), without the markup."""
    return html.unescape(re.sub(r"<[^>]+>", " ", app.scene.text.html_text))


def test_how_to_play_says_the_free_order_comes_with_a_critical_success_only(app) -> None:
    """The page said "The free ORDER: the lead NCO may ORDER once this turn without using his action", as if
    every turn (the initiative table that says when is left to the rules help)."""
    app.show_how_to_play("zombiekrieg")
    app.run_frames(2)
    text = " ".join(_page_text(app).split())
    assert "free ORDER comes only with a Critical Success on initiative" in text, text
    assert "may ORDER once this turn without using his action" not in text


def test_the_players_pages_never_name_a_maps_properties(app) -> None:
    """How to play and the rules help of a game on Normandy Village said "turn_limit", "exit_count",
    "zombie_ratio and zombies_min"; they say the turns and the count in words."""
    from ui_driver import need_default_scenario

    from game.assets import default_scenario
    from game.scenario import load_scenario

    need_default_scenario()
    app.show_how_to_play("zombiekrieg")
    app.run_frames(2)
    page = _page_text(app)
    assert not DESIGNER_WORDS.findall(page), DESIGNER_WORDS.findall(page)
    assert "a map that does not say lasts 10 turns" in " ".join(page.split())
    app.show_rules("zombiekrieg", load_scenario(default_scenario()), {"sections": ["american"]})
    app.run_frames(2)
    rules = " ".join(_page_text(app).split())
    players = rules.split("For designers")[0]  # (that last section is the data file's, for a club that edits it)
    assert not DESIGNER_WORDS.findall(players), DESIGNER_WORDS.findall(players)
    assert "This scenario: 3 figures must leave through the exit; the game ends after 15 turns." in rules


def test_an_order_by_a_click_on_a_roster_name_shows_its_odds_first_and_the_second_click_sends_it(app) -> None:
    """ORDER by a click on a name in the roster went at once, without the odds hovering him on the table shows;
    the soldier was then no longer selected, so the Esc the player pressed to back out opened the menu, and his
    next click on the roster only closed it ("the first roster click after Esc is ignored")."""
    import pygame
    from ui_driver import click_link, key, need_default_scenario, start_game

    need_default_scenario()
    scene = start_game(app, speed=50.0, seed=3)
    match = scene.match
    names = [c.text for c in scene.roster_box.link_hover_chunks]
    click_link(app, scene.roster_box, names[0])  # the sergeant
    key(app, pygame.K_o)
    assert match.controller.action == "order", match.status
    click_link(app, scene.roster_box, names[2])  # a rifleman: what the ORDER would do, and nothing sent
    assert not match.game.commands, match.status
    assert "Need 2D6" in match.status and "%" in match.status and "again to ORDER" in match.status, match.status
    key(app, pygame.K_ESCAPE)  # backs out of the ORDER: no menu
    assert not scene.menu_open and match.controller.selected is not None
    key(app, pygame.K_o)
    click_link(app, scene.roster_box, names[2])
    click_link(app, scene.roster_box, names[2])  # the second click on his name sends it
    assert len(match.game.commands) == 1, match.status


def test_a_roster_name_clicked_while_aiming_a_shot_selects_that_soldier(app) -> None:
    """Aiming FIRE, a newcomer clicked Kowalski's name to pick him next: the plate read "FIRE at ... Cannot
    fire: Allied soldiers only shoot zombies" and nothing was selected. A name the aim cannot take selects him."""
    import pygame
    from ui_driver import click_link, key, need_default_scenario, start_game

    need_default_scenario()
    scene = start_game(app, speed=50.0, seed=3)
    match = scene.match
    names = [c.text for c in scene.roster_box.link_hover_chunks]
    click_link(app, scene.roster_box, names[2])
    key(app, pygame.K_f)
    assert match.controller.action == "fire", match.status
    click_link(app, scene.roster_box, names[4])
    assert match.controller.selected == "us1-r3" and match.controller.action is None, match.status
    assert not match.game.commands


def test_holding_an_arrow_key_never_pans_the_table_off_the_screen(app) -> None:
    """Holding the up arrow scrolled the table right off the screen into black (only Home brought it back):
    the middle of the view now stays over the table."""
    import pygame
    from ui_driver import key, need_default_scenario, start_game

    need_default_scenario()
    scene = start_game(app, speed=50.0, seed=3)
    key(app, pygame.K_UP, up=False)  # held
    app.run_frames(240)
    key(app, pygame.K_UP)
    cam, (tw, th) = scene.view.camera, scene.view.table_size
    x, y, w, h = cam.viewport
    cx, cy = cam.to_table((x + w / 2, y + h / 2))
    assert 0.0 <= cx <= tw and 0.0 <= cy <= th, (cx, cy)
