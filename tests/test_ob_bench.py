"""The Outbreak benchmark (issue 13, Deliver 5: one whole move sequence with 300 zombies and 20
humans): it plays a real move with the PC bot, leaves the rules' results as they are, and its
figure is printed by ``python -m game.bench``. A smoke run; it never checks a time."""

from __future__ import annotations

from game.bench.outbreak import NPCS, PCS, bench_outbreak, one_move, outbreak_game, small_town
from game.rules.outbreak.state import Step


def test_the_bench_position_has_the_issues_numbers_and_plays_one_whole_move():
    g = outbreak_game(small_town(), zombies=300, seed=3)
    st = g.state
    assert sum(z.on_table for z in st.zombies()) == 300
    assert sum(h.on_table for h in st.humans()) == PCS + NPCS == 20
    assert (st.move, st.step) == (2, Step.HUMANS)
    one_move(g)
    assert g.over or (st.move, st.step) == (3, Step.HUMANS)
    kinds = {type(e).__name__ for e in g.log}
    assert {"ZombieMoved", "StepStarted", "DiceRolled"} <= kinds


def test_the_figure_is_a_median_in_milliseconds():
    figures = bench_outbreak(repeats=1, zombies=40)
    assert set(figures) == {"outbreak_move_ms", "outbreak_move_cpu_ms"}
    assert figures["outbreak_move_ms"] > 0 and figures["outbreak_move_cpu_ms"] > 0
