"""Every action button has one place for the whole game (issue 33, club night): in Zombiekrieg End turn
dropped a row on the first turn Fire became possible, and Order and Next swapped rows, because the panel
showed only the buttons that applied. Now each rule set's panel is laid out once, every button on view, and a
button that does not apply is grey with its reason in the tooltip. Through the real game scene."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import SHOWING, end_turn, headless_app, need_default_scenario, start_game

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _places(scene) -> dict[str, tuple[int, int] | None]:
    """Each action button's top-left on screen, None for one not on view."""
    return {name: b.rect.topleft if b.visible else None for name, b in scene.buttons.items()}


def _settle(app, scene) -> None:
    for _ in range(3000):
        if scene.match.controller.mode not in SHOWING and not scene.match.playback.busy:
            break
        app.run_frames(1)
    app.run_frames(3)


def test_zombiekrieg_buttons_keep_one_place_through_five_turns(app) -> None:
    need_default_scenario()
    scene = start_game(app, speed=50.0, seed=3)
    match = scene.match
    first = _places(scene)
    assert None not in first.values(), first  # every button on view from the start
    for _turn in range(5):
        for fid in sorted(match.ready())[:4]:  # selecting and stepping back moves nothing
            match.select(fid)
            app.run_frames(3)
            assert _places(scene) == first, (match.game.state.turn, fid)
        end_turn(app, scene, by_key=True)
        for _ in range(3000):  # through the zombies' turn: nothing moves either
            assert _places(scene) == first, (match.game.state.turn, match.controller.mode)
            if match.controller.mode not in SHOWING and not match.playback.busy:
                break
            app.run_frames(1)
        app.run_frames(3)
        assert _places(scene) == first, match.game.state.turn
    assert match.game.state.turn >= 5


@pytest.mark.parametrize("name", ["hive_street.tmx", "small_town.tmx", "normandy_village.tmx"])
def test_a_button_that_does_not_apply_is_grey_with_why_and_stays_in_its_place(tmp_path: Path, name: str) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / name), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        first = _places(scene)
        kinds = {k.key for k in scene.action_kinds()}
        assert None not in first.values() and kinds | {"next", "cancel", "skip", "end_turn"} <= set(first)
        assert not scene.buttons["cancel"].is_enabled and scene.buttons["cancel"].tool_tip_text
        ready = sorted(match.ready())
        match.select(ready[0])
        app.run_frames(3)
        assert _places(scene) == first
        able = set(match.actions(ready[0]))
        for k in kinds - able:  # off, and the tooltip says why in words
            button = scene.buttons[k]
            assert not button.is_enabled and button.tool_tip_text and button.visible, k
        for b in scene.buttons.values():  # nothing overlaps another button, all above the hint
            assert b.rect.collidelist([o.rect for o in scene.buttons.values() if o is not b]) < 0, b.text
            assert b.rect.bottom <= scene.hint_box.rect.top
        end_turn(app, scene, by_key=True)
        _settle(app, scene)
        assert _places(scene) == first
