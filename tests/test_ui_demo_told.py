"""The demo tells what the board has shown, never what is still queued for animation (the club organisers' first
finding: "The survivors win!" while turn 6 still moved on the board, "Ork Boyz 0" over fourteen Orks standing, a
count going 8, 7, 2, 2, 8). Through the real demo scene headless, on a simulated clock."""

from __future__ import annotations

import re

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop, sides
from game.ui.app import App
from game.ui.scenes.demo import DemoScene

HIVE_STREET = str(assets_dir("maps") / "hive_street.tmx")
LAST_EVAC = str(assets_dir("maps") / "last_evac.tmx")
FRAME = 1 / 30


def on_table(app: App, loop: DemoLoop) -> DemoScene:
    app.settings.animation_speed = 1.0
    scene = DemoScene(app, loop)
    app.replace(scene)
    scene.card_left = 0.0
    return scene


def standing_on_the_board(scene: DemoScene) -> list[int]:
    """Each team's models the board shows standing (a Zombie 40,000 game: a team a player)."""
    game, looks = scene.match.game, scene.match.looks
    return [
        sum(
            looks[m].state not in ("dead", "embarked", "exited")
            for m in game.state.squad_of(p).models
            if m in looks
        )
        for p in game.state.players
    ]


def teams_told(scene: DemoScene) -> list[int]:
    """Each team's count on the scoreboard (the zombies' count follows them)."""
    said = re.findall(r"([^:-]+): (\d+) standing", scene.scoreboard())
    return [int(n) for name, n in said if "Zombies" not in name]


def test_a_teams_count_never_drops_before_the_board_shows_its_models_fall(app: App) -> None:
    scene = on_table(app, DemoLoop(DemoDirector([HIVE_STREET], seed=2)))
    ahead = 0  # frames where the rules had models down the board still showed standing
    for _ in range(6000):  # (some 3800 frames before actions off the view waited for the camera; 4100 after)
        scene.update(FRAME)
        told = teams_told(scene)
        board = standing_on_the_board(scene)
        assert len(told) == len(board) == 2
        assert all(t >= b for t, b in zip(told, board)), (told, board)  # (it said 0 over 14 Orks standing)
        ahead += any(r.standing < b for r, b in zip(sides(scene.match.game), board))
        if ahead > 60 and not scene.match.playback.busy:
            break
    assert ahead > 60  # the rules were ahead of the board a while, and the scoreboard kept to the board
    assert teams_told(scene) == standing_on_the_board(scene)


def last_command_on_the_table(app: App, seed: int) -> DemoScene:
    """A demo scene whose game's next command ends it (the same game played again, one command short)."""
    first = DemoLoop(DemoDirector([LAST_EVAC], seed=seed))
    first.tick()
    commands = 0
    while not first.game.over:
        first.tick()
        commands += 1
    loop = DemoLoop(DemoDirector([LAST_EVAC], seed=seed))
    loop.tick()
    for _ in range(commands - 1):
        loop.tick()
    assert not loop.game.over
    return on_table(app, loop)


def test_the_win_and_the_tally_wait_for_the_last_command_to_be_shown(app: App) -> None:
    scene = last_command_on_the_table(app, 12)
    tally = scene.loop.tally.line()
    for _ in range(30):
        scene.update(FRAME)
        if scene.match.game.over:
            break
    assert scene.match.game.over and scene.match.playback.busy  # the last command applied, still on its way
    plays = 0
    while scene.match.playback.busy and plays < 3000:
        assert "win" not in scene.scoreboard() and tally in scene.scoreboard(), scene.scoreboard()
        assert scene.result_left is None
        scene.update(FRAME)
        plays += 1
    scene.update(FRAME)
    assert "The survivors win!" in scene.scoreboard() and tally not in scene.scoreboard()
    assert scene.result_left is not None
    said = scene.match.status  # the result in the view's words, said once ("Game over: Game over: ..." read twice)
    assert said.startswith("Game over: ") and said.count("Game over") == 1, said
