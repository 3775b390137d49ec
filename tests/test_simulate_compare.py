"""``deadground simulate --compare RUN_A RUN_B``: two balance reports side by side with the change, so a
designer sees what a change to the map did (issue 36, item 6)."""

from __future__ import annotations

import json

from game.cli import main as cli


def _run(folder, win_rate: float, zombies: int, died: int) -> str:
    folder.mkdir()
    report = {
        "scenario": {"title": "Farm", "ruleset": "zombiekrieg"},
        "games": 10,
        "seeds": list(range(1, 11)),
        "labels": {"human": "Allied", "wins.zombies": "Zombie wins"},
        "wins": {"zombies": zombies, "none": 0},
        "win_rate": win_rate,
        "win_rate_ci95": [0.1, 0.6],
        "turns_median": 9,
        "figures": {"zombies": {"label": "Zombies", "mean": 25.0}},
        "ground": {"died": {"count": died}, "stalled": {"count": 40}, "approach": {"games": 10, "median": 6.5}},
    }
    (folder / "report.json").write_text(json.dumps(report), encoding="utf-8")
    return str(folder)


def test_two_runs_side_by_side_with_the_change(tmp_path, capsys):
    a = _run(tmp_path / "before", 0.2, 8, 30)
    b = _run(tmp_path / "after", 0.5, 5, 12)
    assert cli(["simulate", "--compare", a, b + "/report.json"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A: Farm (zombiekrieg), 10 games, seeds 1..10\nB: Farm")
    rows = {line.split("  ")[1]: line.split()[-1] for line in out.splitlines()[3:]}
    assert rows["Allied win rate"] == "+30.0%" and rows["Zombie wins"] == "-3"
    assert (
        rows["Deaths a game"] == "-1.8"
        and rows["Stalls a game"] == "+0"
        and rows["Nearest approach (median)"] == "+0"
    )


def test_a_run_that_is_no_report_is_named(tmp_path, capsys):
    a = _run(tmp_path / "before", 0.2, 8, 30)
    assert cli(["simulate", "--compare", a, str(tmp_path / "nothing")]) == 2
    assert f"cannot read {tmp_path / 'nothing'}" in capsys.readouterr().err


def test_simulate_without_a_map_or_compare_says_what_to_give(capsys):
    assert cli(["simulate"]) == 2
    assert "give a .tmx map (or --compare RUN_A RUN_B)" in capsys.readouterr().err
