"""Outbreak's roster shows only what a figure is now (newcomer, issue ob2 item 4): a farmhand whose zombie
was killed still read "bitten TURNED", and a bystander led out read "hidden EXITED"."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import bites
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def npc_line(match: Match) -> str:
    match.looks.update({f.id: RS.view().look(match.game, f.id) for f in match.game.figures})
    return next(line for line in match.roster().split("<br>") if 'href="npc1"' in line)


def test_a_bystander_whose_zombie_was_killed_reads_dead() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, npcs={"npc1": (4, 4)}, dice=[])
    match = Match(game, RS.view())
    jed = game.state.figures["npc1"]
    jed.bitten = True
    bites.turn(game.world, jed)
    assert "TURNED" in npc_line(match) and "bitten" not in npc_line(match)
    zombie = next(z for z in game.state.zombies() if z.turned_from == "npc1")
    game.world.kill(zombie, "shot by pc1")
    line = npc_line(match)
    assert "DEAD" in line and "TURNED" not in line and "bitten" not in line


def test_a_bystander_led_out_reads_only_exited() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, npcs={"npc1": (4, 4)}, dice=[])
    match = Match(game, RS.view())
    clara = game.state.figures["npc1"]
    clara.hidden = True
    game.world.take_off(clara)
    line = npc_line(match)
    assert "EXITED" in line and "hidden" not in line
