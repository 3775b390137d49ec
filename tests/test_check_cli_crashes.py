"""``deadground check`` on maps that used to crash it or that it let through (issue 37): a zombie drawn
as a polygon with no valid point, a file name longer than the system allows, and an escape vehicle over
the deploy zones (the game would end on the first move). Each is a clear FAIL naming the file and the
object, exit code 1, never a traceback."""

from __future__ import annotations

import json

from design_maps import MAPS, kit, obj, playable_objects, tmx, write

from game.cli import main as cli


def test_a_zombie_polygon_with_no_valid_point_is_named(tmp_path, capsys):
    bad = obj(9, "Shapeless", "zombie", 3, 10).replace("></object>", '><polygon points=""/></object>')
    path = write(tmp_path, "shapeless.tmx", tmx(objects=[*playable_objects(), bad]))
    assert cli(["check", str(path)]) == 1
    out = capsys.readouterr()
    assert f"FAIL  {path}" in out.out and 'object 9 "Shapeless"' in out.out
    assert "Traceback" not in out.err


def test_a_file_name_too_long_for_the_system_is_a_problem_not_a_crash(tmp_path, capsys):
    path = tmp_path / ("a" * 300 + ".tmx")
    assert cli(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {path}" in out and "File name too long" in out
    assert cli(["check", "--json", str(path), str(tmp_path / ("b" * 300))]) == 1
    maps = json.loads(capsys.readouterr().out)["maps"]
    assert maps[0]["path"] == str(path) and not maps[0]["ok"]


def test_an_escape_vehicle_over_the_whole_table_is_an_error_with_a_fix(tmp_path, capsys):
    kit(tmp_path)
    text = (MAPS / "hive_street.tmx").read_text(encoding="utf-8")
    vehicle = 'type="escape_vehicle" x="1024" y="16" width="256" height="144"'
    assert vehicle in text
    path = tmp_path / "everywhere.tmx"
    path.write_text(text.replace(vehicle, 'type="escape_vehicle" x="0" y="0" width="2304" height="1536"'))
    assert cli(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert 'object 22 "Thunderhawk gunship": the escape vehicle covers the deploy zone' in out
    assert "game ends at once" in out and "move it clear of the deploy zones" in out
    assert cli(["check", str(MAPS / "hive_street.tmx")]) == 0  # the shipped map's vehicle is clear of them
