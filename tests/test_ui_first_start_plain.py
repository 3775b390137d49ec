"""A first start (numba's cache empty, or made for other files) of ``deadground play MAP`` checks the map and
deals its table with the loops as plain Python while a child compiles them (issue 38: a newcomer waited 20-40 s
on "Setting up the table..." while the map's check compiled them in the window's process); a start with the
loops cached loads them as before."""

from __future__ import annotations

import dataclasses

import pytest

from game.assets import assets_dir
from game.rules import core
from game.table import plain, warm
from game.ui.app import run


@pytest.mark.parametrize(("cached", "prepared"), [(False, 1), (True, 0)])
def test_a_first_start_checks_the_map_with_the_loops_prepared_behind_it(
    monkeypatch, cached: bool, prepared: int
) -> None:
    asked: list[bool] = []
    monkeypatch.setattr(warm, "loops_cached", lambda: cached)
    monkeypatch.setattr(warm, "play_while_preparing", lambda: asked.append(True))
    # a rule set with nothing to show: run stops after the map's check, before any game
    monkeypatch.setitem(core.RULESETS, "outbreak", dataclasses.replace(core.get_ruleset("outbreak"), view=None))
    assert run(str(assets_dir("maps") / "small_town.tmx"), straight_in=True) == 2
    assert len(asked) == prepared
    assert not plain.plain()


def test_the_loops_are_cached_once_warmed_up() -> None:
    warm.warm_up()
    assert warm.loops_cached()


def test_the_map_check_and_a_zombie_turn_are_the_same_with_the_loops_plain() -> None:
    from game.bench.common import starter_scenario
    from game.bench.horde import axis_turn, horde_game
    from game.scenario.review import review_map

    def played() -> tuple[list[str], dict]:
        problems = [
            str(p)
            for m in ("small_town", "last_evac")
            for p in review_map(str(assets_dir("maps") / f"{m}.tmx")).problems
        ]
        game = horde_game(starter_scenario(), 60, seed=3)
        axis_turn(game)
        return problems, {f.id: (f.position, f.state) for f in game.state.figures.values()}

    compiled = played()
    plain.run_plain()
    try:
        assert played() == compiled
    finally:
        plain.run_compiled()
