"""Rules: Zombie 40,000, "Power-ups" [seed; missing digits house]: the 2D6 table when a squad destroys a
horde's last model and after a wiped-out squad respawns, each of the eleven results, the furthest player's
double roll or push back, the loss on wipe-out, the bot's use and the screen, all with scripted dice."""

from __future__ import annotations

import math

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombie40k import assault, attacks, morale, power_ups, shooting, turn, zombie_turn
from game.rules.zombie40k.attacks import Pool
from game.rules.zombie40k.commands import EndPhase, Move, PowerUpChoice, Run, Shoot, UsePowerUp
from game.rules.zombie40k.events import (
    AttackStep,
    FigurePlaced,
    Killed,
    MoraleTested,
    MoveRolled,
    PowerUpChoiceOffered,
    PowerUpGained,
    PowerUpLost,
    PowerUpRolled,
    PowerUpUsed,
    PushedBack,
    Regrouped,
    SweepingAdvance,
    UnitDestroyed,
)
from game.rules.zombie40k.report import invariants
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

GUARDS = {"unit": "infantry_squad", "models": 10}  # plain Guardsmen: WS3 BS3 S3 T3 I3 A1 Sv5+, lasgun


def evs(g, kind: type) -> list:
    return [e for e in [*g.log, *g.world.events] if isinstance(e, kind)]


def destroy_horde(g, horde: str = "h1", by: str = "p1") -> None:
    """The squad ``by`` kills the horde's last model (the rules then roll for it)."""
    for fid in list(g.state.units[horde].models):
        g.world.kill(g.state.models[fid], f"{by} test")


def table_result(g, face_a: int, face_b: int, squad: str = "p1", horde: str = "h1") -> None:
    """Destroy the horde with the 2D6 scripted to ``face_a + face_b``."""
    g.dice._faces[g.dice._used : g.dice._used] = [face_a, face_b]
    destroy_horde(g, horde, squad)


def test_destroying_a_horde_rolls_2d6_on_the_power_up_table() -> None:
    """Power-ups: a squad that destroys the last model of a zombie horde rolls 2D6 on the table [seed]."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(30, 30), (31.5, 30)]], teams=[GUARDS], dice=[3, 4])
    g.world.kill(g.state.models["h1-1"], "p1 test")
    assert not evs(g, PowerUpRolled)  # one zombie left: no roll yet
    g.world.kill(g.state.models["h1-2"], "p1 test")
    rolled = evs(g, PowerUpRolled)
    assert [(e.unit, e.roll, e.key) for e in rolled] == [("p1", 7, "medpack")]
    assert g.state.units["p1"].power_ups == ["medpack"] and evs(g, PowerUpGained)[0].held == 1
    assert g.data.power_up_table[7]["name"] == "Medpack" and sorted(g.data.power_up_table) == list(range(2, 13))


def test_zombie_bile_makes_the_squad_the_only_target_of_the_next_shamble() -> None:
    """Power-ups, 2 Zombie Bile: the only target of the next Shamble Phase; with two bearers the zombies go
    to the closer; it lasts one Shamble."""
    g = rigged_game(
        {1: [(10, 40)], 2: [(34, 20)]},
        hordes=[[(44, 44)], [(10, 34)]],
        teams=[GUARDS, GUARDS],
        dice=[4],
        player=2,
    )
    w, st = g.world, g.state
    table_result(g, 1, 1, squad="p2")  # p2 is nearer the vehicle than p1: it rolls at once
    assert "zombie_bile" in st.units["p2"].power_up_effects
    h2 = st.models["h2-1"]
    before_p1, before_p2 = math.dist(h2.position, (10, 40)), math.dist(h2.position, (34, 20))
    zombie_turn.shamble(w)  # 4"
    assert math.dist(h2.position, (34, 20)) < before_p2 - 3.5  # toward the bile, not the squad 6" away
    assert math.dist(h2.position, (10, 40)) > before_p1
    assert "zombie_bile" not in st.units["p2"].power_up_effects  # one Shamble only
    # both carry bile: the zombies go to the closer
    st.units["p1"].power_up_effects["zombie_bile"] = 0
    st.units["p2"].power_up_effects["zombie_bile"] = 0
    assert zombie_turn.target_squad(w, st.units["h2"]).id == "p1"


def test_zombie_bile_zombies_assault_a_squad_in_their_way() -> None:
    """Power-ups, 2 Zombie Bile: another player in the way of the zombies' movement is assaulted."""
    g = rigged_game({1: [(10, 33)], 2: [(10, 20)]}, hordes=[[(10, 36)]], teams=[GUARDS, GUARDS], dice=[6, 1, 1])
    st = g.state
    st.units["p2"].power_up_effects["zombie_bile"] = 0
    zombie_turn.shamble(g.world)  # 6" toward p2, straight through p1
    assert st.locked("p1") and ["h1", "p1"] in st.engagements
    assert invariants(g) == []


def test_banana_peel_the_next_turn_moves_as_through_difficult_terrain() -> None:
    """Power-ups, 3 Banana Peel: in its next turn the squad moves as if through difficult terrain (2D6 keep
    the highest), even in the open."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 40)]], teams=[GUARDS], dice=[1, 2, 2, 3])
    w, st = g.world, g.state
    destroy_horde(g)
    assert st.units["p1"].power_up_effects == {"banana_peel": 0}
    st.turn += 1
    w.hooks.player_respawn_phase(w, 1)  # the squad's next turn begins
    st.phase = Phase.MOVEMENT
    g.apply(Move("p1-1", ((10, 24),)))  # 6" in the open; 2D6 keep highest = 3
    assert math.isclose(st.models["p1-1"].position[1], 27.0, abs_tol=0.05)
    st.turn += 1
    w.hooks.player_respawn_phase(w, 1)  # and the turn after, it is over
    assert "banana_peel" not in st.units["p1"].power_up_effects


def test_ork_boy_tag_along_joins_the_squad_with_slugga_and_choppa() -> None:
    """Power-ups, 4 Ork Boy Tag-Along; Profiles: Ork Boy (power-up) WS4 BS2 S3 T4 W1 I2 A2 Ld7 Sv6+, slugga,
    choppa, Furious Charge, Mob Rule, 'Ere We Go; a member of the squad for all purposes."""
    g = rigged_game({1: [(10, 30), (11.5, 30)]}, hordes=[[(40, 40)]], teams=[GUARDS], dice=[1, 3])
    w, st = g.world, g.state
    destroy_horde(g)
    squad = st.units["p1"]
    boy = st.models[squad.models[-1]]
    assert len(squad.models) == 3 and boy.alive and boy.id in g.table and boy.player == 1
    p = w.profile(boy)
    assert (p.ws, p.bs, p.s, p.t, p.w, p.i, p.a, p.ld, p.sv) == (4, 2, 3, 4, 1, 2, 2, 7, 6)
    assert set(p.rules) == {"Furious Charge", "Mob Rule", "'Ere We Go"}
    assert boy.weapons == ("slugga", "choppa")
    assert evs(g, FigurePlaced)[0].figure == boy.id
    assert invariants(g) == []


def test_duct_tape_gives_one_model_plus_one_shot_or_plus_one_attack_for_good() -> None:
    """Power-ups, 5 Duct Tape [house +1]: one model gets +1 Attack or +1 shot, permanently."""
    g = rigged_game({1: [(10, 30), (20, 30)]}, hordes=[[(40, 44)], [(10, 10)]], teams=[GUARDS], dice=[1, 4])
    w, st = g.world, g.state
    destroy_horde(g)
    assert st.units["p1"].power_ups == ["duct_tape"]
    st.units["p1"].power_ups.append("duct_tape")  # a second roll of 5
    with pytest.raises(IllegalCommand):
        g.apply(UsePowerUp("p1", "duct_tape", "p1-1", "more"))
    g.apply(UsePowerUp("p1", "duct_tape", "p1-1", "shot"))
    g.apply(UsePowerUp("p1", "duct_tape", "p1-2", "attack"))
    assert st.units["p1"].power_ups == [] and "Duct Tape (+1 shot)" in st.models["p1-1"].rules
    # the lasgun beyond 12": one Rapid Fire shot, +1 for the tape
    p = shooting.plan(w, st.units["p1"], st.units["h2"], models=("p1-1",))
    assert p.shooters[0].shots == 2
    # +1 Attack in close combat: A1 +1
    _, _, pool, _ = assault._pool(w, st.units["p1"], st.units["h2"], [st.models["p1-2"]])
    assert pool.attacks == 2
    assert [e.key for e in evs(g, PowerUpUsed)] == ["duct_tape", "duct_tape"]


def test_chainsaw_hits_on_2_takes_a_wound_with_no_save_or_fnp_and_a_1_runs_it_out_of_fuel() -> None:
    """Power-ups, 6 Chainsaw [house 2+]: hits on 2+, a hit takes a wound off a zombie (no save or FNP); a 1
    runs it out of fuel and it is discarded, but the round's hits still count."""
    g = rigged_game(
        {1: [(20, 30)]}, hordes=[[(21.01, 30), (20, 31.01), (40, 40)]], teams=[GUARDS], dice=[1, 2, *[1] * 20]
    )
    w, st = g.world, g.state
    st.units["p1"].power_ups = ["chainsaw"]
    g.apply(UsePowerUp("p1", "chainsaw", "p1-1"))
    assert "chainsaw" in st.models["p1-1"].weapons
    w.engage(st.units["p1"], st.units["h1"])
    assault.fight(w, ["h1", "p1"])
    hit = next(e for e in evs(g, AttackStep) if e.weapon == "Chainsaw" and e.step == "hit")
    # A1 +1 for two close combat weapons: two blows; the 2 hits (WS3 would need 3+), the 1 misses
    assert hit.need == 2 and hit.dice == 2 and hit.successes == 1
    assert sum(1 for e in evs(g, Killed) if e.figure.startswith("h1")) == 1  # no Feel No Pain rolled
    assert "chainsaw" not in st.models["p1-1"].weapons  # the 1: out of fuel
    assert any(e.keys == ("chainsaw",) for e in evs(g, PowerUpLost))


def test_chainsaw_a_rerolled_1_keeps_the_fuel_unless_it_is_another_1() -> None:
    """Power-ups, 6 Chainsaw: a 1 with a re-roll does not run out of fuel unless the re-roll is another 1."""
    team = {**GUARDS, "usr": "Preferred Enemy", "usr_model": 0}
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30), (40, 40)]], teams=[team], dice=[1, 4, 3, *[1] * 20])
    w, st = g.world, g.state
    st.models["p1-1"].weapons = (*st.models["p1-1"].weapons, "chainsaw")
    w.engage(st.units["p1"], st.units["h1"])
    assault.fight(w, ["h1", "p1"])
    hit = next(e for e in evs(g, AttackStep) if e.weapon == "Chainsaw" and e.step == "hit")
    assert hit.successes == 2  # the 1 re-rolled (Preferred Enemy) into a 3
    assert "chainsaw" in st.models["p1-1"].weapons and not st.models["h1-1"].alive


def test_medpack_ignores_one_unsaved_wound() -> None:
    """Power-ups, 7 Medpack: any number carried, one use each: ignore one unsaved wound."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 40)]], teams=[GUARDS], dice=[3, 4, 1, 1])
    w, st = g.world, g.state
    destroy_horde(g)
    st.units["p1"].power_ups.append("medpack")
    res = attacks.allocate(
        w, w.unit("h1"), w.unit("p1"), Pool("Autogun", 2, 0, 3, 0), ["normal"] * 2, ["p1-1"], {}, "h1"
    )
    assert res.unsaved == 0 and st.models["p1-1"].alive and st.units["p1"].power_ups == []
    assert len(evs(g, PowerUpUsed)) == 2
    with pytest.raises(IllegalCommand):
        g.apply(UsePowerUp("p1", "medpack"))


def test_shotgun_hits_a_zombie_on_2_whatever_the_bs_and_wounds_with_no_save_cover_or_fnp() -> None:
    """Power-ups, 8 Shotgun [house 12", 2+]: one model; hits on 2+ regardless of BS; each hit takes a wound
    off a zombie, no FNP or cover; Assault; at a player the ordinary shotgun 12" S3 AP- Assault 2."""
    g = rigged_game(
        {1: [(10, 30)], 2: [(20, 4)]}, hordes=[[(10, 20), (11.5, 20)]], teams=[GUARDS, GUARDS], dice=[2, 1]
    )
    w, st = g.world, g.state
    st.units["p1"].power_ups = ["shotgun"]
    g.apply(UsePowerUp("p1", "shotgun", "p1-1"))
    d = g.preview(Shoot("p1", "h1")).details  # the preview knows: 2 shots at 2+, every hit a kill
    assert math.isclose(d["expected_hits"], 10 / 6, abs_tol=1e-5)
    assert math.isclose(d["expected_kills"], 10 / 6, abs_tol=1e-5)
    g.apply(Shoot("p1", "h1"))
    hit = next(e for e in evs(g, AttackStep) if e.step == "hit")
    assert hit.weapon == "Shotgun (power-up)" and hit.need == 2 and hit.dice == 2 and hit.successes == 1
    assert [e.figure for e in evs(g, Killed)] == ["h1-1"] and g.dice.remaining == 0  # no FNP die
    st.models["p1-1"].fired = False
    st.units["p1"].targets_shot = []
    st.models["p1-1"].position = (20, 14)
    g.table.move("p1-1", (20, 14))
    p = shooting.plan(w, st.units["p1"], st.units["p2"])  # p2 is by the vehicle: a fair target
    pool = p.pools[0]
    assert pool.weapon == "power_up_shotgun" and pool.need_hit == 4 and pool.s == 3 and pool.attacks == 2


def test_super_mushroom_speed_pack_adds_3_inches_and_1_initiative_for_the_turn() -> None:
    """Power-ups, 9 Super Mushroom Speed Pack [house +3", +1 I]: at most one carried; activated, +3" to
    every move, run and charge, +1 Initiative that turn."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 44)]], teams=[GUARDS], dice=[4, 5], phase=Phase.MOVEMENT)
    w, st = g.world, g.state
    destroy_horde(g)
    squad = st.units["p1"]
    assert squad.power_ups == ["speed_pack"]
    power_ups.gain(w, squad, 9)  # a second one is not carried
    assert squad.power_ups == ["speed_pack"] and evs(g, PowerUpLost)
    assert not g.preview(Move("p1-1", ((10, 21),))).legal  # 9" before the pack
    g.apply(UsePowerUp("p1", "speed_pack"))
    assert assault.initiative(w, squad) == 4
    g.apply(Move("p1-1", ((10, 21),)))
    assert math.isclose(st.models["p1-1"].position[1], 21.0)
    st.turn += 1
    assert assault.initiative(w, squad) == 3 and power_ups.move_bonus(w, squad) == 0


def test_defibrillator_brings_back_a_dead_model_with_one_wound() -> None:
    """Power-ups, 10 Defibrillator: brings back one dead model of the squad with one wound; or counts as a
    Medpack (used when the squad's last model would fall)."""
    g = rigged_game({1: [(10, 30), (11.5, 30)]}, hordes=[[(40, 40)]], teams=[GUARDS], dice=[5, 5, 1, 1])
    w, st = g.world, g.state
    destroy_horde(g)
    w.kill(st.models["p1-2"], "h1 test")
    g.apply(UsePowerUp("p1", "defibrillator", "p1-2", near="p1-1"))
    m = st.models["p1-2"]
    assert m.alive and m.wounds == 1 and m.id in g.table and math.dist(m.position, (10, 30)) < 3
    assert invariants(g) == []
    # the button brings the sergeant back first
    g2 = rigged_game(
        {1: [(10, 30), (11.5, 30), (13, 30)]}, teams=[{"unit": "infantry_squad", "models": 3, "sergeant": True}]
    )
    sgt = next(m for m in g2.figures if m.sergeant)
    for m in [m for m in g2.figures if m.player == 1 and m.id != "p1-3"]:
        g2.world.kill(m, "h1 test")
    from game.rules.zombie40k.game import power_up_actions

    assert power_up_actions(g2, "p1-3")["revive"].figure == sgt.id
    # as a Medpack: only for the squad's last model
    st.units["p1"].power_ups = ["defibrillator"]
    w.kill(st.models["p1-2"], "h1 test")
    res = attacks.allocate(
        w, w.unit("h1"), w.unit("p1"), Pool("Autogun", 1, 0, 3, 0), ["normal"], ["p1-1"], {}, "h1"
    )
    assert res.unsaved == 0 and st.models["p1-1"].alive and st.units["p1"].power_ups == []


def test_sweet_aviator_shades_the_next_shamble_ignores_the_squad() -> None:
    """Power-ups, 11 Sweet Aviator Shades: in the next Shamble Phase zombies ignore the squad as closest."""
    g = rigged_game({1: [(10, 40)], 2: [(34, 20)]}, hordes=[[(10, 34)]], teams=[GUARDS, GUARDS], dice=[4])
    st = g.state
    st.units["p1"].power_up_effects["aviator_shades"] = 0
    h = st.models["h1-1"]
    before = math.dist(h.position, (34, 20))
    zombie_turn.shamble(g.world)
    assert math.dist(h.position, (34, 20)) < before - 3.5
    assert "aviator_shades" not in st.units["p1"].power_up_effects


def test_blessing_of_chuck_norris_rerolls_the_squads_failed_rolls_and_rerolls_a_reroll() -> None:
    """Power-ups, 12 The Blessing of Chuck Norris (read as: until the end of the squad's next turn its failed
    to-hit, to-wound and saving throws are re-rolled; what still fails after a re-roll it already had is
    re-rolled again)."""
    team = {**GUARDS, "usr": "Preferred Enemy", "usr_model": 0}
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 20)]], teams=[team], dice=[1, 1, 4])
    w, st = g.world, g.state
    squad = st.units["p1"]
    squad.power_up_effects["chuck_norris"] = 0
    pool = Pool("Lasgun", 1, 4, 3, 0, reroll_hit="ones")
    hits, _ = attacks.roll_hits(w, squad, st.units["h1"], pool)
    assert hits == 1 and g.dice.remaining == 0  # 1, Preferred Enemy's re-roll 1, the Blessing's 4
    # it lasts to the end of the squad's next turn
    st.turn, st.order, st.order_index = 2, [1], 0
    power_ups.start_of_turn(w, squad)
    assert power_ups.blessed(w, squad)
    st.order_index = 1  # the squad's turn of turn 2 is over
    assert not power_ups.blessed(w, squad)


CHUCK = "Blessing of Chuck Norris"


def blessed_game(*args, **kw):
    """A rigged game whose squad p1 is under the Blessing of Chuck Norris (waiting for its next turn)."""
    g = rigged_game(*args, **kw)
    g.state.units["p1"].power_up_effects["chuck_norris"] = 0
    return g


def chuck_rolls(g) -> list[str]:
    """The purposes of the dice the Blessing rolled again (the dice tray shows them)."""
    return [r.purpose for r in g.dice.log if CHUCK in r.purpose]


def test_blessing_of_chuck_norris_rerolls_a_failed_feel_no_pain() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": the squad may re-roll all its
    rolls - a failed Feel No Pain roll is re-rolled (after the failed save and its own re-roll)."""
    team = {**GUARDS, "usr": "Feel No Pain"}
    g = blessed_game({1: [(10, 30)]}, hordes=[[(40, 40)]], teams=[team], dice=[2, 3, 4, 5])
    w, st = g.world, g.state
    res = attacks.allocate(
        w, w.unit("h1"), w.unit("p1"), Pool("Autogun", 1, 0, 3, 0), ["normal"], ["p1-1"], {}, "h1"
    )
    # save 5+: 2, re-rolled 3; Feel No Pain 5+: 4, re-rolled 5 - the wound is ignored
    assert res.unsaved == 0 and st.models["p1-1"].alive and g.dice.remaining == 0
    assert chuck_rolls(g) == [f"p1-1 re-roll save 5+ ({CHUCK})", f"p1-1 re-roll Feel No Pain 5+ ({CHUCK})"]
    fnp = [e for e in evs(g, AttackStep) if e.step == "fnp"][0]
    assert (fnp.dice, fnp.successes) == (1, 1) and CHUCK in fnp.note


def test_blessing_of_chuck_norris_rerolls_a_failed_morale_test_and_a_failed_regroup() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": a failed Morale (Leadership)
    test is re-rolled, the regroup test of a falling-back squad too."""
    g = blessed_game({1: [(20, 30)]}, teams=[GUARDS], dice=[6, 6, 3, 4, 5, 5, 2, 2])
    w = g.world
    squad = w.unit("p1")
    assert morale.test(w, squad, 0, "lost the combat by 0")  # 12 fails Ld 7, the re-roll 7 passes
    mt = evs(g, MoraleTested)[-1]
    assert mt.passed and mt.roll == 7 and CHUCK in mt.why
    squad.falling_back = True
    assert morale.regroup(w, squad)  # 10 fails, the re-roll 4 passes
    assert not squad.falling_back and evs(g, Regrouped)[0].unit == "p1"
    assert chuck_rolls(g) == [f"p1 re-roll Morale ({CHUCK})"] * 2 and g.dice.remaining == 0


def test_blessing_of_chuck_norris_rerolls_a_charge_short_of_its_target_and_after_fleet() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": a charge roll short of the
    distance is re-rolled; with Fleet's own re-roll, what is still short is re-rolled again."""
    teams = [GUARDS, GUARDS]
    # Overwatch (two Snap Shots: 1, 1), the charge 1+2 = 3" against 5", the Blessing's 3+3 = 6"
    g = blessed_game({1: [(24, 16)], 2: [(24, 10)]}, teams=teams, phase=Phase.ASSAULT, dice=[1, 1, 1, 2, 3, 3])
    w = g.world
    assert assault.charge(w, w.unit("p1"), w.unit("p2"), w.unit_edge(w.unit("p1"), w.unit("p2")))
    rolled = [e for e in evs(g, MoveRolled) if e.what.startswith("charge")]
    assert rolled[0].inches == 6 and CHUCK in rolled[0].what and g.state.locked("p1")
    assert chuck_rolls(g) == [f"p1 re-roll charge ({CHUCK})"] and g.dice.remaining == 0
    g = blessed_game(
        {1: [(24, 16)], 2: [(24, 10)]}, teams=teams, phase=Phase.ASSAULT, dice=[1, 1, 1, 2, 1, 1, 2, 4]
    )
    w = g.world
    g.figure("p1-1").rules = ("Fleet",)  # (a codex rule: Fleet re-rolls a failing charge)
    assert assault.charge(w, w.unit("p1"), w.unit("p2"), w.unit_edge(w.unit("p1"), w.unit("p2")))
    assert [r.purpose for r in g.dice.log][-3:] == ["p1 charge", "p1 charge", f"p1 re-roll charge ({CHUCK})"]


def test_blessing_of_chuck_norris_rerolls_a_run_of_3_or_less() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": a Run roll of 3" or less
    [house chuck_reroll_move_at_most] is re-rolled; a 4 stands."""
    g = blessed_game({1: [(10, 30)]}, teams=[GUARDS], dice=[3, 5])
    g.apply(Run("p1-1", ((10, 24),)))
    assert g.state.units["p1"].run_roll == 5 and math.isclose(g.figure("p1-1").position[1], 25.0, abs_tol=0.05)
    assert chuck_rolls(g) == [f"p1 re-roll run ({CHUCK})"]
    assert CHUCK in [e for e in evs(g, MoveRolled) if e.what.startswith("run")][0].what
    assert g.world.data.house.chuck_reroll_move_at_most == 3
    g = blessed_game({1: [(10, 30)]}, teams=[GUARDS], dice=[4])
    g.apply(Run("p1-1", ((10, 24),)))
    assert g.state.units["p1"].run_roll == 4 and chuck_rolls(g) == [] and g.dice.remaining == 0


def test_blessing_of_chuck_norris_rerolls_a_difficult_terrain_move_of_3_or_less() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": a difficult-terrain move (2D6
    keep the highest) of 3" or less [house] is re-rolled (here a Banana Peel makes the open difficult)."""
    g = blessed_game({1: [(10, 30)]}, teams=[GUARDS], phase=Phase.MOVEMENT, dice=[1, 2, 5, 4])
    st = g.state
    st.units["p1"].power_up_effects["banana_peel"] = st.turn
    g.apply(Move("p1-1", ((10, 24),)))  # keep highest 2, re-rolled: 5
    assert st.units["p1"].difficult_roll == 5 and math.isclose(st.models["p1-1"].position[1], 25.0, abs_tol=0.05)
    assert chuck_rolls(g) == [f"p1 re-roll difficult terrain ({CHUCK})"]
    assert CHUCK in [e for e in evs(g, MoveRolled) if e.what.startswith("difficult")][0].what


def test_blessing_of_chuck_norris_rerolls_a_losing_sweeping_advance() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": a Sweeping Advance roll that
    loses is re-rolled - the caught loser's, and a winner's below the loser's."""
    # the squad loses the combat by 1: Morale 8 against 6 fails, re-rolled 10 fails; caught 2+3 against 3+2,
    # the Blessing's re-roll 4+3 = 7 escapes; it falls back (2D6) and the zombie consolidates (D3)
    g = blessed_game(
        {1: [(20, 30), (21.2, 30)]},
        hordes=[[(20, 28.99), (21.2, 28.99)]],
        teams=[GUARDS],
        dice=[4, 4, 5, 5, 2, 3, 4, 3, 3, 2],
    )
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 1, "player 1": 0})
    sw = evs(g, SweepingAdvance)[0]
    assert (sw.roll, sw.loser_roll, sw.caught) == (5, 7, False) and not evs(g, UnitDestroyed)
    assert f"p1 re-roll Sweeping Advance ({CHUCK})" in chuck_rolls(g) and w.unit("p1").falling_back
    # the squad as the winner (player against player): 2+3 below 5+3, re-rolled 6+3 catches
    g = blessed_game({1: [(20, 30)], 2: [(20, 28.99)]}, teams=[GUARDS, GUARDS], dice=[5, 2, 6])
    w = g.world
    assault.sweep(w, [w.unit("p1")], w.unit("p2"))
    sw = evs(g, SweepingAdvance)[0]
    assert (sw.roll, sw.loser_roll, sw.caught) == (9, 8, True) and [e.unit for e in evs(g, UnitDestroyed)] == [
        "p2"
    ]
    assert chuck_rolls(g) == [f"p1 re-roll Sweeping Advance ({CHUCK})"]


def test_blessing_of_chuck_norris_rerolls_overwatch_to_hit() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": Overwatch is to-hit (Snap Shots
    on a 6), so the missed shots are re-rolled, in the zombies' turn before the squad's next one."""
    # two Snap Shots (rapid fire, 3" away): 1 and 6, the 1 re-rolled to a 6; to wound 4+: 1, 1, re-rolled 1, 1
    g = blessed_game({1: [(20, 30)]}, hordes=[[(20, 26)]], teams=[GUARDS], dice=[1, 6, 6, 1, 1, 1, 1])
    w = g.world
    assert shooting.overwatch(w, w.unit("p1"), w.unit("h1"))
    hit = [e for e in evs(g, AttackStep) if e.step == "hit"][0]
    assert (hit.need, hit.dice, hit.successes) == (6, 2, 2) and CHUCK in hit.note
    assert chuck_rolls(g)[0] == f"p1 re-roll to hit ({CHUCK})" and g.dice.remaining == 0


def test_blessing_of_chuck_norris_rerolls_the_chainsaws_fuel_roll_after_a_reroll() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris" and 6 Chainsaw: the 1 that runs it
    out of fuel is re-rolled by the Blessing, after Preferred Enemy's re-roll (a re-roll of the re-roll)."""
    team = {**GUARDS, "usr": "Preferred Enemy", "usr_model": 0}
    g = blessed_game({1: [(20, 30)]}, hordes=[[(21.01, 30), (40, 40)]], teams=[team], dice=[1, 4, 1, 3, *[1] * 20])
    w, st = g.world, g.state
    st.models["p1-1"].weapons = (*st.models["p1-1"].weapons, "chainsaw")
    w.engage(st.units["p1"], st.units["h1"])
    assault.fight(w, ["h1", "p1"])
    hit = next(e for e in evs(g, AttackStep) if e.weapon == "Chainsaw" and e.step == "hit")
    assert hit.successes == 2 and CHUCK in hit.note  # 1, Preferred Enemy's 1, the Blessing's 3
    assert "chainsaw" in st.models["p1-1"].weapons
    assert chuck_rolls(g)[0] == f"p1 re-roll to hit (Chainsaw) ({CHUCK})"


def test_the_furthest_player_rolls_twice_and_keeps_one() -> None:
    """Power-ups: the player furthest from the escape vehicle may roll twice and choose the result to keep
    (a command, so replays have it); nothing else is done until they choose."""
    g = rigged_game({1: [(10, 40)], 2: [(34, 20)]}, hordes=[[(40, 44)]], teams=[GUARDS, GUARDS], dice=[3, 4, 5, 6])
    st = g.state
    destroy_horde(g)
    offer = evs(g, PowerUpChoiceOffered)
    assert offer and offer[0].options[0] == "roll twice and keep one" and "p2" in offer[0].options[1]
    with pytest.raises(IllegalCommand, match="power-up"):
        g.apply(EndPhase())
    assert g.actions_for("p1-1") == ["choice_1", "choice_2"]
    g.apply(PowerUpChoice("p1", 1))
    assert st.units["p1"].power_up_offer == [7, 11]
    g.apply(PowerUpChoice("p1", 2))  # keep Sweet Aviator Shades
    assert "aviator_shades" in st.units["p1"].power_up_effects and st.units["p1"].power_ups == []
    assert not power_ups.waiting(g.world, st.units["p1"])
    g.apply(EndPhase())


def test_the_furthest_player_may_instead_push_the_closest_player_back_d6_with_its_zombies() -> None:
    """Power-ups: instead of rolling, the furthest player moves the player closest to the escape vehicle D6"
    back, including the zombies in close combat with them."""
    g = rigged_game(
        {1: [(10, 40)], 2: [(24, 12)]}, hordes=[[(40, 44)], [(24, 10.99)]], teams=[GUARDS, GUARDS], dice=[4]
    )
    w, st = g.world, g.state
    w.engage(st.units["h2"], st.units["p2"])
    destroy_horde(g)
    before = {f: st.models[f].position for f in ("p2-1", "h2-1")}
    g.apply(PowerUpChoice("p1", 2))
    pushed = evs(g, PushedBack)[0]
    assert pushed.unit == "p2" and pushed.by == "p1" and pushed.inches == 4
    for f, p in before.items():
        assert math.isclose(math.dist(p, st.models[f].position), 4.0, abs_tol=0.05)
    assert st.models["p2-1"].position[1] > 15.9 and st.locked("p2")
    assert invariants(g) == []


def test_a_wiped_out_team_loses_its_power_ups() -> None:
    """Power-ups: if a player's team dies they lose every power-up they had (the carried, those at work,
    those given to models and the Ork Boy)."""
    g = rigged_game({1: [(10, 30), (11.5, 30)]}, hordes=[[(40, 40)]], teams=[GUARDS], dice=[1, 3])
    w, st = g.world, g.state
    destroy_horde(g)  # 4: an Ork Boy
    squad = st.units["p1"]
    squad.power_ups = ["medpack", "speed_pack", "chainsaw"]
    g.apply(UsePowerUp("p1", "chainsaw", "p1-1"))
    squad.power_up_effects["chuck_norris"] = 0
    for fid in list(squad.models):
        w.kill(st.models[fid], "h1 test")
    assert squad.power_ups == [] and squad.power_up_effects == {}
    assert "chainsaw" not in st.models["p1-1"].weapons and len(squad.models) == 2
    lost = evs(g, PowerUpLost)[-1]
    assert {"medpack", "speed_pack", "chainsaw", "chuck_norris", "ork_boy"} <= set(lost.keys)


def test_a_respawned_squad_rolls_on_the_power_up_table() -> None:
    """Player turn, Respawning: a wiped-out squad comes back, then rolls on the Power-up table [seed]."""
    g = rigged_game({1: [(10, 30), (11.5, 30)]}, teams=[GUARDS], dice=[2, 5], phase=Phase.ASSAULT)
    w, st = g.world, g.state
    for fid in list(st.units["p1"].models):
        w.kill(st.models[fid], "test")
    st.order, st.order_index = [1], 0
    turn.begin_player(w)
    assert w.alive(st.units["p1"]) and [(e.roll, e.why) for e in evs(g, PowerUpRolled)] == [(7, "respawned")]
    assert st.units["p1"].power_ups == ["medpack"]
    # with another squad on the table, the respawned squad is the furthest: it chooses
    g = rigged_game({1: [(10, 30)], 2: [(30, 20)]}, teams=[GUARDS, GUARDS], phase=Phase.ASSAULT, player=1)
    w, st = g.world, g.state
    w.kill(st.models["p2-1"], "test")
    st.order, st.order_index = [1, 2], 1
    turn.begin_player(w)
    assert st.active_player == 2 and evs(g, PowerUpChoiceOffered)[-1].unit == "p2"
    assert g.actions_for("p2-1") == ["choice_1", "choice_2"]


def test_killing_the_zombie_boss_is_no_power_up_roll() -> None:
    """Power-ups: only the last model of a zombie horde earns the roll, not the Zombie Boss [seed]."""
    g = rigged_game({1: [(10, 30)]}, boss=(30, 30), teams=[GUARDS], dice=[])
    g.world.kill(g.state.models["boss"], "p1 test")
    assert not evs(g, PowerUpRolled) and g.state.units["p1"].power_ups == []


def test_the_mods_switch_the_roll_and_the_double_roll_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Power-ups and Mods: Hardcore Mode (never gain) and Coop Mode (no double roll) read one predicate each."""
    g = rigged_game(
        {1: [(10, 40)], 2: [(34, 20)]}, hordes=[[(40, 44)], [(44, 44)]], teams=[GUARDS, GUARDS], dice=[3, 4]
    )
    monkeypatch.setattr(power_ups, "may_roll_twice", lambda world, squad: False)
    destroy_horde(g, "h1")
    assert not evs(g, PowerUpChoiceOffered) and [e.roll for e in evs(g, PowerUpRolled)] == [7]
    monkeypatch.setattr(power_ups, "may_gain_power_ups", lambda world, squad: False)
    destroy_horde(g, "h2")
    assert len(evs(g, PowerUpRolled)) == 1


def test_the_bot_chooses_gives_and_activates_power_ups() -> None:
    """Power-ups: the bot makes the furthest player's choice, gives the Chainsaw and Shotgun to models and
    turns the Speed Pack on at the start of its movement phase."""
    from game.ai.zombie40k_bot import choose_command

    g = rigged_game(
        {1: [(10, 40), (11.5, 40), (13, 40)], 2: [(34, 20)]},
        hordes=[[(40, 44)]],
        teams=[GUARDS, GUARDS],
        dice=[3, 4, 5, 6],
        phase=Phase.MOVEMENT,
    )
    st = g.state
    destroy_horde(g)
    cmd = choose_command(g)
    assert cmd == PowerUpChoice("p1", 1)  # p2 is 15" from the vehicle: roll twice
    g.apply(cmd)
    g.apply(choose_command(g))  # keeps 7 Medpack over 11 Shades? it likes the Medpack more
    assert st.units["p1"].power_ups == ["medpack"]
    st.units["p1"].power_ups += ["chainsaw", "shotgun", "speed_pack"]
    used = []
    for _ in range(3):
        cmd = choose_command(g)
        assert isinstance(cmd, UsePowerUp)
        g.apply(cmd)
        used.append(cmd.item)
    assert sorted(used) == ["chainsaw", "shotgun", "speed_pack"]
    assert power_ups.speed_active(g.world, st.units["p1"])
    assert isinstance(choose_command(g), Move)


def test_the_screen_lists_the_power_ups_and_its_buttons_use_them() -> None:
    """Power-ups on screen: the roster and the hover text list what the squad carries; the Arm and Speed Pack
    buttons give the Chainsaw to the selected model and turn the pack on; the log says so."""
    from game.rules.core import get_ruleset
    from game.ui.match import Match

    g = rigged_game({1: [(10, 30), (11.5, 30)]}, hordes=[[(40, 40)]], teams=[GUARDS], phase=Phase.MOVEMENT)
    squad = g.state.units["p1"]
    squad.power_ups = ["chainsaw", "speed_pack", "medpack", "medpack"]
    view = get_ruleset("zombie40k").view()
    m = Match(g, view, speed=50.0)
    m.resync()
    assert "Chainsaw" in m.roster() and "Medpack x2" in m.roster()
    tip = view.tooltip(g, "p1-1", view.look(g, "p1-1"))
    assert any(line.startswith("Power-ups:") and "Speed Pack" in line for line in tip)
    m.select("p1-1")
    states = m.button_states()
    assert states["arm"][0] and states["speed"][0] and not states["revive"][0]
    assert "Defibrillator" in states["revive"][1]
    m.button("arm")
    m.button("speed")
    for _ in range(50):
        m.update(0.05)
    assert "chainsaw" in g.figure("p1-1").weapons and power_ups.speed_active(g.world, squad)
    assert [type(c).__name__ for c in g.commands] == ["UsePowerUp", "UsePowerUp"]
    lines = view.log_lines(g, g.log)
    assert any("is armed with the Chainsaw" in x for x in lines) and any("Speed Pack" in x for x in lines)
    assert "Chainsaw" in m.roster()  # now in p1-1's row


def test_on_the_game_screen_the_power_up_buttons_fit_and_a_key_arms_the_selected_model(tmp_path) -> None:
    """Power-ups on the game screen (1280 x 800, SDL dummy driver): the buttons stand above the hint box, the
    roster names what the squad carries, and G gives the Chainsaw to the selected model."""
    from pathlib import Path

    import pygame
    from ui_driver import headless_app, key

    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    hive = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
    if not hive.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        setup = GameSetup(load_entry(hive))
        setup.use_options({"teams": ["infantry_squad"]})
        app.start_game(setup)
        app.run_frames(5)
        match = app.scene.match
        g = match.game
        # every power-up held and a choice owed: every power-up button is on the panel at once (a button
        # shows only while its power-up is held), and they all fit
        squad = g.state.units["p1"]
        squad.power_ups, squad.power_up_choices = ["chainsaw", "duct_tape", "speed_pack", "defibrillator"], 1
        match.resync()
        app.run_frames(3)
        scene = app.scene
        names = ("arm", "tape_attack", "tape_shot", "speed", "revive", "choice_1", "choice_2")
        assert all(n in scene.buttons for n in names)
        assert max(scene.buttons[n].rect.bottom for n in scene.buttons) <= scene.hint_box.rect.top
        squad.power_ups, squad.power_up_choices = ["chainsaw"], 0
        match.resync()
        app.run_frames(3)
        scene = app.scene
        assert "Chainsaw" in scene.roster_html
        match.select("p1-1")
        app.run_frames(2)
        assert scene.buttons["arm"].is_enabled and "speed" not in scene.buttons  # no Speed Pack held
        key(app, pygame.K_g)
        app.run_frames(10)
        assert "chainsaw" in g.figure("p1-1").weapons and g.state.units["p1"].power_ups == []


@pytest.mark.parametrize(
    ("mods", "grenade", "power_ups"),
    [([], False, True), (["killing_floor"], True, True), (["hardcore"], False, False)],
)
def test_the_game_screen_shows_only_the_buttons_its_mods_allow(tmp_path, mods, grenade, power_ups) -> None:
    """Power-ups and the Killing Floor's grenades on the game screen (rules: "Mods"): the Grenade button
    only with Killing Floor, no power-up buttons in Hardcore Mode (it never gains any), so the roster below
    keeps its room (at 1280 x 800 all fifteen buttons left it two rows)."""
    from pathlib import Path

    from ui_driver import headless_app

    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    hive = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
    if not hive.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        setup = GameSetup(load_entry(hive))
        setup.use_options({"teams": ["infantry_squad"], "mods": mods})
        app.start_game(setup)
        app.run_frames(5)
        squad = app.scene.match.game.state.units["p1"]  # (a power-up's button shows while one is held)
        squad.power_ups, squad.power_up_choices = ["chainsaw", "speed_pack", "defibrillator"], 1
        app.scene.match.resync()
        app.run_frames(3)
        buttons = app.scene.buttons
        assert ("throw" in buttons) is grenade
        assert all((n in buttons) is power_ups for n in ("arm", "speed", "revive", "choice_1"))
        assert "move" in buttons and "end_turn" in buttons
