"""Playing on screen (issue 4): the REAL main loop, headless, driven by posted mouse and key events.

A soldier is selected by clicking his base, moved by clicking a destination, the turn is ended
with the End turn button; the zombies' turn plays and can be skipped with Space. The screen's
hints come from the rules: the sight line's style is the rules' line-of-sight state.
"""

from __future__ import annotations

import math

import pygame
import pytest
from ui_driver import click, end_turn, key, need_default_scenario, play_out, screen_of, start_game, zoom_on

from game.controller import Mode
from game.rules.zombiekrieg.preview import fire_geometry
from game.ui.app import App
from game.ui.event_text import plain
from game.ui.overlays import Icon, Line
from game.ui.previews import SIGHT_ICON, SIGHT_STYLE

SGT = "us1-sgt"


@pytest.fixture
def app(app: App) -> App:
    """The shared headless app (tests/conftest.py); these tests need the starter map."""
    need_default_scenario()
    return app


def open_ground(game, fid: str) -> tuple[float, float] | None:
    """A point a few inches away that the rules say he can walk to in a straight line (or None)."""
    from game.rules.zombiekrieg.commands import Move

    f = game.figure(fid)
    for reach in (3.0, 4.0, 5.0):
        for a in range(0, 360, 10):
            p = (
                f.position[0] + reach * math.cos(math.radians(a)),
                f.position[1] + reach * math.sin(math.radians(a)),
            )
            if game.table.figures_in_circle(p, 1.0):
                continue
            pv = game.preview(Move(fid, (p,), None))
            if pv.legal and pv.details["blocked_at"] is None and not pv.details["enters_clutter"]:
                return p
    return None


def mover(game) -> tuple[str, tuple[float, float]]:
    """A soldier of the active player with open ground in front of him, and that ground."""
    for f in game.figures:
        if not f.is_zombie and game.actions_for(f.id):
            p = open_ground(game, f.id)
            if p is not None:
                return f.id, p
    raise AssertionError("nobody can walk anywhere")


def zoom_on_mover(scene) -> tuple[str, tuple[float, float]]:
    """A soldier with open ground ahead (see :func:`mover`), the camera zoomed in on him."""
    fid, dest = mover(scene.match.game)
    zoom_on(scene, scene.match.game.figure(fid).position)
    return fid, dest


def test_a_turn_played_with_the_mouse_moves_the_soldier_or_he_fails_as_the_log_says(app: App) -> None:
    scene = start_game(app)
    m, game = scene.match, scene.match.game
    turn = game.state.turn
    fid, dest = zoom_on_mover(scene)
    sgt = game.figure(fid)
    start_pos = sgt.position

    click(app, screen_of(scene, sgt.position))  # his base
    assert m.controller.selected == fid and m.controller.mode == Mode.SELECTED
    assert scene.buttons["move"].is_enabled

    click(app, screen_of(scene, dest))
    play_out(app, scene)

    test = [e for e in game.log if type(e).__name__ == "GutsTested" and e.figure == fid and e.action == "move"]
    assert len(test) == 1
    moved = math.dist(sgt.position, start_pos) > 0.5
    assert moved == (test[0].outcome in ("success", "critical_success"))
    if moved:
        assert math.dist(sgt.position, dest) < 0.3
    shown = [plain(line) for line in scene.log_lines]
    # the log says what the dice meant, the man by his name ("Dice, Sergeant Russo's move: 2D6 ...")
    assert any(line.startswith(f"Dice, {m.name(fid)}'s move: 2D6") for line in shown)
    assert any(line.startswith(f"{m.name(fid)} moves ") for line in shown) == moved
    assert m.dice is not None and sum(m.dice.faces) == test[0].total  # the dice tray shows the roll
    # the token on screen is where the rules put him
    token = next(t for t in scene.view.tokens if t.id == fid)
    assert token.position == pytest.approx(sgt.position)

    end_turn(app, scene)  # (E again: the game asks first while soldiers are still ready)
    play_out(app, scene)
    assert game.state.turn == turn + 1 or game.over
    assert any(type(e).__name__ == "ReactionRolled" for e in game.log)
    assert f"Turn {game.state.turn}" in scene.banner_label.text
    # every zombie token ends where the rules put it
    for t in scene.view.tokens:
        assert t.position == pytest.approx(game.figure(t.id).position)


def test_fire_preview_draws_the_sight_line_in_the_rules_los_style(app: App) -> None:
    scene = start_game(app)
    m, game = scene.match, scene.match.game
    sgt = game.figure(SGT)
    click(app, screen_of(scene, sgt.position))
    assert m.controller.selected == SGT
    zombies = [f for f in game.figures if f.is_zombie and f.on_table]
    seen = set()
    for z in zombies:
        m.hover(z.position)
        app.run_frames(1)
        geometry = fire_geometry(game.world, SGT, z.id)
        lines = [o for o in scene.view.overlays if isinstance(o, Line) and o.points[0] == sgt.position]
        styles = {o.style for o in lines if o.width == 3}
        assert styles == {SIGHT_STYLE[geometry["sight"]]}, z.id
        icons = {o.sprite for o in scene.view.overlays if isinstance(o, Icon)}
        assert SIGHT_ICON[geometry["sight"]] in icons  # never colour alone: an icon too
        words = [o.text for o in scene.view.overlays if getattr(o, "plate", False)]
        assert any(("CLEAR" if geometry["sight"] == "clear" else geometry["sight"].upper()) in w for w in words)
        seen.add(geometry["sight"])
    assert "blocked" in seen or "clear" in seen


def test_a_legal_fire_preview_gives_the_number_and_the_chance(app: App) -> None:
    scene = start_game(app)
    m, game = scene.match, scene.match.game
    sgt = game.figure(SGT)
    z = min((f for f in game.figures if f.is_zombie), key=lambda f: math.dist(f.position, sgt.position))
    # put the Sergeant 6" from a zombie, facing it, in the open (a set-up for the test, not a rule)
    spot = (z.position[0] - 7, z.position[1] + 1.5)
    game.world.set_position(sgt, spot)
    sgt.facing = math.degrees(math.atan2(z.position[1] - spot[1], z.position[0] - spot[0]))
    m._finish_playback()
    click(app, screen_of(scene, sgt.position))
    m.hover(z.position)
    app.run_frames(1)
    preview = m.controller.preview
    assert preview is not None and preview.legal
    mg = preview.details["modified_guts"]
    words = "\n".join(o.text for o in scene.view.overlays if getattr(o, "plate", False))
    assert f"Need 2D6 <= {mg}: " in words and "crit" in words
    assert scene.buttons["fire"].is_enabled


def test_buttons_are_disabled_for_a_soldier_who_has_acted(app: App) -> None:
    scene = start_game(app)
    m, game = scene.match, scene.match.game
    fid, dest = zoom_on_mover(scene)
    sgt = game.figure(fid)
    click(app, screen_of(scene, sgt.position))
    key(app, pygame.K_m)
    assert (m.controller.mode, m.controller.action) == (Mode.AIMING, "move")
    click(app, screen_of(scene, dest))
    play_out(app, scene)
    assert game.figure(fid).acted_this_turn
    m.select(fid)  # as the roster link does
    app.run_frames(2)
    assert m.controller.selected == fid
    for name in ("move", "fire"):
        assert not scene.buttons[name].is_enabled
        assert "already acted" in m.button_states()[name][1]
    token = next(t for t in scene.view.tokens if t.id == fid)
    assert token.state == "acted" and not token.ready
    others = [t for t in scene.view.tokens if t.side == "allies" and t.id != fid and t.state == "standing"]
    assert others and all(t.ready for t in others)  # the ones who can still act are marked


def test_space_skips_the_zombie_turn_to_its_end(app: App) -> None:
    scene = start_game(app, speed=0.25)  # slow: the zombies would take seconds
    m, game = scene.match, scene.match.game
    turn = game.state.turn
    end_turn(app, scene, by_key=True)  # End turn
    assert m.playback.busy
    key(app, pygame.K_SPACE)
    app.run_frames(2)
    assert not m.playback.busy
    assert m.controller.mode in (Mode.IDLE, Mode.GAME_OVER)
    assert game.state.turn == turn + 1 or game.over
    for t in scene.view.tokens:
        assert t.position == pytest.approx(game.figure(t.id).position)


def test_a_drag_on_empty_table_measures_and_a_click_moves(app: App) -> None:
    scene = start_game(app)
    game = scene.match.game
    fid, dest = zoom_on_mover(scene)
    sgt = game.figure(fid)
    click(app, screen_of(scene, sgt.position))
    a = screen_of(scene, dest)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 96, a[1]), rel=(96, 0), buttons=(1, 0, 0))
    )
    app.run_frames(2)
    assert scene.view.tape is not None and scene.view.tape.length == pytest.approx(96 / 24.0, abs=0.05)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(a[0] + 96, a[1]), button=1))
    app.run_frames(2)
    assert scene.view.tape is None and not game.commands  # measuring sent nothing to the rules


def test_hot_seat_hands_over_between_players(app: App) -> None:
    scene = start_game(app, ["american", "british"])
    m, game = scene.match, scene.match.game
    assert "Player 1 (American)" in scene.banner_label.text
    end_turn(app, scene, by_key=True)
    play_out(app, scene)
    assert game.state.active_player == 2 or game.over
    if not game.over:
        assert "Player 2 (British)" in scene.banner_label.text
        assert m.handoff is not None and "Player 2" in m.handoff[0]
        # player 1's Sergeant is not his to command now
        click(app, screen_of(scene, game.figure(SGT).position))
        assert not game.actions_for(SGT)
        assert m.status_bad and m.status  # refused, with the rules' reason in the status line
