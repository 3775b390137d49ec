"""Coop Mode and the escape vehicle (rules: Zombie 40,000: Mods, Coop Mode): "Players embarked on the Escape
Vehicle may fire from its Access Points as if they were Firing Points" [seed], so the game goes on once a
model embarks: the players win together when every team still in the game has a model aboard. Dice are
scripted."""

from __future__ import annotations

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombie40k import turn
from game.rules.zombie40k.commands import EndPhase, Move, Shoot
from game.rules.zombie40k.events import GameOver, Killed, ShotsFired, UnitDestroyed
from game.rules.zombie40k.report import invariants
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

# the small table's vehicle is the box (20, 0.5)-(28, 4.5); a model at y 5.4 is 0.4" from it and embarks


def _to_player(g, player: int) -> None:  # noqa: ANN001 - a test's own helper
    while g.state.active_player != player and not g.over:
        g.apply(EndPhase())


def test_coop_the_game_goes_on_until_every_team_still_in_it_is_aboard() -> None:
    """The first model to embark no longer ends a Coop game; the last team to get a model aboard wins it for
    everyone (the standard game is won by embarking "with at least one model")."""
    g = rigged_game({1: [(24, 7)], 2: [(27, 7)]}, phase=Phase.MOVEMENT, mods=["coop"])
    g.state.order, g.state.order_index = [1, 2], 0
    g.apply(Move("p1-1", ((24, 5.4),)))
    assert g.figure("p1-1").state == "embarked"
    assert not g.over and g.winner is None
    _to_player(g, 2)
    assert g.state.phase == Phase.MOVEMENT
    g.apply(Move("p2-1", ((27, 5.4),)))
    assert g.over and g.winner == "players"
    reason = [e for e in g.log if isinstance(e, GameOver)][0].reason
    assert "every team is aboard" in reason and "win together" in reason


def test_coop_models_aboard_fire_from_the_vehicles_access_points() -> None:
    """A squad all aboard still has its shooting phase, and fires from the hull: the zombie 13.4" from where
    the sergeant stepped aboard is 9.5" from the hull, in his laspistol's 12" range."""
    g = rigged_game(
        {1: [(24, 7)], 2: [(40, 40)]},
        hordes=[[(10, 2), (8, 2)]],
        phase=Phase.MOVEMENT,
        mods=["coop"],
        dice=[6, 6, 1],
    )
    g.apply(Move("p1-1", ((24, 5.4),)))
    assert g.figure("p1-1").state == "embarked" and not g.over
    # nothing is left to move: the turn passes on to the shooting phase by itself
    assert g.state.phase == Phase.SHOOTING and g.state.active_player == 1
    assert invariants(g) == []  # a shooting phase with the squad all aboard is a phase with its squad
    g.apply(Shoot("p1", "h1"))  # to hit 6, to wound 6, Feel No Pain 1 (Coop zombies keep theirs)
    fired = [e for e in g.log if isinstance(e, ShotsFired)]
    assert fired and fired[-1].shooters == ("p1-1",)
    assert any(isinstance(e, Killed) and e.figure == "h1-1" for e in g.log)


def test_coop_the_hull_is_no_help_beyond_the_weapons_range() -> None:
    """From the hull, a zombie 13" away is out of the laspistol's range: the usual rules."""
    g = rigged_game({1: [(24, 7)], 2: [(40, 40)]}, hordes=[[(6.5, 2)]], phase=Phase.MOVEMENT, mods=["coop"])
    g.apply(Move("p1-1", ((24, 5.4),)))
    assert g.state.phase == Phase.SHOOTING
    try:
        g.apply(Shoot("p1", "h1"))
    except IllegalCommand as exc:
        assert "within range" in str(exc)
    else:  # pragma: no cover - the failure
        raise AssertionError("a shot beyond range from the hull was allowed")


def test_coop_a_team_aboard_lives_on_when_its_models_outside_fall() -> None:
    """A team with a model aboard is not wiped out when its last model on the table dies: it does not
    respawn, and it keeps its turns."""
    g = rigged_game(
        {1: [(24, 7), (10, 30)], 2: [(40, 40)]}, hordes=[[(11, 30)]], phase=Phase.MOVEMENT, mods=["coop"]
    )
    g.apply(Move("p1-1", ((24, 5.4),)))
    g.world.engage(g.state.units["p1"], g.state.units["h1"])  # p1-2 is caught by a horde
    g.world.kill(g.figure("p1-2"), "h1 test")
    squad = g.state.squad_of(1)
    assert not squad.wiped_out and not any(isinstance(e, UnitDestroyed) for e in g.log)
    assert not g.over and not g.state.engagements  # its models aboard fight no one
    assert invariants(g) == []


def test_coop_a_team_out_for_good_no_longer_counts() -> None:
    """Once the only team not aboard is wiped out within 12" of the vehicle (it may not respawn), the teams
    aboard have won together; a team wiped out far away will respawn, so the game goes on."""
    g = rigged_game({1: [(24, 7)], 2: [(30, 12), (31.5, 12)]}, phase=Phase.MOVEMENT, mods=["coop"])
    g.apply(Move("p1-1", ((24, 5.4),)))
    assert not g.over
    for fid in list(g.state.squad_of(2).models):
        g.world.kill(g.figure(fid), "h1 test")
    assert g.over and g.winner == "players"
    assert "fell for good" in g.state.reason
    far = rigged_game({1: [(24, 7)], 2: [(30, 30), (31.5, 30)]}, phase=Phase.MOVEMENT, mods=["coop"])
    far.apply(Move("p1-1", ((24, 5.4),)))
    for fid in list(far.state.squad_of(2).models):
        far.world.kill(far.figure(fid), "h1 test")
    assert not far.over


def test_coop_at_the_turn_limit_the_vehicle_lifts_off_with_those_aboard(monkeypatch: pytest.MonkeyPatch) -> None:
    """[house] At the turn limit the vehicle lifts off: with a team aboard the players win together
    (``lift_off_wins``); switched off, the zombies win unless every team is aboard; with nobody aboard the
    zombies win either way."""
    g = rigged_game({1: [(24, 7)], 2: [(40, 40)]}, phase=Phase.MOVEMENT, mods=["coop"])
    g.apply(Move("p1-1", ((24, 5.4),)))
    g.state.turn = g.state.turn_limit
    turn.next_turn(g.world)
    assert g.over and g.winner == "players" and "lifted off" in g.state.reason
    strict = rigged_game({1: [(24, 7)], 2: [(40, 40)]}, phase=Phase.MOVEMENT, mods=["coop"])
    monkeypatch.setitem(strict.world.data.mods["coop"], "lift_off_wins", False)
    strict.apply(Move("p1-1", ((24, 5.4),)))
    strict.state.turn = strict.state.turn_limit
    turn.next_turn(strict.world)
    assert strict.winner == "zombies" and "not every team" in strict.state.reason
    nobody = rigged_game({1: [(24, 30)], 2: [(40, 40)]}, phase=Phase.MOVEMENT, mods=["coop"])
    nobody.state.turn = nobody.state.turn_limit
    turn.next_turn(nobody.world)
    assert nobody.winner == "zombies" and "no team reached" in nobody.state.reason


def test_coop_models_aboard_fire_while_their_squad_mates_outside_are_locked_in_combat() -> None:
    """Those aboard are in no combat: with the rest of the squad locked in close combat they still fire from
    the vehicle (and only they do)."""
    g = rigged_game(
        {1: [(24, 7), (10, 30)], 2: [(40, 40)]},
        hordes=[[(11, 30)], [(10, 2), (8, 2)]],
        phase=Phase.MOVEMENT,
        mods=["coop"],
        dice=[6, 6, 1],  # to hit, to wound, Feel No Pain failed
    )
    g.apply(Move("p1-1", ((24, 5.4),)))
    g.world.engage(g.state.units["p1"], g.state.units["h1"])  # p1-2 is caught by a horde
    g.apply(EndPhase())
    assert g.state.phase == Phase.SHOOTING and g.state.active_player == 1
    with pytest.raises(IllegalCommand, match="locked in close combat"):
        g.apply(Shoot("p1", "h2", models=("p1-2",)))
    g.apply(Shoot("p1", "h2"))
    fired = [e for e in g.log if isinstance(e, ShotsFired)]
    assert fired[-1].shooters == ("p1-1",)
    assert any(isinstance(e, Killed) and e.figure == "h2-1" for e in g.log)
