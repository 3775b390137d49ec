"""A scenario's numbers (issue 10, item 6; rules: Zombiekrieg 848, Forces and Weapons): ``check`` warns
about a zombie ratio or minimum the source would not play, the rules reference shows the numbers the
chosen scenario plays, and the LMG's second-shot preview gives the odds as the shot will be rolled."""

from __future__ import annotations

import io
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from game.rules.core import get_ruleset
from game.rules.zombiekrieg import Fire
from game.rules.zombiekrieg.events import Fired, GutsTested
from game.rules.zombiekrieg.guts import OUTCOMES, outcome, outcome_fractions
from game.rules.zombiekrieg.reference import reference, rules_reference, scenario_reference
from game.rules.zombiekrieg.testing import rigged_game
from game.scenario import load_scenario
from game.scenario.check import main as check

MAPS = Path(__file__).parent / "maps"
NORMANDY = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"


def farm_with(tmp_path: Path, ratio: str, least: str | None) -> Path:
    """The test farm map with its zombie_ratio (and zombies_min) changed, its tiles and templates beside it."""
    text = (MAPS / "valid_zombiekrieg.tmx").read_text()
    text = text.replace(
        'name="zombie_ratio" type="float" value="2"', f'name="zombie_ratio" type="float" value="{ratio}"'
    )
    if least is not None:
        text = text.replace(
            '<property name="title"',
            f'<property name="zombies_min" type="int" value="{least}"/>\n  <property name="title"',
        )
    for folder in ("tiles", "templates"):
        if (MAPS / folder).is_dir():
            shutil.copytree(MAPS / folder, tmp_path / folder)
    path = tmp_path / "farm.tmx"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "ratio,least,warned",
    [
        ("2", None, []),
        ("3", "12", []),
        ("1.5", None, ["zombie_ratio 1.5 is outside the source's two to three zombies per Allied figure"]),
        ("3.5", "8", ["zombie_ratio 3.5 is outside", "zombies_min 8 is below the source's minimum of twelve"]),
    ],
)
def test_check_warns_about_numbers_the_source_would_not_play(tmp_path, ratio, least, warned):
    """Rules: Forces: the zombies outnumber the Allies two or three to one, at least twelve; `check` warns
    outside 2 to 3 and below 12, and the map is still good (a warning is not a problem)."""
    path = farm_with(tmp_path, ratio, least)
    out = io.StringIO()
    assert check([str(path)], out, rule_warnings=get_ruleset("zombiekrieg").scenario_warnings) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("OK  ")
    warnings = [line for line in lines[1:] if "warning: zombie" in line]  # the rule set's, beside the map's own
    assert len(warnings) == len(warned)
    for line, words in zip(warnings, warned):
        assert words in line and " — " in line


def test_the_reference_shows_the_numbers_the_scenario_plays():
    """Rules: Forces: the rules help shows the scenario's own numbers. Normandy plays 2.5 zombies to one,
    at least 12, exit 3 in 15 turns: with one American section that is 28 zombies against 11 soldiers."""
    normandy = load_scenario(NORMANDY)
    sections = scenario_reference(normandy, {"sections": ["american"]})
    forces = next(s for s in sections if s.title == "Forces").text
    assert (
        "This scenario (Normandy Village) plays 2.5 zombies to each Allied figure, never fewer than 12" in forces
    )
    assert "28 zombies against 11 Allied figures" in forces
    winning = next(s for s in sections if s.title == "Winning and losing").text
    assert "This scenario: 3 figures must leave through the exit; the game ends after 15 turns." in winning
    two = next(
        s for s in scenario_reference(normandy, {"sections": ["american", "soviet"]}) if s.title == "Forces"
    )
    assert "53 zombies against 21 Allied figures" in two.text  # 2.5 x 21 = 52.5, rounded up
    # the old entry point still works, without a scenario's numbers
    plain = next(s for s in rules_reference() if s.title == "Forces").text
    assert "This scenario" not in plain and "outnumber the Allies 2.5 to one, never fewer than 12" in plain
    assert [s.title for s in scenario_reference(None, {})] == [s.title for s in rules_reference()]
    # the rule set's contract reference (the rules help) is the same, for the scenario and options given
    contract = next(s for s in reference(normandy, {"sections": ["american"]}) if s.title == "Forces")
    assert any("28 zombies against 11 Allied figures" in getattr(p, "text", "") for p in contract.body)


def test_the_reference_lists_the_readings_with_the_default_marked():
    """Rules: Readings: the rules help lists each switch, its house reading marked as the default, and for a
    game which reading it plays."""
    readings = next(s for s in rules_reference() if s.title == "Readings")
    defaults = [p for p in readings.paragraphs if p.text.startswith("House reading (the default): ")]
    assert len(defaults) >= 3 and all(p.house for p in defaults)
    assert "FIRE needs a clear line of sight" in readings.text and "This game plays" not in readings.text
    chosen = next(
        s
        for s in scenario_reference(None, {"readings": {"fire_needs_clear_sight": True}})
        if s.title == "Readings"
    )
    assert chosen.text.count("This game plays the literal reading.") == 1


def faces_for(result: str, modified_guts: int) -> tuple[int, int]:
    """Two dice that give ``result`` against ``modified_guts``."""
    return next((a, b) for a in range(1, 7) for b in range(1, 7) if outcome((a, b), modified_guts) == result)


def test_the_lmg_second_shot_preview_gives_the_odds_as_rolled():
    """Rules: Weapons and GUTS: each LMG shot is its own test. The second shot is rolled after the first:
    a critical has changed the gunner's GUTS, a zombie knocked down by the first no longer gives -1, a zombie
    killed by the first takes the second shot with it. The preview's second-shot odds are those, exactly:
    checked against the game's own rolls for every outcome of the first shot."""

    def game(dice=()):
        return rigged_game(
            soldiers={"us1-lmg": (12, 20, 270)},
            zombies=[(12, 17.5)],  # 1.5" away: -1 while it stands
            guts={"us1-lmg": 7},
            dice=list(dice),
        )

    g = game()
    shots = g.preview(Fire("us1-lmg", "z1")).details["shots"]
    first_mg = shots[0]["modified_guts"]
    assert first_mg == 6
    expected = {o: Fraction(0) for o in (*OUTCOMES, "lost")}
    for o1, p1 in outcome_fractions(first_mg).items():
        g = game([*faces_for(o1, first_mg), 3, 4])  # any second roll: its GUTS is what is read
        events = g.apply(Fire("us1-lmg", "z1"))  # rigged_game scripts the dice (ScriptedDice)
        tests = [e for e in events if isinstance(e, GutsTested)]
        if len([e for e in events if isinstance(e, Fired)]) == 1:
            expected["lost"] += p1
            continue
        for o2, p2 in outcome_fractions(tests[1].modified_guts).items():
            expected[o2] += p1 * p2
    second = shots[1]["chances"]
    assert set(second) == set(expected)
    for key, value in expected.items():
        assert second[key] == pytest.approx(float(value), abs=1e-12), key
    assert sum(second.values()) == pytest.approx(1.0)
    assert second["lost"] == pytest.approx(float(outcome_fractions(6)["critical_success"]))
