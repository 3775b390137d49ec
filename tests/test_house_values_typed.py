"""A club's variant of a rule set's TOML has its ``[house]`` values checked when it loads: a misspelt key or
a value of the wrong kind is refused there, naming the file and the value, not met mid-game as a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.assets import data_file
from game.rules.kit.data import DataError
from game.rules.outbreak.data import load_data as load_outbreak
from game.rules.zombiekrieg.data import load_data as load_zombiekrieg


def _variant(tmp_path: Path, shipped: str, old: str, new: str) -> str:
    text = data_file(shipped).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / shipped
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_the_shipped_house_values_read_as_numbers_and_switches() -> None:
    zk, ob = load_zombiekrieg(), load_outbreak()
    assert zk.house.move_distance == 6.0 and isinstance(zk.house.order_bonus, int)
    assert ob.house.npc_shoots is True and ob.house.contact == 0.1


def test_a_misspelt_house_value_is_refused_when_the_variant_loads(tmp_path: Path) -> None:
    path = _variant(tmp_path, "zombiekrieg.toml", "move_distance = 6.0", "move_distnace = 6.0")
    with pytest.raises(DataError, match=r"zombiekrieg.toml: \[house\] has no use for 'move_distnace'"):
        load_zombiekrieg(path)


def test_a_house_value_of_the_wrong_kind_is_refused_naming_it(tmp_path: Path) -> None:
    path = _variant(tmp_path, "outbreak.toml", "npc_shoots = true", 'npc_shoots = "yes"')
    with pytest.raises(DataError, match=r"outbreak.toml: \[house.npc_shoots\] must be bool, not 'yes'"):
        load_outbreak(path)


def test_a_whole_number_serves_where_inches_are_asked(tmp_path: Path) -> None:
    path = _variant(tmp_path, "zombiekrieg.toml", "move_distance = 6.0", "move_distance = 5")
    assert load_zombiekrieg(path).house.move_distance == 5.0
