"""Hovering a power-up button says what that power-up does, from the data's power-up table (newcomers, session
46: "the power-up tooltips are generic": Arm read "ARM this model with the squad's Chainsaw or Shotgun" whatever
the squad carried, and the choice buttons never said what the rolled results do)."""

from __future__ import annotations

import html
from pathlib import Path

from ui_driver import headless_app, motion, on_the_table

from game.rules.zombie40k import power_ups
from game.rules.zombie40k.reference import prose

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _hovered(app, scene, key: str) -> tuple[str, str]:  # noqa: ANN001
    """Hover button ``key`` as a player does: the hint line's words, and the button's tooltip."""
    scene.match.version += 1
    app.run_frames(2)
    button = scene.buttons[key]
    motion(app, button.rect.center)
    app.run_frames(2)
    return html.unescape(scene.actions_panel.hint_html), button.tool_tip_text or ""


def test_the_arm_button_says_what_the_carried_shotgun_does(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        game = scene.match.game
        squad = game.state.squad_of(game.state.active_player)
        squad.power_ups.append(power_ups.SHOTGUN)
        hint, tip = _hovered(app, scene, "arm")
        effect = prose(power_ups.effect_of(game.world, power_ups.SHOTGUN))[0]
        assert "Shotgun" in tip and effect in tip, tip
        assert "Chainsaw" not in tip, tip  # not a line for any power-up: the one he carries
        assert effect in hint, hint


def test_the_choice_buttons_say_what_each_rolled_result_does(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        game = scene.match.game
        squad = game.state.squad_of(game.state.active_player)
        squad.power_up_offer = (9, 12)  # rolled twice: keep the Speed Pack, or the Blessing of Chuck Norris
        _, first = _hovered(app, scene, "choice_1")
        _, second = _hovered(app, scene, "choice_2")
        speed = prose(power_ups.effect_of(game.world, power_ups.SPEED_PACK))[0]
        chuck = prose(power_ups.effect_of(game.world, power_ups.CHUCK_NORRIS))[0]
        assert "Speed Pack" in first and speed in first, first
        assert "Chuck Norris" in second and chuck in second, second
