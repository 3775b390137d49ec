"""The balance simulator (issue 5): bot games headless, the same results on any number of jobs,
the report's numbers and files, clear refusals of bad input; its figures and words come from the
rule set's Outcome and outcome_labels (issue 9)."""

from __future__ import annotations

import json
import re

import pytest

from game.assets import default_scenario
from game.cli import main as cli
from game.scenario import load_scenario
from game.simulate import GameResult, ProgressBar, build_report, format_report, play_one, run, win_rate_ci95

MAP = str(default_scenario())


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games():
    for wins, games in ((0, 10), (3, 10), (10, 10), (130, 1000)):
        lo, hi = win_rate_ci95(wins, games)
        assert 0 <= lo <= wins / games <= hi <= 1
    assert (
        win_rate_ci95(500, 1000)[1] - win_rate_ci95(500, 1000)[0]
        < win_rate_ci95(5, 10)[1] - win_rate_ci95(5, 10)[0]
    )
    assert win_rate_ci95(0, 20)[0] == 0.0 and win_rate_ci95(0, 20)[1] > 0.1  # never claims a certain loss


def test_a_game_is_played_to_the_end_and_measured():
    sc = load_scenario(MAP)
    r = play_one(sc, {}, 5)
    assert not r.error and r.winner in ("allies", "zombies") and r.human_win == (r.winner == "allies")
    f = r.figures
    assert 1 <= r.turns <= 15 and f["soldiers"] == 11
    assert 0 <= f["soldiers_lost"] + f["soldiers_out"] <= f["soldiers"]
    assert len(r.lists["survivors_guts"]) == f["soldiers"] - f["soldiers_lost"]
    assert all(2 <= g <= 10 for g in r.lists["survivors_guts"])
    assert play_one(sc, {}, 5) == r  # a seed is a game


def test_two_jobs_play_exactly_the_games_one_job_plays():
    one = run(MAP, 4, seed=30, jobs=1)
    two = run(MAP, 4, seed=30, jobs=2)
    assert one == two and [r.seed for r in one] == [30, 31, 32, 33]


def test_a_designers_run_uses_every_core_unless_told(monkeypatch, capsys):
    """Without --jobs a run of SPREAD_FROM games or more is spread over every core (the same results on
    any number of jobs); a handful of games stays in one process; --jobs still decides."""
    import os

    from game import simulate

    monkeypatch.setattr(simulate, "SPREAD_FROM", 4)  # four games stand for a designer's thousand
    cores = os.cpu_count() or 1
    assert cli(["simulate", MAP, "--games", "4", "--seed", "7"]) == 0
    assert f"on {cores} job(s)" in capsys.readouterr().out
    assert cli(["simulate", MAP, "--games", "3", "--seed", "7"]) == 0
    assert "on 1 job(s)" in capsys.readouterr().out
    assert cli(["simulate", MAP, "--games", "4", "--seed", "7", "--jobs", "1"]) == 0
    assert "on 1 job(s)" in capsys.readouterr().out


def test_the_report_on_a_small_run(tmp_path, capsys):
    assert cli(["simulate", MAP, "--games", "4", "--seed", "7", "--jobs", "2", "--report", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "4 games" in out and "Allied win rate" in out and "games/s" in out
    assert "Allied wins" in out and "Zombie wins" in out and "Allied soldiers lost" in out
    assert "\r" not in err and "4/4 games" not in err  # no \r progress bar where stderr is not a terminal
    report = json.loads((tmp_path / "report.json").read_text())
    for key in (
        "games",
        "wins",
        "win_rate",
        "win_rate_ci95",
        "turns_median",
        "turns",
        "figures",
        "lists",
        "labels",
        "seeds",
        "time_s",
        "games_per_s",
    ):
        assert key in report, key
    assert report["games"] == 4 and report["seeds"] == [7, 10]
    assert report["wins"]["allies"] + report["wins"]["zombies"] + report["wins"]["none"] == 4
    assert report["win_rate"] == report["wins"]["allies"] / 4
    assert report["labels"]["wins.allies"] == "Allied wins" and "seats" not in report
    lo, hi = report["win_rate_ci95"]
    assert lo <= report["win_rate"] <= hi
    assert sum(report["turns"]["all"].values()) == 4
    png = (tmp_path / "report.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def test_the_report_counts_what_the_games_did():
    sc = load_scenario(MAP)
    results = run(MAP, 3, seed=1)
    report = build_report(results, sc, {}, 1, 2.0, 1)
    assert report["wins"]["allies"] == sum(r.winner == "allies" for r in results)
    assert report["figures"]["soldiers_lost"]["mean"] == round(
        sum(r.figures["soldiers_lost"] for r in results) / 3, 3
    )
    assert sum(report["figures"]["zombies_killed"]["histogram"].values()) == 3
    guts = report["lists"]["survivors_guts"]
    assert guts["count"] == sum(len(r.lists["survivors_guts"]) for r in results)
    assert guts["label"] == "Survivors' GUTS at the end"
    assert report["games_per_s"] == 1.5


def test_progress_bar_text():
    import io

    out = io.StringIO()
    bar = ProgressBar(1000, out, width=10)
    assert bar.line(512).startswith("\r[#####.....] 512/1000 games ") and bar.line(512).endswith(" games/s")
    bar(1000)
    assert out.getvalue().endswith("1000/1000 games " + out.getvalue().split(" games ")[-1].split("\n")[0] + "\n")


@pytest.mark.parametrize(
    "args, words",
    [
        (["simulate", "no/such/map.tmx", "--games", "2"], "not found"),
        (["simulate", MAP, "--games", "2", "--options", "{bad"], "not JSON"),
        (["simulate", MAP, "--games", "2", "--options", '{"sections": ["martian"]}'], "refused"),
    ],
)
def test_bad_input_gets_a_clear_message(args, words, capsys):
    assert cli(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_map_of_a_rule_set_without_a_bot_is_refused_clearly(capsys, tmp_path):
    """A rule set registered without a bot (a plug-in half written) cannot be simulated: said, not a traceback."""
    import shutil

    import toy_rules

    from game.rules.core import RULESETS, RuleSet, register

    for name in ("test.tsx", "test.png"):
        shutil.copy(toy_rules.MAP.parent / name, tmp_path / name)
    bare = tmp_path / "bare.tmx"
    bare.write_text(toy_rules.MAP.read_text().replace('value="toy"', 'value="botless"'))
    register(RuleSet("botless", "No bot yet", toy_rules.new_game, toy_rules.COMMANDS, toy_rules.EVENTS))
    try:
        assert cli(["simulate", str(bare), "--games", "2"]) == 2
    finally:
        del RULESETS["botless"]
    err = capsys.readouterr().err
    assert "botless" in err and "Traceback" not in err


def test_games_must_be_positive(capsys):
    with pytest.raises(SystemExit):
        cli(["simulate", MAP, "--games", "0"])
    assert "at least 1" in capsys.readouterr().err


def fake(seed: int, winner: str, seat: int = 0, error: str = "", **figures: float) -> GameResult:
    return GameResult(
        seed,
        winner,
        3,
        10,
        human_win=winner == "hero",
        seat=seat,
        figures=figures,
        lists={"wounds": (1, 2)},
        reason=f"{winner} won",
        error=error,
    )


def test_the_report_is_the_rule_sets_words_and_numbers(monkeypatch):
    """Wins by winner key (the rule set's order, then any other seen), the human win rate, a rate per
    seat when players race, figures averaged with histograms, lists as one histogram."""
    import dataclasses

    from game.rules import core

    sc = load_scenario(MAP)
    toy = dataclasses.replace(
        core.get_ruleset(sc.ruleset),
        outcome_labels={
            "wins.horde": "Horde wins",
            "wins.hero": "Hero wins",
            "human": "Hero",
            "doors": "Doors shut",
        },
    )
    monkeypatch.setitem(core.RULESETS, sc.ruleset, toy)
    results = [
        fake(1, "hero", 1, doors=2),
        fake(2, "hero", 2, doors=1),
        fake(3, "horde", doors=0),
        fake(4, "cats", doors=3),
        fake(5, "", error="stuck", doors=9),
    ]
    report = build_report(results, sc, {}, 1, 1.0, 1)
    assert list(report["wins"].items()) == [("horde", 1), ("hero", 2), ("cats", 1), ("none", 1)]
    assert report["win_rate"] == 0.4 and report["win_rate_ci95"] == list(win_rate_ci95(2, 5))
    assert report["seats"]["1"]["wins"] == 1 and report["seats"]["2"]["win_rate"] == 0.2
    assert report["figures"]["doors"] == {
        "label": "Doors shut",
        "mean": 1.5,
        "histogram": {"0": 1, "1": 1, "2": 1, "3": 1},
    }
    assert (
        report["lists"]["wounds"]["histogram"] == {"1": 4, "2": 4}
        and report["lists"]["wounds"]["label"] == "wounds"
    )
    assert report["turns"]["hero"] == {"3": 2} and report["turns"]["cats"] == {"3": 1}
    text = format_report(report)
    assert "Horde wins" in text and re.search(r"Hero win rate +40\.0% \(95% CI", text)
    assert "Player 2 wins" in text and "Doors shut" in text and "1 games raised an error" in text


def test_the_progress_bar_shows_on_a_terminal(monkeypatch, capsys):
    """Issue "Club-night play", item 7: the \r bar only where someone watches a terminal."""
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    assert cli(["simulate", MAP, "--games", "2", "--seed", "7"]) == 0
    _, err = capsys.readouterr()
    assert "2/2 games" in err and "\r[" in err


def test_the_report_lists_only_the_seats_the_map_has_and_says_what_it_cut(monkeypatch):
    """Issue 36, item 6: a two-player map does not list Players 3 and 4; the printout says it cut the end
    reasons and prints the options the run played."""
    import dataclasses

    from game.rules import core

    sc = load_scenario(MAP)
    sc = dataclasses.replace(sc, properties={**sc.properties, "players_max": 2})
    labels = {f"wins.player {n}": f"Player {n} wins" for n in range(1, 5)} | {"wins.zombies": "Zombie wins"}
    toy = dataclasses.replace(core.get_ruleset(sc.ruleset), outcome_labels=labels)
    monkeypatch.setitem(core.RULESETS, sc.ruleset, toy)
    results = [fake(k, "zombies") for k in range(1, 7)] + [fake(7, "player 1", 1)]
    results = [dataclasses.replace(r, reason=f"reason {r.seed}") for r in results]
    report = build_report(results, sc, {"sections": ["british"]}, 1, 1.0, 1)
    assert list(report["wins"]) == ["player 1", "player 2", "zombies", "none"]
    text = format_report(report)
    assert "Player 3 wins" not in text and "Player 2 wins" in text
    assert "4 of 7 end reasons shown; 3 more (3 games) in report.json" in text
    assert """--options '{"sections": ["british"]}'""" in text


@pytest.mark.parametrize("name", ["small_town", "last_evac"])
def test_two_jobs_play_the_games_one_job_plays_on_each_rule_sets_shipped_map(name):
    """Zombie Rules (Outbreak) and Zombie 40,000 too: the same results on 1 and 2 jobs (issue 38)."""
    from game.bench.simulate_maps import options_for

    path = f"maps/{name}.tmx"
    options = options_for(path)
    assert run(path, 2, seed=7, jobs=2, options=options) == run(path, 2, seed=7, jobs=1, options=options)
