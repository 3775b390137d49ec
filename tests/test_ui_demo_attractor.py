"""The demo as a club-night attractor (issue 33 item 18), through the real demo scene headless: a title
card per game that says how to take over, a camera that closes in on the action and pulls back, tokens
and dice big enough to read across a room, a scoreboard in words, the demo's own sound level."""

from __future__ import annotations

import pygame
import pytest

from game.demo import DemoDirector, DemoLoop
from game.ui.animation import Step
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.demo_camera import HOLD_SECONDS, CameraOperator, action_figures
from game.ui.scenes.demo import FOOT, TAKE_OVER, DemoScene

FPS = 60


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 2.0
    return app


def demo(app: App, seed: int = 2) -> DemoScene:
    scene = DemoScene(app, DemoLoop(DemoDirector(seed=seed)))
    app.replace(scene)
    app.run_frames(1)
    return scene


def test_each_game_opens_on_a_title_card_and_the_bots_wait_for_it(app: App) -> None:
    scene = demo(app)
    words = [w for w, _, _ in scene.card()]
    assert scene.rules.name in words and scene.scenario.title in words and TAKE_OVER in words
    assert "Tonight: Survivors 0 \u2013 Zombies 0" in words
    played = len(scene.loop.game.commands)
    for _ in range(30):
        scene.update(1 / FPS)
    assert scene.card_left > 0 and len(scene.loop.game.commands) == played  # still the card: nobody moved
    for _ in range(FPS * 5):
        scene.update(1 / FPS)
    assert scene.card_left <= 0 and len(scene.loop.game.commands) > played


def test_the_scoreboard_reads_in_words(app: App) -> None:
    scene = demo(app)
    scene.loop.tally.add("Small Town", "Survivors")
    scene.loop.tally.add("Hive Street", "Zombies")
    scene.loop.tally.add("Last Evac", "Zombies")
    board = scene.scoreboard()
    assert board.splitlines()[0] == f"{scene.scenario.title}  \u00b7  {scene.rules.name}"
    assert board.splitlines()[-1] == "Tonight: Survivors 1 \u2013 Zombies 2"
    assert "player" not in board.splitlines()[-1].lower() and " : " not in board  # no "Player 1 1", no "A 0 : B 0"
    assert "P1" not in board  # a team is "Player 1", not "P1"


def test_the_camera_closes_in_on_the_action_then_pulls_back(app: App) -> None:
    scene = demo(app, seed=4)
    scene.card_left = 0
    op = scene.operator
    fit = op.whole_table()
    for _ in range(FPS * 120):
        scene.update(1 / FPS)
        if op.hold > HOLD_SECONDS - 0.05 and scene._followed is not None:
            break
    else:
        pytest.fail("no shot, fight or fall in two minutes of demo")
    who = action_figures(scene._followed, scene._on_table(), scene._units())
    assert who, "the camera looks at the figures of the action"
    assert op.target.ppi > fit.ppi * 1.2  # closer than the whole table
    probe = Camera(viewport=op.camera.viewport, ppi=op.target.ppi)
    _, _, w, h = probe.viewport
    probe.offset = (op.target.centre[0] - w / 2 / op.target.ppi, op.target.centre[1] - h / 2 / op.target.ppi)
    x0, y0, x1, y1 = probe.visible_table_rect()
    above_foot = y1 - FOOT / op.target.ppi  # the dice and the latest line cover the foot of the view
    for fid in who:  # every figure of the action is in the shot, above the foot
        x, y = scene._on_table()[fid]
        assert x0 <= x <= x1 and y0 <= y <= above_foot, (fid, (x, y), (x0, y0, x1, above_foot))
    for _ in range(FPS):
        scene.update(1 / FPS)
    assert op.camera.ppi > fit.ppi * 1.1  # the camera went there


def test_the_operator_pulls_back_once_the_action_is_over() -> None:
    cam = Camera(viewport=(0, 48, 1280, 752))
    cam.fit((72.0, 48.0))
    op = CameraOperator(cam, (72.0, 48.0))
    op.look_at([(60.0, 40.0), (64.0, 42.0)])
    for _ in range(FPS * 2):
        op.update(1 / FPS)
    assert cam.ppi > op.whole_table().ppi * 1.5
    x0, y0, x1, y1 = cam.visible_table_rect()
    assert x0 <= 62 <= x1 and y0 <= 41 <= y1 and x1 <= 72.01 and y1 <= 48.01  # on the action, inside the table
    for _ in range(int(FPS * (HOLD_SECONDS + 4))):
        op.update(1 / FPS)
    assert op.settled() and op.target == op.whole_table()


def test_tokens_and_dice_read_across_a_room(app: App) -> None:
    scene = demo(app)
    scene.card_left = 0
    view = scene.view
    assert view.camera.viewport[2] == app.screen.get_width()  # the table fills the window: no side panels
    for _ in range(FPS * 30):
        scene.update(1 / FPS)
        if scene.match.dice is not None and scene.dice_left > 0:
            break
    scene.draw(app.screen)
    sizes = [r.width for r in view.token_rects()]
    assert sizes and min(sizes) >= 2 * 8 + 8  # at least 8 px a radius (and the rect's margin)
    assert scene.dice_rect.height >= 150 and scene.dice_rect.width >= 200


def test_the_demo_plays_at_its_own_volume_and_hands_back_the_players(app: App) -> None:
    app.settings.master_volume, app.settings.demo_volume = 0.3, 0.95
    scene = demo(app)
    assert app.sounds.volume == pytest.approx(0.95)
    scene.card_left = 0
    for _ in range(20):
        scene.update(1 / FPS)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    for _ in range(600):  # at the next point a player can act (a squad half moved finishes its move first)
        app.run_frames(1)
        if app.scene.name != "demo":
            break
    assert app.scene.name in ("game", "title") and app.sounds.volume == pytest.approx(0.3)


def test_a_game_opens_with_a_whistle_and_ends_with_a_fanfare(app: App) -> None:
    scene = demo(app, seed=0)  # a Zombie 40,000 game first (the rule sets take turns), whose state has a phase
    assert app.sounds.last_played == "whistle"
    scene.card_left = 0
    game = scene.loop.game
    game.state.phase = type(game.state.phase)("over")  # as if the game had just ended
    scene.update(1 / FPS)
    assert app.sounds.last_played in ("victory", "defeat") and scene.result_left is not None
    assert scene.result_card()[1][0] in ("The survivors win!", "The zombies win!", "Nobody wins.")


def test_the_demo_volume_is_a_setting_kept_in_the_file(tmp_path) -> None:
    import json

    from game.ui.settings import Settings

    path = tmp_path / "settings.json"
    assert Settings().demo_volume == 1.0  # a club room is loud
    path.write_text(json.dumps({"demo_volume": 7}))
    assert Settings.load(path).demo_volume == 1.0
    s = Settings()
    s.demo_volume = 0.4
    s.save(path)
    assert Settings.load(path).demo_volume == pytest.approx(0.4)


def test_the_settings_screen_has_a_demo_volume_slider(app: App) -> None:
    app.show_settings()
    app.run_frames(1)
    scene = app.scene
    assert scene.name == "settings" and scene.demo_volume.get_current_value() == round(
        app.settings.demo_volume * 100
    )


def test_the_title_card_hides_no_figure_and_fades_into_the_game(app: App) -> None:
    """Issue 33 (the demo): the title card veiled the whole table, the action and the lines under it. Now it
    is a panel where it hides no figure, above the foot's lines and dice, and fades out at its end."""
    scene = demo(app)
    scene.draw(app.screen)
    view = pygame.Rect(scene.view.camera.viewport)
    card = scene.card_rect
    assert card.width * card.height < view.width * view.height / 3  # a panel, not a veil
    assert view.contains(card) and card.bottom <= view.bottom - FOOT
    assert not any(card.colliderect(r) for r in scene.view.token_rects())
    scene.card_left = 0.2
    scene.draw(app.screen)
    assert scene._card_panel is not None and scene._card_panel[1].get_alpha() < 255  # fading out


def test_the_camera_frames_a_horde_move_and_the_figures_between_actions() -> None:
    """Issue 33 (the demo): the figures were dots, the camera at the whole table for every horde's move and
    between actions. Now it frames a move from where it starts to where it ends, and the standing figures
    between actions; the whole table only once the game is over."""
    cam = Camera(viewport=(0, 48, 1280, 752))
    cam.fit((72.0, 48.0))
    op = CameraOperator(cam, (72.0, 48.0), FOOT)
    fit = op.whole_table()
    horde = {f"z{i}": (((60.0 + i, 40.0), (54.0 + i, 34.0)), None) for i in range(6)}
    standing = {fid: path[-1] for fid, (path, _) in horde.items()} | {"pc1": (50.0, 30.0)}
    op.follow(Step([], 1.0, glides=horde), standing)
    assert op.target.ppi > fit.ppi * 1.5
    assert abs(op.target.centre[0] - 59.5) < 6 and abs(op.target.centre[1] - 37.0) < 8
    for _ in range(FPS * 6):
        op.update(1 / FPS)
    assert op.settled() and op.target.ppi > fit.ppi * 1.5  # between actions: the figures, not the table
    x0, y0, x1, y1 = cam.visible_table_rect()
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in standing.values())
    op.pull_back()
    op.update(1 / FPS)
    assert op.target == fit  # the game is over: the whole table
