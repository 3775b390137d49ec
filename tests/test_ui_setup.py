"""The set-up screen renders any rule set's SetupSpec ("The rule-set contract": set-up as data).

A small fake set-up asks one of each kind of choice (a pick and named figures with gear and a team
per player; a switch and a pick for the game); the screen is driven through pygame_gui's own events
as a player's clicks make them, and what it shows is checked, never only the answers behind it.
"""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core import UIElement
from ui_driver import click, click_link, scroll_into_view

from game.rules.contract import (
    Answers,
    NamedFigures,
    Option,
    Pick,
    Setup,
    SetupSpec,
    Switch,
    Team,
    TeamOption,
)
from game.rules.core import RULESETS, RuleSet, get_ruleset
from game.scenario.model import Scenario
from game.ui.app import App
from game.ui.scenario_list import ScenarioEntry, load_entry
from game.ui.scenes.setup import GameSetup, SetupScene

GUN = Pick("gun", "gun", (Option("pistol", "Pistol"), Option("shotgun", "Shotgun")), "pistol")


class FakeSetup(Setup):
    """One of each field kind; refuses nameless survivors and an overspent team."""

    def spec(self, scenario: Scenario) -> SetupSpec:
        return SetupSpec(
            players_min=1,
            players_max=3,
            per_player=(
                Pick("colour", "colour", (Option("red", "Red"), Option("blue", "Blue")), "red"),
                NamedFigures("crew", "survivors", 1, 3, (GUN,), default_names=("Ann", "Bob")),
                Team("team", "team", 10),
            ),
            for_game=(
                Switch("literal", "Literal reading", house=True, help="The source read word for word."),
                Pick("weather", "Weather", (Option("dry", "Dry"), Option("rain", "Rain")), "dry"),
            ),
            note="Everyone plays the survivors.",
        )

    def options(self, scenario: Scenario, answers: Answers) -> dict[str, Any]:
        return {"each": answers["each"], **answers["game"]}

    def answers(self, scenario: Scenario, options: dict[str, Any]) -> Answers:
        each = options.get("each", [])
        return {"players": len(each), "each": each, "game": {k: v for k, v in options.items() if k != "each"}}

    def refusals(self, scenario: Scenario, answers: Answers) -> list[str]:
        out = []
        for n, each in enumerate(answers["each"], 1):
            if any(not f["name"].strip() for f in each.get("crew", [])):
                out.append(f"Every survivor of player {n} needs a name.")
            if sum(t["cost"] for t in each.get("team", [])) > 10:
                out.append(f"Player {n}'s team is over its 10 points.")
        return out

    def describe(self, options: dict[str, Any]) -> str:
        return f"{len(options.get('each', []))} groups"

    def team_options(self, scenario: Scenario, answers: Answers, player: int) -> list[TeamOption]:
        left = 10 - sum(t["cost"] for t in answers["each"][player - 1].get("team", []))
        return [
            TeamOption("grunt", "Grunt", 3, "" if left >= 3 else f"Costs 3, {left} points left."),
            TeamOption("tank", "Tank", 20, f"Costs 20, {left} points left."),
        ]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ScenarioEntry:
    """A registered rule set with the fake set-up, and a scenario entry of it."""
    from game.rules.zombiekrieg.testing import tiny_scenario

    ruleset = dataclasses.replace(get_ruleset("zombiekrieg"), key="fake", name="Fake Rules", setup=FakeSetup())
    monkeypatch.setitem(RULESETS, "fake", ruleset)
    scenario = dataclasses.replace(tiny_scenario(), ruleset="fake", title="Fake Street")
    return ScenarioEntry(tmp_path / "fake.tmx", scenario)


HOUSE_READINGS = {
    "corporal_only_when_sergeant_dead": False,
    "fire_needs_clear_sight": False,
    "melee_against_guts_only": False,
    "zombie_clutter_full_roll": False,
}


def open_setup(app: App, entry: ScenarioEntry) -> SetupScene:
    app.push(SetupScene(app, entry))
    app.run_frames(2)
    return app.scene


def texts(scene: SetupScene, kind: type) -> list[str]:
    """The words of every widget of a kind the scene shows now."""
    out = []
    for e in scene._elements:
        if isinstance(e, kind) and e.alive():
            if isinstance(e, pygame_gui.elements.UIDropDownMenu):
                out.append(e.selected_option[0])
            elif isinstance(e, pygame_gui.elements.UITextEntryLine):
                out.append(e.get_text())
            else:
                out.append(e.text)
    return out


def scroll_to_end(app: App, scene: SetupScene, down: bool = True) -> None:
    """Scroll the choices until the last of them shows (up: the first), as dragging the scroll bar's thumb
    to its end does. (Clicks on the bar's arrows move it by the frame's time: on a loaded machine 120 of
    them fell short, and the next click missed a drop-down half scrolled out of the box.)"""
    box = next(e for e in scene._elements if isinstance(e, pygame_gui.elements.UIScrollingContainer))
    bar = box.vert_scroll_bar
    assert bar is not None
    bar.set_scroll_from_start_percentage(1.0 - bar.visible_percentage if down else 0.0)
    app.run_frames(3)


def scroll_to(app: App, scene: SetupScene, element: UIElement) -> None:
    """Scroll the choices so ``element`` shows near the top of the box, as dragging the scroll bar does."""
    box = next(e for e in scene._elements if isinstance(e, pygame_gui.elements.UIScrollingContainer))
    bar = box.vert_scroll_bar
    assert bar is not None
    top = element.relative_rect.y / box.scrolling_height
    bar.set_scroll_from_start_percentage(max(0.0, min(top - 0.02, 1.0 - bar.visible_percentage)))
    app.run_frames(3)


def menus(scene: SetupScene) -> list[pygame_gui.elements.UIDropDownMenu]:
    return [e for e in scene._elements if isinstance(e, pygame_gui.elements.UIDropDownMenu) and e.alive()]


def choose(app: App, menu: pygame_gui.elements.UIDropDownMenu, text: str) -> None:
    """Open a drop-down with a click and click the option ``text`` in its list."""
    for _ in range(3):  # on a loaded machine pygame_gui may not take the first click (a slow frame)
        click(app, menu.rect.center)
        app.run_frames(2)
        if menu.current_state is menu.menu_states["expanded"]:
            break
    state = menu.menu_states["expanded"]
    assert menu.current_state is state, f"the drop-down at {menu.rect} did not open"
    item = next(i for i in state.options_selection_list.item_list if i["text"] == text)
    click(app, item["button_element"].rect.center)
    app.run_frames(2)


def button(scene: SetupScene, text: str, nth: int = 0) -> pygame_gui.elements.UIButton:
    found = [
        e for e in scene._elements if isinstance(e, pygame_gui.elements.UIButton) and e.alive() and e.text == text
    ]
    return found[nth]


def test_every_kind_of_choice_is_shown_with_its_defaults(app: App, fake: ScenarioEntry) -> None:
    scene = open_setup(app, fake)
    labels = texts(scene, pygame_gui.elements.UILabel)
    assert "Set-up - Fake Street" in labels
    assert {"Players", "Player 1 colour", "Player 1 survivors (1-3)", "Player 1 team: 0 of 10 points"} <= set(
        labels
    )
    assert "Literal reading [house]" in labels and "Weather" in labels  # a house choice says so
    assert "Everyone plays the survivors." in labels
    assert texts(scene, pygame_gui.elements.UIDropDownMenu) == [
        "1 player (solo)",
        "Red",
        "Pistol",
        "Load team...",  # a team saved before, for this seat
        "Dry",
    ]
    assert texts(scene, pygame_gui.elements.UITextEntryLine) == ["Ann", ""]  # the name to save the team under
    assert button(scene, "No").tool_tip_text == "The source read word for word."
    assert scene.players_menu.options_list == [
        ("1 player (solo)", "1 player (solo)"),
        ("2 players", "2 players"),
        ("3 players", "3 players"),
    ]
    assert scene.refusal_box is None and scene.begin.is_enabled
    assert scene.setup.answers == {
        "players": 1,
        "each": [{"colour": "red", "crew": [{"name": "Ann", "gun": "pistol"}], "team": []}],
        "game": {"literal": False, "weather": "dry"},
    }


def test_picks_switches_and_players_change_the_answers(app: App, fake: ScenarioEntry) -> None:
    scene = open_setup(app, fake)
    scroll_to_end(app, scene)  # the team's Add list makes one player's choices taller than the window
    click(app, button(scene, "No").rect.center)
    assert scene.setup.answers["game"]["literal"] is True and button(scene, "Yes")
    choose(app, menus(scene)[-1], "Rain")
    assert scene.setup.options["weather"] == "rain" and scene.setup.options["literal"] is True
    scroll_to_end(app, scene, down=False)
    choose(app, scene.players_menu, "2 players")
    assert app.scene is scene and scene.setup.players == 2
    assert "Player 2 colour" in texts(scene, pygame_gui.elements.UILabel)
    assert (
        texts(scene, pygame_gui.elements.UIDropDownMenu)[4] == "Red"
    )  # player 2's colour, after player 1's block
    scroll_to(app, scene, menus(scene)[4])
    choose(app, menus(scene)[4], "Blue")
    assert [each["colour"] for each in scene.setup.answers["each"]] == ["red", "blue"]
    assert scene.setup.options["weather"] == "rain"  # the game's choices stay as they were


def test_named_figures_are_added_named_armed_and_removed(app: App, fake: ScenarioEntry) -> None:
    scene = open_setup(app, fake)
    click(app, button(scene, "Add").rect.center)
    assert texts(scene, pygame_gui.elements.UITextEntryLine) == ["Ann", "Bob", ""]  # and the team's name
    crew = scene.setup.answers["each"][0]["crew"]
    assert [f["name"] for f in crew] == ["Ann", "Bob"]
    choose(app, menus(scene)[3], "Shotgun")  # Bob's gun (after the players, colour and Ann's gun)
    assert scene.setup.answers["each"][0]["crew"][1]["gun"] == "shotgun"
    # a name typed in: an empty one is refused with the rules' words, and Begin waits
    entry = next(e for e in scene._elements if isinstance(e, pygame_gui.elements.UITextEntryLine) and e.alive())
    entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, {"ui_element": entry, "text": ""}))
    app.run_frames(2)
    assert scene.refusal_box is not None and "needs a name" in scene.refusal_box.html_text
    assert not scene.begin.is_enabled
    click(app, scene.begin.rect.center)
    assert app.scene is scene  # refused: still here
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, {"ui_element": entry, "text": "Cat"}))
    app.run_frames(2)
    assert scene.refusal_box is None and scene.begin.is_enabled
    assert scene.setup.answers["each"][0]["crew"][0]["name"] == "Cat"
    # three at most (no Add), one at least (Remove only while there are more)
    click(app, button(scene, "Add").rect.center)
    assert not any(e.text == "Add" for e in scene._elements if isinstance(e, pygame_gui.elements.UIButton))
    click(app, button(scene, "Remove", 1).rect.center)
    # the new one took the first name nobody had (Ann, renamed Cat); Bob removed
    assert [f["name"] for f in scene.setup.answers["each"][0]["crew"]] == ["Cat", "Ann"]


def add_list(scene: SetupScene, player: int = 1) -> pygame_gui.elements.UITextBox:
    """A player's Add list: the options offered now, each with its cost, a refused one with its reason."""
    return next(
        e
        for e in scene._elements
        if isinstance(e, pygame_gui.elements.UITextBox) and e.alive() and f"#add_list_{player}" in e.object_ids
    )


def test_a_team_lists_what_may_be_added_with_its_cost_and_the_reason_for_a_refusal(
    app: App, fake: ScenarioEntry
) -> None:
    scene = open_setup(app, fake)
    listed = add_list(scene)
    assert [c.text for c in listed.link_hover_chunks] == ["+ Grunt (3 pts)"]  # a refused one is no link
    assert "Tank (20 pts) - Costs 20, 10 points left." in listed.html_text  # greyed, and why on its row
    for _ in range(3):
        click_link(app, add_list(scene), "+ Grunt")
    assert [t["id"] for t in scene.setup.answers["each"][0]["team"]] == ["grunt"] * 3
    labels = texts(scene, pygame_gui.elements.UILabel)
    assert "Player 1 team: 9 of 10 points" in labels and "Grunt x3 (9 pts)" in labels  # alike ones on one row
    listed = add_list(scene)
    assert listed.link_hover_chunks == [] and "Grunt (3 pts) - Costs 3, 1 points left." in listed.html_text
    click(app, button(scene, "Remove 1").rect.center)
    assert "Player 1 team: 6 of 10 points" in texts(scene, pygame_gui.elements.UILabel)
    assert "Grunt x2 (6 pts)" in texts(scene, pygame_gui.elements.UILabel)


def test_the_add_list_shows_many_rows_and_reads_a_long_refusal_whole(
    app: App, fake: ScenarioEntry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long list scrolls in a box of many rows; a long reason wraps inside it, never cut at an edge."""
    reason = "Costs 20 points and only 10 are left: take fewer grunts, or no sergeant, to make room for it."
    many = [TeamOption(f"g{n}", f"Grunt number {n}", 1) for n in range(30)] + [TeamOption("t", "Tank", 20, reason)]
    monkeypatch.setattr(FakeSetup, "team_options", lambda self, s, a, p: many)
    scene = open_setup(app, fake)
    listed = add_list(scene)
    assert listed.rect.height >= 8 * 30 and listed.scroll_bar is not None  # many rows show; the rest scroll
    assert html.escape(reason) in listed.html_text
    assert listed.text_box_layout.layout_rect.width <= listed.rect.width  # wrapped, not cut
    scroll_into_view(app, scene, listed)  # (the box runs below the choices' fold: scrolled to, as a player would)
    click_link(app, listed, "+ Grunt number 29")
    assert [t["id"] for t in scene.setup.answers["each"][0]["team"]] == ["g29"]


def test_begin_hands_the_answers_and_options_to_the_game(
    app: App, fake: ScenarioEntry, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[GameSetup] = []
    monkeypatch.setattr(app, "start_game", started.append)
    scene = open_setup(app, fake)
    click(app, scene.begin.rect.center)
    # the points left would buy a Grunt: the first Begin says so, the second plays
    assert started == [] and scene.begin.text == "Begin anyway"
    said = html.unescape(scene.refusal_box.html_text)
    assert "Player 1's team: 10 of 10 points unspent (Grunt, 3 pts, still fits)." in said
    click(app, scene.begin.rect.center)
    [setup] = started
    assert setup.entry is fake and setup.options == {
        "each": [{"colour": "red", "crew": [{"name": "Ann", "gun": "pistol"}], "team": []}],
        "literal": False,
        "weather": "dry",
    }


def test_many_choices_scroll_instead_of_running_off_the_window(app: App, fake: ScenarioEntry) -> None:
    scene = open_setup(app, fake)
    choose(app, scene.players_menu, "3 players")
    crew = scene.spec.per_player[1]
    for player in (1, 2, 3):
        for _ in range(2):
            scene._add_figure(crew, player)  # what each player's Add does
    app.run_frames(2)
    assert any(isinstance(e, pygame_gui.elements.UIScrollingContainer) for e in scene._elements)
    assert scene.begin.rect.bottom <= app.screen.get_height()


# ---- the starter map's set-up ----------------------------------------------------------------------


def starter(app: App) -> SetupScene:
    from game.assets import default_scenario

    return open_setup(app, load_entry(default_scenario()))


def test_the_starter_map_asks_players_each_section_and_the_corporal_weapon(app: App) -> None:
    """Rules: Forces: one to four players, one section each; the American Corporal's Thompson or Burp; the
    horde size (normal: the map's own ratio)."""
    scene = starter(app)
    labels = texts(scene, pygame_gui.elements.UILabel)
    assert ["Players", "Player 1 section", "American Corporal's weapon"] == [
        t for t in labels if t in ("Players", "Player 1 section", "American Corporal's weapon")
    ]
    assert "All players are on the Allied side; the game plays the zombies." in labels
    assert texts(scene, pygame_gui.elements.UIDropDownMenu) == [
        "1 player (solo)",
        "American",
        "Thompson SMG",
        "Normal (2.5 to 1)",
    ]
    assert [o[0] for o in scene.players_menu.options_list] == [
        "1 player (solo)",
        "2 players",
        "3 players",
        "4 players",
    ]
    choose(app, scene.players_menu, "2 players")
    choose(app, menus(scene)[2], "Soviet")
    choose(app, menus(scene)[-2], '"Burp" SMG')
    assert texts(scene, pygame_gui.elements.UIDropDownMenu) == [
        "2 players",
        "American",
        "Soviet",
        '"Burp" SMG',
        "Normal (2.5 to 1)",
    ]
    assert scene.setup.options == {
        "sections": ["american", "soviet"],
        "american_corporal_weapon": "burp",
        "horde": "normal",
        "readings": HOUSE_READINGS,  # the source's literal readings, all off: the house readings play
    }


def test_a_game_setup_without_answers_is_the_rule_set_default(app: App) -> None:
    from game.assets import default_scenario

    setup = GameSetup(load_entry(default_scenario()))
    assert setup.options == {
        "sections": ["american"],
        "american_corporal_weapon": "thompson",
        "horde": "normal",
        "readings": HOUSE_READINGS,
    }
    setup.use_options({"sections": ["british", "soviet"]})
    assert setup.players == 2 and setup.options["sections"] == ["british", "soviet"]


def test_a_registered_rule_set_without_a_setup_is_not_playable_on_screen(
    app: App, fake: ScenarioEntry, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.app import not_playable

    bare: RuleSet = dataclasses.replace(RULESETS["fake"], setup=None)
    monkeypatch.setitem(RULESETS, "fake", bare)
    assert not_playable("fake") == "Fake Rules is not playable on screen yet"
    app.start_setup(fake)
    assert app.scene.name == "title"
