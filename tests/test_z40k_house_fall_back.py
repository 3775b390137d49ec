"""The fall back's and the zombies' detour numbers are house values in zombie40k.toml, marked [house], read by the
rules (issue 33: no house number hidden in code)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.rules.zombie40k import movement
from game.rules.zombie40k.testing import rigged_game

TOML = Path(__file__).resolve().parents[1] / "game" / "data" / "zombie40k.toml"


def test_the_fall_back_and_detour_numbers_are_house_values_with_their_provenance() -> None:
    lines = {ln.split("=")[0].strip(): ln for ln in TOML.read_text().splitlines() if "=" in ln}
    for key in ("fall_back_turns", "fall_back_sidesteps", "zombie_sidesteps"):
        assert "# [house]" in lines[key], key


def test_the_fall_back_tries_the_ways_the_house_values_give() -> None:
    g = rigged_game({1: [(20, 30)]})
    assert len(movement.fall_back_ways(g.world, (20, 30), (0, 1), 6.0)) == 9 + 3 * 2
    g.world.data = dataclasses.replace(
        g.data, house=dataclasses.replace(g.data.house, fall_back_turns=(0.0,), fall_back_sidesteps=(2.0,))
    )
    ways = movement.fall_back_ways(g.world, (20, 30), (0, 1), 6.0)
    assert len(ways) == 3 and ways[0] == [(20, 30), (20.0, 36.0)]
