"""Zombie 40,000 on the game screen (issue 14, "On screen"): the top bar at the default window size.

A new player reads whose turn and which phase it is in the top bar: at 1280 x 800 the turn line and the
objective of a four-player Hive Street game show whole, never cut short with an ellipsis.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import headless_app

from game.rules.core import get_ruleset
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
FOUR = ["guardian_defenders", "ork_boyz", "tactical_squad", "infantry_squad"]


def test_the_top_bar_shows_turn_player_phase_and_objective_whole_at_1280(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        setup = GameSetup(load_entry(HIVE))
        setup.use_options({"teams": FOUR})
        app.start_game(setup)
        app.run_frames(5)
        scene = app.scene
        assert app.screen.get_size() == (1280, 800)
        banner = scene.banner_label.text
        assert banner == scene.banner and "Turn 1" in banner and "Player" in banner
        assert any(p in banner for p in ("Movement", "Shooting", "Assault"))
        assert "#banner" in scene.banner_label.object_ids  # the full-size print, not a shrunk one
        objective = scene.objective_label.text
        assert objective == scene.objective_text and not objective.endswith("\u2026")
        assert "Order" in objective and "turns left" in objective


def test_the_end_button_says_it_ends_the_phase(tmp_path: Path) -> None:
    """E ends one phase of a player's turn in Zombie 40,000 (rules: "Zombie 40,000": Player turn), and
    the button says so: a new player pressing "End turn" in the movement phase lands in shooting."""
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        setup = GameSetup(load_entry(HIVE))
        setup.use_options({"teams": FOUR[:1]})
        app.start_game(setup)
        app.run_frames(5)
        assert app.scene.buttons["end_turn"].text == "End phase  E"


def test_the_outlines_call_clutter_difficult_ground_in_zombie_40000(tmp_path: Path) -> None:
    """A newcomer on Hive Street: the yellow-dotted patches "are not explained anywhere on the table"; with the
    outlines on they read "clutter: Rubble", a mapmaker's word. In Zombie 40,000 they read "difficult ground"."""
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        app.start_game(GameSetup(load_entry(HIVE)))
        app.run_frames(3)
        words = [job.text for job in app.scene.view._terrain_jobs()]
        assert any(w.startswith("difficult ground: ") for w in words), words
        assert not any(w.startswith("clutter") for w in words), words


def test_the_outlines_call_a_crashed_police_car_a_vehicle_not_a_building(tmp_path: Path) -> None:
    """A newcomer on Small Town with the outlines on (L): the parked cars, drawn as cars, were labelled
    "building: Crashed police car". A building whose name says it is a vehicle is labelled one."""
    town = HIVE.parent / "small_town.tmx"
    with headless_app(tmp_path / "settings.json") as app:
        app.start_game(GameSetup(load_entry(town)))
        app.run_frames(3)
        words = [job.text for job in app.scene.view._terrain_jobs()]
        assert "vehicle: Crashed police car" in words, words
        assert not any(w.startswith("building") and "car" in w.lower() for w in words), words
        assert any(w.startswith("building: ") for w in words), words  # the town's houses stay buildings


def test_the_top_bar_names_no_phase_of_the_last_turn_once_a_new_turn_is_shown() -> None:
    """A newcomer: "Turn 6 · Zombies moving" while his squad respawned at the start of turn 6, before any
    zombie of turn 6 moved: the top bar kept the last phase shown (turn 5's zombies) under the new turn."""
    from game.rules.zombie40k import events as ev
    from game.rules.zombie40k.testing import rigged_game
    from game.ui.match import Match

    game = rigged_game({1: [(10, 30)]})
    match = Match(game, get_ruleset("zombie40k").view())
    turn = game.state.turn + 1
    match.show(
        [
            ev.PhaseStarted("zombies"),
            ev.TurnStarted(turn),
            ev.SquadRespawned("p1", 1, ("p1-1",), (10.0, 30.0), 6.0),  # holds the table a moment
            ev.PhaseStarted("movement", 1),
        ]
    )
    seen = []
    for _ in range(200):
        if not match.playback.busy:
            break
        seen.append(match.banner())
        match.update(1 / 30)
    assert f"Turn {turn} \u00b7 Zombies moving" not in seen and any(f"Turn {turn}" in line for line in seen), seen
