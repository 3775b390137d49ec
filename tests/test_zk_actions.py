"""Rules: Zombiekrieg 848, "Actions" (MOVE, FIRE, ORDER), "Weapons", and Common: movement, LOS, arcs."""

from __future__ import annotations

import math

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombiekrieg import EndTurn, Fire, Move, Order
from game.rules.zombiekrieg.events import (
    Exited,
    Fired,
    GutsTested,
    Killed,
    Moved,
    NoEffect,
    Ordered,
    Turned,
)
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def unchanged(g, cmd):
    """An illegal command raises and changes nothing."""
    before = g.state_data()
    n, c, e = len(g.dice.log), len(g.commands), len(g.log)
    with pytest.raises(IllegalCommand) as err:
        g.apply(cmd)
    assert g.state_data() == before and len(g.dice.log) == n and len(g.commands) == c and len(g.log) == e
    return err.value.reason


# -- MOVE -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faces,moved,guts_after", [((2, 3), True, 7), ((3, 3), True, 8), ((4, 5), False, 7), ((5, 5), False, 6)]
)
def test_move_outcomes(faces, moved, guts_after):
    """MOVE: a success moves up to 6" (critical +1 GUTS); a failure stays put (critical -1 GUTS)."""
    g = rigged_game(
        soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270)},
        zombies=[(20, 2)],
        guts={"us1-r1": 7},
        dice=faces,
    )
    events = g.apply(Move("us1-r1", ((6, 10),), facing=0))  # asks for 10": cut to 6"
    r1 = g.figure("us1-r1")
    assert r1.guts == guts_after and r1.acted_this_turn
    if moved:
        m = of(events, Moved)[0]
        assert m.length == pytest.approx(6.0) and r1.position == pytest.approx((6, 14))
        assert r1.facing == 0
    else:
        assert not of(events, Moved) and r1.position == (6, 20) and r1.facing == 270


def test_move_faces_along_last_leg_and_walls_cut_the_path():
    """Movement: a figure ends facing along its last leg; a wall cuts the path (path clipped by the table)."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270)},
        zombies=[(20, 2)],
        dice=[1, 2],
        scenario=tiny_scenario(walls=[((8, 16), (16, 16))]),
    )
    p = g.preview(Move("us1-sgt", ((12, 14),)))
    assert p.legal and p.details["blocked_by"] and 3.0 < p.details["length"] <= 3.5 + 1e-6
    events = g.apply(Move("us1-sgt", ((12, 14),)))
    assert of(events, Moved)[0].facing == pytest.approx(270)
    assert 16.5 - 1e-6 <= g.figure("us1-sgt").position[1] < 17  # the base stops short of the wall


def test_a_previewed_move_is_carried_out_as_the_table_stands_then():
    """Movement: bases cut a path. A move previewed, then a figure put in its way before it is given:
    the move stops short of that base, as if it had never been previewed [seed]."""
    g = rigged_game(
        soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270)},
        zombies=[(20, 2)],
        dice=[2, 3],
    )
    move = Move("us1-r1", ((6, 14),))
    assert g.preview(move).details["length"] == pytest.approx(6.0)
    g.world.set_position(g.figure("us1-sgt"), (6, 15))  # a test's hand, between the two commands
    events = g.apply(move)
    assert of(events, Moved)[0].length < 4.0 and g.figure("us1-r1").position[1] > 16.0


def test_move_into_clutter_goes_only_1d6():
    """MOVE: when the path enters clutter, up to 1D6" instead, rolled after the test [seed]."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270)},
        zombies=[(20, 2)],
        dice=[1, 2, 3],
        scenario=tiny_scenario(clutter=[(10, 15, 4, 2)]),
    )
    p = g.preview(Move("us1-sgt", ((12, 14),)))
    assert p.details["enters_clutter"] and "1D6" in p.details["warning"]
    events = g.apply(Move("us1-sgt", ((12, 14),)))
    assert of(events, Moved)[0].length == pytest.approx(3.0)
    assert events[2].meaning.startswith("1D6 = 3")


def test_a_zombie_walking_up_changes_the_previewed_test():
    """MOVE: -1 with a standing zombie within 3" of the mover. The previews of one figure's moves share
    its modifiers, and a zombie that walks within 3" changes them for the next preview."""
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(20, 2)], dice=[])
    near = 'standing zombie within 3"'
    previews = [g.preview(Move("us1-sgt", ((x, 14),))) for x in (10, 12, 14)]
    assert all(p.details["modified_guts"] == previews[0].details["guts"] for p in previews)
    g.world.set_position(g.figure("z1"), (12, 23.5))  # 2.5" centre to centre: 1.5" edge to edge
    after = g.preview(Move("us1-sgt", ((10, 14),)))
    assert [m["reason"] for m in after.details["modifiers"]] == [near]
    assert after.details["modified_guts"] == after.details["guts"] - 1


def test_move_only_turning_and_blocked_move():
    """MOVE [house]: a MOVE with no path only turns the figure; a move that cannot start is refused."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270)},
        zombies=[(20, 2)],
        dice=[1, 2],
        scenario=tiny_scenario(walls=[((12.5, 17), (12.5, 23))]),
    )
    reason = unchanged(g, Move("us1-sgt", ((14, 20),)))
    assert "cannot move" in reason
    events = g.apply(Move("us1-sgt", (), facing=45))
    assert of(events, Turned)[0].facing == 45 and g.figure("us1-sgt").facing == 45


def test_one_action_per_turn_and_only_on_your_turn():
    """Actions: each figure takes at most one action a turn; zombies and dead figures never act."""
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(12, 2)], dice=[1, 2])
    g.apply(Move("us1-sgt", ((12, 19),)))
    assert g.actions_for("us1-sgt") == []
    assert "already acted" in unchanged(g, Move("us1-sgt", ((12, 18),)))
    assert "zombie" in unchanged(g, Move("z1", ((12, 3),)))
    assert "no figure" in unchanged(g, Fire("nobody", "z1"))


# -- FIRE -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faces,effect,guts_after",
    [((2, 3), "down", 7), ((2, 2), "killed", 8), ((5, 4), "none", 7), ((6, 6), "none", 6)],
)
def test_fire_outcomes(faces, effect, guts_after):
    """FIRE: Success knocks a standing zombie down, Critical Success kills it; failures miss (critical -1 GUTS)."""
    g = rigged_game(
        soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270)},
        zombies=[(6, 12)],
        guts={"us1-r1": 7},
        dice=faces,
    )
    events = g.apply(Fire("us1-r1", "z1"))
    z = g.figure("z1")
    assert g.figure("us1-r1").guts == guts_after
    assert of(events, Fired)[0].band == "short"  # 7" edge to edge with a Garand: short (+1)
    assert of(events, GutsTested)[0].modified_guts == 8
    assert z.state == {"down": "knocked_down", "killed": "dead", "none": "standing"}[effect]
    assert g.state.noise == (6, 20)


def test_fire_targets_follow_the_zombies_from_command_to_command():
    """FIRE: whom a soldier may shoot is kept from one command to the next (the bot asks it of every
    soldier every command) only while the zombies stay put: a zombie killed drops out, one knocked
    down stays a target, and one that walks into sight becomes one."""
    g = rigged_game(
        soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270), "us1-r2": (8, 20, 270)},
        zombies=[(6, 12), (7, 13)],
        dice=[2, 2, 2, 3],  # r1 kills z1 (Critical Success), r2 knocks z2 down (Success)
    )
    assert g.fire_targets("us1-r2") == ["z2", "z1"]  # nearest first
    g.apply(Fire("us1-r1", "z1"))
    assert g.figure("z1").state == "dead"
    assert g.fire_targets("us1-r2") == ["z2"]
    g.apply(Fire("us1-r2", "z2"))
    assert g.figure("z2").state == "knocked_down"
    assert g.fire_targets("us1-sgt") == []  # the Thompson reaches 12": the zombie is 16" off
    assert g.fire_targets("us1-sgt", prefer=str, limit=2) == []
    g.world.set_position(g.figure("z2"), (20, 12))
    assert g.fire_targets("us1-sgt", prefer=str, limit=2) == ["z2"]  # asked in the bot's order too
    assert g.fire_targets("us1-sgt") == ["z2"]


def test_fire_targets_in_the_askers_order_stop_at_the_limit():
    """FIRE: the targets asked for in another order (the bot's: the most urgent first) are the legal
    targets in that order, ties nearest first, cut at the limit; a zombie out of the front arc or
    range is never among them, however it ranks."""
    g = rigged_game(
        soldiers={"us1-r1": (12, 20, 270)},
        zombies=[(12, 14), (14, 12), (9, 13), (12, 26), (12, 40)],  # z4 behind him, z5 out of range
        dice=[],
    )
    assert g.fire_targets("us1-r1") == ["z1", "z3", "z2"]
    rank = {"z2": 0, "z4": 0, "z5": 0, "z1": 1, "z3": 1}.__getitem__
    assert g.fire_targets("us1-r1", prefer=rank) == ["z2", "z1", "z3"]
    assert g.fire_targets("us1-r1", prefer=rank, limit=2) == ["z2", "z1"]
    fresh = rigged_game(
        soldiers={"us1-r1": (12, 20, 270)}, zombies=[(12, 14), (14, 12), (9, 13), (12, 26)], dice=[]
    )
    assert fresh.fire_targets("us1-r1", prefer=rank, limit=2) == ["z2", "z1"]  # worked out without the full list
    assert fresh.fire_targets("us1-r1", limit=1) == ["z1"]


def test_a_shots_preview_follows_the_zombies():
    """FIRE: -1 with a standing zombie within 3" of the firer. A shot's preview is kept from command to
    command, but not once that zombie is knocked down: the -1 goes [seed]."""
    g = rigged_game(
        soldiers={"us1-r1": (6, 20, 270), "us1-r2": (9, 20, 270)},
        zombies=[(9, 17.5), (8, 12)],
        dice=[2, 3],  # r1 knocks z1 down (Success)
    )
    near = 'standing zombie within 3"'
    before = g.preview(Fire("us1-r2", "z2"))
    assert near in [m["reason"] for m in before.details["modifiers"]]
    g.apply(Fire("us1-r1", "z1"))
    assert g.figure("z1").state == "knocked_down"
    after = g.preview(Fire("us1-r2", "z2"))
    assert near not in [m["reason"] for m in after.details["modifiers"]]
    assert after.details["modified_guts"] == before.details["modified_guts"] + 1


def test_knocked_down_target_only_critical_counts():
    """FIRE: a knocked-down zombie can be shot at; only a Critical Success affects it, and kills it [seed]."""
    g = rigged_game(
        soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270), "us1-r2": (8, 20, 270)},
        zombies=[(6, 12)],
        dice=[2, 3, 2, 3, 1, 1],
    )
    g.apply(Fire("us1-r1", "z1"))
    assert g.figure("z1").state == "knocked_down"
    events = g.apply(Fire("us1-r2", "z1"))
    assert of(events, NoEffect) and g.figure("z1").state == "knocked_down"
    g.figure("us1-r2").acted_this_turn = False
    events = g.apply(Fire("us1-r2", "z1"))
    assert of(events, Killed)[0].figure == "z1"


@pytest.mark.parametrize("angle,legal", [(89, True), (90, True), (91, False), (-90, True), (-91, False)])
def test_front_arc(angle, legal):
    """Facing and arcs: a target is in arc when the angle from the facing is at most 90 degrees."""
    a = math.radians(angle)
    z = (12 + 8 * math.cos(a), 12 + 8 * math.sin(a))
    g = rigged_game(soldiers={"us1-sgt": (12, 12, 0)}, zombies=[z], dice=[1, 2])
    if legal:
        assert g.preview(Fire("us1-sgt", "z1")).legal
        g.apply(Fire("us1-sgt", "z1"))
    else:
        assert "front arc" in unchanged(g, Fire("us1-sgt", "z1"))
        assert g.fire_targets("us1-sgt") == []


def test_range_and_bands():
    """Weapons: range edge to edge; Thompson 12" (short 6" +1); out of range refused."""
    g = rigged_game(soldiers={"us1-sgt": (2, 12, 0)}, zombies=[(2 + 12.9, 12), (2 + 13.1, 16)], dice=[])
    assert g.fire_targets("us1-sgt") == ["z1"]
    p = g.preview(Fire("us1-sgt", "z1"))
    assert p.details["band"] == "long" and p.details["modified_guts"] == 9
    assert "out of range" in unchanged(g, Fire("us1-sgt", "z2"))
    g = rigged_game(soldiers={"us1-sgt": (2, 12, 0)}, zombies=[(2 + 6.9, 12)], dice=[])
    p = g.preview(Fire("us1-sgt", "z1"))
    assert p.details["band"] == "short" and p.details["modified_guts"] == 10
    assert p.chances["success"] + p.chances["critical_success"] == pytest.approx(33 / 36)


def test_obscured_and_blocked_fire():
    """LOS: seen through up to 2" of clutter is obscured (-1 [house]); more than 2" or a wall blocks it."""
    sc = tiny_scenario(clutter=[(11, 8, 2, 1.5), (3, 8, 2, 3)], walls=[((17, 10), (23, 10))])
    g = rigged_game(
        soldiers={"us1-r1": (12, 20, 270), "us1-r2": (4, 20, 270), "us1-r3": (20, 20, 270)},
        zombies=[(12, 4), (4, 4), (20, 4)],
        dice=[3, 4],
        scenario=sc,
    )
    p = g.preview(Fire("us1-r1", "z1"))
    assert p.details["sight"] == "obscured"
    assert {"reason": "target obscured", "value": -1} in p.details["modifiers"]
    assert "line of sight" in unchanged(g, Fire("us1-r2", "z2"))
    assert "line of sight" in unchanged(g, Fire("us1-r3", "z3"))
    events = g.apply(Fire("us1-r1", "z1"))
    t = of(events, GutsTested)[0]
    assert ("target obscured", -1) in t.modifiers and of(events, Fired)[0].sight == "obscured"


def test_lmg_two_shots_same_target_and_nearby():
    """Weapons: an LMG fires two shots, each its own test; the second at the same zombie or one within 3"."""
    g = rigged_game(
        soldiers={"us1-lmg": (12, 20, 270)},
        zombies=[(12, 8), (14.5, 8), (18, 8)],
        guts={"us1-lmg": 7},
        dice=[1, 2, 2, 3],
    )
    assert "within 3" in unchanged(g, Fire("us1-lmg", "z1", "z3"))
    events = g.apply(Fire("us1-lmg", "z1", "z2"))
    assert [e.target for e in of(events, Fired)] == ["z1", "z2"]
    assert g.figure("z1").state == g.figure("z2").state == "knocked_down"
    g = rigged_game(soldiers={"us1-lmg": (12, 20, 270)}, zombies=[(12, 8)], guts={"us1-lmg": 7}, dice=[1, 2, 1, 1])
    events = g.apply(Fire("us1-lmg", "z1"))  # default: both at the same zombie
    assert len(of(events, Fired)) == 2 and g.figure("z1").state == "dead"
    g = rigged_game(soldiers={"us1-lmg": (12, 20, 270)}, zombies=[(12, 8)], guts={"us1-lmg": 7}, dice=[1, 1])
    events = g.apply(Fire("us1-lmg", "z1"))  # killed by the first shot: the second is lost
    assert len(of(events, Fired)) == 1 and g.dice.remaining == 0


def test_only_an_lmg_fires_twice():
    """Weapons: shots: rifles and SMGs fire once."""
    g = rigged_game(soldiers={"us1-r1": (12, 20, 270)}, zombies=[(12, 8), (13.5, 8)], dice=[])
    assert "second shot" in unchanged(g, Fire("us1-r1", "z1", "z2"))


def test_allies_only_shoot_zombies():
    """Actions: Allied figures never start a melee, and only shoot zombies."""
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (12, 14, 270)}, zombies=[(2, 2)], dice=[])
    assert "only shoot zombies" in unchanged(g, Fire("us1-sgt", "us1-r1"))


# -- ORDER ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faces,ok,sgt_guts", [((3, 4), True, 9), ((2, 2), True, 10), ((5, 5), False, 8), ((6, 4), False, 9)]
)
def test_order_outcomes_and_bonus(faces, ok, sgt_guts):
    """ORDER: on a success the soldier gets +2 GUTS for his MOVE or FIRE this turn [seed]."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (6, 20, 270)},
        zombies=[(6, 10)],
        guts={"us1-r1": 6},
        dice=[*faces, 6, 2],
    )
    events = g.apply(Order("us1-sgt", "us1-r1"))
    assert of(events, Ordered)[0].success is ok and g.figure("us1-sgt").guts == sgt_guts
    assert g.figure("us1-sgt").acted_this_turn
    events = g.apply(Fire("us1-r1", "z1"))  # 8 vs 6 +1 short (+2 if ordered)
    t = of(events, GutsTested)[0]
    assert t.modified_guts == (9 if ok else 7)
    assert (("ORDERed this turn", 2) in t.modifiers) is ok
    assert g.figure("z1").state == ("knocked_down" if ok else "standing")


def test_order_ranges_and_corporal_succession():
    """ORDER: Sergeant within 12", Corporal within 6" and only while the Sergeant is dead; not himself [seed/house]."""
    solds = {
        "us1-sgt": (2, 20, 0),
        "us1-cpl": (2, 10, 0),
        "us1-r1": (15, 20, 0),
        "us1-r2": (15.2, 18, 0),
        "us1-r3": (9, 10, 0),
        "us1-r4": (9.2, 12, 0),
    }
    g = rigged_game(soldiers=solds, zombies=[(22, 2)], dice=[1, 2])
    assert "us1-r1" in g.order_targets("us1-sgt")  # 13 between centres: 12" edge to edge
    assert "us1-r2" not in g.order_targets("us1-sgt")
    assert "12" in unchanged(g, Order("us1-sgt", "us1-r2"))
    assert "himself" in unchanged(g, Order("us1-sgt", "us1-sgt"))
    assert "only once his Sergeant is dead" in unchanged(g, Order("us1-cpl", "us1-r3"))
    assert "not an NCO" in unchanged(g, Order("us1-r3", "us1-r4"))
    g.world.kill(g.figure("us1-sgt"), "test")
    assert "us1-r3" in g.order_targets("us1-cpl")  # 7 between centres: 6" edge to edge
    assert "us1-r4" not in g.order_targets("us1-cpl")
    events = g.apply(Order("us1-cpl", "us1-r3"))
    assert of(events, Ordered)[0].success


def test_a_corporal_whose_sergeant_lives_is_told_why_he_cannot_order():
    """ORDER [seed/house]: the Corporal orders only once his Sergeant is dead or gone. A newcomer's Corporal, with
    ready soldiers 2" away, was refused as "no soldier of his section in command range who can still act"."""
    from game.rules.zombiekrieg.view import ZombiekriegView

    solds = {"us1-sgt": (2, 20, 0), "us1-cpl": (2, 10, 0), "us1-r3": (4.5, 10, 0)}
    g = rigged_game(soldiers=solds, zombies=[(22, 2)], dice=[1, 2])
    why = {a.key: a.reason for a in ZombiekriegView().actions(g, "us1-cpl")}["order"]
    assert "only once his Sergeant is dead or has left the table" in why and "command range" not in why


def test_free_order_after_critical_initiative():
    """Initiative Critical Success: the lead NCO's first ORDER that turn does not use his action [house]."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (6, 20, 270), "us1-r2": (8, 20, 270)},
        zombies=[(12, 2)],
        dice=[1, 2, 1, 2, 1, 2],
    )
    g.state.free_order_for = "us1-sgt"
    events = g.apply(Order("us1-sgt", "us1-r1"))
    assert of(events, Ordered)[0].free and not g.figure("us1-sgt").acted_this_turn
    g.apply(Order("us1-sgt", "us1-r2"))
    assert g.figure("us1-sgt").acted_this_turn and g.actions_for("us1-sgt") == []


# -- the exit ---------------------------------------------------------------------------------------


def test_exit_zone_takes_the_figure_off():
    """Winning: under 'exit' a figure whose move ends in the exit zone leaves the table [house]."""
    sc = tiny_scenario(objective="exit", exits=[(0, 0, 24, 3)], properties={"exit_count": 2})
    g = rigged_game(
        soldiers={"us1-sgt": (12, 7, 270), "us1-r1": (4, 20, 270)}, zombies=[(22, 22)], dice=[1, 2], scenario=sc
    )
    g.state.exit_count = 2
    events = g.apply(Move("us1-sgt", ((12, 1.5),)))
    assert of(events, Exited)[0].figure == "us1-sgt" and g.figure("us1-sgt").state == "exited"
    assert g.state.exited == 1 and not g.over


def test_hot_seat_turn_passing():
    """Hot-seat [house]: the Allied turn goes player by player; only the active player's figures act."""
    sc = tiny_scenario(deploy=((1, 19, 10, 4, {"player": 1}), (13, 19, 10, 4, {"player": 2})))
    g = rigged_game(
        soldiers={"us1-sgt": (4, 20, 270), "gb2-sgt": (18, 20, 270)},
        zombies=[(12, 2)],
        scenario=sc,
        options={"sections": ["american", "british"]},
        dice=[1, 2, 1, 2, 1, 1, 2],
    )
    assert g.actions_for("gb2-sgt") == [] and g.actions_for("us1-sgt") == ["move"]
    assert "player 1" in unchanged(g, Move("gb2-sgt", ((18, 18),)))
    g.apply(Move("us1-sgt", ((4, 19),)))
    events = g.apply(EndTurn())
    assert g.state.active_player == 2 and type(events[-1]).__name__ == "PhaseStarted"
    assert g.actions_for("us1-sgt") == []
    g.apply(Move("gb2-sgt", ((18, 19),)))
    events = g.apply(EndTurn())  # -> zombies (reaction 1: mill about), next turn, initiative 1+2
    names = [type(e).__name__ for e in events]
    assert names.index("ReactionRolled") < names.index("TurnStarted") < names.index("InitiativeRolled")
    assert g.state.turn == 2 and g.state.active_player == 1


def test_the_bots_short_questions_answer_as_the_preview_does():
    """MOVE and FIRE, as the bot weighs them: ``move_check`` is the preview's path (None where the
    preview refuses) and ``shot_guts`` its modified GUTS, over moves cut by walls, bases and the
    allowance and shots in and out of range, arc and sight, in a whole seeded game's states [seed]."""
    from game.ai.zombiekrieg_bot import choose_command
    from game.rules.zombiekrieg import new_game
    from game.scenario.loader import load_scenario

    g = new_game(load_scenario("maps/normandy_village.tmx"), {"sections": ["american"]}, seed=5)
    asked = {"moves": 0, "refused moves": 0, "shots": 0, "refused shots": 0}
    while not g.over and len(g.commands) < 60:
        for f in (f for f in g.state.allied() if f.standing and not f.acted_this_turn):
            x, y = f.position
            for dx, dy in ((0, -7), (5, 5), (-3, 0), (40, 0)):
                move = Move(f.id, ((x + dx, y + dy),))
                p, check = g.preview(move), g.move_check(move)
                asked["moves" if p.legal else "refused moves"] += 1
                assert (check is None) == (not p.legal)
                if check is not None:
                    assert [list(q) for q in check.points] == p.details["points"]
                    assert (check.length, check.enters_clutter) == (
                        p.details["length"],
                        p.details["enters_clutter"],
                    )
            for z in g.state.zombies():
                shot = Fire(f.id, z.id)
                p, guts = g.preview(shot), g.shot_guts(shot)
                asked["shots" if p.legal else "refused shots"] += 1
                assert guts == (p.details["modified_guts"] if p.legal else None)
        g.apply(choose_command(g))
    assert all(n >= 5 for n in asked.values()), asked
