"""The log's respawn line as a player reads it (issue 33): "respawns with 3 models, 0" or more from the escape
vehicle" read wrong. It says where the squad came back and how far from the vehicle it stands."""

from __future__ import annotations

import re

from game.rules.core import get_ruleset
from game.rules.zombie40k import turn
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def _respawned(squads: dict, player: int, dice: list[int]) -> str:
    """``player``'s squad is wiped out and his turn begins: the log line of its respawn, in plain text."""
    g = rigged_game(squads, phase=Phase.ASSAULT, player=1, dice=dice)
    w, st = g.world, g.state
    for fid in list(st.squad_of(player).models):
        w.kill(st.models[fid], "test")
    w.events.clear()
    st.order, st.order_index = sorted(squads), sorted(squads).index(player)
    turn.begin_player(w)
    lines = Z40K.view().log_lines(g, list(w.events))
    said = next(re.sub(r"<[^>]+>", "", line).replace("&quot;", '"').replace("&#x27;", "'") for line in lines
                if "respawns" in line)  # fmt: skip
    far = float(re.findall(r'(\d+)" from the escape vehicle', said)[0])
    assert far > 20 and abs(far - w.unit_vehicle_distance(st.squad_of(player))) <= 1.5, said  # the roster's number
    return said.replace(f'{far:.0f}"', 'N"')


def test_a_squad_alone_respawns_in_its_deployment_zone_at_its_real_distance() -> None:
    said = _respawned({1: [(10, 30), (11.5, 30)]}, 1, [3, 4] * 4)
    assert (
        said
        == "Player 1's Infantry Squad respawns with 2 models in its deployment zone, N\" from the escape vehicle"
    )


def test_a_squad_behind_another_team_says_how_far_and_why() -> None:
    said = _respawned({1: [(10, 30), (11.5, 30)], 2: [(30, 20), (31.5, 20)]}, 2, [3, 4] * 4)
    assert said == (
        "Player 2's Infantry Squad respawns with 2 models, N\" from the escape vehicle "
        '(at least 6" further from it than any other team)'
    ), said
