"""The in-game rules help (rules: "Zombiekrieg 848"; the intro: every house value shown as a house rule).

The reference is written from game/data/zombiekrieg.toml, so a club that edits the file reads its own
numbers; every value the file marks [house] is listed under "House rules in force". No dice are rolled.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path

import pytest

from game.assets import data_file
from game.rules import contract
from game.rules.core import RULESETS, RuleSet, get_ruleset
from game.rules.zombiekrieg.data import load_data, parse_data
from game.rules.zombiekrieg.reference import (
    Paragraph,
    Section,
    Table,
    comment_notes,
    house_keys,
    load_reference,
    reference_for,
    rules_reference,
    shipped_notes,
)
from game.ui.rules_help import reference_html, rules_help, rules_html, table_lines

TITLES = [
    "Forces",
    "GUTS",
    "The turn",
    "Actions",
    "Weapons",
    "Firing, step by step",  # FIRE for a newcomer, in the order it happens (How to play shows it)
    "The zombies",
    "Melee",
    "Line of sight and clutter",
    "Winning and losing",
    "Campaigns",  # rules: Campaigns, what a section carries from chapter to chapter
    "Readings",  # rules: Common, Readings: the literal readings a game may choose
    "House rules in force",
]


def section(ref: list[Section], title: str) -> Section:
    return next(s for s in ref if s.title == title)


def tables(s: Section) -> list[Table]:
    return [p for p in s.paragraphs if isinstance(p, Table)]


def variant(path: Path) -> RuleSet:
    """Zombiekrieg with its rules help read from a club's own data file at ``path``."""
    return dataclasses.replace(get_ruleset("zombiekrieg"), reference=reference_for(path))


def as_contract(t: Table) -> contract.Table:
    """A table of the reference as the contract hands it to the screen."""
    return contract.Table(t.header, t.rows, caption=t.caption, house=t.house)


def toml_with(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped TOML with one line changed."""
    text = data_file("zombiekrieg.toml").read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "zombiekrieg.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_reference_has_every_section_a_wargamer_looks_for() -> None:
    """Rules: Zombiekrieg 848: Forces, GUTS, Actions, Weapons, The zombies, The turn, Winning and losing."""
    ref = rules_reference()
    assert [s.title for s in ref] == TITLES
    assert all(s.paragraphs for s in ref)
    text = "\n".join(s.text for s in ref)
    for words in (
        "Critical Success",
        "Critical Failure",
        "MOVE",
        "FIRE",
        "ORDER",
        "free ORDER",
        "the noise",
        "exit",
        "survive",
        "exterminate",
        "reach",
        "knocked down",
        "Corporal",
    ):
        assert words in text, words


def test_a_changed_command_range_in_the_data_file_shows_in_the_text(tmp_path: Path) -> None:
    """Rules: Actions (ORDER): the Sergeant's 12" read from the file; a club's 10" shows as 10"."""
    shipped = section(rules_reference(), "Actions").text
    assert 'within 12"' in shipped
    path = toml_with(tmp_path, "sergeant = 12.0", "sergeant = 10.0")
    actions = section(load_reference(path), "Actions").text
    assert 'the Sergeant orders any soldier of his section within 10"' in actions
    assert 'within 12"' not in actions
    assert 'within 10"' in rules_html(variant(path))


def test_numbers_follow_a_changed_copy_of_the_data() -> None:
    """Rules: GUTS and Weapons: GUTS bounds, starting table and weapon ranges come from ZkData."""
    raw = copy.deepcopy(load_data().raw)
    raw["guts"]["max"] = 11
    raw["guts"]["starting"][0]["guts"] = 5
    raw["weapon_classes"]["smg"]["range"] = 14.0
    raw["reaction"]["otherwise"][0] = {"move": "wander", "distance": 1, "toward": "noise"}
    ref = rules_reference(parse_data(raw), shipped_notes())
    guts = section(ref, "GUTS")
    assert "GUTS never rises above 11 nor falls below 2." in guts.text
    assert tables(guts)[0].rows[0] == ("1-2", "5")
    smg = next(r for r in tables(section(ref, "Weapons"))[0].rows if r[0] == "SMG")
    assert smg[2] == '14"'
    reaction = tables(section(ref, "The zombies"))[0]
    assert reaction.rows[0][3] == 'wander 1" toward the noise'


def test_every_house_key_of_the_data_file_is_listed_under_house_rules_in_force() -> None:
    """Rules: intro: "the game shows each house rule in its in-game rules help as a house rule"."""
    text = data_file("zombiekrieg.toml").read_text(encoding="utf-8")
    # an independent reading of the file: every key tagged [house] on its own line
    keyed, table = set(), ""
    for line in text.splitlines():
        head = re.match(r"^\[\[?([^\]]+)\]\]?", line.strip())
        if head:
            table = head.group(1)
        m = re.match(r"^(\w+)\s*=.*#\s*\[house\]", line)
        if m:
            keyed.add(f"{table}.{m.group(1)}")
    assert len(keyed) > 15
    listed = set(house_keys(shipped_notes()))
    assert keyed <= listed
    # ... and the tables tagged [house] in a comment just above them
    for must in (
        "guts.starting",
        "weapon_classes",
        "initiative",
        "reaction",
        "house.clutter_los_limit",
        "guts.max",
        "objective.turn_limit",
    ):
        assert must in listed, must
    house = section(rules_reference(), "House rules in force")
    keys_shown = {k for p in house.paragraphs if isinstance(p, Paragraph) for k in p.keys}
    assert listed <= keys_shown
    assert all(p.house for p in house.paragraphs if isinstance(p, Paragraph) and p.kind == "bullet")


def test_house_values_are_marked_and_seed_values_are_not() -> None:
    """Rules: GUTS max 10 is [house]; the Sergeant's GUTS 9 and the 12" command range are [seed]."""
    ref = rules_reference()
    runs = {r.key: r for s in ref for p in s.paragraphs if isinstance(p, Paragraph) for r in p.runs if r.key}
    assert runs["guts.max"].house and runs["guts.max"].text == "10"
    assert not runs["guts.sergeant"].house and runs["guts.sergeant"].text == "9"
    assert not runs["command_range.sergeant"].house and runs["command_range.sergeant"].text == '12"'
    assert runs["house.clutter_los_limit"].house
    assert tables(section(ref, "Weapons"))[0].house
    assert not tables(section(ref, "Forces"))[0].house


def test_a_house_tag_added_by_a_club_is_listed_even_for_a_key_the_game_does_not_know(tmp_path: Path) -> None:
    """Rules: intro: every house value lives in the data files and is shown as a house rule."""
    path = toml_with(
        tmp_path, "[zombies]\n", "[zombies]\nhowl_range = 5  # [house] zombies hear a shout this far\n"
    )
    house = section(load_reference(path), "House rules in force")
    line = next(p for p in house.paragraphs if isinstance(p, Paragraph) and "zombies.howl_range" in p.keys)
    assert "5" in line.text and "zombies hear a shout this far" in line.text and line.house


def test_the_reaction_table_is_six_rows_by_three_columns_as_in_the_data() -> None:
    """Rules: The zombies: the reaction table [house], 1D6 against three columns, furthest left first."""
    data = load_data()
    table = tables(section(rules_reference(), "The zombies"))[0]
    assert table.caption.startswith("Reaction table") and table.house
    assert len(table.rows) == 6 and all(len(r) == 4 for r in table.rows)
    assert [r[0] for r in table.rows] == ["1", "2", "3", "4", "5", "6"]
    assert table.header[1].startswith(data.raw["reaction"]["titles"]["close"])
    for roll, row in enumerate(table.rows, 1):
        for col, cell in zip(data.reaction_columns, row[1:]):
            r = data.reaction_cell(col, roll)
            if r.move == "none":
                assert cell.startswith("mill about")
            else:
                assert cell.startswith(f'{r.move} {r.distance}"')
    assert table.rows[5][1] == 'charge 2D6"' and table.rows[5][3] == 'shamble 3" toward the nearest Allied figure'


def test_the_initiative_table_follows_the_data() -> None:
    """Rules: The turn: initiative [house table], four outcomes, the reaction bonus capped at 6."""
    table = next(t for t in tables(section(rules_reference(), "The turn")) if t.caption == "Initiative")
    assert table.rows == (
        ("Critical Success", "the Allies", "yes", "-"),
        ("Success", "the Allies", "-", "-"),
        ("Failure", "the zombies", "-", "-"),
        ("Critical Failure", "the zombies", "-", "+1 (6 at most)"),
    )


def test_tables_fit_the_width_by_wrapping_headings_not_breaking_words() -> None:
    """The rules help's tables line up in a monospaced face within the characters the screen gives."""
    reaction = tables(section(rules_reference(), "The zombies"))[0]
    lines = table_lines(as_contract(reaction), 100)
    assert max(len(line) for line in lines) <= 100
    body = lines[-6:]
    assert [line.split()[0] for line in body] == ["1", "2", "3", "4", "5", "6"]  # one line a row
    assert 'shamble 3" toward the nearest Allied figure' in body[-1]


def test_comment_notes_give_a_table_family_its_comment() -> None:
    """A comment above the first [weapon_classes.smg] describes all of weapon_classes."""
    notes = comment_notes(
        "# [house] weapon classes\n[weapon_classes.smg]\nrange = 12\n[guts]\nmin = 2  # [house]\n"
    )
    assert notes == {"weapon_classes": "[house] weapon classes", "guts.min": "[house]"}


def test_a_rule_set_not_written_yet_says_so() -> None:
    """A rule set this build lacks, or one registered without a reference, gets a plain page."""
    missing = rules_help("not-in-this-build")
    assert "not written in the game yet" in missing.html and "cannot be played" in missing.html
    assert missing.titles == ()
    unwritten = dataclasses.replace(get_ruleset("zombiekrieg"), key="toy", name="Toy Rules", reference=None)
    page = rules_help(unwritten)
    assert "Toy Rules" in page.html and "not written in the game yet" in page.html and page.titles == ()
    assert "cannot be played" not in page.html  # it has a view: it plays, only its help is missing


def test_a_broken_data_file_is_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "zombiekrieg.toml"
    path.write_text("[guts\nmax = ", encoding="utf-8")
    assert "cannot be read" in rules_html(variant(path))
    path.write_text("[guts]\nmax = 10\n", encoding="utf-8")
    assert "cannot be read" in rules_html(variant(path))


def test_the_contract_reference_keeps_every_house_mark_of_the_zombiekrieg_reference() -> None:
    """What the screen gets (``RuleSet.reference``) is the reference, runs, kinds and tables alike."""
    ref = rules_reference()
    sections = get_ruleset("zombiekrieg").reference(None, {})
    assert [s.title for s in sections] == TITLES
    for mine, theirs in zip(ref, sections):
        assert len(mine.paragraphs) == len(theirs.body)
        for p, q in zip(mine.paragraphs, theirs.body):
            if isinstance(p, Table):
                assert isinstance(q, contract.Table) and (q.caption, q.header, q.rows, q.house) == (
                    p.caption,
                    p.header,
                    p.rows,
                    p.house,
                )
            else:
                assert isinstance(q, contract.Paragraph) and (q.text, q.house, q.kind, q.number) == (
                    p.text,
                    p.house,
                    p.kind,
                    p.number,
                )
                assert [(r.text, r.house) for r in q.runs] == [(r.text, r.house) for r in p.runs]


def test_any_rule_set_reference_renders_house_values_in_amber_and_tagged() -> None:
    """The screen writes out any rule set's sections: house runs amber, house rows amber and tagged."""
    ref = [
        contract.Section(
            "Shooting",
            (
                contract.Paragraph("Roll to hit", kind="subheading"),
                contract.Paragraph(
                    "A pistol reaches 6 inches.",
                    True,
                    runs=(contract.Run("A pistol reaches "), contract.Run("6", True), contract.Run(" inches.")),
                ),
                contract.Paragraph("Roll a D6.", kind="step", number=1),
                contract.Table(("weapon", "range"), (("pistol", '6"'), ("rifle", '12"')), house_rows=(1,)),
            ),
        )
    ]
    html = reference_html(ref)
    assert "<font color='#E8B04A'>6</font>" in html and html.count("[house]") == 2
    assert "<b>1.</b>&nbsp;Roll a D6." in html and "<font size=4.5><b>Roll to hit</b></font>" in html
    assert "<font color='#E8B04A'>rifle&nbsp;&nbsp;&nbsp;12\"</font>&nbsp;" in html  # the house row: amber, tagged
    assert "<font color='#E8B04A'>pistol" not in html


@pytest.fixture
def two_rulesets(monkeypatch: pytest.MonkeyPatch) -> RuleSet:
    """A second registered rule set with a one-section reference, beside Zombiekrieg."""
    toy = dataclasses.replace(
        get_ruleset("zombiekrieg"),
        key="toy",
        name="A Toy Rule Set",
        reference=lambda scenario, options: [contract.Section("Toy moves", (contract.Paragraph("Move 1."),))],
    )
    monkeypatch.setitem(RULESETS, "toy", toy)
    return toy


def test_rules_help_from_the_title_offers_every_registered_rule_set(app, two_rulesets: RuleSet) -> None:
    """Title -> Rules help: a chooser lists every registered rule set, open on the default scenario's (nothing
    played or read yet); choosing one shows its rules."""
    from ui_driver import click

    click(app, app.scene.buttons["rules"].rect.center)
    scene = app.scene
    assert scene.name == "rules" and scene.chooser is not None
    names = [r.name for r in scene.choices]
    assert names[0] == "A Toy Rule Set" and names == sorted(names)  # by name
    assert {"Zombiekrieg 848", "Zombie Rules (Outbreak)", "Zombie 40,000"} <= set(names)
    assert "Reaction table" in scene.html and list(scene.sections.values()) == TITLES  # the default map's
    assert scene.chooser.selected_option[0] == "Zombiekrieg 848"
    scene.choose("toy")
    assert app.scene is scene and "Toy moves" in scene.html and list(scene.sections.values()) == ["Toy moves"]
    scene.choose("zombiekrieg")
    assert app.scene is scene and "Reaction table" in scene.html
    assert list(scene.sections.values()) == TITLES
    assert scene.chooser.selected_option[0] == "Zombiekrieg 848"


def test_rules_help_from_a_game_shows_the_game_rule_set_only(app, two_rulesets: RuleSet) -> None:
    from game.ui.scenes.rules import RulesScene

    app.push(RulesScene(app, "zombiekrieg"))
    assert app.scene.chooser is None and "Reaction table" in app.scene.html


def test_the_rules_help_screen_shows_the_reference_and_jumps_to_a_section(app) -> None:
    """From the title screen: Rules help shows the rules with [house] marks; a contents button scrolls."""
    from ui_driver import click

    click(app, app.scene.buttons["rules"].rect.center)
    scene = app.scene
    assert scene.name == "rules"
    scene.choose("zombiekrieg")  # the chooser opens on the first rule set by name
    app.run_frames(2)
    assert "[house]" in scene.html and "Reaction table" in scene.html
    assert "Numbers come from game/data/zombiekrieg.toml" in scene.html
    app.run_frames(5)
    assert scene.text.scroll_bar is not None and scene.text.scroll_bar.start_percentage == 0
    button = next(b for b, title in scene.sections.items() if title == "The zombies")
    click(app, button.rect.center)
    app.run_frames(2)
    assert scene.text.scroll_bar.start_percentage > 0.3
    assert rules_help("zombiekrieg").titles == tuple(TITLES)
