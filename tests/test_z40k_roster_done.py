"""The roster says "done", not "ready", once a model has shot and all he has left is a power-up to give (issue
33), and the run line counts the Speed Pack's inches."""

from __future__ import annotations

from game.controller import AnimationDone, Click, Controller
from game.rules.core import get_ruleset
from game.rules.zombie40k import power_ups
from game.rules.zombie40k.events import MoveRolled
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def _status(view, g, ready, fid: str) -> str:  # type: ignore[no-untyped-def]
    looks = {f: view.look(g, f) for f in g.state.units["p1"].models}
    return next(r.status.text for r in view.roster(g, looks, ready)[0].rows if r.figure == fid)


def test_a_model_that_has_shot_reads_done_though_a_power_up_could_still_be_given_him() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30)]}, hordes=[[(20, 20)]], dice=[6, 6, 6, 1, 1, 1] * 4)
    g.state.units["p1"].power_ups = ["chainsaw"]
    view = Z40K.view()
    ctl = Controller(g, view)
    ctl.handle(Click((20, 30)))
    ctl.handle(Click((20, 20)))
    ctl.handle(AnimationDone())
    assert g.figure("p1-1").fired and "arm" in g.actions_for("p1-1")
    ready = {f for f in ("p1-1", "p1-2") if any(a.available for a in view.actions(g, f))}  # as the screen asks
    assert "p1-1" in ready  # (he may still be given the Chainsaw)
    assert _status(view, g, ready, "p1-1") == "done"


def test_a_model_that_moved_and_may_still_run_reads_ready() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30)]})
    g.figure("p1-1").moved = True  # (moved in the movement phase; nothing in range to shoot)
    view = Z40K.view()
    assert [a.key for a in view.actions(g, "p1-1") if a.available] == ["run"]
    assert _status(view, g, {"p1-1"}, "p1-1") == "ready"


def test_the_run_line_counts_the_speed_packs_inches() -> None:
    g = rigged_game({1: [(20, 30)]}, phase=Phase.SHOOTING)
    g.state.units["p1"].power_up_effects[power_ups.SPEED_PACK] = g.state.turn
    line = Z40K.view().log_lines(g, [MoveRolled("p1", "run", 2)])[0]
    assert 'run 2" +3" Speed Pack = 5"' in line.replace("&quot;", '"'), line
