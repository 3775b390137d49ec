"""The defaults the designer's documents state are the ones the game plays (issue 36, item 4): a map that
leaves ``turn_limit`` or ``exit_count`` out plays what maps/REFERENCE.md says for its rule set, the schema's
defaults that the loader fills in equal the rule sets' own house values, and maps/README.md's property table
says the same defaults as the schema."""

from __future__ import annotations

import math
import re

import pytest
from design_maps import MAPS, kit

from game.rules.core import get_ruleset
from game.rules.zombie40k.data import load_data as z40k_data
from game.rules.zombiekrieg.data import load_data as zk_data
from game.scenario import load_scenario
from game.scenario.schema import load_schema
from game.startcheck import start_options

SCHEMA = load_schema()
LEFT_OUT = re.compile(r'\s*<property name="(turn_limit|exit_count)"[^>]*/>\n')


def _played(tmp_path, key: str, name: str):
    """The state of a game set up on a shipped map with its turn_limit and exit_count taken out."""
    text = LEFT_OUT.sub("\n", (MAPS / name).read_text(encoding="utf-8"))
    path = kit(tmp_path) / name
    path.write_text(text, encoding="utf-8")
    scenario = load_scenario(str(path))
    ruleset = get_ruleset(key)
    return ruleset.new_game(scenario, start_options(ruleset, scenario)[0], 1).state


@pytest.mark.parametrize(
    "key, name",
    [("zombiekrieg", "normandy_village.tmx"), ("outbreak", "small_town.tmx"), ("zombie40k", "hive_street.tmx")],
)
def test_a_map_that_leaves_them_out_plays_the_documented_defaults(tmp_path, key, name):
    state = _played(tmp_path, key, name)
    assert state.turn_limit == int(SCHEMA.map["turn_limit"].played_default[key])
    said = SCHEMA.map["exit_count"].played_default.get(key)
    if key == "zombiekrieg":
        assert said == "half the Allied figures, rounded up"
        assert state.exit_count == math.ceil(len(state.allied()) / 2)
    elif said is not None:
        assert state.exit_count == int(said)


def test_the_defaults_the_loader_fills_in_are_the_rule_sets_own():
    zk, z40k = zk_data().raw["zombies"], z40k_data().house
    assert SCHEMA.map["zombies_min"].default == zk["count_min"]
    assert SCHEMA.map["zombie_ratio"].default == zk["ratio"]
    assert SCHEMA.map["points"].default == z40k.points


def test_the_guide_states_the_schemas_defaults():
    rows = [
        line for line in (MAPS / "README.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `")
    ]
    stated = {}
    for row in rows:
        name = row.split("`")[1]
        found = re.search(r"\(default ([^;)]*)", row)
        if name in SCHEMA.map and found:
            stated[name] = found.group(1)
            assert all(v in row for v in SCHEMA.map[name].played_default.values()), row
    assert {"exit_count", "turn_limit", "zombie_ratio", "zombies_min", "points", "inches_per_tile"} <= set(stated)
    for name, words in stated.items():
        spec = SCHEMA.map[name]
        if spec.played_default:
            assert words.startswith("the rule set's"), name
        else:
            assert float(words) == float(spec.default), name
