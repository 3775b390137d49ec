"""Zombie 40,000 as a newcomer played a whole solo game on Hive Street with a Space Marine Tactical Squad
(Sergeant and Space Marines 1-4), through the real screen glue (``Match``), view and controller: every
refusal names a model as the panel and the roster do.

Rules: Zombie 40,000, Movement (squad coherency [7th])."""

from __future__ import annotations

import math

from game.controller import Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Path, Plate
from game.rules.zombie40k.commands import Move, Run, Shoot
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.ui.how_to_play import keys_html
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")
TACTICAL = {"unit": "tactical_squad", "models": 5, "sergeant": True}  # Sergeant, Space Marines 1-4
LINE = [(10.0, 30.0), (12.0, 30.0), (14.0, 30.0), (16.0, 30.0), (18.0, 30.0)]  # 1" between the bases


def test_a_coherency_refusal_names_the_model_as_the_panel_does() -> None:
    """Space Marine 4 (the fifth model, after the Sergeant) moved away from his squad was refused as "Space
    Marine 5", a model the squad does not have."""
    g = rigged_game({1: LINE}, teams=[TACTICAL], phase=Phase.MOVEMENT)
    g.world.kill(g.figure("p1-3"), "shot")  # Space Marine 2 is dead: the squad must close up
    for fid in ("p1-1", "p1-2", "p1-4"):
        g.apply(Move(fid, (g.figure(fid).position,)))
    m = Match(g, Z40K.view())
    m.click((18.0, 30.0))
    assert m.hint("p1-5").startswith("Space Marine 4 "), m.hint("p1-5")
    m.click((23.0, 30.0))
    assert m.status_bad and 'Space Marine 4 would be 6.0"' in m.status, m.status
    assert "Space Marine 5" not in m.status and m.status.startswith("Tactical Squad is out of coherency"), m.status


def _reach_plates(ctl: Controller) -> list[str]:
    """The plates the view draws round the selected model (his reach, his squad's coherency)."""
    v, g, fid = ctl.view, ctl.game, ctl.selected
    return [m.text for m in v.reach(g, fid, v.look(g, fid), v.actions(g, fid)) if isinstance(m, Plate)]


def test_a_squad_split_in_two_groups_is_told_so_group_to_group() -> None:
    """Space Marines 1 and 3 stand 1" apart, 3.8" from the rest: the plate told "Space Marine 3 is 3.8" from
    Space Marine 4, the nearest of the squad", and Space Marine 1 the same, as if each stood alone."""
    at = [(10.0, 30.0), (18.8, 30.0), (12.0, 30.0), (20.8, 30.0), (14.0, 30.0)]  # Sergeant, Space Marines 1-4
    g = rigged_game({1: at}, teams=[TACTICAL], phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((10.0, 30.0)))
    plate = next(t for t in _reach_plates(ctl) if "coherency" in t)
    assert plate.splitlines() == [
        "Tactical Squad: out of coherency, split in two groups",
        "Space Marine 1's group (Space Marine 1 and Space Marine 3) is 3.8\" from Space Marine 4's",
        'Move the groups within 2" of each other.',
    ], plate


def test_a_model_that_has_fired_or_run_says_so_when_clicked() -> None:
    """Clicked in the Shooting phase after firing, Space Marine 1 said "Move is for the movement phase; it is
    the shooting phase", true of every model and not why he could do nothing."""
    at = [(10.0, 30.0), (11.2, 30.0), (12.4, 30.0)]
    small = {**TACTICAL, "models": 3}
    g = rigged_game({1: at}, hordes=[[(10.0, 20.0)]], teams=[small], dice=[1] * 40)
    g.apply(Shoot("p1", "h1"))
    assert Controller(g, Z40K.view()).handle(Click(at[1])).message == "Space Marine 1 has fired this phase."
    g = rigged_game({1: at}, hordes=[[(10.0, 10.0)]], teams=[small], dice=[3] * 40)
    for fid, (x, _) in zip(("p1-1", "p1-2", "p1-3"), at):
        g.apply(Run(fid, ((x, 29.0),)))
    said = Controller(g, Z40K.view()).handle(Click((11.2, 29.0))).message
    assert said == "Space Marine 1 has run this turn: a run is instead of shooting.", said


def test_how_to_play_says_the_squad_move_in_sentences() -> None:
    """The keys of How to play read "Q: ... in formation, each round what is in his way"."""
    keys = keys_html(Z40K)
    assert "keeping his place in the squad and going round anything in his way." in keys, keys
    assert "each round what" not in keys and "runs so" not in keys


def test_the_move_plate_says_its_inches_are_along_the_path() -> None:
    """A move pointed 4" away round the end of a wall: the plate read "MOVE 5.5"" and the player measured 4".
    It says the 5.5" is along the drawn path, and the 4" straight."""
    g = rigged_game(
        {1: [(20.0, 30.0)]},
        teams=[TACTICAL],
        phase=Phase.MOVEMENT,
        scenario=small_scenario(walls=[((19.0, 28.0), (21.2, 28.0))]),
    )
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((20.0, 30.0)))
    ctl.handle(Hover((20.0, 26.0)))
    marks = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    way = next(m.points for m in marks if isinstance(m, Path))
    plate = next(m.text for m in marks if isinstance(m, Plate))
    along = sum(math.dist(a, b) for a, b in zip(way, way[1:]))
    assert plate == f'MOVE {along:.1f}" along the path (4.0" straight)', (plate, along)


def test_the_end_screen_tells_a_wiped_out_team_came_back_and_gives_a_solo_team_no_medal() -> None:
    """The TEAMS line read "Tactical Squad 5 -> 5 =" after the squad was wiped out and respawned, and a solo
    game gave its only team the MOST ZOMBIES DESTROYED medal."""
    from game.rules.zombie40k import turn

    g = rigged_game({1: LINE}, hordes=[[(30.0, 10.0)]], teams=[TACTICAL], phase=Phase.ASSAULT, dice=[3, 4] * 4)
    g.state.kills["p1"] = 7
    for fid in list(g.state.squad_of(1).models):
        g.world.kill(g.state.models[fid], "h1 test")
    g.state.order, g.state.order_index = [1], 0
    turn.begin_player(g.world)  # the squad respawns, all five
    g.log.extend(e for e in g.world.events if e not in g.log)
    report = Z40K.report(g)
    row = next(r for r in report.roll if r.name == "Player 1: Tactical Squad")
    assert (row.before, row.after) == (5, 5)
    assert row.words == "5 to 5: 5 killed, wiped out once and came back with 5", row.words
    assert report.citation == "", report.citation
