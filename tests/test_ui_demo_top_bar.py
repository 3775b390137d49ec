"""The demo's top bar names the phase the table shows (the club organiser's 6.5/10: "the top bar names another
phase than the banner and the log at the same moment"), through the real demo scene headless: in every frame the
phase's notice over the table is up, the top bar names that phase."""

from __future__ import annotations

import pytest

from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.scenes.demo import DemoScene

FPS = 30
PHASES = ("movement", "shooting", "charge", "fight", "zombies")  # Zombie 40,000's phases, as its notices say them


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 1.0
    return app


def phase(words: str) -> str | None:
    """The phase ``words`` name (None: none)."""
    return next((p for p in PHASES if p in words.lower()), None)


def test_the_top_bar_names_the_phase_of_the_notice_and_the_log(app: App) -> None:
    """A minute of Last Evac: the frame a bot's command began its phase, the notice and the latest line said
    "Player 1: Movement phase" while the top bar still said "Player 2 · Shooting" (seven frames a minute)."""
    scene = DemoScene(app, DemoLoop(DemoDirector(["maps/last_evac.tmx"], seed=4)))
    app.replace(scene)
    app.run_frames(1)
    scene.card_left = 0.0
    noticed, apart = 0, []
    for frame in range(FPS * 60):
        scene.update(1 / FPS)
        scene.draw(app.screen)
        notice, bar = scene.notice()[0], scene.top_bar.banner
        if not phase(notice):
            continue
        noticed += 1
        if phase(bar) != phase(notice):
            apart.append(f"{frame / FPS:.1f} s: top bar {bar!r}, notice {notice!r}, latest {scene.latest!r}")
    assert noticed > FPS * 5, "hardly a phase's notice in a minute"
    assert not apart, apart
