"""A campaign's progress (issue 39, item 4): the chapters played as ordinary games with the force carried from
one into the next, what follows each outcome, the file written as a save is (a kill -9 leaves the last good
one) and read as hostile data, and verified chapter by chapter by replaying it. Played with the toy rule set
(tests/toy_rules): its hero carries on until a zombie bites him."""

from __future__ import annotations

import dataclasses
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import toy_rules

from game.ai import bot_for
from game.campaign import load_campaign
from game.campaign.progress import (
    Progress,
    chapter_in_play,
    chapter_options,
    finish_chapter,
    new_progress,
    new_progress_path,
    progress_files,
    read_progress,
    resumable_runs,
    save_progress,
    status,
    verify_progress,
)
from game.dice import ScriptedDice
from game.rules.core import CannotStart
from game.saves import Autosaves, SaveError, read_save

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "campaigns"
GOOD = DATA / "duel_road.toml"
WELL = "chapter 1 ('well'): "


def play_chapter(campaign, progress: Progress, faces: list[int] | None = None) -> Progress:
    """The next chapter played to its end by the bot (with ``faces`` as its dice, else its seed's)."""
    chapter, scenario, options, seed = chapter_options(campaign, progress)
    dice = ScriptedDice(faces) if faces else None
    game = toy_rules.new_game(scenario, options, seed, dice=dice)
    bot = bot_for("toy")
    while not game.over:
        game.apply(bot(game))
    return finish_chapter(campaign, progress, game)


def played_out(seed: int) -> Progress:
    campaign = load_campaign(GOOD)
    progress = new_progress(campaign, seed, {"hero": "Ash"})
    while not progress.over:
        progress = play_chapter(campaign, progress)
    return progress


def test_the_hero_carries_from_chapter_to_chapter_with_his_history() -> None:
    campaign = load_campaign(GOOD)
    progress = new_progress(campaign, 5, {"hero": "Ash"})
    assert [s for _, s in status(campaign, progress)] == ["next", "locked", "locked"]
    progress = play_chapter(campaign, progress, [6])  # the hero fells the well's zombie at once
    assert progress.played[0].outcome == "win" and progress.next == "mill"
    assert [s for _, s in status(campaign, progress)] == ["played", "next", "locked"]
    chapter, _, options, seed = chapter_options(campaign, progress)
    assert chapter.id == "mill" and seed == 501  # campaign 5, its second chapter
    assert options["hero"] == "Ash"  # the carried hero, not the chapter's own option
    assert options["campaign"]["force"] == progress.played[0].force_after
    (hero,) = progress.force.veterans
    assert (hero.name, hero.kills, hero.history) == ("Ash", 1, ("Duel at the well: felled the zombie",))


def test_a_chapter_no_outcome_can_lead_to_any_more_reads_not_taken_not_locked() -> None:
    """A newcomer's Bocage ended in defeat, and its screen still listed "The Causeway, under the Navy's guns
    (locked)" as if it were still to come. Once the campaign is over, or a branch has passed a chapter by, it is
    "not taken"; a chapter an outcome may still lead to stays "locked"."""
    campaign = load_campaign(GOOD)
    lost_at_the_well = played_out(2)
    assert lost_at_the_well.next == "defeat"
    assert [s for _, s in status(campaign, lost_at_the_well)] == ["played", "not taken", "not taken"]
    under_way = new_progress(campaign, 5, {"hero": "Ash"})
    assert [s for _, s in status(campaign, under_way)] == ["next", "locked", "locked"]


def test_a_force_with_nobody_living_ends_the_campaign_in_defeat(tmp_path: Path) -> None:
    shutil.copytree(DATA / "duel_road", tmp_path / "duel_road")
    text = GOOD.read_text().replace('lose = "defeat"', 'lose = "mill"')  # a lost well leads on to the mill
    (tmp_path / "c.toml").write_text(text)
    campaign = load_campaign(tmp_path / "c.toml")
    progress = play_chapter(campaign, new_progress(campaign, 1, {"hero": "Ash"}), [1])  # bitten at the well
    assert progress.played[0].outcome == "lose" and progress.next == "defeat" and progress.over
    assert progress.force.living == ()
    with pytest.raises(Exception, match="the campaign has ended in defeat"):
        chapter_options(campaign, progress)


def test_the_rule_set_refuses_a_force_it_cannot_set_up() -> None:
    campaign = load_campaign(GOOD)
    progress = play_chapter(campaign, new_progress(campaign, 1, {"hero": "Ash"}), [1])
    dead = dataclasses.replace(progress, next="mill")  # as if the file sent the dead on
    with pytest.raises(CannotStart, match="nobody is left"):
        chapter_options(campaign, dead)


def test_progress_round_trips_through_its_file(tmp_path: Path) -> None:
    progress = played_out(3)
    path = save_progress(tmp_path / "p.json", progress)
    back = read_progress(path)
    assert back.played == progress.played and back.next == progress.next and back.setup == {"hero": "Ash"}
    assert verify_progress(back, load_campaign(GOOD)) == []


def test_a_run_is_kept_beside_the_autosaves_and_its_chapter_in_play_found(tmp_path: Path) -> None:
    campaign = load_campaign(GOOD)
    path = new_progress_path(campaign, tmp_path)
    save_progress(path, new_progress(campaign, 2, {"hero": "Ash"}))
    assert progress_files(tmp_path) == [path] and path.name.startswith("campaign-duel_road-")
    autos = Autosaves(tmp_path)
    autos.extra = {"campaign": str(path)}
    _, scenario, options, seed = chapter_options(campaign, read_progress(path))
    game = toy_rules.new_game(scenario, options, seed)
    written = autos.write(game)
    assert read_save(written).extra["campaign"] == str(path)
    assert chapter_in_play(path, tmp_path) == written
    assert chapter_in_play(tmp_path / "other.json", tmp_path) is None
    (tmp_path / "campaign-broken-1.json").write_text("{")
    assert [p for p, _ in resumable_runs(tmp_path)] == [path]  # the broken one passed over, and kept
    assert (tmp_path / "campaign-broken-1.json").exists()


@pytest.mark.parametrize(
    "tamper, said",
    [
        (lambda d: d["played"][0].update(outcome="lose"), f"{WELL}it ends a win (humans), not a lose (humans) as recorded"),
        (lambda d: d["played"][0]["commands"].pop(), f"{WELL}its game does not end with its commands"),
        (lambda d: d["played"][0].update(seed=d["played"][0]["seed"] + 7), WELL),
        (lambda d: d["played"][0]["force"]["veterans"][0].update(kills=9), f"{WELL}the force it musters is not"),
        (lambda d: d["played"][1]["options"]["campaign"]["force"]["veterans"][0].update(name="Bruce"),
         "chapter 2 ('mill'): the force put into it is not the force the chapter before left"),
        (lambda d: d["played"][1].update(chapter="ford"), "chapter 2 ('ford'): the campaign led to 'mill', not here"),
    ],
)  # fmt: skip
def test_verify_catches_a_tampered_chapter(tmp_path: Path, tamper, said: str) -> None:
    progress = played_out(1)
    assert [p.outcome for p in progress.played] == ["win", "win", "win"]  # seed 1: the hero wins through
    data = json.loads(progress.to_json())
    tamper(data)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    problems = verify_progress(read_progress(path), load_campaign(GOOD))
    assert any(p.startswith(said) for p in problems), problems


@pytest.mark.parametrize(
    "content, said",
    [
        (b"{not json", "p.json is corrupt or truncated (not valid JSON); the file was left untouched."),
        (b'{"format": "deadground-save"}', "p.json is damaged (it is not a Dead Ground campaign progress file)"),
        (b"[" * 5000, "p.json is damaged (it is nested more than 16 deep)"),
        (b'{"format": "deadground-campaign", "version": 1, "x": 1}', "p.json is damaged (it has fields this game does not"),
    ],
)  # fmt: skip
def test_a_hostile_progress_file_is_refused_and_left_as_it_was(tmp_path: Path, content: bytes, said: str) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as refused:
        read_progress(path)
    assert str(refused.value).startswith(said)
    assert path.read_bytes() == content


def test_a_tampered_field_is_named_by_chapter(tmp_path: Path) -> None:
    data = json.loads(played_out(1).to_json())
    data["played"][1]["commands"][0] = {"type": "Teleport"}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"p.json is damaged \(chapter 2 \('mill'\): .*Teleport"):
        read_progress(path)
    data = json.loads(played_out(1).to_json())
    data["played"][0]["force"] = {"veterans": [{"key": "a"}]}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"chapter 1 \('well'\): veteran 1: missing 'name'"):
        read_progress(path)


DRIVER = """
import sys, dataclasses
sys.path.insert(0, "tests")
import toy_rules
from game.campaign.progress import read_progress, save_progress
progress = read_progress(sys.argv[1])
n = 0
while True:
    n += 1
    save_progress(sys.argv[2], dataclasses.replace(progress, seed=n))
    sys.stdout.write(f"saved {n}\\n")
    sys.stdout.flush()
"""


def test_a_kill_9_while_saving_leaves_the_last_good_file(tmp_path: Path) -> None:
    source = save_progress(tmp_path / "source.json", played_out(2))
    target = tmp_path / "p.json"
    for wait in (0.3, 0.45, 0.6):
        proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(source), str(target)], cwd=ROOT,
                                stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("saved")
        time.sleep(wait)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        saved = [int(line.split()[1]) for line in [first, *proc.stdout.read().split("\n")[:-1]] if line]
        kept = read_progress(target)  # whole, never a mix of two writes
        assert kept.seed in (saved[-1], saved[-1] + 1) and kept.played == read_progress(source).played


def test_the_replay_command_verifies_a_run_chapter_by_chapter(tmp_path: Path, capsys) -> None:
    from game.cli import main as cli_main

    path = save_progress(tmp_path / "run.json", played_out(1))
    assert cli_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Duel Road (toy), seed 1: 3 chapter(s) played, ended in victory\n")
    assert "  1. At the well (well): win (humans), " in out and "1 of 1 living after" in out
    assert out.endswith("Verified: every chapter replays to its outcome and force\n")
    data = json.loads(path.read_text())
    data["played"][2]["outcome"] = "draw"
    path.write_text(json.dumps(data))
    assert cli_main(["replay", str(path)]) == 1
    assert (
        "NOT REPRODUCED: chapter 3 ('ford'): it ends a win (humans), not a draw (humans)"
        in capsys.readouterr().out
    )
