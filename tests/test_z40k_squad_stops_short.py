"""A squad move that stops short of where the player pointed says why (newcomers on Hive Street, session 46: "a
squad move stops short, and nothing says why"). Found: one model's way across the rubble makes the whole squad
roll for difficult terrain, and the roll caps every model [7th]; the preview said only "through difficult
terrain", and after the move only the log's "difficult terrain 2"" told it. Now the preview names whose way
crosses difficult ground, and once the move is shown the status line says the roll held every model back."""

from __future__ import annotations

import math
from pathlib import Path

from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.scenario import load_scenario
from game.ui.match import Match

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
Z40K = get_ruleset("zombie40k")


def _plates(m: Match) -> list[str]:
    ctl = m.controller
    return [p.text for p in m.view.drawing(m.game, ctl.preview_command, ctl.preview) if isinstance(p, Plate)]


def test_a_squad_move_cut_by_the_difficult_terrain_roll_says_so() -> None:
    g = Z40K.new_game(load_scenario(HIVE_STREET), {}, seed=1)
    m = Match(g, Z40K.view())
    squad = g.state.squad_of(g.state.active_player)  # the Strike Team, by the rubble
    models = g.world.alive(squad)
    start = {x.id: x.position for x in models}
    lead = models[0]
    goal = (lead.position[0], lead.position[1] - 6.0)  # a full 6" move north, as he clicked it
    m.click(lead.position)
    m.button("squad")  # the Squad button: his squad-mates go with him
    m.hover(goal)  # the pointer on the spot: the preview's plate
    m.update(0.01)
    plate = "\n".join(_plates(m))
    assert "through difficult terrain (the way of Fire Warrior 7)" in plate, plate
    m.click(goal)
    for _ in range(3000):
        m.update(0.05)
        if m.playback.holding:
            m.skip()
        if not m.playback.busy:
            break
    went = {x.id: math.dist(start[x.id], x.position) for x in models}
    assert all(abs(d - 2.0) < 0.05 for d in went.values()), went  # the roll was 2: every model 2", not 6"
    assert 'Strike Team rolled 2" for difficult terrain, so no model went further' in m.status, m.status
