"""Never play a player's turn for him (issue 33 item 7), Zombie 40,000 through the real controller: the game
stops at each phase the player may act in (a squad locked in close combat still shops in Killing Floor's
movement phase) and the log says why a phase passes by itself ("Assault skipped: ...", and in the
rules help's words, once a game, "There is no Psychic phase in this game")."""

from __future__ import annotations

from ui_driver import end_turn_of

from game.controller import AnimationDone, Controller
from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k import log_words, power_ups
from game.rules.zombie40k.commands import Buy, UsePowerUp
from game.rules.zombie40k.events import PhaseSkipped
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

RS = get_ruleset("zombie40k")


def words(g) -> list[str]:
    return [log_words.line(g, e) for e in g.log]


def test_a_squad_locked_in_combat_stops_in_its_movement_phase_to_shop() -> None:
    g = rigged_game(
        {1: [(10, 30)], 2: [(30, 30), (31.5, 30)]},
        hordes=[[(30, 31.05), (31.5, 31.05)]],
        phase=Phase.ASSAULT,
        mods=["killing_floor"],
    )
    g.world.engage(g.world.unit("p2"), g.world.unit("h1"))
    g.state.kf_points["2"] = 10
    g.dice = g.world.dice = Dice(seed=5)  # (the combat is fought as player 2's assault phase ends)
    ctl = Controller(g, RS.view())
    fb = end_turn_of(ctl)  # player 1 ends his assault phase: player 2's turn begins
    assert fb.accepted
    assert (g.state.active_player, g.state.phase) == (2, Phase.MOVEMENT)  # not played through to his combat
    assert g.state.locked("p2")
    ctl.handle(AnimationDone())
    bought = ctl.send(Buy(2, "p2-1", "boltgun"))
    assert bought.accepted, bought.message
    assert "boltgun" in g.figure("p2-1").weapons
    ctl.handle(AnimationDone())
    end_turn_of(ctl)  # the squad cannot shoot or charge: those phases say why they passed
    skipped = [e for e in g.log if isinstance(e, PhaseSkipped) and e.player == 2]
    assert [e.phase for e in skipped][:3] == ["psychic", "shooting", "assault"]
    assert any("locked in close combat" in line for line in words(g) if "Shooting skipped" in line)


def test_a_solo_games_assault_phase_says_why_it_was_skipped() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 10)]], phase=Phase.SHOOTING, dice=[1] * 200)
    ctl = Controller(g, RS.view())
    end_turn_of(ctl)
    lines = words(g)
    assert any(
        "Player 1: Assault skipped: no other team to charge (the zombies are fought in their turn)" in x
        for x in lines
    ), lines


def test_a_squad_locked_in_combat_stops_in_its_movement_phase_to_use_duct_tape() -> None:
    g = rigged_game({1: [(10, 30)], 2: [(30, 30)]}, hordes=[[(30, 31.05)]], phase=Phase.ASSAULT)
    g.world.engage(g.world.unit("p2"), g.world.unit("h1"))
    g.world.unit("p2").power_ups.append(power_ups.DUCT_TAPE)
    g.dice = g.world.dice = Dice(seed=5)
    ctl = Controller(g, RS.view())
    end_turn_of(ctl)
    assert (g.state.active_player, g.state.phase) == (2, Phase.MOVEMENT)
    ctl.handle(AnimationDone())
    taped = ctl.send(UsePowerUp("p2", power_ups.DUCT_TAPE, "p2-1", "attack"))
    assert taped.accepted, taped.message


def test_a_charge_out_of_reach_says_so_in_plain_words() -> None:
    g = rigged_game({1: [(10, 40)], 2: [(40, 40)]}, phase=Phase.SHOOTING, dice=[1] * 200)
    end_turn_of(Controller(g, RS.view()))
    skipped = [e.reason for e in g.log if isinstance(e, PhaseSkipped) and e.phase == "assault"]
    assert skipped[0] == 'no enemy team within 12"'
