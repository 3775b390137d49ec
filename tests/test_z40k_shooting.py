"""Rules: Zombie 40,000, "The 40k core needed" (shooting) and "Player turn" (shooting limits), with
scripted dice: to hit by BS, Snap Shots, to wound, saves and AP, cover, FNP, Instant Death, closest models
first, each weapon type (Rapid Fire, Assault, Pistol, Heavy, Blast, Template), Gets Hot, shooting into a
close combat, and never at another player unless by the vehicle or in retaliation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombie40k import attacks
from game.rules.zombie40k.attacks import Pool
from game.rules.zombie40k.commands import Move, Shoot
from game.rules.zombie40k.data import GRAVITON_S, Weapon
from game.rules.zombie40k.events import AttackStep, BlastPlaced, Killed
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario


def guards(n: int, **kw) -> list:
    return [{"unit": "infantry_squad", "models": n, **kw}]


def steps(g, step: str) -> list[AttackStep]:
    return [e for e in g.log if isinstance(e, AttackStep) and e.step == step]


def killed(g) -> list[str]:
    return [e.figure for e in g.log if isinstance(e, Killed)]


def test_to_hit_by_bs_one_rapid_fire_shot_beyond_half_range_wound_and_fnp() -> None:
    # two Guardsmen (BS3: 4+) at 13" from a zombie: one lasgun shot each
    g = rigged_game(
        {1: [(10, 30), (12, 30)]}, hordes=[[(10, 16)]], teams=guards(2), dice=[4, 3, 4, 4, 1, 2]
    )  # 1+2: the power-up roll, 3 Banana Peel
    g.apply(Shoot("p1", "h1"))
    hit, wound = steps(g, "hit")[0], steps(g, "wound")[0]
    assert (hit.need, hit.dice, hit.successes) == (4, 2, 1)
    assert (wound.need, wound.dice, wound.successes) == (4, 1, 1)  # S3 against T3: 4+
    assert killed(g) == ["h1-1"]  # FNP 5+ failed on a 4
    assert g.dice.remaining == 0


def test_rapid_fire_two_shots_at_half_range_and_fnp_saves() -> None:
    g = rigged_game({1: [(10, 30), (12, 30)]}, hordes=[[(10, 22)]], teams=guards(2), dice=[6, 6, 1, 1, 4, 4, 5, 6])
    g.apply(Shoot("p1", "h1"))
    assert steps(g, "hit")[0].dice == 4 and steps(g, "hit")[0].successes == 2
    assert steps(g, "fnp")[0].successes == 2  # Feel No Pain 5+ on 5 and 6: the zombie stands
    assert killed(g) == [] and g.figure("h1-1").alive


def test_wounds_go_on_the_closest_models_first() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 16), (10, 24)]], teams=guards(1), dice=[6, 6, 5, 4, 1, 1, 1, 2])
    g.apply(Shoot("p1", "h1"))
    assert killed(g) == ["h1-2", "h1-1"] or killed(g) == ["h1-2"]
    assert not g.figure("h1-2").alive


def test_cover_in_ruins_4_plus_and_obscured_5_plus() -> None:
    sc = small_scenario(players=1, ruins=[(8, 14, 4, 4)], clutter=[(14, 20, 6, 1.5)])
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 16)]], teams=guards(1), scenario=sc, dice=[6, 6, 4, 4])
    g.apply(Shoot("p1", "h1"))
    assert steps(g, "save")[0].successes == 1 and g.figure("h1-1").alive  # 4+ cover in the ruin, then no FNP roll
    g = rigged_game({1: [(17, 30)]}, hordes=[[(17, 12)]], teams=guards(1), scenario=sc, dice=[6, 5, 4, 1, 1, 2])
    p = g.preview(Shoot("p1", "h1"))
    assert p.details["covers"] == {"h1-1": 5}  # seen through the rubble: obscured
    g.apply(Shoot("p1", "h1"))
    assert steps(g, "save")[0].successes == 0 and killed(g) == ["h1-1"]  # 4 fails a 5+, FNP fails on a 1


def test_armour_save_against_ap_and_instant_death_and_eternal_warrior() -> None:
    g = rigged_game(
        {1: [(10, 30)], 2: [(30, 30), (31.5, 30)]},
        teams=["infantry_squad", {"unit": "ork_boyz", "models": 2, "sergeant": True}],
        dice=[],
    )
    w = g.world
    nob, boy = g.figure("p2-1"), g.figure("p2-2")
    assert w.profile(nob).w == 2 and nob.wounds == 2
    # S8 (meltagun) against T4: Instant Death, no FNP, the Nob's two wounds go at once
    g.dice._faces, g.dice._used = [5], 0
    pool = Pool("Meltagun", 1, 0, 8, 1)
    res = attacks.allocate(w, w.unit("p1"), w.unit("p2"), pool, ["normal"], ["p2-1", "p2-2"], {}, "p1 test")
    assert (
        res.killed == ["p2-1"] and boy.alive
    )  # 6+ armour does not save against AP 1; the 5 rolled was a cover-less... none
    # AP 6 equals the boy's 6+ armour: no save; AP - lets him save
    g.dice._faces, g.dice._used = [6], 0
    res = attacks.allocate(
        w, w.unit("p1"), w.unit("p2"), Pool("Lasgun", 1, 0, 3, 0), ["normal"], ["p2-2"], {}, "p1 test"
    )
    assert res.unsaved == 0 and boy.alive and g.dice.remaining == 0
    g.dice._faces, g.dice._used = [], 0
    res = attacks.allocate(
        w, w.unit("p1"), w.unit("p2"), Pool("Shoota", 1, 0, 4, 6), ["normal"], ["p2-2"], {}, "p1 test"
    )
    assert res.killed == ["p2-2"]  # no dice: AP 6 beat the 6+, and there is no FNP


def test_boss_invulnerable_save_and_eternal_warrior() -> None:
    g = rigged_game({1: [(10, 30)]}, boss=(10, 20), teams=guards(1), dice=[4, 5, 2])
    w = g.world
    boss = g.figure("boss")
    # AP2 beats the 2+ armour: the 5++ invulnerable save is taken (a 4 fails); S10 is no Instant Death
    # (Eternal Warrior); FNP 5+ saves the first wound on a 5; the second wound: invulnerable 2 fails...
    res = attacks.allocate(
        w, w.unit("p1"), w.unit("boss"), Pool("Lascannon", 1, 0, 10, 2), ["normal"], ["boss"], {}, "p1"
    )
    assert res.unsaved == 0 and boss.wounds == 4
    g.dice._faces, g.dice._used = [2, 1], 0
    res = attacks.allocate(
        w, w.unit("p1"), w.unit("boss"), Pool("Lascannon", 1, 0, 10, 2), ["normal"], ["boss"], {}, "p1"
    )
    assert res.unsaved == 1 and boss.wounds == 3


def test_instant_death_allows_no_feel_no_pain() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 20)]], teams=guards(1), dice=[1, 2])  # the power-up roll
    w = g.world
    res = attacks.allocate(
        w, w.unit("p1"), w.unit("h1"), Pool("Big shoota", 1, 0, 6, 5), ["normal"], ["h1-1"], {}, "p1"
    )
    assert res.killed == ["h1-1"] and g.dice.remaining == 0  # S6 against T3: no FNP die rolled


def test_heavy_weapon_fires_snap_shots_after_moving() -> None:
    team = [{"unit": "tactical_squad", "models": 1, "weapons": ["heavy_bolter"]}]
    g = rigged_game(
        {1: [(10, 30)]}, hordes=[[(10, 16)]], teams=team, phase=Phase.MOVEMENT, dice=[6, 5, 5, 2, 1, 1, 2]
    )
    g.apply(Move("p1-1", ((10, 29),)))
    assert g.state.phase == Phase.SHOOTING  # the only model has moved: the phase passes by itself
    g.apply(Shoot("p1", "h1"))
    hit = steps(g, "hit")[0]
    assert (hit.need, hit.dice, hit.successes) == (6, 3, 1)  # Heavy 3, Snap Shots on a 6
    assert steps(g, "wound")[0].need == 2 and killed(g) == ["h1-1"]


def test_pistol_one_shot_and_assault_weapon_n_shots() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 26)]], teams=guards(1, sergeant=True), dice=[1])
    g.apply(Shoot("p1", "h1"))
    assert steps(g, "hit")[0].dice == 1 and steps(g, "hit")[0].need == 4  # a laspistol: one shot even close in
    g = rigged_game(
        {1: [(10, 30)]}, hordes=[[(10, 20)]], teams=[{"unit": "guardian_defenders", "models": 1}], dice=[1, 1]
    )
    g.apply(Shoot("p1", "h1"))
    assert steps(g, "hit")[0].dice == 2 and steps(g, "hit")[0].need == 3  # shuriken catapult: Assault 2, BS4


def test_blast_on_target_hits_every_model_partly_under_the_marker() -> None:
    team = guards(1, weapons=["grenade_launcher"])
    horde = [(20, 16), (21.2, 16), (20, 17.2), (20, 14.2), (30, 16)]
    # scatter die 1 (a hit: the marker stays), direction and 2D6 still rolled; 3 models under: wounds 3+, 2 FNP dice
    g = rigged_game({1: [(20, 30)]}, hordes=[horde], teams=team, dice=[1, 100, 3, 3, 4, 1, 4, 1, 1, 1])
    g.apply(Shoot("p1", "h1", aim=(20, 16)))
    blast = [e for e in g.log if isinstance(e, BlastPlaced)][0]
    assert blast.centre == (20.0, 16.0) and blast.radius == 1.5
    assert set(blast.hits) == {
        "h1-1",
        "h1-2",
        "h1-3",
        "h1-4",
    }  # h1-4's base edge is 1.3" from the centre: partly under
    assert steps(g, "wound")[0].dice == 4 and steps(g, "wound")[0].need == 4  # S3 AP6 frag against T3
    assert len(killed(g)) == 2 and g.figure("h1-5").alive


def test_blast_scatters_2d6_minus_bs_in_the_arrow_direction() -> None:
    team = guards(1, weapons=["grenade_launcher"])
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 10), (20, 16)]], teams=team, dice=[3, 91, 4, 5, 6, 1])
    g.apply(Shoot("p1", "h1", aim=(20, 10)))
    blast = [e for e in g.log if isinstance(e, BlastPlaced)][0]
    assert blast.aim == (20.0, 10.0) and blast.scatter == 6.0  # 9 - BS 3
    assert blast.centre == pytest.approx((20.0, 16.0), abs=1e-6) and blast.hits == ("h1-2",)
    assert killed(g) == ["h1-2"]


def test_template_hits_everything_under_it_without_rolling_to_hit_and_ignores_cover() -> None:
    sc = small_scenario(players=1, ruins=[(18, 20, 4, 6)])
    team = guards(1, weapons=["flamer"])
    g = rigged_game(
        {1: [(20, 30)]}, hordes=[[(20, 25), (20.6, 23.5), (25, 25)]], teams=team, scenario=sc, dice=[3, 3, 1, 1]
    )
    g.apply(Shoot("p1", "h1"))
    tmpl = [e for e in g.log if isinstance(e, BlastPlaced)][0]
    assert set(tmpl.hits) == {"h1-1", "h1-2"} and not steps(g, "hit")
    assert not steps(g, "save") and set(killed(g)) == {"h1-1", "h1-2"}  # no cover save in the ruin


def test_gets_hot_wounds_the_firer_on_a_1() -> None:
    g = rigged_game(
        {1: [(10, 30), (12, 30)]}, hordes=[[(10, 16)]], teams=guards(2, weapons=["plasma_gun"]), dice=[1, 1]
    )
    g.apply(Shoot("p1", "h1"))
    assert killed(g) == ["p1-1"]  # the plasma gunner: AP2 beats his 5+ armour, no save


def test_never_at_another_player_unless_by_the_vehicle_or_in_retaliation() -> None:
    g = rigged_game({1: [(10, 30)], 2: [(14, 30)]}, teams=["infantry_squad", "infantry_squad"], dice=[1])
    with pytest.raises(IllegalCommand, match='within 8" of the escape vehicle'):
        g.apply(Shoot("p1", "p2"))
    g = rigged_game({1: [(24, 16)], 2: [(24, 10)]}, teams=["infantry_squad", "infantry_squad"], dice=[1])
    g.apply(Shoot("p1", "p2"))  # player 2 stands 5" from the vehicle
    assert g.state.shot_at == {"1": [2]}
    # player 2 may now shoot player 1 anywhere: retaliation
    g.state.active_player = 2
    g.world.set_position(g.figure("p2-1"), (24, 36))
    g.world.set_position(g.figure("p1-1"), (24, 40))
    g.dice._faces, g.dice._used = [1], 0
    g.apply(Shoot("p2", "p1"))


def test_shooting_into_a_close_combat_randomises_hits() -> None:
    g = rigged_game(
        {1: [(10, 40)], 2: [(30, 20)]}, hordes=[[(30, 21.01)]], teams=guards(1) + ["infantry_squad"], dice=[]
    )
    g.world.engage(g.world.unit("h1"), g.world.unit("p2"))
    # player 1 shoots the horde fighting player 2: one hit; the 3 on the D6 sends it into player 2's squad
    g.world.set_position(g.figure("p1-1"), (30, 36))
    g.dice._faces, g.dice._used = [6, 3, 4, 1], 0
    g.apply(Shoot("p1", "h1"))
    wound = steps(g, "wound")[0]
    assert wound.target == "p2" and killed(g) == ["p2-1"]  # S3 against T3 on a 4; his 5+ armour fails on a 1
    assert g.dice.remaining == 0


def test_the_log_tells_a_volley_in_the_order_rolled_and_names_the_save() -> None:
    """Issue 33: the log tells a roll in the order it happened, with the die faces: to-hit, to-wound, the
    save and which save (a plasma gun's AP2 beats the Boss's 2+ armour: he takes the 4+ cover of his ruin,
    not his 5+ invulnerable), Feel No Pain, then what they left: the Boss wounded."""
    from game.rules.core import DiceRolled
    from game.rules.zombie40k import log_words
    from game.rules.zombie40k.events import Wounded

    sc = small_scenario(players=1, ruins=[(8, 14, 4, 4)])
    # laspistol: hit 6, wound 6, armour save 6; plasma gun: hits 6 6, wounds 6 1, cover save 1, FNP 1
    g = rigged_game({1: [(10, 30), (12, 30)]}, boss=(10, 17.2), dice=[6, 6, 6, 6, 6, 6, 1, 1, 1], scenario=sc)
    g.apply(Shoot("p1", "boss"))
    plasma = [
        e for e in g.log if getattr(e, "weapon", "") == "Plasma gun" or "Plasma gun" in getattr(e, "purpose", "")
    ]
    order = [(e.step, e.kind) for e in plasma if isinstance(e, AttackStep)]
    assert order == [("hit", ""), ("wound", ""), ("save", "cover"), ("fnp", "")]
    save = next(e for e in plasma if isinstance(e, AttackStep) and e.step == "save")
    assert (save.need, save.dice, save.successes) == (4, 1, 0)
    pistol_save = next(e for e in g.log if isinstance(e, AttackStep) and e.step == "save")
    assert (pistol_save.kind, pistol_save.need) == ("armour", 2)
    # the Boss is wounded after his save and his Feel No Pain are told, not before
    at = {
        type(e).__name__ + getattr(e, "step", ""): i
        for i, e in enumerate(g.log)
        if e in plasma or isinstance(e, Wounded)
    }
    assert at["AttackStepfnp"] < at["Wounded"] and at["AttackStepsave"] < at["AttackStepfnp"]
    lines = [log_words.line(g, e) for e in g.log]
    said = [i for i, text in enumerate(lines) if "cover save" in text]
    assert said and all(i < at["Wounded"] for i in said)
    # the dice lines show their faces
    rolls = [e for e in g.log if isinstance(e, DiceRolled) and "Plasma gun" in e.purpose]
    assert [e.faces for e in rolls] == [(6, 6), (6, 1), (1,)]
    assert "rolled 6 1" in log_words.line(g, rolls[1]) and "rolled 1" in log_words.line(g, rolls[2])


def test_a_graviton_gun_wounds_on_the_targets_armour_save_6_with_none_and_concussive_slows_it() -> None:
    """Rules: "Zombie 40,000: The 40k core needed" (weapons and their special rules) with 7th's Graviton: a
    grav-gun (S *, AP 2, Salvo 2/3 played as Assault 2 [house], Concussive, Graviton) wounds on the target's
    armour save, 6+ with none: a zombie only on a 6; a zombie hit by one strikes at Initiative 1 after."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 16), (12, 16)]], teams=guards(1), dice=[4, 4, 5, 6, 4])
    w = g.world
    grav = Weapon("grav_gun", "Grav-gun", 18, GRAVITON_S, 2, "assault", 2, rules=("Concussive", "Graviton"))
    w.data = replace(w.data, weapons={**w.data.weapons, "grav_gun": grav})
    g.figure("p1-1").weapons = ("grav_gun",)
    g.apply(Shoot("p1", "h1"))
    assert [(s.need, s.dice, s.successes) for s in steps(g, "wound")] == [(6, 2, 1)]  # 5 fails, 6 wounds
    assert killed(g) == ["h1-1"] and g.dice.remaining == 0  # Feel No Pain 5+ failed on a 4
    assert w.unit("h1").concussed_until == g.state.turn + 1
    assert grav.profile == '18" S* AP2 Assault 2 (Concussive, Graviton)'


def test_a_grav_hit_that_goes_into_another_unit_in_the_combat_wounds_on_that_units_save() -> None:
    """Rules: Graviton wounds on the armour save of the models it strikes [7th]; a hit on a unit in close
    combat may go into the unit it fights. The hit sent into player 2's Guardsmen (5+ armour) wounds on a 5+;
    it used the zombies' (none: 6+), so a 5 did nothing."""
    g = rigged_game(
        {1: [(10, 40)], 2: [(30, 20)]}, hordes=[[(30, 21.01)]], teams=guards(1) + ["infantry_squad"], dice=[]
    )
    grav = Weapon("grav_gun", "Grav-gun", 18, GRAVITON_S, 2, "assault", 1, rules=("Graviton",))
    g.world.data = replace(g.world.data, weapons={**g.world.data.weapons, "grav_gun": grav})
    g.figure("p1-1").weapons = ("grav_gun",)
    g.world.engage(g.world.unit("h1"), g.world.unit("p2"))
    g.world.set_position(g.figure("p1-1"), (30, 36))
    g.dice._faces, g.dice._used = [6, 3, 5], 0  # hit; a 3 sends it into player 2's squad; wound on 5+
    g.apply(Shoot("p1", "h1"))
    wound = steps(g, "wound")[0]
    assert (wound.target, wound.need) == ("p2", 5) and killed(g) == ["p2-1"]  # AP2: no armour save
    assert g.dice.remaining == 0
