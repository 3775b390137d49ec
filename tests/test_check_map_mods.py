"""A Zombie 40,000 scenario names the mods it turns on by default in its map property ``mods`` (rules:
Zombie 40,000: Mods; issue 15 item 5): a comma-separated list of mod ids. ``check`` refuses an id it does not
know, naming the property, the id, the ids it knows and the nearest one; the co-op map (``maps/last_evac.tmx``)
ships with ``coop`` (tests/test_z40k_maps.py).
"""

from __future__ import annotations

import io
from pathlib import Path

from design_maps import ZOMBIEKRIEG, obj, playable_objects, tmx, write

from game.scenario import load_scenario
from game.scenario.check import main
from game.scenario.review import review_map
from game.scenario.schema import load_schema

Z40K = {"ruleset": "zombie40k", "title": "Hab block", "players_min": 1, "players_max": 2}
KNOWN = (
    "coop, four_weeks_later, dead_men_walking, death_korps_zombies, every_man_for_himself, hardcore, "
    "instant_death, t_virus, patriarch, killing_floor, lore_friendly"
)
MAPS = Path(__file__).resolve().parents[1] / "maps"


def _map(tmp_path: Path, mods: str) -> Path:
    objects = [
        obj(1, "Gunship", "escape_vehicle", 14, 1, 8, 4),
        obj(2, "Player 1", "deploy", 2, 16, 10, 6, player=1),
        obj(3, "Player 2", "deploy", 24, 16, 10, 6, player=2),
        obj(4, "West edge", "spawn", 0, 6, 2, 6),
    ]
    return write(tmp_path, "m.tmx", tmx(properties={**Z40K, "mods": mods}, objects=objects))


def test_an_unknown_mod_id_is_refused_naming_the_property_the_id_and_the_known_ids(tmp_path: Path) -> None:
    """Mods [seed]: a misspelt mod id is an error (the game would not know what to turn on), not a warning."""
    path = _map(tmp_path, "coop, hardcor")
    (problem,) = review_map(str(path)).errors
    assert problem.object_id is None  # the map itself: its property
    assert problem.message == f'map property mods: "hardcor" is not a known mod id (known: {KNOWN})'
    assert problem.fix.startswith('did you mean "hardcore"? set mods to mod ids separated by commas')
    out = io.StringIO()
    assert main([str(path)], out) == 1
    assert out.getvalue().startswith(f"FAIL  {path}")


def test_known_mod_ids_load_as_a_tidy_list_and_no_mods_is_the_default(tmp_path: Path) -> None:
    """Mods [seed]: spaces and repeats are forgiven; a map without the property turns no mod on."""
    assert load_scenario(str(_map(tmp_path, " t_virus , coop,t_virus"))).properties["mods"] == "t_virus,coop"
    assert load_scenario(str(_map(tmp_path, ""))).properties["mods"] == ""
    assert load_scenario(str(MAPS / "hive_street.tmx")).properties["mods"] == ""


def test_the_schema_knows_every_mod_of_the_rules() -> None:
    """Mods [seed]: the eleven switches of the rules, by their ids."""
    assert ", ".join(load_schema().map["mods"].items) == KNOWN


def test_mods_on_another_rule_sets_map_is_a_warning_not_an_error(tmp_path: Path) -> None:
    """Mods [seed] are Zombie 40,000's: another rule set's map plays, and check says the property is ignored."""
    path = write(tmp_path, "zk.tmx", tmx(properties={**ZOMBIEKRIEG, "mods": "coop"}, objects=playable_objects()))
    review = review_map(str(path))
    assert not review.errors
    assert any("ignores the map property mods (only zombie40k reads it)" in str(w) for w in review.warnings)
