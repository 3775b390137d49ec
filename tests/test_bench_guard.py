"""The guard against regressions (issue 38): ``bench --compare`` fails a figure more than 25% worse than a
baseline of the same machine, read worse twice, and never one from another machine. No timing here: the
runs are given."""

from __future__ import annotations

import io

from game.bench.guard import judge, quick_guard, regressions

BASE = {"machine": "box", "frame_ms_median": 10.0, "games_per_s": 20.0, "zombie_turn_ms": {"5000": 100.0}}


def run_of(**changes):  # type: ignore[no-untyped-def]
    out = {**BASE, "zombie_turn_ms": dict(BASE["zombie_turn_ms"])}
    for key, value in changes.items():
        if key == "horde":
            out["zombie_turn_ms"]["5000"] = value
        else:
            out[key] = value
    return out


def test_a_figure_a_quarter_worse_is_a_regression_whichever_way_is_better():
    assert regressions(BASE, run_of(frame_ms_median=12.4, games_per_s=16.1)) == []
    assert regressions(BASE, run_of(frame_ms_median=12.6, games_per_s=15.9, horde=130.0)) == [
        "frame_ms_median",
        "games_per_s",
        "zombie_turn_ms.5000",
    ]


def test_compare_exits_1_when_a_figure_stays_worse_on_the_same_machine():
    out = io.StringIO()
    assert judge(BASE, run_of(horde=140.0), lambda: run_of(horde=135.0), out=out) == 1
    assert "WORSE by more than 25% than the baseline, twice: zombie_turn_ms.5000" in out.getvalue()


def test_compare_passes_when_the_second_reading_is_within_a_quarter():
    out = io.StringIO()
    assert judge(BASE, run_of(horde=140.0), lambda: run_of(horde=110.0), out=out) == 0
    assert "read again" in out.getvalue() and "no figure more than 25% worse" in out.getvalue()


def test_compare_never_fails_against_another_machines_baseline():
    out = io.StringIO()
    assert judge({**BASE, "machine": "laptop"}, run_of(horde=300.0), lambda: run_of(horde=300.0), out=out) == 0
    assert "not judged" in out.getvalue()


def test_the_quick_guard_fails_only_a_fast_path_no_faster_than_its_reference(monkeypatch):
    """The CI guard's verdict on given ratios (the ratios themselves are measured by ``python -m
    game.bench.guard`` in CI, never asserted here)."""
    from game.bench import guard

    monkeypatch.setattr(guard, "quick_ratios", lambda: {"blast": 0.3, "sight": 0.9})
    assert quick_guard(out=io.StringIO()) == 0
    monkeypatch.setattr(guard, "quick_ratios", lambda: {"blast": 0.3, "sight": 1.02})
    out = io.StringIO()
    assert quick_guard(out=out) == 1 and "sight" in out.getvalue() and "LOST" in out.getvalue()
