"""A "down" tag stands by its own heap, on nothing (a newcomer's solo game on Normandy Village at 1600x900):
two heaps side by side had one tag lifted over the other's, so it floated over the exit with no figure under
it; a tag sat on the knocked-down zombies it named; and a Corporal's "Cpl 10" was written across a tag
("dowr"). Each tag now takes a spot by its own heap clear of the table's words and of the tags before it, off
the fallen where there is one. Through the real game scene, a bot playing the section."""

from __future__ import annotations

import pytest
from test_ui_log import play, resize
from test_zk_table_words_by_their_figure import NORMANDY

from game.ui.app import App
from game.ui.table_view import gap


def _misplaced(view) -> list[str]:  # noqa: ANN001
    """What is wrong with each tag: over another tag or a word, or standing off from its heap (more than
    6 pixels from it)."""
    out = []
    words = [rect for kind, _, rect in view.words if kind != "zone"]
    for i, (tag, heap) in enumerate(zip(view.tag_rects, view._heaps, strict=True)):
        if tag.collidelist(view.tag_rects[:i]) >= 0:
            out.append(f"tag {i} over a tag")
        if tag.collidelist(words) >= 0:
            out.append(f"tag {i} under a word {[w for k, w, r in view.words if r.colliderect(tag)]}")
        if gap(tag, heap) > 6:
            out.append(f"tag {i} floats {gap(tag, heap)}px off its heap")
    return out


@pytest.mark.parametrize("seed", [1, 3])
def test_every_down_tag_stands_by_its_own_heap_clear_of_the_words(app: App, seed: int) -> None:
    resize(app, (1600, 900))
    from game.scenario import load_scenario
    from game.ui.scenes.game import GameScene

    app.push(GameScene(app, load_scenario(NORMANDY), {"sections": ["british"]}, seed=seed))
    app.run_frames(3)
    scene = app.scene
    scene.match.speed = 50
    downs, wrong = 0, []
    for step in range(90):
        play(scene, 1)
        downs += len(scene.view.tag_rects)
        wrong += [(step, w) for w in _misplaced(scene.view)]
    assert downs > 10
    assert not wrong, wrong
