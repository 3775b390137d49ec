"""Map labels, ring labels and GUTS numbers overlap neither each other nor the figures (issue "Club-night
play", item 7), and a hot-seat player's mark is in proportion to the base (item 6), through the real game
scene: the starter map at 1280x800, fitted and zoomed, with a soldier selected and his rings drawn."""

from __future__ import annotations

import random

import pygame
from ui_driver import click, motion, screen_of, start_game, zoom_on

from game.ui.app import App
from game.ui.table_view import player_mark_size
from game.ui.tokens import PLAYER_COLOURS


def words_clear(view) -> None:
    """No two words overlap; names and readings cover no figure; every zone on view is named."""
    words = view.words
    for i, (_, text, a) in enumerate(words):
        for _, other, b in words[i + 1 :]:
            assert not a.colliderect(b), f"{text!r} overlaps {other!r}"
    bases = view.token_rects()
    for kind, text, rect in words:
        if kind in ("zone", "ring", "terrain"):
            assert rect.collidelist(bases) < 0, f"{kind} {text!r} covers a figure"
    assert view.words_forced == 0
    shown = {text for kind, text, _ in words if kind == "zone"}
    table = pygame.Rect(view.camera.viewport)
    for rect, zone in zip(view.zone_rects(), view.scenario.zones):
        if table.contains(rect):
            assert view.zone_label(zone)[0] in shown


def test_labels_rings_and_guts_numbers_keep_clear_of_each_other_and_the_figures(app: App) -> None:
    random.seed(2)
    scene = start_game(app)
    view, game = scene.view, scene.match.game
    app.run_frames(2)
    assert any(kind == "zone" for kind, _, _ in view.words)  # the fitted table names its zones
    words_clear(view)
    spawn = [z for z in view.scenario.zones if z.kind == "spawn"]
    zombies = [t for t in view.tokens if t.side == "zombie"]
    for zone in spawn:  # the spawn names sit off the zombies standing in the spawn zones
        label = view.zone_label(zone)[0]
        rect = next(r for k, t, r in view.words if t == label)
        assert not any(rect.collidepoint(screen_of(scene, z.position)) for z in zombies)

    sgt = game.figure("us1-sgt")
    zoom_on(scene, sgt.position, 30)
    click(app, screen_of(scene, sgt.position))
    x, y = sgt.position
    motion(app, screen_of(scene, (x + 3, y - 2)))
    app.run_frames(2)
    kinds = {kind for kind, _, _ in view.words}
    assert "ring" in kinds and "guts" in kinds  # his rings are read, and GUTS shows even in the packed line
    words_clear(view)
    view.show_outlines = True  # L: the terrain's names join in, still clear
    app.run_frames(2)
    assert any(kind == "terrain" for kind, _, _ in view.words)
    words_clear(view)


def test_a_hot_seat_mark_is_a_small_part_of_the_base(app: App) -> None:
    random.seed(5)
    scene = start_game(app, ["american", "british"])
    view = scene.view
    second = next(t for t in view.tokens if t.player == 2)  # player 2's block: zoom on his man, not player 1's
    zoom_on(scene, second.position, 30)
    app.run_frames(2)
    token = next(t for t in view.tokens if t.id == second.id)
    assert pygame.Rect(view.camera.viewport).collidepoint(view.camera.to_screen(token.position))
    r = token.base_radius * view.camera.ppi
    assert 2 * player_mark_size(r) <= 0.4 * r  # a fifth of the base across, not half of it
    cx, cy = view.camera.to_screen(token.position)
    mark = (round(cx - r * 0.72), round(cy - r * 0.72))
    assert app.screen.get_at(mark)[:3] == PLAYER_COLOURS[2]  # drawn, in his colour, where it is said to be
    assert player_mark_size(4 * r) >= 6.0  # zoomed right in, the mark grows to carry his number
