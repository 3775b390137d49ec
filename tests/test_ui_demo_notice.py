"""The demo's notice is the newest news (the club organisers: a "Movement phase" notice stayed up into the Shooting
phase of a Zombie 40,000 game). A squad's movement ended and its shooting began in one step: both notices had the
same time left, and the older won. Through the real demo scene headless, on a simulated clock."""

from __future__ import annotations

import re

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.scenes.demo import DemoScene

HIVE_STREET = str(assets_dir("maps") / "hive_street.tmx")


def test_a_phase_notice_never_names_another_phase_than_the_one_on_screen(app: App) -> None:
    app.settings.animation_speed = 1.0
    scene = DemoScene(app, DemoLoop(DemoDirector([HIVE_STREET], seed=2)))
    app.replace(scene)
    scene.card_left = 0.0
    ties = 0  # frames where two phases' notices were up with the same time left (the case the organisers saw)
    for _ in range(3900):  # (turn 7: Player 2's movement and shooting notices came up together)
        scene.update(1 / 30)
        words, _ = scene.notice()
        phase = re.search(r"(\w+) phase$", words)
        on_screen = scene.match.phase_shown or ""
        if phase and on_screen:
            assert phase[1].lower() in on_screen.lower(), (words, on_screen)
        times = [t for k, t in scene.match.notice_times().items() if not k.startswith("choice")]
        ties += len(times) != len(set(times))
    assert ties > 0
