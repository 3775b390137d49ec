"""Outbreak's move preview states the length the figure then walks (issue 33 "Club night", item 1): a newcomer
pointed round the corner of Rosie's Diner, the preview said 6" (the allowance) and the figure walked its routed
5.8"; the log said "moves 5.8"". Now the path's label and the plate say the length of the way the rules walk
(one function, ``movement.way``, decides both), in the log line's own words.

Rules: Outbreak, Movement (a human runs up to 6", 8" on a 6 while a zombie is within 8")."""

from __future__ import annotations

import math
from pathlib import Path

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game, tiny_scenario
from game.scenario import load_scenario
from game.ui.match import Match
from game.ui.overlays import Label, Line

RS = get_ruleset("outbreak")
MAPS = Path(__file__).resolve().parent.parent / "maps"


def aim(match: Match, fid: str, goal: tuple[float, float]) -> tuple[list[str], list[str]]:
    """Select ``fid`` and point at ``goal``: the preview's path labels and its plates."""
    match.select(fid)
    match.hover(goal)
    match.update(0.01)
    shown = match.overlays()
    labels = [o.label for o in shown if isinstance(o, Line) and o.label]
    plates = [o.text for o in shown if isinstance(o, Label) and o.plate]
    return labels, plates


def run(match: Match, goal: tuple[float, float]) -> None:
    """Click ``goal`` until the move is sent (a move that stops short asks first)."""
    before = len(match.game.commands)
    for _ in range(2):
        match.click(goal)
        if len(match.game.commands) > before:
            break
    match.skip()


def test_a_routed_run_round_the_diner_states_the_length_it_walks() -> None:
    g = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 5)
    lines: list[str] = []
    match = Match(g, RS.view(), speed=50.0, log=lines.append)
    deacon = g.figure("pc3")  # in the diner's car park, west of its corner; no zombie within 8"
    goal = (12.9, 40.0)  # just round the corner: 5.7" as the crow flies, the corner in the way
    labels, plates = aim(match, "pc3", goal)
    cmd = match.controller.preview_command
    assert cmd is not None and len(cmd.path) >= 2  # routed round the corner, not straight
    run(match, goal)
    said = [line for line in lines if line.startswith("Deacon Hale moves")]
    assert said == ['Deacon Hale moves 5.8".'], said
    assert labels == ['5.8"'], labels  # it said 6" (the allowance)
    assert any('moves 5.8"' in p for p in plates), plates
    assert math.dist(deacon.position, goal) < 1e-6


def test_a_run_with_a_roll_states_both_lengths_and_walks_the_one_rolled() -> None:
    # PC 1 7" from a zombie with a wall in his way: the route bends round it; a 6 on the roll runs 8"
    # (PC 2, far off, has still to act: the zombies wait)
    scen = tiny_scenario(characters=(), spawns=(), walls=[((14, 14), (14, 22))])
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (22, 2)}, zombies=[(5, 20)], scenario=scen, dice=[6])
    lines: list[str] = []
    match = Match(g, RS.view(), speed=50.0, log=lines.append)
    labels, plates = aim(match, "pc1", (20.0, 20.0))
    preview = match.controller.preview
    assert preview is not None and preview.details["roll_needed"]
    six, eight = (preview.details["paths"][k]["length"] for k in ('6"', '8"'))
    assert labels == [f'{six:.1f}"', f'{eight:.1f}"'], labels
    assert any(f'moves {six:.1f}" ({eight:.1f}" on the 8" run)' in p for p in plates), plates
    run(match, (20.0, 20.0))
    assert [line for line in lines if line.startswith("PC 1 moves")] == [f'PC 1 moves {eight:.1f}".'], lines
