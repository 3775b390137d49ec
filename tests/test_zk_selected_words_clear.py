"""A selected soldier's words and his range bands' keep clear of one another (a newcomer's solo game on Normandy
Village at 1600x900, the Fit zoom): the Corporal's full name ("Corporal Atkins", over him while a text names
him) sat on his "Cpl 10", the Sten's "long 12\" (+0)" landed on both, and with the bands running off the top of
the table "short 12\" (+0)" and "Lee-Enfield rifle: long 24\" (-1)" were forced onto one spot, one over the
other. Each soldier of the section selected in turn, through the real game scene, a bot playing the turns."""

from __future__ import annotations

import pygame
from test_ui_log import play, resize
from test_zk_table_words_by_their_figure import NORMANDY
from ui_driver import click, key, on_the_table, screen_of

from game.ui.app import App
from game.ui.overlays import Label


def _name_tags(view) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001
    """The words set by their own point (a named figure's full name over him), where they are drawn."""
    out = []
    for o in view.overlays:
        if isinstance(o, Label) and not o.plate and (o.anchor != "center" or o.offset != (0, 0)):
            x, y = view.camera.to_screen(o.position)
            pos = (round(x + o.offset[0]), round(y + o.offset[1]))
            out.append((o.text, view.texts.render(o.text, o.size, o.colour).get_rect(**{o.anchor: pos})))
    return out


def _clashes(view, fid: str) -> list[tuple[str, str]]:  # noqa: ANN001
    """Pairs of the selected man's words (his GUTS, his full name, his bands' readings) drawn over each other."""
    words = [(text, rect) for kind, text, rect in view.words if kind == "arc"]
    if fid in view.guts_at:
        words.append(("GUTS", view.guts_at[fid]))
    words += _name_tags(view)
    return [(a, b) for i, (a, ra) in enumerate(words) for b, rb in words[i + 1 :] if ra.colliderect(rb)]


def test_a_selected_soldiers_words_and_his_bands_keep_clear(app: App) -> None:
    resize(app, (1600, 900))
    scene = on_the_table(app, NORMANDY, seed=1)
    scene.match.speed = 50
    game, seen, clashes = scene.match.game, 0, []
    for turn in range(6):
        for f in list(game.state.section_of(1)):
            if not f.on_table or not f.standing or game.over:
                continue
            click(app, screen_of(scene, f.position))
            app.run_frames(2)
            if scene.match.controller.selected == f.id:
                seen += 1
                clashes += [(turn, f.id, pair) for pair in _clashes(scene.view, f.id)]
            key(app, pygame.K_ESCAPE)
            app.run_frames(1)
        play(scene, 12)
    assert seen > 20
    assert not clashes, clashes


def test_two_bands_running_off_the_table_keep_their_readings_apart(app: App) -> None:  # noqa: ARG001
    """A Corporal near the top edge facing it: both bands' tips lie off the table, and their readings were both
    slid to the same spot at its top edge. Each now goes where its own band crosses the table."""
    from game.ui.assets import Assets
    from game.ui.map_render import MapRenderer
    from game.ui.overlays import Arc
    from game.ui.table_view import TableView

    view = TableView(
        MapRenderer(pygame.Surface((240, 180), pygame.SRCALPHA), 10.0), Assets(), None, (0, 0, 800, 600)
    )
    view.camera.fit((24, 18))
    view.tokens = []
    long_band = Arc((12.0, 3.0), 24.5, 270.0, 180.0, (240, 150, 80), label='Lee-Enfield rifle: long 24" (-1)')
    short_band = Arc((12.0, 3.0), 12.5, 270.0, 180.0, (240, 150, 80), label='short 12" (+0)')
    view.overlays = [long_band, short_band]
    view.draw(pygame.Surface((800, 600)))
    arcs = [rect for kind, _, rect in view.words if kind == "arc"]
    assert len(arcs) == 2 and not arcs[0].colliderect(arcs[1]), arcs
    assert all(pygame.Rect(view.camera.viewport).contains(r) for r in arcs), arcs
