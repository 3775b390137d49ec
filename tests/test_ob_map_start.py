"""Where Outbreak's characters start: New game (the set-up filled in with the map's characters) stands each
one on his map figure, as ``simulate`` and ``demo`` do, so the game a designer balances is the game a player
plays; a character the player adds, with no figure of his own, starts in the deploy zone; options saved
before characters named their figure start in the deploy zone as they always did (rules: Outbreak, Forces
[house])."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.rules.contract import default_figure, figure_names
from game.rules.core import CannotStart, get_ruleset, replay
from game.rules.outbreak import EndStep, new_game
from game.saves import load_game, save_game
from game.scenario import load_scenario
from game.scenario.model import Scenario
from game.ui.game_setup import GameSetup, resize_answers
from game.ui.scenario_list import load_entry

MAPS = Path(__file__).resolve().parent.parent / "maps"
RS = get_ruleset("outbreak")


def starts(game: Any) -> list[tuple[str, tuple[float, float], float]]:
    """Each character's name, place and facing at the start."""
    return [(p.name, p.position, p.facing) for p in game.state.pcs()]


def in_deploy_zone(scenario: Scenario, p: tuple[float, float]) -> bool:
    return any(z.area.contains(p) for z in scenario.zones_of("deploy"))


@pytest.mark.parametrize("name", ["small_town", "hollow_creek_farm"])
def test_new_game_stands_the_map_characters_on_their_figures_as_the_simulator_does(name: str) -> None:
    setup = GameSetup(load_entry(MAPS / f"{name}.tmx"))
    sc = setup.entry.scenario
    assert sc is not None and setup.refusals == []
    played = new_game(sc, setup.options, seed=5)
    balanced = new_game(sc, {}, seed=5)  # what simulate and demo play
    assert starts(played) == starts(balanced)
    drawn = [(pl.name, pl.position, pl.facing) for pl in sc.placements_of("character")]
    assert starts(played) == drawn


def test_a_renamed_and_rearmed_map_character_keeps_his_figure_and_play_again_too() -> None:
    setup = GameSetup(load_entry(MAPS / "small_town.tmx"))
    sc = setup.entry.scenario
    assert sc is not None
    dale = setup.answers["each"][0]["characters"][0]
    dale["name"], dale["ranged"] = "Big Dale", "rifle"  # what the set-up's name entry and drop-down do
    game = new_game(sc, setup.options, seed=1)
    first = game.state.pcs()[0]
    assert (first.name, first.ranged, first.position) == ("Big Dale", "rifle", (3.0, 43.0))
    again = GameSetup(setup.entry)
    again.use_options(setup.options)  # Play again
    assert starts(new_game(sc, again.options, seed=1)) == starts(game)


def test_a_character_swapped_in_starts_in_the_deploy_zone_the_others_on_their_figures() -> None:
    setup = GameSetup(load_entry(MAPS / "small_town.tmx"))
    sc = setup.entry.scenario
    spec = setup.spec
    assert sc is not None and spec is not None
    chars = setup.answers["each"][0]["characters"]
    del chars[3]  # Remove Trina, then Add: what the set-up's buttons do
    chars.append(default_figure(spec.per_player[0], figure_names(setup.answers)))  # type: ignore[arg-type]
    chars[3]["name"] = "Newcomer"
    assert setup.refusals == []
    pcs = new_game(sc, setup.options, seed=1).state.pcs()
    assert [p.position for p in pcs[:3]] == [(3.0, 43.0), (5.5, 43.0), (8.0, 43.0)]
    assert pcs[3].name == "Newcomer" and in_deploy_zone(sc, pcs[3].position)
    assert pcs[3].position not in [p.position for p in pcs[:3]]


def test_a_later_players_new_character_starts_in_the_deploy_zone() -> None:
    """Players: 3 shares the map's four characters out (each on his figure) and makes every group up to two
    with a named newcomer, who has no figure and starts in the deploy zone."""
    setup = GameSetup(load_entry(MAPS / "small_town.tmx"))
    sc, spec = setup.entry.scenario, setup.spec
    assert sc is not None and spec is not None
    setup.answers = setup.starting_teams(resize_answers(spec, setup.answers, 3))  # Players: 3
    assert setup.refusals == []
    pcs = new_game(sc, setup.options, seed=1).state.pcs()
    drawn = {pl.name: pl.position for pl in sc.placements_of("character")}
    assert [len([p for p in pcs if p.player == n]) for n in (1, 2, 3)] == [2, 2, 2]
    assert all(p.position == drawn[p.name] for p in pcs if p.name in drawn)
    newcomers = [p for p in pcs if p.name not in drawn]
    assert len(newcomers) == 2 and all(in_deploy_zone(sc, p.position) for p in newcomers)


OLD_SAVE: dict[str, Any] = {  # a save's options before characters named their figure
    "players": 1,
    "characters": [
        {"name": "Sheriff Dale", "player": 1, "ranged": "pistol", "melee": "knife"},
        {"name": "Jo the mechanic", "player": 1, "ranged": "pistol", "melee": "knife"},
        {"name": "Deacon Hale", "player": 1, "ranged": "pistol", "melee": "knife"},
        {"name": "Trina", "player": 1, "ranged": "pistol", "melee": "knife"},
    ],
}


def test_an_old_save_without_figures_starts_and_replays_in_the_deploy_zone_as_before(tmp_path: Path) -> None:
    sc = load_scenario(MAPS / "small_town.tmx")
    game = new_game(sc, OLD_SAVE, seed=3)
    assert starts(game) == [  # as the game before this change placed them
        ("Sheriff Dale", (5.5, 42.75), 314.615),
        ("Jo the mechanic", (5.5, 44.25), 312.414),
        ("Deacon Hale", (5.5, 41.25), 317.003),
        ("Trina", (5.5, 45.75), 310.384),
    ]
    for _ in range(3):
        game.apply(EndStep())
    again = replay(RS, sc, OLD_SAVE, 3, list(game.commands))
    assert again.log == game.log
    loaded = load_game(save_game(game, tmp_path / "old.json"))
    assert loaded.options == OLD_SAVE and loaded.log == game.log


@pytest.mark.parametrize(
    "figure,word",
    [(99, "no character figure 99"), ("33", "'figure'"), (True, "'figure'")],
)
def test_a_figure_the_map_lacks_is_refused_by_name(figure: Any, word: str) -> None:
    sc = load_scenario(MAPS / "small_town.tmx")
    options = {"characters": [{"name": "Ann", "figure": figure}]}
    with pytest.raises(CannotStart, match=word):
        new_game(sc, options, seed=1)


def test_two_characters_on_one_figure_are_refused() -> None:
    sc = load_scenario(MAPS / "small_town.tmx")
    options = {"characters": [{"name": "Ann", "figure": 33}, {"name": "Bo", "figure": 33}]}
    with pytest.raises(CannotStart, match="stands on map figure 33 too"):
        new_game(sc, options, seed=1)


def shown_button(scene: Any, text: str, nth: int = 0) -> Any:
    """The set-up screen's ``nth`` button that says ``text``."""
    import pygame_gui

    found = [
        e for e in scene._elements if isinstance(e, pygame_gui.elements.UIButton) and e.alive() and e.text == text
    ]
    return found[nth]


def test_on_the_set_up_screen_begin_plays_the_map_start_and_a_character_added_starts_in_the_deploy_zone(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui_driver import click, scroll_into_view

    from game.ui.scenes.setup import SetupScene

    started: list[GameSetup] = []
    monkeypatch.setattr(app, "start_game", lambda setup, seed=None: started.append(setup))
    entry = load_entry(MAPS / "small_town.tmx")
    app.push(SetupScene(app, entry))
    app.run_frames(2)
    scene = app.scene
    remove = shown_button(scene, "Remove", 3)  # Trina's row
    scroll_into_view(app, scene, remove)
    click(app, remove.rect.center)
    add = shown_button(scene, "Add")
    scroll_into_view(app, scene, add)
    click(app, add.rect.center)
    for _ in range(2):  # a second press when the first one warns ("Begin anyway")
        if not started:
            click(app, scene.begin.rect.center)
    [setup] = started
    sc = entry.scenario
    assert sc is not None
    pcs = new_game(sc, setup.options, seed=1).state.pcs()
    assert [(p.name, p.position) for p in pcs[:3]] == [
        ("Sheriff Dale", (3.0, 43.0)),
        ("Jo the mechanic", (5.5, 43.0)),
        ("Deacon Hale", (8.0, 43.0)),
    ]
    assert len(pcs) == 4 and in_deploy_zone(sc, pcs[3].position)  # the one added: no figure of his own
