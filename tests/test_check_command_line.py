"""``deadground check`` for editors and folders: a folder checks every map in it, ``--json`` prints one
document with each problem's severity, object, layer and position, ``--strict`` fails on warnings."""

from __future__ import annotations

import json

from design_maps import ZOMBIEKRIEG, obj, playable_objects, tmx, write

from game.cli import main as cli


def test_folder_json_and_strict(tmp_path, capsys):
    write(tmp_path, "good.tmx", tmx(objects=playable_objects()))
    write(tmp_path, "warned.tmx", tmx(properties={**ZOMBIEKRIEG, "turnlimit": 3}, objects=playable_objects()))
    bad = playable_objects() + [
        obj(9, "Lurker", "zombie", 3, 10, shape="point"),
        obj(8, "Hut", "building", 2, 9, 3, 3),
    ]
    write(tmp_path, "bad.tmx", tmx(objects=bad))
    assert cli(["check", str(tmp_path)]) == 1
    text = capsys.readouterr().out
    assert "2 of 3 map(s) OK" in text
    assert cli(["check", "--json", str(tmp_path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [m["path"].rsplit("/", 1)[1] for m in data["maps"]] == ["bad.tmx", "good.tmx", "warned.tmx"]
    (stood,) = [p for p in data["maps"][0]["problems"] if p["object_id"] == 9]
    assert stood["severity"] == "error" and stood["layer"] == "scenario" and (stood["x"], stood["y"]) == (3, 10)
    assert stood["fix"]
    assert data["maps"][2]["ok"] and data["maps"][2]["problems"][0]["severity"] == "warning"
    assert cli(["check", "--strict", str(tmp_path / "warned.tmx")]) == 1
    assert cli(["check", str(tmp_path / "good.tmx")]) == 0
