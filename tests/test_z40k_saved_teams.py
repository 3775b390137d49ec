"""A saved team can be reused (issue 14, "On screen": the team builder in the set-up).

Driven through the set-up scene of Hive Street as a player's clicks make them: a team built in the
builder is saved under a name, and after the game is restarted (a new window on the same data folder)
it is loaded for another seat. Hostile files in the teams folder are listed with their reason and
skipped; a saved team the builder now refuses (over the points, an option the unit lacks) is refused
with the rules' reason and not taken.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import add_list, clear_team, click, headless_app, scroll_into_view, take

from game.teams import MAX_BYTES, load_teams, teams_folder
from game.ui.app import App
from game.ui.scenario_list import ScenarioEntry, load_entry
from game.ui.scenes.setup import LOAD_TEAM, SetupScene

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


@pytest.fixture
def hive() -> ScenarioEntry:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    return load_entry(HIVE)


def open_setup(app: App, entry: ScenarioEntry) -> SetupScene:
    app.push(SetupScene(app, entry))
    app.run_frames(2)
    assert isinstance(app.scene, SetupScene)
    return app.scene


def menu(scene: SetupScene, object_id: str) -> pygame_gui.elements.UIDropDownMenu:
    return next(e for e in scene._elements if e.alive() and object_id in e.get_object_ids())


def choose(app: App, drop: pygame_gui.elements.UIDropDownMenu, starts: str) -> None:
    """Open a drop-down with a click and click its first option starting with ``starts``."""
    if drop is not getattr(app.scene, "players_menu", None):
        scroll_into_view(app, app.scene, drop)  # near the top of the choices: its list opens below in view
    click(app, drop.rect.center)
    app.run_frames(2)
    items = drop.menu_states["expanded"].options_selection_list.item_list
    item = next(i for i in items if i["text"].startswith(starts))
    click(app, item["button_element"].rect.center)
    app.run_frames(2)


def type_name(app: App, scene: SetupScene, player: int, name: str) -> None:
    entry = menu(scene, f"#team_name_{player}")
    click(app, entry.rect.center)
    for ch in name:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
        app.run_frames(1)
    app.run_frames(2)


def notice(scene: SetupScene) -> str:
    return html.unescape(scene.refusal_box.html_text) if scene.refusal_box is not None else ""


def test_a_team_saved_under_a_name_is_loaded_for_another_seat_after_a_restart(tmp_path: Path, hive) -> None:
    settings = tmp_path / "settings.json"
    with headless_app(settings) as app:
        scene = open_setup(app, hive)
        clear_team(app, scene, 1)  # the starting team off
        take(app, scene, 1, "Ork Boyz")
        take(app, scene, 1, "One more")
        take(app, scene, 1, "Big shoota")
        built = [t["id"] for t in scene.setup.answers["each"][0]["team"]]
        assert built == ["unit:ork_boyz", "model", "weapon:big_shoota"]
        type_name(app, scene, 1, "Da Mob")
        scroll_into_view(app, scene, menu(scene, "#save_team_1"))
        click(app, menu(scene, "#save_team_1").rect.center)
        assert "Team saved as 'Da Mob'" in notice(scene)
        assert "#A8C890" in scene.refusal_box.html_text  # said as done, not in the refusals' red
        assert (teams_folder(app.data_dir) / "Da Mob.json").is_file()  # the folder was made
        assert [o[0] for o in menu(scene, "#load_team_1").options_list] == [LOAD_TEAM, "Da Mob"]

    with headless_app(settings) as app:  # the game restarted: a new window, the same data folder
        scene = open_setup(app, hive)
        choose(app, scene.players_menu, "2 players")
        choose(app, menu(scene, "#load_team_2"), "Da Mob")
        assert [t["id"] for t in scene.setup.answers["each"][1]["team"]] == built
        labels = [e.text for e in scene._elements if isinstance(e, pygame_gui.elements.UILabel) and e.alive()]
        assert "Player 2 Zombie Survival Team: 17 of 75 points" in labels  # 2 Boyz at 6, a big shoota 5
        assert scene.setup.options["teams"][1] == {"unit": "ork_boyz", "models": 2, "weapons": ["big_shoota"]}


def test_hostile_files_are_listed_with_their_reason_and_skipped(app: App, hive) -> None:
    folder = teams_folder(app.data_dir)
    folder.mkdir(parents=True)
    (folder / "good.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Guards", "team": ["unit:infantry_squad"]})
    )
    (folder / "garbage.json").write_bytes(b"\x00\xffnot json")
    (folder / "huge.json").write_text(" " * (MAX_BYTES + 10))
    (folder / "shape.json").write_text(json.dumps({"ruleset": "zombie40k", "name": "X", "team": [1, 2]}))
    (folder / "other.json").write_text(json.dumps({"ruleset": "outbreak", "name": "Theirs", "team": ["a"]}))
    (folder / "dir.json").mkdir()
    teams, bad = load_teams(folder, "zombie40k")
    assert [t.name for t in teams] == ["Guards"]
    assert {b.path.name: b.reason.split(":")[0].split(" ")[1] for b in bad} == {
        "garbage.json": "not",
        "huge.json": "over",
        "shape.json": "no",
    }
    scene = open_setup(app, hive)
    starting = list(scene.setup.answers["each"][0]["team"])
    offered = [o[0] for o in menu(scene, "#load_team_1").options_list]
    assert offered == [
        LOAD_TEAM,
        "Guards",
        "broken file: garbage.json",
        "broken file: huge.json",
        "broken file: shape.json",
    ]
    choose(app, menu(scene, "#load_team_1"), "broken file: huge.json")
    assert f"huge.json skipped: it is over {MAX_BYTES} bytes" in notice(scene)
    assert scene.setup.answers["each"][0]["team"] == starting  # the seat's team as it was
    choose(app, menu(scene, "#load_team_1"), "Guards")
    assert [t["id"] for t in scene.setup.answers["each"][0]["team"]] == ["unit:infantry_squad"]


def test_a_saved_team_the_builder_refuses_is_not_taken_and_says_why(app: App, hive) -> None:
    folder = teams_folder(app.data_dir)
    folder.mkdir(parents=True)
    over = ["unit:tactical_squad"] + ["model"] * 5  # 6 Tactical Marines: 84 points
    (folder / "big.json").write_text(json.dumps({"ruleset": "zombie40k", "name": "Too many", "team": over}))
    (folder / "odd.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Odd", "team": ["unit:infantry_squad", "weapon:lascannon"]})
    )
    scene = open_setup(app, hive)
    starting = list(scene.setup.answers["each"][0]["team"])
    choose(app, menu(scene, "#load_team_1"), "Too many")
    assert "Team 'Too many' refused: One more" in notice(scene) and "75-point limit" in notice(scene)
    assert scene.setup.answers["each"][0]["team"] == starting
    choose(app, menu(scene, "#load_team_1"), "Odd")
    assert "Team 'Odd' refused: 'weapon:lascannon' is not offered to this team" in notice(scene)
    assert scene.setup.answers["each"][0]["team"] == starting
    assert scene.begin.is_enabled  # refusing left the seat as it was: its starting team


def test_a_team_needs_a_name_and_a_unit_to_be_saved(app: App, hive) -> None:
    scene = open_setup(app, hive)
    click(app, menu(scene, "#save_team_1").rect.center)
    assert "Team not saved: a saved team needs a name" in notice(scene)
    type_name(app, scene, 1, "Empty")
    clear_team(app, scene, 1)
    scroll_into_view(app, scene, menu(scene, "#save_team_1"))
    click(app, menu(scene, "#save_team_1").rect.center)
    assert "Team not saved: an empty team is not worth saving" in notice(scene)
    assert not teams_folder(app.data_dir).exists()


def test_building_the_fourth_team_keeps_the_list_scrolled_where_the_player_is(app: App, hive) -> None:
    """Seen building four teams under Xvfb: every unit added threw the list back to the top, so each of
    players 2-4's choices needed the wheel again; and the last player's roster list ran past the bottom of
    the scrolled choices, cutting off its last units."""
    scene = open_setup(app, hive)
    choose(app, scene.players_menu, "4 players")
    clear_team(app, scene, 4)
    listed = add_list(scene, 4)
    scroll_into_view(app, scene, listed)
    box = scene.scroll_box
    assert box is not None and box.vert_scroll_bar is not None
    listed = add_list(scene, 4)
    assert box.rect.top <= listed.rect.top and listed.rect.bottom <= box.rect.bottom  # his whole list in view
    take(app, scene, 4, "Necron Warriors")  # the last unit of the list
    take(app, scene, 4, "One more")
    assert [t["id"] for t in scene.setup.answers["each"][3]["team"]] == ["unit:necron_warriors", "model"]
    box, listed = scene.scroll_box, add_list(scene, 4)
    assert (
        box is not None and box.rect.top <= listed.rect.top and listed.rect.top <= box.rect.bottom
    )  # still there


def test_a_deep_file_and_a_name_with_nul_are_skipped_and_the_others_load(app: App, hive) -> None:
    """Issue 37, item 4: JSON nested 8,000 deep raised RecursionError as the screen opened, and a team named
    with a NUL raised in pygame_gui; each is now a broken file with its reason, and the good team loads."""
    folder = teams_folder(app.data_dir)
    folder.mkdir(parents=True)
    (folder / "good.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Guards", "team": ["unit:infantry_squad"]})
    )
    (folder / "deep.json").write_text("[" * 8000 + "]" * 8000)
    (folder / "nul.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Gua\x00rds", "team": ["unit:infantry_squad"]})
    )
    (folder / "long.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Long", "team": ["unit:" + "x" * 9000]})
    )
    (folder / "odd\x01name.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Odd", "team": ["unit:infantry_squad"]})
    )
    teams, bad = load_teams(folder, "zombie40k")
    assert sorted(t.name for t in teams) == ["Guards", "Odd"]
    reasons = {b.path.name: b.reason for b in bad}
    assert reasons["deep.json"] == "is nested too deep to be a saved team"
    assert reasons["nul.json"] == "has a 'name' with a control character in it"
    assert "no option id" in reasons["long.json"]
    scene = open_setup(app, hive)
    offered = [o[0] for o in menu(scene, "#load_team_1").options_list]
    assert offered[:3] == [LOAD_TEAM, "Guards", "Odd"]
    assert {"broken file: deep.json", "broken file: nul.json", "broken file: long.json"} <= set(offered)
    choose(app, menu(scene, "#load_team_1"), "broken file: deep.json")
    assert "deep.json skipped: it is nested too deep to be a saved team" in notice(scene)
    choose(app, menu(scene, "#load_team_1"), "Guards")
    assert [t["id"] for t in scene.setup.answers["each"][0]["team"]] == ["unit:infantry_squad"]
