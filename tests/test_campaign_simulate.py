"""Balancing a campaign (issue 39, item 6): ``deadground simulate CAMPAIGN.toml`` plays whole campaigns with
the bots, chapter after chapter with the carried force, and reports the victories with their interval, where
campaigns end and how the force wears down. Played with the toy rule set (tests/toy_rules)."""

from __future__ import annotations

from pathlib import Path

import toy_rules  # noqa: F401  (registers the toy rule set and its campaign rules)

from game.campaign import load_campaign
from game.campaign.progress import chapter_seed
from game.campaign.simulate import build_report, play_campaign, run
from game.cli import main as cli_main
from game.simulate import play_one

GOOD = Path(__file__).parent / "data" / "campaigns" / "duel_road.toml"


def test_a_toy_campaign_is_played_to_its_end_by_the_bots() -> None:
    campaign = load_campaign(GOOD)
    results = [play_campaign(campaign, seed) for seed in range(1, 21)]
    assert all(r.ending in ("victory", "defeat") and not r.error for r in results)
    assert {r.ending for r in results} == {"victory", "defeat"}  # 20 campaigns: the duel goes both ways
    for r in results:
        assert r.chapters[0].chapter == "well"
        assert (r.ending == "victory") == (r.end == ("ford", "win", "victory"))
        assert all(row.going_in == 1 for row in r.chapters)  # the hero goes into every chapter he reaches


def test_its_first_chapter_is_the_map_simulators_game_with_the_chapters_seed() -> None:
    campaign = load_campaign(GOOD)
    result = play_campaign(campaign, 4)
    alone = play_one(toy_rules.duel_scenario(), {"hero": "Ash"}, chapter_seed(4, 0))
    assert (result.chapters[0].outcome == "win") == alone.human_win


def test_the_report_adds_up() -> None:
    campaign = load_campaign(GOOD)
    results = run(campaign, 30, seed=7)
    report = build_report(campaign, results, 7, 1.0, 1)
    assert report["games"] == 30 and report["seeds"] == [7, 36]
    assert sum(e["campaigns"] for e in report["ends"]) == 30
    assert report["victories"] + report["defeats"] == 30
    lo, hi = report["win_rate_ci95"]
    assert lo <= report["win_rate"] <= hi
    played = {row["chapter"]: row["played"] for row in report["chapters"]}
    assert played["well"] == 30 >= played["mill"] >= played["ford"]


def test_the_command_prints_the_campaign_report(capsys, tmp_path: Path) -> None:
    assert cli_main(["simulate", str(GOOD), "--games", "12", "--seed", "3", "--report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Duel Road (toy): 12 campaigns, seeds 3..14")
    assert "  Victories " in out and "(95% CI " in out and "Where campaigns end:" in out
    assert '"At the well" (lose)' in out or "victory after" in out
    assert "At the well  played    12, 1 in, " in out
    assert (tmp_path / "report.json").is_file()


def test_a_campaign_that_cannot_be_played_is_refused(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "c.toml"
    bad.write_text('title = "T"\nruleset = "toy"\nfirst = "x"\n')
    assert cli_main(["simulate", str(bad), "--games", "2"]) == 2
    assert f"{bad}: campaign: no chapters" in capsys.readouterr().err
