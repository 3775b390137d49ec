"""The play session (issue 5): autosave after every resolved command, undo only of commands that
rolled no dice (never re-rolling by undo), save and resume exactly, bug reports on errors."""

from __future__ import annotations

import pytest

from game.ai.zombiekrieg_bot import choose_command
from game.rules.core import IllegalCommand
from game.rules.zombiekrieg import EndTurn, Fire, Move, new_game
from game.saves import Autosaves, load_game, read_save
from game.session import Session, UndoRefused


def hot_seat(scenario, seed=4):
    """Two sections; plays bot commands until player 1 is to act with both players still standing."""
    g = new_game(scenario, {"sections": ["american", "british"]}, seed)
    assert g.state.active_player == 1, "this seed should start with the Allies"
    return g


def test_every_resolved_command_is_autosaved(scenario, tmp_path):
    s = Session(new_game(scenario, {}, 5), Autosaves(tmp_path))
    for _ in range(7):
        s.apply(choose_command(s.game))
        assert s.last_autosave is not None
        assert load_game(s.last_autosave).state_data() == s.game.state_data()
    assert len(Autosaves(tmp_path).files()) == 5


def test_a_refused_command_changes_nothing_and_is_not_autosaved(scenario, tmp_path):
    autos = Autosaves(tmp_path)
    s = Session(new_game(scenario, {}, 5), autos)
    before = s.game.state_data()
    with pytest.raises(IllegalCommand):
        s.apply(Fire("nobody", "z1"))
    assert s.game.state_data() == before and autos.files() == []


def test_undo_is_refused_after_a_dice_roll(scenario):
    s = Session(hot_seat(scenario))
    sgt = next(f for f in s.game.state.section_of(1) if f.role == "sergeant")
    s.apply(Move(sgt.id, (), 90.0))  # even a turn on the spot is a MOVE: a GUTS test
    assert not s.can_undo()
    assert "rolled dice" in s.undo_refusal()
    with pytest.raises(UndoRefused, match="never goes back before a dice roll"):
        s.undo_to_last_roll()


def test_undo_takes_back_commands_that_rolled_nothing_back_to_just_after_the_last_roll(scenario, tmp_path):
    autos = Autosaves(tmp_path)
    s = Session(hot_seat(scenario), autos)
    sgt = next(f for f in s.game.state.section_of(1) if f.role == "sergeant")
    s.apply(Move(sgt.id, (), 45.0))
    after_roll = s.game.state_data()
    rolls = len(s.game.dice.log)
    s.apply(EndTurn())  # player 1 hands over to player 2: no dice
    assert s.game.state.active_player == 2 and len(s.game.dice.log) == rolls
    assert s.can_undo()
    g = s.undo_to_last_roll()
    assert g.state_data() == after_roll and g.state.active_player == 1
    assert len(g.commands) == 1
    assert not s.can_undo()  # back at the roll: no further
    assert load_game(autos.latest()).state_data() == after_roll


def test_nothing_to_undo_at_the_start(scenario):
    s = Session(new_game(scenario, {}, 5))
    assert s.undo_refusal() == "Nothing to undo yet."


def test_save_and_resume_exactly_then_play_on_the_same(scenario, tmp_path):
    s = Session(new_game(scenario, {}, 9))
    for _ in range(20):
        s.apply(choose_command(s.game))
    path = s.save(tmp_path / "my game.json")
    r = Session.resume(path)
    assert r.game.state_data() == s.game.state_data()
    assert r.rolled == s.rolled  # undo knows the history after resuming
    while not s.game.over:
        cmd = choose_command(s.game)
        s.apply(cmd)
        r.apply(cmd)
    assert r.game.state_data() == s.game.state_data()


def test_closing_at_any_moment_resumes_from_the_latest_autosave(scenario, tmp_path):
    """The game is dropped (as if the window closed) after every command; the autosave resumes it."""
    autos = Autosaves(tmp_path)
    s = Session(new_game(scenario, {}, 13), autos)
    for _ in range(12):
        s.apply(choose_command(s.game))
        path, line = Session.resumable(autos)
        n = len(s.game.commands)
        assert (f"{n} action," if n == 1 else f"{n} actions,") in line  # says how far the game got
        assert Session.resume(path).game.state_data() == s.game.state_data()


def test_an_error_in_the_rules_leaves_a_bug_report(scenario, tmp_path, monkeypatch):
    from game.rules.kit import Rule
    from game.rules.zombiekrieg import game as zk_game

    s = Session(new_game(scenario, {}, 5), Autosaves(tmp_path / "autosave"))
    s.apply(choose_command(s.game))

    def broken(world, plan):
        raise ZeroDivisionError("the dice fell off the table")

    # the game carries a Move out by the rule in its table (the kit's apply): the bug goes there
    monkeypatch.setitem(zk_game.ZombiekriegGame.RULES, Move, Rule(zk_game.move.plan, broken))
    f = next(f for f in s.game.state.allied() if f.standing and not f.acted_this_turn)
    with pytest.raises(ZeroDivisionError):
        s.apply(Move(f.id, (), 0.0))
    report = s.last_crash_report
    assert report is not None and report.parent == tmp_path / "crash"
    saved = read_save(report)
    assert saved.error == "ZeroDivisionError: the dice fell off the table"
    assert saved.failed == Move(f.id, (), 0.0) and len(saved.commands) == 1
