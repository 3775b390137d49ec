"""The horde size (rules: Zombiekrieg 848, Forces: the zombies outnumber the Allies "two or three to one").

A set-up choice and a game option ``horde``: light plays 2 zombies per Allied figure, normal the map's own
``zombie_ratio`` (the default), heavy 3. Checked on Normandy (ratio 2.5, at least 12) as a player sets it
up, through the rules, a save, the rules help and the real set-up screen."""

from __future__ import annotations

from pathlib import Path

import pygame_gui
import pytest
from test_ui_setup import choose, menus, open_setup, texts

from game.rules.zombiekrieg import new_game
from game.rules.zombiekrieg.reference import scenario_reference
from game.rules.zombiekrieg.setup import SETUP
from game.rules.zombiekrieg.testing import tiny_scenario
from game.saves import SaveError, read_save, restore, save_game
from game.scenario import load_scenario
from game.ui.app import App
from game.ui.scenario_list import load_entry

NORMANDY = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"


def zombies(options: dict, seed: int = 1, scenario=None) -> int:
    g = new_game(scenario or load_scenario(NORMANDY), options, seed)
    return len(g.state.zombies())


@pytest.mark.parametrize(
    "sections,light,normal,heavy",
    [
        (["american"], 22, 28, 33),  # 11 men: 2 x 11, 2.5 x 11 = 27.5 rounded up, 3 x 11
        (["american", "soviet"], 42, 53, 63),  # 11 + 10 men: 52.5 rounded up
    ],
)
def test_the_horde_size_sets_the_zombies_on_normandy(sections, light, normal, heavy):
    """Light 2 zombies per soldier, normal the map's 2.5, heavy 3; no option plays normal."""
    counts = {h: zombies({"sections": sections, "horde": h}) for h in ("light", "normal", "heavy")}
    assert counts == {"light": light, "normal": normal, "heavy": heavy}
    assert zombies({"sections": sections}) == normal


def test_the_minimum_holds_for_a_light_horde():
    """Rules: Forces: at least twelve zombies, whatever the horde size (a 4-figure force: 8 would be 2 to 1)."""
    sc = tiny_scenario(properties={"zombies_min": 12})
    g = new_game(sc, {"sections": ["american"], "horde": "light"}, 1)
    assert len(g.state.zombies()) == max(12, 2 * len(g.state.allied()))


@pytest.mark.parametrize("bad", ["huge", "Heavy", 3, ["heavy"]])
def test_a_bad_horde_size_is_refused_naming_the_option(bad):
    with pytest.raises(
        ValueError, match=r"Unknown horde size .* \(option 'horde'\); choose light, normal or heavy"
    ):
        new_game(load_scenario(NORMANDY), {"sections": ["american"], "horde": bad}, 1)
    answers = SETUP.answers(load_scenario(NORMANDY), {"sections": ["american"]})
    answers["game"]["horde"] = bad
    assert any("option 'horde'" in r for r in SETUP.refusals(load_scenario(NORMANDY), answers))


def test_a_save_keeps_the_horde_size_and_says_a_bad_one(tmp_path):
    """A saved heavy game restores with its 33 zombies; a save naming an unknown size is refused, saying why."""
    sc = load_scenario(NORMANDY)
    g = new_game(sc, {"sections": ["american"], "horde": "heavy"}, 4)
    saved = read_save(save_game(g, tmp_path / "heavy.json"))
    assert saved.options["horde"] == "heavy"
    again = restore(saved, scenario=sc)
    assert len(again.state.zombies()) == 33 and again.state_data() == g.state_data()
    saved.options["horde"] = "enormous"
    with pytest.raises(SaveError, match="enormous"):
        restore(saved, scenario=sc)


def test_the_rules_help_says_the_sizes_and_the_one_played():
    """The Forces section lists light 2 and heavy 3; with a game's options it says the count played."""
    sc = load_scenario(NORMANDY)
    forces = scenario_reference(sc, {"sections": ["american"], "horde": "heavy"})[0]
    words = " ".join(p.text for p in forces.paragraphs if hasattr(p, "text"))
    assert "light plays 2 zombies to each Allied figure" in words and "heavy 3" in words
    assert "33 zombies against 11 Allied figures" in words and "this game plays the heavy horde" in words
    played = next(p for p in forces.paragraphs if "this game plays the heavy horde" in getattr(p, "text", ""))
    assert [(r.text, r.house) for r in played.runs if r.key == "horde.heavy"] == [("3", False)]  # [seed]
    normal = scenario_reference(sc, {"sections": ["american"]})[0]
    assert "28 zombies against 11 Allied figures (the map sets the ratio and the least number)." in " ".join(
        p.text for p in normal.paragraphs if hasattr(p, "text")
    )


def test_the_set_up_screen_offers_the_horde_size(app: App) -> None:
    """Normandy's set-up shows "Horde size [house]" with its three sizes and the map's ratio; choosing Heavy
    puts it in the game's options and the load list's description."""
    scene = open_setup(app, load_entry(NORMANDY))
    assert "Horde size [house]" in texts(scene, pygame_gui.elements.UILabel)
    menu = next(m for m in menus(scene) if m.selected_option[0] == "Normal (2.5 to 1)")
    assert [o[0] for o in menu.options_list] == ["Light (2 to 1)", "Normal (2.5 to 1)", "Heavy (3 to 1)"]
    assert scene.setup.options["horde"] == "normal"
    choose(app, menu, "Heavy (3 to 1)")
    assert "Heavy (3 to 1)" in texts(scene, pygame_gui.elements.UIDropDownMenu)
    assert scene.setup.options["horde"] == "heavy"
    assert SETUP.describe(scene.setup.options) == "American; heavy horde"


def test_the_top_bar_says_a_light_or_heavy_horde():
    """The objective line (the game's top bar) ends "· heavy horde" for a heavy game; a normal one is as before."""
    from game.rules.zombiekrieg.view import ZombiekriegView

    sc, view = load_scenario(NORMANDY), ZombiekriegView()
    heavy = view.objective_line(new_game(sc, {"sections": ["american"], "horde": "heavy"}, 2))
    normal = view.objective_line(new_game(sc, {"sections": ["american"]}, 2))
    assert heavy.endswith("turns left \u00b7 heavy horde") and normal.endswith("turns left")
    assert "light horde" in view.objective_line(new_game(sc, {"sections": ["american"], "horde": "light"}, 2))
