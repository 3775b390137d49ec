"""Zombie 40,000 through the real screen glue (``Match``) and controller, as a newcomer found it (issue 33):
every phase that begins or passes by itself is announced over the table and in the log, with why
("Shooting skipped: Infantry Squad is locked in close combat"); an E pressed while a move that ended the
phase by itself is still shown, or just after, does not end a phase the player has not seen."""

from __future__ import annotations

from game.controller.machine import MOVED_ON
from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k.commands import Move
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import JUST_BEGUN, Match

Z40K = get_ruleset("zombie40k")


def _play_out(m: Match, seen: list[str]) -> None:
    """Run frames until the events are shown, noting every notice that went up over the table."""
    for _ in range(2000):
        m.update(0.05)
        seen += [w for _, w in m.notices if w not in seen]
        if m.playback.holding:  # the screen stops where his phases passed by themselves: he goes on
            m.skip()
        if not m.playback.busy:
            return
    raise AssertionError("the playback never ended")


def test_a_shooting_phase_skipped_for_a_squad_in_combat_is_announced_with_why() -> None:
    g = rigged_game({1: [(10, 30)], 2: [(30, 30), (31.5, 30)]}, hordes=[[(30, 31.05), (31.5, 31.05)]])
    g.state.phase = Phase.ASSAULT
    g.world.engage(g.world.unit("p2"), g.world.unit("h1"))
    g.dice = g.world.dice = Dice(seed=5)  # (the combat is fought as player 2's assault phase ends)
    told: list[str] = []
    m = Match(g, Z40K.view(), log=told.append)
    seen: list[str] = []
    m.button("end_turn")  # player 1 ends his assault phase: player 2's squad, locked in combat, has no choice
    _play_out(m, seen)
    skip = "Shooting skipped: Infantry Squad is locked in close combat"
    assert any(skip in w for w in seen), seen  # over the table
    assert any(f"Player 2: {skip}" in line for line in told), told  # and in the log


def test_a_phase_begun_by_itself_is_announced() -> None:
    """The last model moves: the Movement phase is over and the Shooting phase begins, and the screen says so."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 10)]], phase=Phase.MOVEMENT, dice=[1] * 50)
    m = Match(g, Z40K.view())
    m.send(Move("p1-1", ((10.0, 27.0),)))
    assert g.state.phase == Phase.SHOOTING
    seen: list[str] = []
    _play_out(m, seen)
    assert "Shooting phase" in seen, seen


def test_an_e_pressed_while_the_move_that_ended_the_phase_plays_is_not_kept() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 10)]], phase=Phase.MOVEMENT, dice=[1] * 200)
    m = Match(g, Z40K.view())
    m.send(Move("p1-1", ((10.0, 24.0),)))  # the last (only) model moves: on to the Shooting phase by itself
    assert m.playback.busy
    m.button("end_turn")  # meant for the Movement phase the player still sees
    assert m.status == MOVED_ON
    m.skip()
    assert g.state.phase == Phase.SHOOTING  # the Shooting phase was not ended unseen
    m.button("end_turn")  # at once, while the notice is still up: asked first
    assert g.state.phase == Phase.SHOOTING and m.status == f"Turn 1 \u00b7 Player 1 \u00b7 Shooting {JUST_BEGUN}"
    m.button("end_turn")  # asked and answered: the phase ends
    assert (g.state.turn, g.state.phase) != (1, Phase.SHOOTING)


def test_an_e_pressed_during_an_ordinary_move_still_ends_the_phase_once_the_dice_stop() -> None:
    """A move that leaves the phase where it was: an E pressed while it plays is kept, as before."""
    g = rigged_game({1: [(10, 30), (11.2, 30)]}, hordes=[[(40, 10)]], phase=Phase.MOVEMENT, dice=[1] * 200)
    m = Match(g, Z40K.view())
    m.send(Move("p1-1", ((10.0, 28.0),)))
    assert m.playback.busy and g.state.phase == Phase.MOVEMENT
    m.button("end_turn")
    m.skip()
    assert g.state.phase != Phase.MOVEMENT


def test_a_skip_for_a_rules_refusal_reads_as_one_sentence() -> None:
    """Two players far from the vehicle: the Assault phase passes, and its reason follows the colon in lower
    case ("Assault skipped: you may only assault..."), where the notice read "skipped: You may only"."""
    from game.rules.zombie40k import log_words
    from game.rules.zombie40k.events import PhaseSkipped

    g = rigged_game({1: [(10, 40)], 2: [(14, 40)]}, phase=Phase.ASSAULT)
    said = log_words.skipped_words(g, PhaseSkipped("assault", 1, "You may only assault another player near it"))
    assert said == "Assault skipped: you may only assault another player near it", said
    locked = log_words.skipped_words(g, PhaseSkipped("shooting", 1, "Infantry Squad is locked in close combat"))
    assert (
        locked
        == "Shooting skipped: Infantry Squad is locked in close combat (it fights as the Assault phase ends)"
    ), locked  # a name keeps its capital; and where its turn went
