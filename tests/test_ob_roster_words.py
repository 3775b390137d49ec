"""Outbreak's roster agrees with the table (newcomer's Small Town game, issue ob39 items 3, 4, 7): "1 shot left
(no zombie in range) fired" beside a zombie in base contact, where the Fire button said the gun is a close
combat weapon now; "spotted" beside "unaware" after a spot that found nobody; "3 shots DEAD" for a dead man.
Through the screen's Match."""

from __future__ import annotations

from ob_helpers import failed_spot

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def pc1_line(match: Match) -> str:
    return next(line for line in match.roster().split("<br>") if 'href="pc1"' in line)


def test_a_shot_left_in_contact_gives_the_fire_buttons_reason() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 19)], dice=[])
    pc = game.state.figures["pc1"]
    pc.acted, pc.thirds_used = "fire", 2  # he fired; the shot zombie came on into contact
    match = Match(game, RS.view())
    match.select("pc1")
    fire = next(a for a in RS.view().actions(game, "pc1") if a.key == "fire")
    assert fire.reason == "In contact: the gun is a close combat weapon now."
    line = pc1_line(match)
    assert "1 shot left (in contact: the gun is a close combat weapon now)" in line, line
    assert "no zombie in range" not in line


def test_a_spot_that_found_nobody_reads_looked() -> None:
    match, logged = failed_spot()
    assert any("not spotted" in line for line in logged), logged
    line = pc1_line(match)
    assert "unaware" in line and "looked" in line and "spotted" not in line, line


def test_a_dead_man_shows_no_shots() -> None:
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, dice=[])
    game.world.kill(game.state.figures["pc1"], "killed by z1")
    match = Match(game, RS.view())
    line = pc1_line(match)
    assert "DEAD" in line and "shot" not in line, line
