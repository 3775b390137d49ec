"""Pieces of the screen that need no window: tape, manifests, settings, rules help, placed figures."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from game.rules.zombiekrieg.reference import comment_notes
from game.scenario.model import Placement
from game.ui.manifest import flatten, load_manifest
from game.ui.placements import token_for
from game.ui.rules_help import rules_html
from game.ui.settings import Settings
from game.ui.tape import Tape


def test_tape_reads_edge_to_edge_between_bases() -> None:
    tape = Tape(start=(0, 0), end=(6, 8), start_radius=0.5, end_radius=0.5)
    assert tape.length == pytest.approx(9.0)
    assert tape.text() == '9.0"'
    a, b = tape.edge_points()
    assert a == pytest.approx((0.3, 0.4)) and b == pytest.approx((5.7, 7.6))


def test_tape_on_touching_bases_is_zero_not_negative() -> None:
    assert Tape((0, 0), (0.8, 0), 0.5, 0.5).length == 0.0


def test_manifest_reads_both_layouts() -> None:
    entries = flatten(
        {
            "tokens": {"zombie_1": {"file": "t/z1.png", "base": 1.0}, "dead": "t/dead.png"},
            "rifle": {"file": "rifle.ogg", "volume": 0.7},
        }
    )
    assert entries["tokens.zombie_1"].file == "t/z1.png"
    assert entries["tokens.zombie_1"].extras == {"base": 1.0}
    assert entries["tokens.dead"].file == "t/dead.png"
    assert entries["rifle"].extras["volume"] == 0.7


def test_broken_manifest_is_a_warning_not_a_crash(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bad = tmp_path / "manifest.toml"
    bad.write_text("[tokens\nnope", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_manifest(bad) == {}
    assert "cannot read manifest" in caplog.text


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    Settings(master_volume=0.3, muted=True, animation_speed=2.0, fullscreen=True).save(path)
    assert Settings.load(path) == Settings(master_volume=0.3, muted=True, animation_speed=2.0, fullscreen=True)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"master_volume": "loud", "muted": 3}'])
def test_a_broken_settings_file_is_ignored_with_a_warning(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert Settings.load(path) == Settings()
    assert "ignoring" in caplog.text


def test_rules_help_marks_house_values() -> None:
    text = (
        "# top of file\n\n[guts]\nsergeant = 9  # [seed]\nmax = 10  # [house] never above 10\n\n"
        '# [house] initiative table\n[initiative]\ncritical = "first"\n'
    )
    notes = comment_notes(text)
    assert notes["guts.max"].startswith("[house]")
    assert "guts" not in notes  # the file's header comment belongs to no table
    assert notes["initiative"].startswith("[house]")


def test_rules_help_for_zombiekrieg_shows_the_weapons_and_house_rules() -> None:
    html = rules_html("zombiekrieg")
    if "not installed" in html:
        pytest.skip("game/data/zombiekrieg.toml not there yet")
    assert "Zombiekrieg 848" in html
    assert "[house]" in html
    assert "thompson" in html.lower()


def test_rules_help_without_a_reference_says_so() -> None:
    assert "not written in the game yet" in rules_html("not-in-this-build")


def test_placed_soldier_gets_his_nation_and_role_token() -> None:
    token = token_for(
        Placement(
            id=3,
            name="Sgt Baker",
            kind="soldier",
            position=(2.0, 3.0),
            facing=90,
            properties={"nation": "soviet", "role": "lmg"},
        )
    )
    assert token.sprite == "tokens.soldier_soviet_lmg"
    assert token.side == "allies" and token.facing == 90 and token.base_radius == 0.5


def test_placed_zombie_gets_a_zombie_token() -> None:
    token = token_for(Placement(id=6, name="", kind="zombie", position=(2.0, 3.0)))
    assert token.sprite.startswith("tokens.zombie_") and token.side == "zombie"
