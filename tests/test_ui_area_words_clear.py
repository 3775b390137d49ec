"""A word on the table at an area's point (an Outbreak shot's "third 2", a blast's name) is placed clear of
the figures and of the other words: it was drawn centred on its point, over the tokens there, and one
third's word hid under the next's (issue 33, item 10: "the third 2 marker hidden under third 3")."""

from __future__ import annotations

from ui_driver import zoom_on

from game.rules.outbreak.testing import rigged_game
from game.ui.app import App
from game.ui.scenes.game import GameScene


def test_the_thirds_of_a_shot_are_named_clear_of_the_figures_and_of_each_other(app: App) -> None:
    game = rigged_game(
        pcs={"pc1": (12, 22), "pc2": (13.2, 18.6), "pc3": (10.8, 17.4)},
        zombies=[(12, 11)],
        weapons={"pc1": ("rifle", "club")},
    )
    app.push(GameScene(app, game.scenario, game=game))
    app.run_frames(3)
    scene = app.scene
    zoom_on(scene, (12.0, 17.0), 40)
    match, view = scene.match, scene.view
    match.select("pc1")
    match.button("fire")
    match.hover(game.figure("z1").position)
    app.run_frames(4)
    words = [(t, r) for k, t, r in view.words if k == "label"]
    assert sum(t.startswith("third") for t, _ in words) >= 2, view.words
    bases = view.token_rects()
    for text, rect in words:
        assert rect.collidelist(bases) < 0, f"{text!r} covers a figure"
    for i, (text, rect) in enumerate(words):
        for other, second in words[i + 1 :]:
            assert not rect.colliderect(second), f"{text!r} hides {other!r}"
