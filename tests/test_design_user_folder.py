"""A designer who installed the game without the repository: ``deadground kit DIR`` copies the Tiled kit;
maps saved in the user's ``scenarios`` folder, and in any ``--maps DIR``, appear in New game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import platformdirs
import pytest
from design_maps import playable_objects, tmx

from game.cli import main as cli
from game.scenario.review import review_map
from game.ui import scenario_list


@pytest.fixture
def user_data(monkeypatch, tmp_path):
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    monkeypatch.setattr(scenario_list, "EXTRA_FOLDERS", [])
    return tmp_path / "data" / "deadground"


def test_kit_then_a_map_in_the_user_folder_is_listed(user_data, capsys):
    folder = user_data / "scenarios"
    assert cli(["kit", str(folder)]) == 0
    assert "wrote" in capsys.readouterr().out
    project = json.loads((folder / "deadground.tiled-project").read_text())
    assert project["commands"] and (folder / "templates" / "zombie.tx").exists()
    assert (folder / "tiles" / "deadground.tsx").exists() and (folder / "tiles" / "deadground.png").exists()
    assert not (folder / "tiles" / "make_tileset.py").exists()
    # the guide's documents stand alone: its rules reference comes along, as docs/rules/ has it
    assert (folder / "README.md").exists() and (folder / "REFERENCE.md").exists()
    docs = Path(__file__).resolve().parent.parent / "docs" / "rules"
    for page in ("zombiekrieg.md", "outbreak.md", "zombie40k.md"):
        assert (folder / "rules" / page).read_text(encoding="utf-8") == (docs / page).read_text(encoding="utf-8")
    (folder / "my_farm.tmx").write_text(tmx(objects=playable_objects()))
    assert not review_map(str(folder / "my_farm.tmx")).problems
    entries = scenario_list.list_scenarios()
    mine = [e for e in entries if e.path.name == "my_farm.tmx"]
    assert mine and mine[0].playable and mine[0].title == "Test"
    assert any(e.path.name == "normandy_village.tmx" for e in entries)


def test_kit_guides_link_to_the_kits_own_rules_pages(user_data, tmp_path):
    """The guide and reference link to the rules pages; in a kit those are in its rules/ folder, so every
    link a designer clicks there opens a page of the kit (not ../docs/rules/, which a kit has not got)."""
    folder = tmp_path / "kit"
    assert cli(["kit", str(folder)]) == 0
    for guide in ("README.md", "REFERENCE.md"):
        text = (folder / guide).read_text(encoding="utf-8")
        links = re.findall(r"\]\(([^)#]+\.md)\)", text)
        assert "rules/outbreak.md" in links, guide
        assert all((folder / link).is_file() for link in links), (guide, links)


def test_kit_keeps_what_the_designer_changed(user_data, tmp_path, capsys):
    folder = tmp_path / "kit"
    cli(["kit", str(folder)])
    (folder / "objecttypes.xml").write_text("mine")
    cli(["kit", str(folder)])
    assert (folder / "objecttypes.xml").read_text() == "mine"
    out = capsys.readouterr().out
    assert "wrote 0 file(s)" in out and "(--force replaces them)" in out
    cli(["kit", "--force", str(folder)])
    assert (folder / "objecttypes.xml").read_text() != "mine"


def test_maps_option_adds_a_folder(user_data, tmp_path, monkeypatch):
    extra = tmp_path / "club_maps"
    cli(["kit", str(extra)])
    (extra / "club.tmx").write_text(tmx(objects=playable_objects()))
    played = {}

    def fake_run(**kwargs):
        played.update(kwargs)
        played["listed"] = [e.path.name for e in scenario_list.list_scenarios()]
        return 0

    monkeypatch.setattr("game.ui.app.run", fake_run)
    assert cli(["--maps", str(extra)]) == 0
    assert "club.tmx" in played["listed"]


def test_a_map_in_a_subfolder_of_the_kit_is_told_where_its_templates_are_looked_for(tmp_path):
    """A designer's trial saved maps in a folder below the kit: every template and the tileset were "not
    found", and the fix sent him to maps/templates, which a kit has not got. The fix names the map's own
    folder, where templates/ and tiles/ are read from."""
    from design_maps import kit, obj

    kit(tmp_path)
    sub = tmp_path / "drafts"
    sub.mkdir()
    objects = [obj(1, "Allied start", "deploy", 1, 4, extra=' template="templates/deploy_allies.tx"')]
    (sub / "m.tmx").write_text(tmx(objects=objects), encoding="utf-8")
    problems = review_map(str(sub / "m.tmx")).problems
    (template,) = [p for p in problems if p.object_id == 1 and "not found" in p.message]
    assert str(sub) in template.fix and "deadground kit" in template.fix and "maps/templates" not in template.fix
    (tileset,) = [p for p in problems if "tileset file not found" in p.message]
    assert str(sub) in tileset.fix and "maps/tiles" not in tileset.fix
