"""Zombiekrieg on screen for a newcomer (issue 33, club night): what a second play-test found, through the
real controller and game scene."""

from __future__ import annotations

import re

import pygame

from game.controller import Click, Controller, Hover, Mode
from game.rules.drawing import Plate
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView

SGT = "us1-sgt"
SUCCESS = [1, 1, 1, 2]


def _plate_text(ctl: Controller) -> str:
    prims = ctl.view.drawing(ctl.game, ctl.preview_command, ctl.preview)
    return "\n".join(p.text for p in prims if isinstance(p, Plate))


def test_a_move_into_the_exit_says_he_leaves_the_table_and_the_count() -> None:
    scenario = tiny_scenario(objective="exit", exits=[(0, 0, 24, 3)], properties={"exit_count": 3})
    g = rigged_game(soldiers={SGT: (12, 7, 0), "us1-r1": (4, 20, 0)}, dice=SUCCESS * 5, guts={SGT: 9},
                    scenario=scenario)  # fmt: skip
    g.state.exited = 1
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(SGT).position))
    ctl.handle(Hover((12.0, 1.5)))
    text = _plate_text(ctl)
    assert "leaves the table by the exit (2 of 3 out)" in text.lower(), text
    assert "Stops here" not in text
    ctl.handle(Hover((12.0, 10.0)))  # a move that stays on the table says nothing of leaving
    assert "leaves the table" not in _plate_text(ctl).lower()


# ---- keys while the dice roll (the shared scene and controller, every rule set) --------------------------


def _rolling(app):
    """The starter map with a soldier's move still rolling (slow animations)."""
    from test_ui_play import zoom_on_mover
    from ui_driver import click, need_default_scenario, screen_of, start_game

    need_default_scenario()
    scene = start_game(app, speed=0.1)
    fid, dest = zoom_on_mover(scene)
    click(app, screen_of(scene, scene.match.game.figure(fid).position))
    click(app, screen_of(scene, dest))
    if scene.match.controller.mode != Mode.RESOLVING:  # a move that stops short asks first: click again
        click(app, screen_of(scene, dest))
    assert scene.match.controller.mode == Mode.RESOLVING and scene.match.playback.busy, scene.match.status
    return scene


def test_end_turn_pressed_while_the_dice_roll_ends_the_turn_once_they_stop(app) -> None:
    from ui_driver import key, play_out

    scene = _rolling(app)
    game = scene.match.game
    turn = game.state.turn
    key(app, pygame.K_e)  # said once while rolling ("End turn once the dice stop"): never asked again
    message = scene.match.controller.message
    assert "still rolling" not in message, message
    # the rest at the settings' quickest: at speed 0.1 the zombies' turn alone outlasts play_out's frames
    scene.match.set_speed(4.0)
    play_out(app, scene)
    assert game.state.turn == turn + 1 or game.over  # the zombies played and the next turn began


def test_arrow_keys_pan_while_the_dice_roll(app) -> None:
    from ui_driver import key

    scene = _rolling(app)
    before = scene.view.camera.offset
    key(app, pygame.K_LEFT)  # a tap: down and up
    assert scene.match.playback.busy
    assert scene.view.camera.offset[0] < before[0] - 1.0  # the view moved toward the left of the table


def test_the_roster_says_waits_for_a_figure_that_stays_never_wait() -> None:
    from game.rules.core import get_ruleset
    from game.rules.outbreak.testing import rigged_game as outbreak_game
    from game.ui.match import Match

    g = outbreak_game(pcs={"pc1": (12, 20)}, npcs={"npc1": (4, 4)})
    g.figure("npc1").acted = "wait"  # a bystander who waited this step
    g.figure("pc1").acted = "move"
    html = Match(g, get_ruleset("outbreak").view()).roster()
    words = re.findall(r">([a-z ]+)<", html)
    assert "wait" not in words and "move" not in words, words
    assert "waits" in words and "moved" in words, words


def test_the_zombies_charge_is_counted_and_says_toward_whom_not_a_list_of_numbers(app) -> None:
    from ui_driver import end_turn, need_default_scenario, play_out, start_game

    from game.ui.event_text import plain

    need_default_scenario()
    scene = start_game(app, speed=50.0)
    game = scene.match.game
    charges: list[str] = []
    while not game.over and game.state.turn < 15 and not charges:  # the dice are the game's own: until a charge
        end_turn(app, scene, by_key=True)
        play_out(app, scene)
        lines = [plain(line) for line in scene.log_lines]
        charges = [line for line in lines if re.search(r"\bcharges?\b", line) and "reaction" not in line]
    assert charges, lines[-20:]
    assert not any(re.search(r"[Zz]ombies \d+, \d+|[Zz]ombies \d+ and \d+", line) for line in lines), charges
    assert any(re.search(r"(\d+ zombies|Zombie \d+) charges? toward \w+ \w+", line) for line in charges), charges


def test_the_roster_reads_every_soldiers_weapon_whole(app) -> None:
    from ui_driver import click, need_default_scenario, screen_of, start_game, zoom_on

    need_default_scenario()
    scene = start_game(app)
    game = scene.match.game
    cpl = game.figure("us1-cpl")
    zoom_on(scene, cpl.position)
    click(app, screen_of(scene, cpl.position))  # selected: his line gains the "> " mark
    html = scene.roster_html
    assert "…" not in html, html
    assert html.count(">M1<") >= 5 and ">Tommy<" in html and ">BAR<" in html, html


def test_zone_names_stay_put_when_a_soldier_is_selected_and_readings_stay_on_the_table(app) -> None:
    from ui_driver import click, motion, need_default_scenario, screen_of, start_game

    need_default_scenario()
    scene = start_game(app)
    view, game = scene.view, scene.match.game
    app.run_frames(2)
    before = {text: rect for kind, text, rect in view.words if kind == "zone"}
    assert any(t.startswith("DEPLOY") for t in before) and any(t.startswith("EXIT") for t in before), before
    for fid in ("us1-sgt", "us1-r3", "us1-lmg"):
        click(app, screen_of(scene, game.figure(fid).position))
        assert scene.match.controller.selected == fid
        motion(app, screen_of(scene, (game.figure(fid).position[0] + 4, game.figure(fid).position[1])))
        app.run_frames(2)
        after = {text: rect for kind, text, rect in view.words if kind == "zone"}
        assert after == before, fid  # the same spot, whoever is selected
        table = view.table_rect()
        readings = [rect for kind, _, rect in view.words if kind in ("ring", "arc", "line")]
        assert readings and all(table.contains(r) for r in readings)
        assert not any(r.colliderect(z) for r in readings for z in after.values())


def test_the_plate_keeps_off_the_aimed_point_and_goes_when_the_pointer_leaves_the_table(app) -> None:
    from test_ui_play import zoom_on_mover
    from ui_driver import click, motion, need_default_scenario, screen_of, start_game

    need_default_scenario()
    scene = start_game(app)
    game, view = scene.match.game, scene.view
    fid, dest = zoom_on_mover(scene)
    click(app, screen_of(scene, game.figure(fid).position))
    here = game.figure(fid).position
    far = (here[0] + 3 * (dest[0] - here[0]), here[1] + 3 * (dest[1] - here[1]))  # beyond his 6": the plate
    # stands at the 6" point, the pointer further on
    for point in (dest, ((here[0] + dest[0]) / 2, (here[1] + dest[1]) / 2), far):
        motion(app, screen_of(scene, point))
        app.run_frames(2)
        assert scene.match.controller.preview is not None and view.plates
        aimed = pygame.Rect(0, 0, 30, 30)
        aimed.center = screen_of(scene, point)
        end = pygame.Rect(0, 0, 30, 30)
        end.center = screen_of(scene, tuple(scene.match.controller.preview.details["points"][-1]))
        assert not any(p.colliderect(aimed) or p.colliderect(end) for p in view.plates), (view.plates, aimed, end)
        # on the table view (a plate may stand over the margin rather than hide a neighbour's token)
        assert all(pygame.Rect(view.camera.viewport).contains(p) for p in view.plates)
    motion(app, scene.log_box.rect.center)  # onto the log
    app.run_frames(2)
    assert scene.match.controller.preview is None and not view.plates
