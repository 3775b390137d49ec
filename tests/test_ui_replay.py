"""Watching a replay on screen (issue 5): from the Load scene's "Watch a replay", step forward
(animated) and back, jump to the start and the end, play at speed; the table shows exactly the
state :meth:`game.replay.Replay.seek` rebuilds, and a recorded error is shown when reached."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import click, key, need_default_scenario, play_out

from game.ai.zombiekrieg_bot import choose_command
from game.assets import default_scenario
from game.replay import Replay
from game.rules.zombiekrieg import Fire, new_game
from game.saves import read_save, save_game
from game.scenario import load_scenario
from game.ui.app import App

STEPS = 6


@pytest.fixture
def app(app: App) -> App:
    """The shared headless app (tests/conftest.py) with animations at four times speed; these
    tests need the starter map."""
    need_default_scenario()
    app.settings.animation_speed = 4.0
    return app


def saved_game(app: App, error: bool = False) -> Path:
    game = new_game(load_scenario(default_scenario()), {"sections": ["american"]}, seed=11)
    for _ in range(STEPS):
        game.apply(choose_command(game))
    path = app.saves_dir / "game.json"
    if error:
        save_game(game, path, error="IllegalCommand: There is no figure 'nobody'.", failed=Fire("nobody", "z1"))
    else:
        save_game(game, path)
    return path


def watch(app: App, path: Path):
    click(app, app.scene.buttons["load_game"].rect.center)
    load = app.scene
    load._show(next(e for e in load.entries if e.path == path))
    app.run_frames(1)
    click(app, load.replay_button.rect.center)
    assert app.scene.name == "replay"
    return app.scene


def test_the_replay_steps_forward_and_back_to_exactly_the_replayed_state(app: App) -> None:
    path = saved_game(app)
    scene = watch(app, path)
    truth = Replay(read_save(path))
    assert scene.replay.position == 0 and scene.replay.length == STEPS
    assert scene.game.state_data() == truth.seek(0).state_data()

    click(app, scene.controls["forward"].rect.center)
    assert scene.match.playback.busy or scene.replay.position == 1  # the step is animated
    play_out(app, scene, modes=())
    click(app, scene.controls["forward"].rect.center)
    play_out(app, scene, modes=())
    assert scene.replay.position == 2
    assert scene.game.state_data() == truth.seek(2).state_data()
    assert "step 2 of 6" in scene.counter.text

    key(app, pygame.K_LEFT)
    assert scene.replay.position == 1
    assert scene.game.state_data() == truth.seek(1).state_data()
    assert scene.match.game is scene.replay.game  # the table shows the rebuilt game
    tokens = {t.id: t for t in scene.view.tokens}
    for f in scene.game.figures:
        if f.id in tokens:
            assert tokens[f.id].position == pytest.approx(f.position, abs=1e-6)

    click(app, scene.controls["end"].rect.center)
    assert scene.replay.position == STEPS and scene.game.state_data() == truth.seek(STEPS).state_data()
    assert not scene.controls["forward"].is_enabled
    click(app, scene.controls["start"].rect.center)
    assert scene.replay.position == 0


def test_play_runs_the_replay_to_its_end_with_the_animations(app: App) -> None:
    path = saved_game(app)
    scene = watch(app, path)
    key(app, pygame.K_SPACE)
    assert scene.playing
    seen_busy = False
    for _ in range(20000):
        seen_busy = seen_busy or scene.match.playback.busy
        if scene.replay.at_end and not scene.match.playback.busy:
            break
        app.run_frames(1)
    assert scene.replay.at_end and seen_busy and not scene.playing
    assert scene.game.state_data() == Replay(read_save(path)).seek(STEPS).state_data()


def test_a_recorded_error_is_shown_when_the_replay_reaches_it(app: App) -> None:
    path = saved_game(app, error=True)
    scene = watch(app, path)
    assert "IllegalCommand" not in scene.match.status
    key(app, pygame.K_END)
    assert scene.match.status_bad and "There is no figure 'nobody'" in scene.match.status
    assert any("Recorded error" in line for line in scene.log_lines)


def test_back_leaves_the_replay_for_the_load_scene(app: App) -> None:
    scene = watch(app, saved_game(app))
    click(app, scene.top["back_out"].rect.center)
    assert app.scene.name == "load"
