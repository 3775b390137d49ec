"""A squad's move walks its way once when carried out (session 45 review): the rules checked the move by walking
each model's Move with the squad stood as the earlier ones leave it, then walked it all again before the first
model moved, to learn whether the squad goes through difficult terrain. The check's walk is the plan carried out."""

from __future__ import annotations

import math

import pytest

from game.controller import Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.kit import group_move
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
SQUAD = [(18.0, 38.0), (19.5, 38.0), (21.0, 38.0), (18.0, 39.5)]


@pytest.mark.parametrize("rubble", [False, True])
def test_a_squad_move_clicked_walks_its_way_once_and_moves_as_before(
    rubble: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    clutter = [(16, 30, 8, 5)] if rubble else []  # rubble from y 30 to 35: the squad rolls first
    g = rigged_game({1: SQUAD}, phase=Phase.MOVEMENT, scenario=small_scenario(clutter=clutter), dice=[6, 6, 6, 6])
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(SQUAD[0]))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    ctl.handle(Hover((18.0, 33.0)))
    walks: list[int] = []
    applying: list[bool] = []
    walk, apply = group_move.walk, g.apply
    # (the screen's formation previews the moves it tries: only the rules' walks while the click's move is applied
    # are counted)
    monkeypatch.setattr(
        group_move, "walk", lambda *a, **k: (walks.append(1) if applying else None) or walk(*a, **k)
    )
    monkeypatch.setattr(g, "apply", lambda cmd: applying.append(True) or apply(cmd))
    done = ctl.handle(Click((18.0, 33.0)))
    assert done.accepted and done.events, done.message
    assert len(walks) == 1, len(walks)
    for n, (x, y) in enumerate(SQUAD, 1):
        assert math.dist(g.figure(f"p1-{n}").position, (x, y - 5.0)) < 0.3, (n, g.figure(f"p1-{n}").position)
    lines = Z40K.view().log_lines(g, done.events)
    assert any("difficult terrain" in x for x in lines) == rubble, lines
