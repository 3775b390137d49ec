"""The demo speaks to onlookers (the organiser's 5/10: "press 1 to keep...", "your section acts" stayed up over a
bots' game): its notice band shows only the newest notice, for a moment, and never a prompt to a player; its latest
line tells a player's turn in the third person; zombies arriving get a caption in plain words that stays up.
Through the real demo scene headless."""

from __future__ import annotations

import pytest

from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.demo_words import speaks_to_player
from game.ui.scenes.demo import CAPTION_SECONDS, NOTICE_SECONDS, DemoScene

FPS = 60


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 4.0
    return app


def on_table(app: App, maps: list[str], seed: int = 4) -> DemoScene:
    scene = DemoScene(app, DemoLoop(DemoDirector(maps, seed=seed)))
    app.replace(scene)
    app.run_frames(1)
    scene.card_left = 0.0
    return scene


def shown_words(scene: DemoScene) -> list[str]:
    """The words the demo shows over and under the table this frame: the notice, the latest line, a caption."""
    caption = scene.caption if scene.caption_left > 0 else ""
    return [w for w in (scene.notice()[0], scene.latest, caption) if w]


def test_a_demo_game_never_shows_a_player_prompt(app: App) -> None:
    """A stretch of a four-team Zombie 40,000 game and of Normandy Village, and the prompts their rules speak to a
    player with (a power-up's "press 1...", "Player 1: your section acts."): nothing shown speaks to a player."""
    for maps in (["maps/hive_street.tmx"], ["maps/normandy_village.tmx"]):
        scene = on_table(app, maps)
        scene.log("<b>Player 1: your section acts.</b>")
        assert scene.latest == "Player 1's section acts."  # whose turn, told to onlookers
        scene.match.notices = [("choice:p1", "Power-up for Ork Boyz: press 1 to roll twice, or 2 to keep it")]
        scene.match._notice_times = {"choice:p1": 2.0}
        said = []
        for _ in range(FPS * 12):
            scene.update(1 / FPS)
            said += shown_words(scene)
        assert scene.commands_shown > 5
        assert not [w for w in said if speaks_to_player(w)], sorted({w for w in said if speaks_to_player(w)})


def test_the_demo_shows_only_the_newest_notice_and_briefly(app: App) -> None:
    """Three notices up at once read as a wall of stale news: the demo shows the newest one, for at most
    :data:`NOTICE_SECONDS`."""
    scene = on_table(app, ["maps/hive_street.tmx"])
    scene.match.notices = [("1:movement", "Player 1: Movement phase"), ("zombies", "The zombies' turn")]
    scene.match._notice_times = {"1:movement": 0.9, "zombies": 2.4}
    assert scene.notice()[0] == "The zombies' turn"
    scene.match._notice_times = {"1:movement": 0.2, "zombies": 2.4 - NOTICE_SECONDS - 0.1}
    assert scene.notice() == ("", 0.0)


def test_zombies_arriving_get_a_caption_that_stays_up(app: App) -> None:
    """A Zombie 40,000 horde respawning: the demo says so in plain words, and the caption stays up its
    :data:`CAPTION_SECONDS` whatever lines the log adds meanwhile."""
    from game.rules.zombie40k import events as ev

    scene = on_table(app, ["maps/hive_street.tmx"])
    horde = next(u for u in scene.match.game.state.units.values() if u.id.startswith("h"))
    event = ev.HordeRespawned(horde.id, 3, "the north edge", tuple(horde.models), (10.0, 10.0))
    scene._caption_of([event])
    for _ in range(FPS * 2):
        scene.update(1 / FPS)
        scene.log('Ork Boy 4 moves 6.0".')
    assert "More zombies" in scene.caption and "is back with" in scene.caption and scene.caption_left > 0
    scene.draw(app.screen)
    assert scene.latest_rect.height > 0
    for _ in range(round(FPS * CAPTION_SECONDS)):
        scene.update(1 / FPS)
    assert scene.caption_left <= 0
