"""The demo's pace (the club organiser's 6.5/10): Zombie 40,000 games ran out of the demo's four minutes at turn
5-9, most of it "Ork Boy 8 moves 4.5"" one model a command. In the demo a quiet step (figures only moving) plays at
QUIET_PACE times the settings' speed; a step with a roll, a shot or a fight at the settings' speed. Through the real
demo scene headless on a simulated clock (benchmarks/demo_z40k_finish.py counts the games that end with a winner)."""

from __future__ import annotations

import pytest

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop, mid_move
from game.ui.app import App
from game.ui.demo_pace import QUIET_PACE, quiet
from game.ui.scenes.demo import DemoScene

HIVE_STREET = str(assets_dir("maps") / "hive_street.tmx")


def test_a_models_plain_move_plays_faster_and_a_roll_at_the_settings_speed(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.settings.animation_speed = 1.0
    loop = DemoLoop(DemoDirector([HIVE_STREET], seed=2))
    scene = DemoScene(app, loop)
    app.replace(scene)
    scene.card_left = 0.0
    shown: list[tuple[bool, float]] = []  # (quiet, the playback's speed) a command
    real_show = scene.match.show
    monkeypatch.setattr(
        scene.match,
        "show",
        lambda events: (
            shown.append((quiet(events, scene.match.view.animation), scene.match.playback.speed)),
            real_show(events),
        ),
    )
    for _ in range(3000):
        scene.update(1 / 30)
        if sum(q for q, _ in shown) >= 3 and sum(not q for q, _ in shown) >= 3:
            break
    plain = [speed for q, speed in shown if q]
    rest = [speed for q, speed in shown if not q]
    assert len(plain) >= 3 and len(rest) >= 3, shown  # a movement phase's plain moves, and rolls, shots...
    assert plain == [pytest.approx(QUIET_PACE)] * len(plain)  # a plain move: three times the settings' speed
    assert rest == [pytest.approx(1.0)] * len(rest)


def test_a_game_of_few_commands_holds_the_table_still_between_them_and_lasts_for_a_passer_by(app: App) -> None:
    """Small Town (some 35 commands a game) came and went in 40-60 s (the club organisers: "too quick for a
    passer-by"): the demo holds the table still the view's demo_beat after each command; the game lasts over 90 s."""
    app.settings.animation_speed = 1.0
    scene = DemoScene(app, DemoLoop(DemoDirector([str(assets_dir("maps") / "small_town.tmx")], seed=1)))
    app.replace(scene)
    scene.card_left = 0.0
    still, longest = 0.0, 0.0  # seconds the table held still between two commands: now, the longest yet
    for _ in range(30 * 300):
        shown = scene.commands_shown
        scene.update(1 / 30)
        if scene.result_left is not None or app.scene is not scene:
            break
        still = 0.0 if scene.commands_shown != shown or scene.match.playback.busy else still + 1 / 30
        longest = max(longest, still)
    assert scene.match.game.over and not scene.time_up
    assert longest >= 1.9 and scene.played_for >= 90.0, (longest, scene.played_for)


def _hive_street_demo(app: App) -> DemoScene:
    app.settings.animation_speed = 4.0
    scene = DemoScene(app, DemoLoop(DemoDirector([str(assets_dir("maps") / "hive_street.tmx")], seed=2)))
    app.replace(scene)
    scene.card_left = 0.0
    return scene


def test_a_touch_while_a_squad_is_half_moved_hands_the_game_over_within_a_second(app: App) -> None:
    """Touched, the demo hands its game over at the next point a player can act, never a squad half moved. A
    Zombie 40,000 squad's move, one model a command, took up to 28 s to get there at four times speed: the player
    watched "Taking over" all that while. Now the bots' moves to his point are shown at once."""
    scene, frame, longest = _hive_street_demo(app), 0, (0, 0)  # (frames, the frame it began)
    while frame < 30 * 120 and not scene.at_an_end:  # a first showing: where is the longest way to a point?
        began = frame
        while not scene._at_a_point() and not scene.at_an_end:
            scene.update(1 / 30)
            frame += 1
        longest = max(longest, (frame - began, began))
        scene.update(1 / 30)
        frame += 1
    assert longest[0] > 30 * 3, "no way to a point a player can act over 3 s long: nothing to test"
    scene = _hive_street_demo(app)  # the same showing again, touched as that way begins
    for _ in range(longest[1]):
        scene.update(1 / 30)
    game = scene.match.game
    assert not scene._at_a_point() and mid_move(game)
    shown = len(game.commands)
    scene.take_over()
    frames = 0
    while app.scene is scene and frames < 30 * 60:
        scene.update(1 / 30)
        frames += 1
    assert app.scene.name == "game" and frames <= 30, f"handed over after {frames} frames"
    assert app.scene.game is game and not game.over  # the game he touched, at his next point: not played out
    assert not mid_move(game) and len(game.commands) - shown < 40  # the whole squad had moved, no more
