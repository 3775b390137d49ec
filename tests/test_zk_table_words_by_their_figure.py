"""The words on the table sit by their own figure (newcomers' play-tests on Normandy Village at the Fit zoom,
session 47): a "Sgt 9" stood in the gap between two rows of a packed section and read as the row's in front,
and a fallen soldier's "down" sat over a standing soldier beside him. A figure's GUTS now goes only where it
stands nearer his base than any other's (pointed at, with no such spot: a leader line ties it to him), and a
down tag where it covers no standing figure and reads as its heap's. Through the real game scene, a bot
playing the section."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
from test_ui_log import play, resize
from ui_driver import on_the_table

from game.ui.app import App
from game.ui.table_view import token_radius

OWN_MARGIN = 3  # pixels nearer his own base than any other, to read as his
NORMANDY = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"


def _bases(view, grow: int = 4, standing: bool = False) -> dict[str, pygame.Rect]:  # noqa: ANN001
    """Each figure's base square on the screen (with its ring: ``grow``), the dead left out (and the fallen)."""
    out = {}
    for t in view.tokens:
        if t.state == "dead" or (standing and t.state == "knocked_down"):
            continue
        (cx, cy), r = view.camera.to_screen(t.position), token_radius(t, view.camera.ppi) + grow
        out[t.id] = pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r))
    return out


def _guts_not_by_their_figure(view) -> list[str]:  # noqa: ANN001
    bases, tied = _bases(view), {b for _, b in getattr(view, "leaders", [])}
    out = []
    for fid, word in view.guts_at.items():
        mine = _rim(word, bases[fid])
        if bases[fid].center not in tied and any(
            mine + OWN_MARGIN > _rim(word, b) for k, b in bases.items() if k != fid
        ):
            out.append(fid)
    return out


def _rim(word: pygame.Rect, base: pygame.Rect) -> float:
    """Pixels from a word's middle to a base's rim: the nearer base is the one the word reads as of."""
    return math.dist(word.center, base.center) - base.w / 2


def _tags_over_standing_figures(view) -> list[str]:  # noqa: ANN001
    standing = list(_bases(view, grow=0, standing=True).values())
    return [
        word for word, tag in zip(view.tag_words, view.tag_rects, strict=True) if tag.collidelist(standing) >= 0
    ]


def _fit_game(app: App):  # noqa: ANN202
    resize(app, (1280, 800))
    scene = on_the_table(app, NORMANDY, seed=1)
    scene.match.speed = 50
    return scene


def test_every_guts_reads_as_its_own_figures(app: App) -> None:
    scene = _fit_game(app)
    for step in range(40):
        assert not _guts_not_by_their_figure(scene.view), (step, _guts_not_by_their_figure(scene.view))
        play(scene, 1)


def test_a_down_tag_covers_no_standing_figure(app: App) -> None:
    scene = _fit_game(app)
    downs = 0
    for step in range(80):
        play(scene, 1)
        downs += bool(scene.view.tag_words)
        assert not _tags_over_standing_figures(scene.view), (step, scene.view.tag_words)
    assert downs > 10  # (men fell: the tags were there to look at)
