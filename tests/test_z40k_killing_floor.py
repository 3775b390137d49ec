"""Rules: "Zombie 40,000: Mods", Killing Floor [seed; prices and the carrying rule house]: no weapons or
upgrades bought in the team builder, 0 points and a bolt pistol, close combat weapon and assault grenades for
every model; a point for each zombie killed; a shop at the start of the player's own turn (before movement)
selling pistols, melee, basic and heavy weapons and grenades for the whole squad; psyker-only items; half back
on selling, rounded up. With scripted dice where anything is rolled."""

from __future__ import annotations

import collections
import html
import json
import os
from pathlib import Path

import pytest

from game.ai import bot_for
from game.rules.core import IllegalCommand
from game.rules.zombie40k import assault, killing_floor, new_game
from game.rules.zombie40k.commands import Buy, Move, Sell, Shoot
from game.rules.zombie40k.events import PointScored, ShopKit, WareBought, WareSold
from game.rules.zombie40k.report import invariants
from game.rules.zombie40k.setup import OptionsError
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.rules.zombie40k.view import Z40View
from game.scenario.loader import load_scenario

KF = {"mods": ["killing_floor"]}
LONG = os.environ.get("DEADGROUND_LONG") == "1"
MAPS = sorted(
    p
    for p in Path(__file__).resolve().parents[1].joinpath("maps").glob("*.tmx")
    if 'value="zombie40k"' in p.read_text()
)
ARMIES = ["tactical_squad", "infantry_squad", "guardian_defenders", "ork_boyz", "strike_team", "necron_warriors"]


def shop_game(points: int = 0, phase: Phase = Phase.MOVEMENT, dice: list[int] | None = None, **kw):
    """Two Guardsmen of player 1 (and whatever hordes ``kw`` gives) in a Killing Floor game with ``points``."""
    g = rigged_game(
        {1: [(10, 30), (12, 30)]},
        teams=[{"unit": "infantry_squad", "models": 2}],
        phase=phase,
        dice=dice or [],
        **kw,
    )
    g.state.mods = ["killing_floor"]
    killing_floor.set_up(g.world)
    g.state.kf_points["1"] = points
    g.log.clear()
    return g


def test_start_wargear_is_replaced_and_points_are_zero() -> None:
    """Killing Floor [seed]: begin with 0 points; every model's starting wargear is replaced by a bolt pistol,
    close combat weapon and assault grenades (no dice)."""
    g = new_game(small_scenario(), {"teams": ["tactical_squad", "ork_boyz"], **KF}, seed=3)
    st = g.state
    players = [m for m in g.figures if m.side == "players"]
    assert players and all(m.weapons == ("bolt_pistol", "close_combat_weapon") for m in players)
    assert st.kf_points == {"1": 0, "2": 0}
    assert st.kf_grenades == {"p1": ["assault_grenades"], "p2": ["assault_grenades"]}
    kits = [e for e in g.log if isinstance(e, ShopKit)]
    assert [(e.player, e.points) for e in kits] == [(1, 0), (2, 0)]
    assert not any(m.sergeant for m in players)  # the dealt team buys no sergeant upgrade
    lines = Z40View().log_lines(g, g.log)
    assert any(
        "Movement phase (Killing Floor: the Shop is open until a model of the squad moves)" in x for x in lines
    )
    # without the mod nothing changes
    plain = new_game(small_scenario(), {"teams": ["tactical_squad"]}, seed=3)
    assert plain.figure("p1-2").weapons != ("bolt_pistol", "close_combat_weapon")
    assert plain.state.kf_points == {}


def test_the_team_builder_refuses_weapons_and_upgrades_with_the_reason() -> None:
    """Killing Floor [seed]: players may not purchase weapons or upgrades for their units."""
    for team in (
        {"unit": "infantry_squad", "models": 10, "weapons": ["flamer"]},
        {"unit": "tactical_squad", "models": 5, "sergeant": True},
    ):
        with pytest.raises(OptionsError) as err:
            new_game(small_scenario(), {"teams": [team], **KF}, seed=1)
        assert "Killing Floor" in str(err.value) and "may not purchase weapons or upgrades" in str(err.value)
    g = new_game(small_scenario(), {"teams": [{"unit": "infantry_squad", "models": 10, "usr": "Stubborn"}], **KF})
    assert len(g.state.squad_of(1).models) == 10


def test_the_set_up_offers_no_upgrades_and_its_default_team_plays_without_them() -> None:
    """Killing Floor [seed]: in the new-game set-up's team builder the sergeant and weapon changes are offered as
    refused with the reason; a player who builds no team gets the default unit without its upgrades."""
    from game.rules.zombie40k.setup_view import Z40Setup
    from game.rules.zombie40k.team_builder import default_team

    class WithMods(Z40Setup):  # the mods switch (another part of issue 15) puts "mods" in the options
        def options(self, scenario, answers):
            return {**super().options(scenario, answers), **KF}

    sc = small_scenario()
    setup = WithMods()
    answers = {"players": 1, "each": [{"team": [{"id": "unit:tactical_squad"}]}], "game": {}}
    offers = {o.id: o for o in setup.team_options(sc, answers, 1)}
    assert offers["sergeant"].refused.startswith("Killing Floor: players may not purchase weapons or upgrades")
    assert all(o.refused for k, o in offers.items() if k.startswith("weapon:"))
    assert offers["model"].refused == "" and offers["usr:Stubborn"].refused == ""
    default = default_team(setup.data, "tactical_squad", 75)
    assert default.get("weapons") == ["flamer"]  # the default team buys a flamer...
    g = new_game(sc, {"teams": [default], **KF}, seed=1)  # ...which Killing Floor leaves out
    players = [m for m in g.figures if m.side == "players"]
    assert len(players) == 5 and all(m.weapons == ("bolt_pistol", "close_combat_weapon") for m in players)
    assert g.state.kf_points == {"1": 0}


def test_a_point_for_every_zombie_killed() -> None:
    """Killing Floor [seed]: every time a player kills a zombie they get a point (house: 1). Two Guardsmen's
    bolt pistols (BS3: 4+, S4 against T3: 3+) hit and wound twice; Feel No Pain 5+ fails on two 1s."""
    g = shop_game(phase=Phase.SHOOTING, hordes=[[(10, 22), (12, 22), (14, 22)]], dice=[6, 6, 6, 6, 1, 1])
    g.apply(Shoot("p1", "h1"))
    assert g.dice.remaining == 0
    scored = [e for e in g.log if isinstance(e, PointScored)]
    assert [(e.player, e.gain) for e in scored] == [(1, 1), (1, 1)]
    assert g.state.kf_points["1"] == 2 and g.state.kills["p1"] == 2
    lines = Z40View().log_lines(g, scored)
    assert "Player 1 scores 1 point for Zombie 2" in lines[-1] and "2 to spend" in lines[-1]
    assert "2 points" in Z40View().roster(g, {}, set())[0].title  # the points on screen


def test_buying_each_kind_deducts_the_price_and_changes_the_weapons() -> None:
    """Killing Floor shop: pistol, melee, basic and heavy weapons for a model, grenades for the whole squad;
    [house] prices; a bought pistol or melee weapon takes the bolt pistol's or close combat weapon's place."""
    g = shop_game(points=40)
    shop = killing_floor.Shop.of(g.data)
    spent = 0
    for fid, key in (
        ("p1-1", "plasma_pistol"),
        ("p1-1", "power_sword"),
        ("p1-1", "boltgun"),
        ("p1-2", "heavy_bolter"),
        ("", "krak_grenades"),
    ):
        g.apply(Buy(1, fid, key))
        spent += shop.item(key).price
        assert g.state.kf_points["1"] == 40 - spent
        bought = g.log[-1]
        assert isinstance(bought, WareBought) and bought.item == key and bought.price == shop.item(key).price
    assert g.figure("p1-1").weapons == ("boltgun", "plasma_pistol", "power_sword")
    assert g.figure("p1-2").weapons == ("heavy_bolter", "bolt_pistol", "close_combat_weapon")
    assert g.state.kf_grenades["p1"] == ["assault_grenades", "krak_grenades"]
    assert g.state.kf_wares == {"p1-1": ["plasma_pistol", "power_sword", "boltgun"], "p1-2": ["heavy_bolter"]}
    assert spent == 5 + 4 + 3 + 10 + 3
    # the bought weapons are the ones used: the power sword strikes in close combat
    assert assault.melee_weapon(g.world, g.figure("p1-1")).key == "power_sword"


def test_psyker_only_items_are_refused_to_non_psykers() -> None:
    """Killing Floor [seed]: * May only be taken by psykers (force weapons and the witchblade)."""
    g = shop_game(points=20)
    for key in ("force_sword", "force_axe", "force_staff", "witchblade"):
        assert killing_floor.Shop.of(g.data).item(key).psyker_only
        with pytest.raises(IllegalCommand) as err:
            g.apply(Buy(1, "p1-1", key))
        assert "may only be taken by psykers" in err.value.reason and "p1-1 is not a Psyker" in err.value.reason
    assert g.state.kf_points["1"] == 20
    g.figure("p1-2").rules = ("Psyker",)  # a psyker model (none is in the roster) may take one
    g.apply(Buy(1, "p1-2", "force_sword"))
    assert "force_sword" in g.figure("p1-2").weapons


def test_selling_returns_half_the_price_rounded_up() -> None:
    """Killing Floor [seed]: anything bought may be sold to regain half of the points spent (round up)."""
    g = shop_game(points=10)
    g.apply(Buy(1, "p1-1", "plasma_pistol"))  # 5 points
    assert g.state.kf_points["1"] == 5
    g.apply(Sell(1, "p1-1", "plasma_pistol"))
    assert g.state.kf_points["1"] == 8  # 5 / 2 = 2.5, rounded up to 3
    assert isinstance(g.log[-1], WareSold) and g.log[-1].refund == 3
    assert g.figure("p1-1").weapons == ("bolt_pistol", "close_combat_weapon")  # the bolt pistol is back
    g.apply(Buy(1, "", "defensive_grenades"))  # 5 for the squad
    g.apply(Sell(1, "", "defensive_grenades"))
    assert g.state.kf_points["1"] == 6 and g.state.kf_grenades["p1"] == ["assault_grenades"]
    g.apply(Buy(1, "p1-2", "boltgun"))  # 3: sells for 2
    g.apply(Sell(1, "p1-2", "boltgun"))
    assert g.state.kf_points["1"] == 5 and g.figure("p1-2").weapons == ("bolt_pistol", "close_combat_weapon")


def test_refused_buys_and_sells_give_their_reasons() -> None:
    """Killing Floor shop: not enough points, one weapon of each kind a model [house], only what was bought
    sells, psyker-only; the shop is open only at the start of the player's own turn, before movement."""
    g = shop_game(points=6)

    def refused(cmd) -> str:
        with pytest.raises(IllegalCommand) as err:
            g.apply(cmd)
        return err.value.reason

    assert refused(Buy(1, "p1-1", "plasma_gun")) == "Not enough points: Plasma gun 8, player 1 has 6."
    g.apply(Buy(1, "p1-1", "imperial_shotgun"))
    assert "sell the Shotgun first" in refused(Buy(1, "p1-1", "boltgun"))
    assert "already carries a Shotgun" in refused(Buy(1, "p1-1", "imperial_shotgun"))
    assert "starting wargear [seed]; only what was bought" in refused(Sell(1, "p1-1", "bolt_pistol"))
    assert "carries no Boltgun bought in the shop" in refused(Sell(1, "p1-2", "boltgun"))
    assert "no bought Krak grenades" in refused(Sell(1, "", "krak_grenades"))
    assert "Assault grenades: starting wargear" in refused(Sell(1, "", "assault_grenades"))
    assert "sells no 'lascannon'" in refused(Buy(1, "p1-1", "lascannon"))
    assert "not a model of player 1's squad" in refused(Buy(1, "h1-1", "boltgun"))
    assert "it is player 1's turn" in refused(Buy(2, "p2-1", "boltgun"))
    g.apply(Move("p1-2", ((12, 28),)))
    assert "closes once a model of your squad has moved" in refused(Buy(1, "p1-1", "imperial_shotgun"))
    assert g.state.kf_points["1"] == 4 and len(g.commands) == 2
    plain = rigged_game({1: [(10, 30)]}, phase=Phase.MOVEMENT)
    with pytest.raises(IllegalCommand) as err:
        plain.apply(Buy(1, "p1-1", "boltgun"))
    assert "Killing Floor mod, which this game does not play" in err.value.reason


def test_defensive_grenades_take_away_the_chargers_bonus_attack() -> None:
    """Killing Floor grenades [7th]: models charging a unit with defensive grenades get no +1 Attack for the
    charge (the zombies' +1 on the charge [seed] too)."""
    g = shop_game(points=5, hordes=[[(10, 29)]])
    st, w = g.state, g.world
    horde, squad = st.units["h1"], st.squad_of(1)
    horde.charged_turn = st.turn
    before = assault._pool(w, horde, squad, [g.figure("h1-1")], first=True)[2].attacks
    g.apply(Buy(1, "", "defensive_grenades"))
    after = assault._pool(w, horde, squad, [g.figure("h1-1")], first=True)[2].attacks
    assert (before, after) == (2, 1)


def test_save_and_load_keep_points_and_wares(tmp_path: Path) -> None:
    """Killing Floor: a saved game replays to the same points, wares and grenades (the shop's commands are in
    the save)."""
    from game.saves import load_game, save_game

    sc = load_scenario(str(MAPS[3 % len(MAPS)]))
    g = new_game(sc, {"teams": [ARMIES[(3 + k) % len(ARMIES)] for k in range(4)], **KF}, seed=3)
    bot = bot_for("zombie40k")
    while not g.over and not any(isinstance(e, WareBought) for e in g.log):
        g.apply(bot(g))
    bought = next(e for e in g.log if isinstance(e, WareBought))
    sold_at = len(g.log)
    g.apply(Sell(bought.player, bought.model, bought.item))  # the shop is still open: sell it back
    assert any(isinstance(e, WareSold) for e in g.log[sold_at:])  # (the phase may go on after it)
    while not g.over and sum(isinstance(e, WareBought) for e in g.log) < 2:  # on until it buys again
        g.apply(bot(g))
    assert any(g.state.kf_wares.values())
    path = save_game(g, tmp_path / "kf.json")
    again = load_game(path)
    assert again.state.kf_points == g.state.kf_points
    assert again.state.kf_wares == g.state.kf_wares and again.state.kf_grenades == g.state.kf_grenades
    assert again.state_data() == g.state_data()
    assert json.loads(json.dumps(g.state_data()))["kf_points"] == g.state.kf_points


def test_the_view_shop_lists_prices_and_reasons() -> None:
    """Killing Floor on screen: the shop lists every list with its prices, the points, and why an item may not
    be bought now; outside the mod there is no shop."""
    g = shop_game(points=3)
    look = Z40View().shop(g, "p1-1")
    assert look is not None and look.points == 3 and look.closed == "" and look.figure == "p1-1"
    headings = {o.heading for o in look.offers}
    assert headings == {
        "Pistols",
        "Melee weapons",
        "Basic weapons",
        "Heavy weapons",
        "Grenades (for the whole squad)",
    }
    boltgun = next(o for o in look.offers if o.key == "boltgun")
    assert (boltgun.price, boltgun.why) == (3, "") and '24" S4 AP5 Rapid Fire' in boltgun.note
    assert next(o for o in look.offers if o.key == "witchblade").label == "Witchblade*"
    assert "Not enough points" in next(o for o in look.offers if o.key == "plasma_gun").why
    assert Z40View().shop(rigged_game({1: [(10, 30)]}, phase=Phase.MOVEMENT)) is None


def test_the_screen_shop_panel_buys_an_item(tmp_path: Path) -> None:
    """Killing Floor on screen: the Shop button opens a pygame_gui panel; picking an item and pressing Buy
    buys it for the chosen model; a refused buy shows its reason in the panel."""
    from ui_driver import click, headless_app

    from game.ui.scenes.game import GameScene

    sc = small_scenario(players=1)
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, sc, {"teams": ["infantry_squad"], **KF}, seed=3))
        app.run_frames(5)
        scene = app.scene
        game = scene.game
        assert "shop" in scene.top and scene.top["shop"].is_enabled
        game.state.kf_points["1"] = 4
        click(app, scene.top["shop"].rect.center)
        assert scene.shop_open and "panel" in scene.shop_widgets
        assert "4 points" in scene.shop_widgets["title"].text
        fid = scene.shop().figure

        def pick(label_start: str) -> None:
            widget = scene.shop_widgets["offers"]
            text = next(t for t in scene._shop_keys["offers"] if t.startswith(label_start))
            index = [i["text"] for i in widget.item_list].index(text)
            widget.scroll_bar.set_scroll_from_start_percentage(
                index / len(widget.item_list)
            ) if widget.scroll_bar else None
            app.run_frames(3)
            item = widget.item_list[index]
            assert item["button_element"] is not None, "the item is not in view"
            click(app, item["button_element"].rect.center)
            assert widget.get_single_selection() == text

        pick("Basic: Boltgun")
        click(app, scene.shop_widgets["buy"].rect.center)
        app.run_frames(5)
        assert "boltgun" in game.figure(fid).weapons and game.state.kf_points["1"] == 1
        assert any(isinstance(e, WareBought) for e in game.log)
        assert scene.shop_open and "1 point" in scene.shop_widgets["title"].text  # the panel again, updated
        # the model is named in the drop-down: its ware is not named again (the row ran past the panel)
        sells = [i["text"] for i in scene.shop_widgets["wares"].item_list]
        assert sells == ["Boltgun \u2014 +2"]
        pick("Basic: Storm bolter")  # picking it says what it is, and why not now
        hint = html.unescape(scene.shop_widgets["message"].html_text)
        assert 'Storm bolter, 5 points: 24" S4 AP5 Assault 2' in hint and "Not now" in hint
        click(app, scene.shop_widgets["buy"].rect.center)
        app.run_frames(5)
        assert "sell the Boltgun first" in scene.shop_widgets["message"].html_text


def play(path: Path, seed: int, players: int = 4):
    sc = load_scenario(str(path))
    teams = [ARMIES[(seed + k) % len(ARMIES)] for k in range(players)]
    g = new_game(sc, {"teams": teams, **KF}, seed=seed)
    bot = bot_for("zombie40k")
    assert invariants(g) == []
    n = 0
    while not g.over:
        g.apply(bot(g))  # the bot's commands (its purchases among them) are always accepted
        assert invariants(g) == []
        n += 1
        assert n < 4000
    json.dumps(g.state_data())
    return g


GAMES = [(MAPS[s % len(MAPS)], s) for s in range(100 if LONG else 3)]


@pytest.mark.parametrize(("path", "seed"), GAMES, ids=[f"{m.stem}-{s}" for m, s in GAMES])
def test_whole_bot_games_with_killing_floor_end_and_keep_the_invariants(path: Path, seed: int) -> None:
    """Killing Floor whole games: the bot earns points and shops, the game ends, the invariants hold."""
    g = play(path, seed)
    kinds = collections.Counter(type(e).__name__ for e in g.log)
    assert kinds["ShopKit"] == len(g.state.players)
    assert kinds["PointScored"] == sum(g.state.kills.get(f"p{p}", 0) for p in g.state.players)
    assert sum(g.state.kf_points.values()) >= 0


def test_the_bot_buys_the_best_gun_it_can_afford() -> None:
    """Killing Floor: the bot, at the start of its turn, buys its shooters the best basic gun the points buy."""
    from game.ai.zombie40k_bot import choose_command

    g = shop_game(points=7)
    cmd = choose_command(g)
    assert cmd == Buy(1, "p1-1", "storm_bolter")
    g.apply(cmd)
    assert choose_command(g) == Buy(1, "p1-2", "imperial_shotgun")
    g.apply(Buy(1, "p1-2", "imperial_shotgun"))
    assert isinstance(choose_command(g), Move)  # nothing more it wants for 0 points


def test_shop_weapons_have_their_7th_edition_rules() -> None:
    """Killing Floor weapons [7th]: a sniper rifle wounds on 4+ whatever the Toughness and rends on a 6; an
    assault cannon rends; heavy weapons fire Snap Shots after moving; the lists hold each kind of weapon only;
    rules with no effect here are marked so in the rules help (no dice: the pools the rules would roll)."""
    from game.rules.zombie40k import attacks, shooting

    g = shop_game(points=30, phase=Phase.SHOOTING, hordes=[[(10, 20)]])
    g.figure("p1-1").weapons = ("sniper_rifle", "bolt_pistol", "close_combat_weapon")
    g.figure("p1-2").weapons = ("assault_cannon", "bolt_pistol", "close_combat_weapon")
    plan = shooting.plan(g.world, g.state.squad_of(1), g.state.units["h1"])
    pools = {p.weapon: p for p in plan.pools}
    sniper, cannon = pools["sniper_rifle"], pools["assault_cannon"]
    assert sniper.poison == 4 and sniper.rending and attacks.wound_need(g.data, sniper, 8) == 4
    assert cannon.rending and cannon.attacks == 4 and cannon.s == 6
    shop = killing_floor.Shop.of(g.data)
    for item in shop.items.values():
        if item.slot != "squad":
            w = g.data.weapon(item.key)
            assert {"pistol": "pistol", "melee": "melee"}.get(w.type, "gun") == item.slot, item.key
            for rule in w.rules:
                assert rule in g.data.usrs, rule  # every special rule has an effect or is marked as none
    assert not g.data.usrs["Force"].has_effect and "no effect in this game" in g.data.usrs["Force"].why
    assert len(shop.listed("heavy")) == 8 and len(shop.listed("basic")) == 9 and len(shop.listed("melee")) == 11


def test_the_rules_help_shows_the_house_prices() -> None:
    """Killing Floor in the rules help: the price lists, each marked as a house value (the seed lost them)."""
    from game.rules.zombie40k.reference import reference

    section = next(s for s in reference(None, {}) if s.title == "Mod: Killing Floor")
    table = section.body[-1]
    assert table.house and ("Basic weapons", "Boltgun", "3", "2", '24" S4 AP5 Rapid Fire') in table.rows
    assert any(row[1] == "Witchblade*" for row in table.rows)


def test_a_model_throws_a_krak_grenade_instead_of_its_shot_once_a_phase() -> None:
    """Killing Floor grenades [7th]: one model throws one of the squad's grenades instead of firing, once a
    shooting phase: a krak grenade 8" S6 AP4 (BS3: 4+; S6 against T3: 2+) is Instant Death to a zombie, so no
    Feel No Pain is rolled; the rest of the squad then shoots the same unit (a bolt pistol misses on a 1)."""
    from game.rules.zombie40k.commands import Throw
    from game.rules.zombie40k.events import GrenadeThrown

    g = shop_game(phase=Phase.SHOOTING, hordes=[[(10, 24), (12, 24), (14, 24)]], dice=[4, 2, 1])
    g.state.kf_grenades["p1"].append("krak_grenades")
    assert killing_floor.throwable(g.world, g.state.squad_of(1)) == ["krak_grenades", "assault_grenades"]
    assert g.preview(Throw("p1", "h1", "krak_grenades")).legal
    g.apply(Throw("p1", "h1", "krak_grenades"))
    thrown = next(e for e in g.log if isinstance(e, GrenadeThrown))
    assert (thrown.model, thrown.weapon, thrown.target) == ("p1-1", "krak_grenade", "h1")
    assert not g.figure("h1-1").alive and g.state.kf_points["1"] == 1  # a point for it, too
    assert g.figure("p1-1").fired and "krak_grenades" in g.state.kf_grenades["p1"]  # grenades are not used up
    with pytest.raises(IllegalCommand) as err:
        g.apply(Throw("p1", "h1", "assault_grenades"))
    assert "one a squad each shooting phase" in err.value.reason
    g.apply(Shoot("p1", "h1"))  # p1-2's bolt pistol: a 1 misses
    assert g.dice.remaining == 0 and g.figure("h1-2").alive
    lines = Z40View().log_lines(g, [thrown])
    assert lines == ["Guardsman 1 throws a krak grenade at Horde 1"]


def test_throwing_is_refused_with_reasons() -> None:
    """Killing Floor grenades: only the squad's own grenades, within 8", in the shooting phase, in the mod."""
    from game.rules.zombie40k.commands import Throw

    g = shop_game(phase=Phase.SHOOTING, hordes=[[(10, 24)], [(30, 10)]])

    def refused(cmd) -> str:
        with pytest.raises(IllegalCommand) as err:
            g.apply(cmd)
        return err.value.reason

    assert "has no 'krak_grenades' to throw; it may throw: Assault grenades" in refused(
        Throw("p1", "h1", "krak_grenades")
    )
    assert 'within the 8" a grenade is thrown' in refused(Throw("p1", "h2", "assault_grenades"))
    assert "not a living model" in refused(Throw("p1", "h1", "assault_grenades", "h1-1"))
    assert Z40View()._why(g, "p1-1", "throw") in ("Not now.", "")  # p1-1 may throw at h1
    assert "throw" in {a.key for a in Z40View().actions(g, "p1-1") if a.available}
    plain = rigged_game({1: [(10, 30)]}, hordes=[[(10, 24)]])
    with pytest.raises(IllegalCommand) as err:
        plain.apply(Throw("p1", "h1", "assault_grenades"))
    assert "Killing Floor mod" in err.value.reason
    assert "throw" not in {a.key for a in Z40View().actions(plain, "p1-1") if a.available}


def test_a_player_throws_a_grenade_with_the_grenade_action() -> None:
    """Killing Floor grenades on screen: select a model, press Grenade (T), click a zombie: that model throws
    the squad's best grenade at the zombie's horde (a frag grenade's blast scatters, then wounds and FNP).
    The horde destroyed, p1 rolls 1+2 on the power-up table."""
    from game.controller import Button, Click, Controller
    from game.rules.zombie40k.events import GrenadeThrown

    # scatter die 1 (a hit), its direction and 2D6; one zombie under: to wound 4+ (S3 v T3) on a 4; FNP 1
    g = shop_game(phase=Phase.SHOOTING, hordes=[[(10, 24)]], dice=[1, 100, 3, 3, 4, 1, 1, 2])
    ctl = Controller(g, Z40View())
    ctl.handle(Click(g.figure("p1-1").position))
    assert ctl.selected == "p1-1"
    ctl.handle(Button("throw"))
    fb = ctl.handle(Click(g.figure("h1-1").position))
    assert fb.accepted, fb.message
    thrown = [e for e in fb.events if isinstance(e, GrenadeThrown)]
    assert [(e.model, e.weapon) for e in thrown] == [("p1-1", "frag_grenade")]
    assert not g.figure("h1-1").alive and g.dice.remaining == 0


def test_a_grenade_obeys_coop_mode_like_a_shot() -> None:
    """Rules: Mods, Coop Mode with Killing Floor: players may not shoot at each other, even by the vehicle,
    and a thrown grenade is a shot (it was let through: the throw checked its own list, not the mods')."""
    from game.rules.zombie40k.commands import Throw

    g = rigged_game(
        {1: [(24, 8), (25.5, 8)], 2: [(24, 12)]},
        teams=[{"unit": "infantry_squad", "models": 2}, {"unit": "infantry_squad", "models": 1}],
        phase=Phase.SHOOTING,
        mods=["coop"],
    )
    g.state.mods = ["coop", "killing_floor"]
    killing_floor.set_up(g.world)
    with pytest.raises(IllegalCommand) as err:
        g.apply(Throw("p1", "p2", "assault_grenades"))
    assert "Coop" in err.value.reason
    with pytest.raises(IllegalCommand) as shot:
        g.apply(Shoot("p1", "p2"))
    assert "Coop" in shot.value.reason


def test_a_team_table_of_an_unknown_unit_is_refused_by_name_under_killing_floor() -> None:
    """Bad input: a team table naming no roster unit gets the set-up's error, not a traceback."""
    with pytest.raises(OptionsError, match="player 1: no unit 'grots' in the roster"):
        new_game(small_scenario(), {"teams": [{"unit": "grots"}], **KF}, seed=1)


def test_the_wheel_over_the_shop_list_does_not_zoom_the_table(tmp_path: Path) -> None:
    """The mouse wheel over the Shop's price list scrolled the list and zoomed the table behind it."""
    import pygame
    from ui_driver import click, headless_app, motion

    from game.ui.scenes.game import GameScene

    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, small_scenario(players=1), {"teams": ["infantry_squad"], **KF}, seed=3))
        app.run_frames(5)
        scene = app.scene
        click(app, scene.top["shop"].rect.center)
        over_list = scene.shop_widgets["offers"].rect.center
        assert scene.view.camera.contains_screen(over_list)  # the list lies over the table
        motion(app, over_list)
        ppi = scene.view.camera.ppi
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_y=2.0))
        app.run_frames(3)
        assert scene.view.camera.ppi == ppi
