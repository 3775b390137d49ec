"""A team built from an imported catalogue plays (issue 15, "Done when"): the set-up's Import catalogue...
button opens a file dialog in the player's home folder; the catalogue picked is imported into the player's
roster exactly as ``deadground roster import`` does (the same step, :mod:`game.roster_import`), the notice
says what came in and what was skipped, and every player's Add list offers the new unit at once. A team
of it begins a game a bot plays to the end. A broken file is refused with its reason and changes nothing.
Only rule sets with an importer show the button.

Driven headless through the set-up scene of Hive Street, as in test_z40k_saved_teams.py; the catalogue is
the small one test_z40k_battlescribe.py writes.
"""

from __future__ import annotations

import dataclasses
import html
import time
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pygame
import pygame_gui
import pytest
from test_z40k_battlescribe import TACTICAL, catalogue
from ui_driver import clear_team, click, headless_app, scroll_into_view, take

from game.ai import bot_for
from game.roster_import import UNIT_NOTES, report_lines
from game.rules.contract import RosterImport
from game.rules.core import RULESETS, get_ruleset
from game.rules.zombie40k.battlescribe import roster_path
from game.rules.zombie40k.data import load_data
from game.rules.zombie40k.report import invariants
from game.ui.app import MIN_SIZE, App
from game.ui.scenario_list import ScenarioEntry, load_entry
from game.ui.scenes.setup import DONE, IMPORT, REFUSED, SetupScene

MAPS = Path(__file__).resolve().parent.parent / "maps"
UNIT = "Tactical Squad (Dark Angels, imported), a model"


@pytest.fixture
def hive() -> ScenarioEntry:
    if not (MAPS / "hive_street.tmx").exists():
        pytest.skip("Hive Street is not there")
    return load_entry(MAPS / "hive_street.tmx")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The player's home folder (where the file dialog opens) and data folder (where the game reads his
    roster: platformdirs') under tmp_path, so nothing of the real player's is read or written."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    (tmp_path / "home").mkdir()
    load_data.cache_clear()
    yield tmp_path / "home"
    load_data.cache_clear()


@pytest.fixture
def app(tmp_path: Path, home: Path) -> Iterator[App]:
    with headless_app(tmp_path / "settings.json") as app:
        yield app


def roster() -> Path:
    return roster_path(platformdirs.user_data_dir("deadground"))


def open_setup(app: App, entry: ScenarioEntry) -> SetupScene:
    app.push(SetupScene(app, entry))
    app.run_frames(2)
    assert isinstance(app.scene, SetupScene)
    return app.scene


def element(scene: SetupScene, object_id: str):
    return next(e for e in scene._elements if e.alive() and object_id in e.get_object_ids())


def elements(scene: SetupScene, object_id: str) -> list:
    return [e for e in scene._elements if e.alive() and object_id in e.get_object_ids()]


def choose(app: App, drop: pygame_gui.elements.UIDropDownMenu, starts: str) -> None:
    """Open a drop-down with a click and click its first option starting with ``starts``."""
    click(app, drop.rect.center)
    app.run_frames(2)
    shown = drop.menu_states["expanded"].options_selection_list
    item = next(i for i in shown.item_list if i["text"].startswith(starts))
    for step in range(1, 21):  # an option below the open list's six: scrolled into view, as with the wheel
        button = item["button_element"]
        if button is not None and shown.rect.top <= button.rect.top and button.rect.bottom <= shown.rect.bottom:
            break
        shown.scroll_bar.set_scroll_from_start_percentage(step / 20)
        app.run_frames(2)
    click(app, item["button_element"].rect.center)
    app.run_frames(2)


def offered(scene: SetupScene, player: int) -> list[str]:
    """A player's Add list as it reads: each option with its cost."""
    return [f"{o.label} ({o.cost} pts)" for o in scene.add_lists[player]]


def notice(scene: SetupScene) -> str:
    return html.unescape(scene.refusal_box.html_text) if scene.refusal_box is not None else ""


def pick(app: App, scene: SetupScene, path: Path) -> None:
    """Click Import catalogue..., then pick ``path`` in the file dialog as the player does: click the file
    in the dialog's list and press OK."""
    scroll_into_view(app, scene, element(scene, "#import_1"))
    click(app, element(scene, "#import_1").rect.center)
    dialog = scene.import_dialog
    assert dialog is not None and dialog.alive()
    assert Path(dialog.current_directory_path) == path.parent.resolve()  # the home folder
    listed = dialog.file_selection_list.item_list
    item = next(i for i in listed if i["text"] == path.name)
    if item["button_element"] is None:  # far down the list: the test's home holds only a few files
        pytest.fail(f"{path.name} is not shown in the dialog's list")
    click(app, item["button_element"].rect.center)
    assert dialog.current_file_path == path.resolve()
    click(app, dialog.ok_button.rect.center)
    app.run_frames(3)
    assert not dialog.alive()


def test_the_button_shows_only_for_a_rule_set_with_an_importer(
    app: App, hive: ScenarioEntry, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_setup(app, hive)
    button = element(scene, "#import_1")
    assert button.text == IMPORT
    choose(app, scene.players_menu, "2 players")
    assert len(elements(scene, "#import_2")) == 1  # beside each player's Save team and Load team...
    # the smallest window: the button stays inside the scrolled choices (shorter words, the tip says the rest)
    pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=MIN_SIZE[0], h=MIN_SIZE[1], size=MIN_SIZE))
    app.run_frames(3)
    button, box = element(scene, "#import_1"), scene.scroll_box
    assert box is not None and button.rect.right <= box.rect.right - 16 and button.text == "Import..."
    app.pop()
    # the same set-up, for a rule set that imports nothing: its team builders, no button
    rs = get_ruleset("zombie40k")
    monkeypatch.setitem(RULESETS, "zombie40k", dataclasses.replace(rs, roster_import=None))
    scene = open_setup(app, hive)
    assert elements(scene, "#add_list_1") and not elements(scene, "#import_1")
    assert not [e for e in scene._elements if e.alive() and getattr(e, "text", "") == IMPORT]


def test_an_imported_unit_is_offered_at_once_and_a_team_of_it_plays_to_the_end(
    app: App, hive: ScenarioEntry, home: Path
) -> None:
    cat = home / "Dark Angels.cat"
    cat.write_bytes(catalogue(name="Dark Angels"))
    (home / "notes.txt").write_text("not a catalogue")  # the dialog lists catalogues only
    scene = open_setup(app, hive)
    choose(app, scene.players_menu, "2 players")
    clear_team(app, scene, 1)  # the starting teams off: the lists offer units
    clear_team(app, scene, 2)
    assert not any(o.startswith(UNIT) for o in offered(scene, 1))
    scroll_into_view(app, scene, element(scene, "#import_1"))
    click(app, element(scene, "#import_1").rect.center)
    listed = [i["text"] for i in scene.import_dialog.file_selection_list.item_list]
    assert "Dark Angels.cat" in listed and "notes.txt" not in listed
    click(app, scene.import_dialog.cancel_button.rect.center)
    app.run_frames(2)

    pick(app, scene, cat)
    said = notice(scene)
    assert "1 unit(s) imported from Dark Angels.cat: Tactical Squad" in said
    assert "entries skipped, each with its reason in the import report" in said
    # the whole report in a window that scrolls (the box above Begin could not show 100 skipped entries)
    report = html.unescape(scene.import_report.text_block.html_text)
    assert "skipped: Dark Angels.cat: 'Rhino': field 'profile': a vehicle" in report  # each with its reason
    assert "skipped: Dark Angels.cat: 'Scout Squad': field 'Ld': the characteristic is missing" in report
    click(app, scene.import_report.dismiss_button.rect.center)  # read, and closed
    app.run_frames(2)
    shown = scene.refusal_box.html_text  # the import said as done; in red only the emptied teams' refusals
    assert f"<font color='{DONE}'>1 unit(s) imported" in shown and shown.count(REFUSED) == 2
    assert "team is empty" in notice(scene)
    assert "dark_angels_tactical_squad" in roster().read_text()  # the player's own roster file
    # every player's Add list offers it at once, beside the shipped Space Marines
    assert f"{UNIT} (14 pts)" in offered(scene, 1) and f"{UNIT} (14 pts)" in offered(scene, 2)
    assert any(o.startswith("Tactical Squad (Space Marines), a model") for o in offered(scene, 1))

    take(app, scene, 1, UNIT)
    for _ in range(3):
        take(app, scene, 1, "One more Space Marine")
    take(app, scene, 1, "Upgrade one model to Space Marine Sergeant")
    take(app, scene, 1, "Flamer")
    taken = [t["id"] for t in scene.setup.answers["each"][0]["team"]]
    assert taken == ["unit:dark_angels_tactical_squad", "model", "model", "model", "sergeant", "weapon:flamer"]
    assert scene.setup.options["teams"][0]["unit"] == "dark_angels_tactical_squad"
    assert not scene.begin.is_enabled  # player 2's team was emptied: he takes one
    take(app, scene, 2, "Tactical Squad (Space Marines)")
    assert scene.begin.is_enabled
    click(app, scene.begin.rect.center)  # points left that buy a Marine: said first, then Begin anyway
    assert app.scene is scene and scene.begin.text == "Begin anyway" and "points unspent" in notice(scene)
    click(app, scene.begin.rect.center)
    app.run_frames(3)
    assert app.scene.name == "game"
    game = app.scene.game
    assert sum(1 for f in game.figures if f.id.startswith("p1")) == 4  # 4 Dark Angels on the table
    bot = bot_for("zombie40k")
    for _ in range(20000):
        if game.over:
            break
        game.apply(bot(game))
    assert game.over and invariants(game) == []


def test_a_broken_catalogue_is_refused_with_its_reason_and_changes_nothing(
    app: App, hive: ScenarioEntry, home: Path
) -> None:
    mine = roster()
    mine.parent.mkdir(parents=True)
    mine.write_text("# my own units\n")
    before = mine.read_bytes()
    broken = home / "broken.cat"
    broken.write_bytes(b"<catalogue><")
    scene = open_setup(app, hive)
    clear_team(app, scene, 1)
    options = offered(scene, 1)
    pick(app, scene, broken)
    said = notice(scene)
    assert "Catalogue refused: broken.cat: is not valid XML (unclosed token" in said
    assert REFUSED in scene.refusal_box.html_text and DONE not in scene.refusal_box.html_text
    assert mine.read_bytes() == before and offered(scene, 1) == options
    assert sorted(p.name for p in mine.parent.iterdir()) == [mine.name]  # no file half written
    # a catalogue without a unit the team builder can use writes nothing either
    empty = home / "empty.cat"
    empty.write_bytes(catalogue(""))
    scene.import_catalogue(empty)
    assert "Nothing imported from empty.cat" in notice(scene) and REFUSED in scene.refusal_box.html_text
    assert mine.read_bytes() == before
    # and the player's next choice clears the notice as any other
    take(app, scene, 1, "Tactical Squad (Space Marines)")
    assert "refused" not in notice(scene) and "Nothing imported" not in notice(scene)


def test_a_path_picked_in_another_dialog_is_not_imported(app: App, hive: ScenarioEntry, home: Path) -> None:
    cat = home / "x.cat"
    cat.write_bytes(catalogue(name="Dark Angels"))
    scene = open_setup(app, hive)
    other = pygame_gui.windows.UIFileDialog(pygame.Rect(0, 0, 400, 400), app.manager)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(cat), ui_element=other))
    app.run_frames(2)
    assert not roster().exists() and notice(scene) == ""
    other.kill()


def test_an_imported_unit_named_as_a_shipped_one_is_told_apart_in_the_list(home: Path) -> None:
    """The real Space Marines catalogue has a Tactical Squad of the Space Marines, as the game ships: the
    list says which one is imported (choosing by its words would otherwise always take the shipped one)."""
    from game.roster_import import import_roster
    from game.rules.zombie40k.setup_view import Z40Setup
    from game.rules.zombie40k.testing import small_scenario

    cat = home / "Space Marines.cat"
    cat.write_bytes(catalogue())
    done = import_roster(get_ruleset("zombie40k"), cat)
    assert done.path == roster() and roster().is_file() and done.names == ("Tactical Squad",)
    answers = {"players": 1, "each": [{"team": []}], "game": {}}
    labels = [o.label for o in Z40Setup().team_options(small_scenario(players=1), answers, 1)]
    assert "Tactical Squad (Space Marines), a model" in labels
    assert "Tactical Squad (Space Marines, imported), a model" in labels
    assert len(labels) == len(set(labels))


def test_the_set_up_offers_a_heavy_weapon_only_a_squad_of_ten_may_take_with_the_reason(home: Path) -> None:
    """The imported Chaos Space Marines' heavy bolter (the data: only with nine Marines and their Champion)
    is on the list for a team of five, refused with the reason the rules give; at ten it is taken."""
    from test_z40k_bs_library import GST
    from test_z40k_bs_library import catalogue as bs_catalogue
    from test_z40k_bs_options import CSM

    from game.roster_import import import_roster
    from game.rules.zombie40k.setup_view import Z40Setup
    from game.rules.zombie40k.testing import small_scenario

    (home / "Warhammer40K.gst").write_bytes(GST.encode())
    cat = home / "Chaos Space Marines.cat"
    cat.write_bytes(bs_catalogue(CSM, "", name="Chaos Space Marines"))
    import_roster(get_ruleset("zombie40k"), cat)
    unit = [{"id": "unit:chaos_space_marines_chaos_space_marines"}]
    for models in (5, 10):
        answers = {"players": 1, "each": [{"team": unit + [{"id": "model"}] * (models - 1)}], "game": {}}
        scenario = small_scenario(players=1, properties={"points": 300})
        offers = {o.label: o for o in Z40Setup().team_options(scenario, answers, 1)}
        heavy = offers["Heavy Bolter for the Boltgun"]
        assert heavy.refused == (
            "" if models == 10 else "Heavy Bolter for the Boltgun: only in a team of at least 10 models, not 5"
        )


def test_hovering_a_unit_in_the_add_list_shows_its_squad_profile_wargear_and_options(
    app: App, hive: ScenarioEntry, home: Path
) -> None:
    """A 40k player hovered an imported unit in the Add list and saw nothing. Every unit, shipped or imported,
    shows its squad size, points a model, the trooper's profile and wargear, the sergeant and each option
    with its points; a weapon option shows its whole name and each weapon it gives."""
    from test_z40k_bs_library import GST
    from test_z40k_bs_library import catalogue as bs_catalogue

    from game.roster_import import import_roster

    (home / "Warhammer40K.gst").write_bytes(GST.encode())
    cat = home / "Space Marines.cat"
    cat.write_bytes(bs_catalogue(name="Space Marines"))
    import_roster(get_ruleset("zombie40k"), cat)
    scene = open_setup(app, hive)
    clear_team(app, scene, 1)
    offers = scene.add_lists[1]
    n = next(i for i, o in enumerate(offers) if o.label == "Tactical Squad (Space Marines, imported), a model")
    tip = html.unescape(element(scene, "#add_list_1").tips[f"add:{n}"])
    assert tip.startswith("Tactical Squad (Space Marines): 5-10 models in the codex, 14 pts a model")
    assert "Space Marine WS4 BS4 S4 T4 W1 I4 A1 Ld8 Sv3+; Bolt pistol, Boltgun" in tip
    assert "Sergeant: Space Marine Sergeant (+0 pts) WS4 BS4 S4 T4 W1 I4 A2 Ld9 Sv3+; 1 wargear options" in tip
    assert "Flamer for the Boltgun (5 pts, at most 1 a team)" in tip
    shipped = next(i for i, o in enumerate(offers) if o.label.startswith("Tactical Squad (Space Marines), "))
    assert "Options: " in element(scene, "#add_list_1").tips[f"add:{shipped}"]
    take(app, scene, 1, "Tactical Squad (Space Marines, imported), a model")
    flamer = next(o for o in scene.add_lists[1] if o.label == "Flamer for the Boltgun")
    assert (
        html.unescape(flamer.help)
        == 'Flamer for the Boltgun: replaces Boltgun; Flamer 8" S4 AP5 Assault 1, Template'
    )


@pytest.mark.parametrize("size", [1.0, 1.25, 1.5])
def test_the_add_list_takes_the_room_of_the_choices_box_at_every_interface_size(
    app: App, hive: ScenarioEntry, size: float
) -> None:
    """The Add list was 300 high at every interface size: at 143% it ran past the choices' box, about three
    options in view. It is as tall as the box less the players' row, the team's heading and its saved-team
    row (never under six rows or so): the first team's block shows whole."""
    from game.ui.scenes.setup import ADD_LIST_H, ROW

    app.set_interface_size(size)
    scene = open_setup(app, hive)
    listed = element(scene, "#add_list_1")
    box = scene.scroll_box
    assert box is not None
    assert listed.rect.height == max(ADD_LIST_H, box.rect.height - 70 - 44 - 10 - ROW)
    assert listed.rect.height <= box.rect.height  # scrolled to, it shows whole
    assert size > 1.0 or listed.rect.height > 300  # at 100% more rows than the fixed 300 showed


def test_the_import_report_names_every_unit_imported_each_with_what_was_left_out_of_it(
    app: App, hive: ScenarioEntry, home: Path
) -> None:
    # twelve long-named squads: their names were one line cut at 300 characters, the last ones never shown
    units = "".join(
        TACTICAL.replace("Tactical Squad", f"Tactical Squad of the Long Name Company {k}").replace(
            'id="', f'id="k{k}'
        )
        for k in range(12)
    )
    cat = home / "Dark Angels.cat"
    cat.write_bytes(catalogue(units, name="Dark Angels"))
    scene = open_setup(app, hive)
    pick(app, scene, cat)
    report = html.unescape(scene.import_report.text_block.html_text).split("<br>")
    assert report[0] == "12 unit(s) imported from Dark Angels.cat:"
    for k in range(12):  # each on a line of its own, the window scrolls
        assert f"  Tactical Squad of the Long Name Company {k}" in report
    # what roster import -v says of a unit, under it: the rule it cannot play, the house reading of a gun
    at = report.index("  Tactical Squad of the Long Name Company 0")
    under = report[at + 1 : report.index("  Tactical Squad of the Long Name Company 1")]
    assert "      - the rule 'Bolster Defences' is not in this game: left out" in under
    assert "      - Grav-cannon: 'Salvo 3/5' is played as Assault 3 [house]" in under
    assert any("read without its game system (.gst)" in line for line in report)  # the file's own notes too
    assert scene.import_report.text_block.scroll_bar is not None  # it scrolls


def test_a_unit_with_many_notes_shows_some_and_says_how_many_more() -> None:
    notes = tuple(f"x.cat: 'Squad': the rule 'R{k}' is not in this game: left out" for k in range(UNIT_NOTES + 3))
    done = RosterImport("x.cat", Path("r.toml"), "", ("Squad",), (), notes, ("Squad",))
    lines = report_lines(done)
    assert lines[1] == "  Squad" and len(lines) == 2 + UNIT_NOTES + 1
    assert lines[-1] == "      and 3 more"


def test_a_notch_of_the_wheel_scrolls_a_long_add_list_by_rows(app: App, hive: ScenarioEntry, home: Path) -> None:
    # a 40k player's long list: pygame_gui glided its bar at a pace scaled by the part shown, a few pixels a notch
    units = "".join(
        TACTICAL.replace('id="', f'id="w{k}').replace("Tactical Squad", f"Squad {k}") for k in range(150)
    )
    cat = home / "Many.cat"
    cat.write_bytes(catalogue(units, name="Many"))
    scene = open_setup(app, hive)
    pick(app, scene, cat)
    click(app, scene.import_report.dismiss_button.rect.center)
    clear_team(app, scene, 1)
    box = element(scene, "#add_list_1")
    scroll_into_view(app, scene, box)
    box = element(scene, "#add_list_1")
    bar, height = box.scroll_bar, box.text_box_layout.layout_rect.height
    row = box.text_box_layout.layout_rows[0].height
    assert bar is not None and bar.visible_percentage < 0.07
    pygame.mouse.set_pos(box.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    for turn in range(2):
        before = bar.start_percentage * height
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        )
        glide_ends = time.monotonic() + 0.5  # the glide is timed: half a second of frames, however fast they run
        while time.monotonic() < glide_ends:
            app.run_frames(1)
        assert bar.start_percentage * height - before >= 2 * row, f"notch {turn + 1}"
