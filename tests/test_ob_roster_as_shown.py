"""Outbreak's roster says what the playback has shown so far (a newcomer's Small Town game): while the zombies'
step played, a character read "ready" and his gun "3 shots" (the next move's, the rules already there), and
"grabbed" never showed though the log and the table showed a zombie grab him. Now each row is as of the event
on screen: "grabbed" from the grab on, the shots he had left until the log starts the next move, no "ready"
once the humans' step is over; and the rules' row again once the events have played. Through the real game
scene (headless), its roster panel and its log."""

from __future__ import annotations

import html
import math
import re
from pathlib import Path

from ui_driver import end_turn, headless_app, play_out

from game.rules.outbreak import Fire, Move
from game.rules.outbreak.testing import rigged_game
from game.ui.scenes.game import GameScene


def row_of(scene: GameScene, fid: str) -> str:
    """A figure's roster line as the panel shows it, in plain words."""
    line = next(line for line in scene.roster_html.split("<br>") if f'href="{fid}"' in line)
    return html.unescape(re.sub("<[^>]+>", "", line))


def test_the_roster_follows_the_zombies_step_as_it_plays(tmp_path: Path) -> None:
    # PC 1 fires at Zombie 1 (a 4: hit in the second third, one shot left; a 3: not destroyed); at the zombies'
    # step it comes on and grabs him; he misses with the club and the grapple is a draw (3s)
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, zombies=[(12, 14)], dice=[4, 3] + [3] * 60)
    with headless_app(tmp_path / "settings.json") as app:
        app.settings.animation_speed = 1.0
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(3)
        scene = app.scene
        scene.match.send(Fire("pc1", "z1"))
        play_out(app, scene)
        assert row_of(scene, "pc1").endswith("1 shot left ready"), row_of(scene, "pc1")

        end_turn(app, scene)  # E, and E again: PC 2 has not acted
        assert scene.match.playback.busy and game.state.move == 3  # the rules are in the next move already
        seen: list[tuple[int, str, str]] = []  # each frame: (log lines shown, PC 1's row, PC 2's row)
        while scene.match.playback.busy:
            app.run_frames(1)  # the panels are drawn in the frame
            if scene.match.playback.busy:
                seen.append((len(scene.log_lines), row_of(scene, "pc1"), row_of(scene, "pc2")))
        play_out(app, scene)

        log = scene.log_lines
        grab = next(i for i, line in enumerate(log) if "grabs PC 1" in line)
        next_move = next(i for i, line in enumerate(log) if "Move 3" in line)
        assert grab < next_move
        assert any(grab < n <= next_move for n, _, _ in seen)  # a frame showed the grab in the zombies' step
        for n, pc1, pc2 in seen:
            said = (log[n - 1], pc1, pc2)
            assert ("grabbed" in pc1) == (n > grab), said  # from the log's grab on, not before
            if n <= next_move:  # the move not yet over on screen: the shot he has left, not the next move's 3
                assert "1 shot" in pc1 and "3 shots" not in pc1, said
            assert "ready" not in pc1 and "ready" not in pc2, said  # the humans' step is over
        # the events played: the rules' row (the next move's guns, PC 2 may act, PC 1 held and fighting)
        assert row_of(scene, "pc1").endswith("3 shots left grabbed waits"), row_of(scene, "pc1")
        assert row_of(scene, "pc2").endswith("ready"), row_of(scene, "pc2")


def test_a_character_reads_moved_while_his_move_plays(tmp_path: Path) -> None:
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, zombies=[(2, 2)], dice=[3] * 20)
    with headless_app(tmp_path / "settings.json") as app:
        app.settings.animation_speed = 1.0
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(3)
        scene = app.scene
        assert row_of(scene, "pc1").endswith("ready")
        scene.match.send(Move("pc1", ((16.0, 20.0),)))
        frames = 0
        while scene.match.playback.busy:
            app.run_frames(1)
            if scene.match.playback.busy:
                frames += 1
                assert row_of(scene, "pc1").endswith("moved"), row_of(scene, "pc1")  # not "ready" as he walks
                assert row_of(scene, "pc2").endswith("ready"), row_of(scene, "pc2")  # his friend's go is his yet
        play_out(app, scene)
        assert frames > 1 and row_of(scene, "pc1").endswith("moved")


def test_a_grab_is_told_when_the_zombie_gets_there_not_as_the_horde_sets_off(tmp_path: Path) -> None:
    """Small Town: "Zombie 5/6/4 grabs Shop assistant" and her "grabbed" came up while those zombies still stood
    in their old spots; they arrived about a second later. Three zombies come on; each grab line is told only
    once its zombie stands where the rules put it."""
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (30, 30)}, zombies=[(12, 14), (16, 15), (8, 15)], dice=[3] * 80
    )
    with headless_app(tmp_path / "settings.json") as app:
        app.settings.animation_speed = 1.0
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(3)
        scene = app.scene
        end_turn(app, scene)
        told = len(scene.log_lines)
        grabs = 0
        while scene.match.playback.busy:
            app.run_frames(1)
            for line in scene.log_lines[told:]:
                found = re.search(r"Zombie (\d+) grabs", html.unescape(re.sub("<[^>]+>", "", line)))
                if found:
                    zid = f"z{found.group(1)}"
                    shown, there = scene.match.looks[zid].position, game.figure(zid).position
                    assert math.dist(shown, there) < 0.05, (line, shown, there)
                    grabs += 1
            told = len(scene.log_lines)
        assert grabs >= 2, scene.log_lines
