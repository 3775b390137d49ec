"""Campaign files (issue 39, item 1): a good file loads and checks clean; a hostile or mistaken one is refused
with every problem named by file and place, as ``deadground check`` says them of maps. Played with the toy
rule set (tests/toy_rules), whose duel carries its hero from chapter to chapter."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
import toy_rules  # noqa: F401  (registers the toy rule set and its campaign rules)

from game.campaign import CampaignError, load_campaign
from game.campaign.check import campaign_problems
from game.campaign.check import main as check_main
from game.cli import main as cli_main

DATA = Path(__file__).parent / "data" / "campaigns"
GOOD = DATA / "duel_road.toml"
HEAD = 'title = "T"\nruleset = "toy"\nfirst = "well"\n'
CH = '[chapters.well]\ntitle = "W"\n'
WELL = '[chapters.well]\ntitle = "At the well"\nmap = "duel_road/01_well.tmx"\n'


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A campaign folder with the duel maps in ``duel_road/``."""
    shutil.copytree(DATA / "duel_road", tmp_path / "duel_road")
    return tmp_path


def write(folder: Path, text: str, name: str = "c.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def messages(path: Path) -> list[str]:
    """Its errors and warnings (a note, e.g. that this build has no toy rules for the map reader, is no problem)."""
    return [str(p) for p in campaign_problems(path) if p.severity != "note"]


def test_the_good_campaign_loads_in_the_files_order_and_checks_clean() -> None:
    campaign = load_campaign(GOOD)
    assert campaign.title == "The Duel Road" and campaign.first == "well"
    assert list(campaign.chapters) == ["well", "mill", "ford"]
    assert campaign.carry == {"hero", "kills"}  # none listed: all the rule set carries
    assert campaign.chapters["well"].next == {"win": "mill", "lose": "defeat"}
    assert campaign.chapters["mill"].map == (DATA / "duel_road" / "02_mill.tmx").resolve()
    assert messages(GOOD) == []


def test_check_prints_ok_for_a_good_campaign_and_fails_a_bad_one(folder: Path) -> None:
    out = io.StringIO()
    assert check_main([str(GOOD)], out) == 0
    assert out.getvalue().startswith(f'OK  {GOOD}  (toy, "The Duel Road", 3 chapters)')
    bad = write(folder, HEAD + WELL + 'win = "barn"\n')
    out = io.StringIO()
    assert check_main([str(bad)], out) == 1
    assert f"FAIL  {bad}  (1 problem)" in out.getvalue()
    assert "chapter 'well': win = 'barn' is neither a chapter nor victory/defeat" in out.getvalue()


def test_the_command_checks_campaigns_and_maps_together_in_one_json_document(folder: Path, capsys) -> None:
    bad = write(folder, HEAD + WELL + "lose = 'well'\n")
    assert cli_main(["check", "--json", str(GOOD), str(bad), str(folder / "duel_road" / "01_well.tmx")]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [m["ok"] for m in doc["maps"]] == [True] and not doc["ok"]
    assert [c["ok"] for c in doc["campaigns"]] == [True, False]
    assert doc["campaigns"][1]["problems"][0]["chapter"] == "well"


def test_a_folder_is_checked_with_its_campaigns(folder: Path, capsys) -> None:
    write(folder, (GOOD.read_text()), "road.toml")
    assert cli_main(["check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "road.toml  (toy, " in out and "01_well.tmx" in out


@pytest.mark.parametrize(
    "text, said",
    [
        (HEAD + WELL + 'lose = "well"\n', "chapter 'well': it leads back to itself (well -> well) — a campaign must end"),
        (HEAD + WELL + 'win = "mill"\n[chapters.mill]\ntitle = "M"\nmap = "duel_road/02_mill.tmx"\nlose = "well"\n',
         "chapter 'well': it leads back to itself (well -> mill -> well)"),
        (HEAD + WELL + 'win = "nowhere"\n', "chapter 'well': win = 'nowhere' is neither a chapter nor victory/defeat"),
        (HEAD + WELL + 'humans = "victory"\n', "chapter 'well': 'humans' is not an outcome of Duel (toy) — use one of: win"),
        (HEAD + 'carry = ["guts"]\n' + WELL, "campaign: carry 'guts' is not something Duel (toy) carries"),
        (HEAD + CH + 'map = "duel_road/missing.tmx"\n', "chapter 'well': map 'duel_road/missing.tmx' does not exist"),
        (HEAD + CH + 'map = "../x/01_well.tmx"\n', "chapter 'well': map '../x/01_well.tmx' is outside the campaign's"),
        (HEAD + CH + 'map = "/etc/passwd.tmx"\n', "chapter 'well': map '/etc/passwd.tmx' is outside the campaign's"),
        (HEAD + CH + 'map = "duel_road/test.tsx"\n', "chapter 'well': map 'duel_road/test.tsx' is not a .tmx path"),
        (HEAD + '[chapters.well]\nmap = "duel_road/01_well.tmx"\n', "chapter 'well': no 'title'"),
        (HEAD + WELL + "options = { when = 1979-05-27 }\n", "chapter 'well': 'options' hold a date or time"),
        (HEAD + WELL + "options = { n = nan }\n", "chapter 'well': 'options' hold the number nan"),
        (HEAD + WELL + '[chapters.Barn-2]\ntitle = "B"\n', "campaign: chapter id 'Barn-2' is not 1-40 of a-z, 0-9, _"),
        (HEAD.replace('"well"', '"barn"') + WELL, "campaign: first = 'barn' is not a chapter — use one of: well"),
        ('title = "T"\nfirst = "well"\n' + WELL, "campaign: no 'ruleset'"),
        ('title = "T"\nruleset = "chess"\nfirst = "well"\n' + WELL, "campaign: no rule set 'chess'"),
        (HEAD + 'colour = "red"\n' + WELL, "campaign: unknown key 'colour' — use one of: title, ruleset, intro, first"),
        (HEAD, "campaign: no chapters — add a [chapters.<id>] table for each chapter"),
        ('title = "T"\nruleset = [', "campaign: not valid TOML (Invalid value (at end of document))"),
        ("title = " + "[" * 5000, "campaign: "),  # deep nesting: refused, never a RecursionError
        (HEAD + WELL + "\n".join(f'[chapters.c{i}]\ntitle = "C"\nmap = "duel_road/01_well.tmx"' for i in range(33)),
         "campaign: 34 chapters (at most 32) — split it into two campaigns"),
    ],
)  # fmt: skip
def test_a_mistaken_campaign_is_refused_naming_the_file_and_the_place(folder: Path, text: str, said: str) -> None:
    path = write(folder, text)
    assert any(m.startswith(said) for m in messages(path)), messages(path)
    with pytest.raises(CampaignError) as refused:
        load_campaign(path)
    assert f"{path}: {said}" in str(refused.value)


def test_an_unknown_key_of_a_chapter_is_an_outcome_or_a_mistake(folder: Path) -> None:
    path = write(folder, HEAD + WELL + 'colour = "red"\nsize = 3\n')
    assert messages(path) == [
        "chapter 'well': colour = 'red' is neither a chapter nor victory/defeat — use one of: well, victory, defeat",
        "chapter 'well': unknown key 'size' — use title, map, briefing, options, or an outcome = \"<next>\"",
    ]


def test_a_chapter_no_outcome_leads_to_is_a_warning_and_the_campaign_plays(folder: Path) -> None:
    path = write(folder, HEAD + WELL + '[chapters.barn]\ntitle = "B"\nmap = "duel_road/02_mill.tmx"\n')
    assert messages(path) == [
        "chapter 'barn': warning: no outcome leads to it from the first chapter 'well' — "
        "send an outcome of another chapter here, or remove it"
    ]
    assert list(load_campaign(path).chapters) == ["well", "barn"]
    out = io.StringIO()
    assert check_main([str(path)], out, strict=True) == 1 and "FAIL" in out.getvalue()


def test_hostile_files_are_refused_before_they_are_parsed(folder: Path, tmp_path: Path) -> None:
    big = write(folder, "# " + "x" * (64 * 1024))
    assert messages(big) == [
        "campaign: file cannot be read: it is larger than 65,536 bytes (a campaign file is at most 64 KB) "
        "— give the path of a campaign .toml file"
    ]
    binary = folder / "b.toml"
    binary.write_bytes(b"title = \xff\xfe")
    assert messages(binary) == ["campaign: the file is not UTF-8 text — save it as UTF-8 in your editor"]
    assert messages(folder) == [
        "campaign: file cannot be read: it is not an ordinary file (a folder, pipe or device) "
        "— give the path of a campaign .toml file"
    ]


def test_a_map_linked_out_of_the_folder_is_refused(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    outside = tmp_path_factory.mktemp("outside")
    shutil.copy(DATA / "duel_road" / "01_well.tmx", outside / "x.tmx")
    (folder / "duel_road" / "link.tmx").symlink_to(outside / "x.tmx")
    path = write(folder, HEAD + '[chapters.well]\ntitle = "W"\nmap = "duel_road/link.tmx"\n')
    assert messages(path)[0].startswith(
        "chapter 'well': map 'duel_road/link.tmx' is outside the campaign's folder"
    )


def test_each_chapter_map_is_checked_and_its_problems_named_with_the_chapter(folder: Path) -> None:
    broken = (folder / "duel_road" / "01_well.tmx").read_text().replace('value="toy"', 'value="toy" ')
    broken = broken.replace('name="objective"', 'name="objectiv"')
    (folder / "duel_road" / "bad.tmx").write_text(broken)
    path = write(folder, HEAD + '[chapters.well]\ntitle = "W"\nmap = "duel_road/bad.tmx"\n')
    said = messages(path)
    assert said and all(m.startswith("chapter 'well', map duel_road/bad.tmx, map") for m in said), said


def test_a_map_of_another_rule_set_is_named(folder: Path) -> None:
    other = (folder / "duel_road" / "01_well.tmx").read_text().replace('value="toy"', 'value="zombiekrieg"')
    (folder / "duel_road" / "zk.tmx").write_text(other)
    path = write(folder, HEAD + '[chapters.well]\ntitle = "W"\nmap = "duel_road/zk.tmx"\n')
    said = "chapter 'well': map duel_road/zk.tmx is for Zombiekrieg 848, not Duel (toy) — use a map of Duel (toy)"
    assert f"{said} (its ruleset property)" in messages(path)


def test_a_rule_set_without_campaigns_says_so(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from game.rules import core

    monkeypatch.setitem(core.RULESETS, "toy", dataclasses.replace(core.RULESETS["toy"], campaign=None))
    assert "campaign: the rule set Duel (toy) has no campaigns yet — play its maps one by one for now" in messages(
        GOOD
    )


def test_a_chapters_options_the_rules_refuse_are_named(folder: Path) -> None:
    path = write(folder, HEAD + WELL + 'options = { hero = " " }\n')
    assert messages(path) == [
        "chapter 'well': its options are refused: hero: give the hero a name — correct them "
        '(hero: the hero\'s name, e.g. "Ash")'
    ]
