"""Load game and a hosted game's autosave (issue 40): Load asks whether to resume the room (its players rejoin) or
to play it here on one screen; on one screen, the game's later autosaves are no longer a room's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from net_helpers import MAPS
from ui_driver import click, headless_app

from game.net.headless import HostPlan, make_room
from game.net.room import RoomNote
from game.saves import read_save
from game.ui.scenes.host import HostScene
from game.ui.scenes.load import HERE_WORDS, ROOM_WORDS, LoadScene


def hosted_autosave(app: Any) -> None:
    """A room of Ann (on the host's screen) and Bob (on his machine), one phase played, autosaved in the app's."""
    plan = HostPlan(
        str(MAPS / "hive_street.tmx"), seats="local,net", seed=8, autosaves=str(app.autosaves().folder)
    )
    room = make_room(plan)
    room.join([1], "Ann", True), room.join(None, "Bob", False)
    room.begin()
    room.submit([room.acting() or 1], {"type": "EndPhase"})
    assert room.autosave() == ""


def load_screen(app: Any) -> LoadScene:
    app.show_load()
    scene = app.scene
    assert isinstance(scene, LoadScene) and scene.chosen is not None
    app.run_frames(2)
    return scene


def test_load_of_a_hosted_save_asks_and_one_screen_drops_the_room(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        hosted_autosave(app)
        scene = load_screen(app)
        assert scene.room_button.visible and scene.room_button.text == ROOM_WORDS
        assert scene.load.text == HERE_WORDS
        assert "hosted for players on other machines" in scene.details.html_text
        before = {p.name for p in app.autosaves().folder.glob("autosave-*.json")}
        click(app, scene.load.rect.center)
        assert app.scene.name == "game", "the game plays here, hot-seat"
        app.scene.match.button("end_turn")
        app.scene.match.button("end_turn")
        app.run_frames(5)
        new = sorted(p for p in app.autosaves().folder.glob("autosave-*.json") if p.name not in before)
        assert new, "the game played on and autosaved"
        assert all(RoomNote.read(read_save(p).extra) is None for p in new), "its autosaves are no room's"


def test_load_of_a_hosted_save_may_resume_the_room(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        hosted_autosave(app)
        scene = load_screen(app)
        click(app, scene.room_button.rect.center)
        host = app.scene
        assert isinstance(host, HostScene) and host.resumed is not None
        assert host.choices == ["this screen", "network"] and host.player == "Ann"


def test_load_of_a_game_never_hosted_just_loads(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        room = make_room(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net", seed=8))
        room.session.save(Path(app.saves_dir) / "plain.json")
        scene = load_screen(app)
        assert not scene.room_button.visible and scene.load.text == "Load"
