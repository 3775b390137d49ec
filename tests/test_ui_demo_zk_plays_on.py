"""Normandy Village in the demo (the organiser's 5/10): Zombiekrieg games ended after some 20 s, still in turn 1,
and the next game came with no end card and no change to the tally. Through the real demo scene headless."""

from __future__ import annotations

import logging
import time

import pytest
from fuzz_size import long_run

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.scenes.demo import DemoScene

NORMANDY = str(assets_dir("maps") / "normandy_village.tmx")


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 4.0
    return app


def normandy_with_two_sections(app: App, seed: int) -> DemoScene:
    """The demo scene on a Normandy Village deal with two sections (the organiser's "Soviet, British")."""
    loop = DemoLoop(DemoDirector([NORMANDY, str(assets_dir("maps") / "hive_street.tmx")], seed=seed))
    loop.start_next()
    while (
        loop.current is None
        or loop.current.scenario.title != "Normandy Village"
        or ", " not in loop.current.forces()
    ):
        loop.start_next()
    scene = DemoScene(app, loop)
    app.replace(scene)
    app.run_frames(1)
    scene.card_left = 0.0
    return scene


@pytest.mark.skipif(not long_run(), reason="a whole demo game (some 100 s): --fuzz-long")
def test_a_two_section_zombiekrieg_game_plays_on_to_its_end_card(app: App) -> None:
    """Played through the scene, the game goes to its end by the rules: the end card, one more on the tally."""
    scene = normandy_with_two_sections(app, 848)
    game, deadline = scene.match.game, time.monotonic() + 400
    while app.scene is scene and scene.result_left is None and time.monotonic() < deadline:
        app.run_frames(1)
    assert scene.loop.errors == []
    assert scene.result_left is not None and game.over  # the end card over the finished game
    assert sum(scene.loop.tally.wins.values()) == 1


def test_a_game_the_demo_drops_says_why_in_the_log(
    app: App, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot's error makes the loop deal again with no card: the log says which game and why (it said nothing,
    and a club night's dropped Normandy games could not be traced)."""
    scene = normandy_with_two_sections(app, 848)
    app.run_frames(20)

    def broken(game: object) -> object:
        raise RuntimeError("the bot lost its way")

    for seat in scene.deal.bots:
        scene.deal.bots[seat] = broken
    with caplog.at_level(logging.WARNING, logger="game.ui.scenes.demo"):
        deadline = time.monotonic() + 60
        while app.scene is scene and time.monotonic() < deadline:
            app.run_frames(1)
    assert app.scene is not scene
    assert any(
        "Normandy Village seed" in r.getMessage() and "the bot lost its way" in r.getMessage()
        for r in caplog.records
    )
