"""The rule-set contract for Zombie 40,000 ("The rule-set contract"): the set-up's team builder
as data, the view (turn line, roster, tokens, profiles on hover, actions with reasons, aiming to commands,
previews as drawing primitives, event words, sounds and animations), the rules help, the report and the
simulator's outcome."""

from __future__ import annotations

import pytest
from ui_driver import end_turn_of

from game.ai import bot_for
from game.rules.contract import Aim
from game.rules.core import get_ruleset
from game.rules.drawing import Area, Path, Plate, Sight
from game.rules.zombie40k import new_game
from game.rules.zombie40k.commands import Move, Shoot
from game.rules.zombie40k.setup_view import SETUP, spec_of
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.rules.zombie40k.view import Z40View, landed_blasts

RS = get_ruleset("zombie40k")
GUARDS = {"unit": "infantry_squad", "models": 10}


def test_the_rule_set_carries_the_contract() -> None:
    assert RS.view is not None and RS.setup is SETUP and RS.reference and RS.report and RS.outcome
    assert RS.demo_forces and RS.invariants and "wins.zombies" in RS.outcome_labels


def test_team_builder_as_data_with_costs_and_refusals() -> None:
    sc = small_scenario()
    spec = SETUP.spec(sc)
    assert spec.per_player[0].budget == 75 and spec.players_max == 4
    first = SETUP.team_options(sc, {"players": 1, "each": [{}]}, 1)
    assert {o.id for o in first} >= {"unit:tactical_squad", "unit:ork_boyz"} and all(not o.refused for o in first)
    five = [{"id": "unit:tactical_squad"}] + [{"id": "model"}] * 4
    opts = {o.id: o for o in SETUP.team_options(sc, {"each": [{"team": five}]}, 1)}
    assert opts["model"].refused.startswith("6 models of Tactical Squad cost 84 points")
    assert opts["weapon:flamer"].cost == 5 and not opts["weapon:flamer"].refused
    assert "over the 75-point limit" in opts["weapon:meltagun"].refused
    assert "usr:Hit and Run" not in opts and "usr:Night Vision" in opts
    assert "no effect in this game" in opts["usr:Night Vision"].label
    answers = {"players": 2, "each": [{"team": five + [{"id": "weapon:flamer"}]}, {}], "game": {}}
    assert SETUP.refusals(sc, answers) == []
    options = SETUP.options(sc, answers)
    assert options["teams"][0] == {"unit": "tactical_squad", "models": 5, "weapons": ["flamer"]}
    assert spec_of(SETUP.answers(sc, options)["each"][0]["team"]) == options["teams"][0]
    g = new_game(sc, options, seed=1)
    assert len(g.state.squad_of(1).models) == 5
    assert SETUP.describe(options).startswith("Tactical Squad, ")
    bad = {"players": 1, "each": [{"team": [{"id": "unit:infantry_squad"}, {"id": "weapon:lascannon"}]}]}
    assert "no weapon option 'lascannon'" in SETUP.refusals(sc, bad)[0]


def test_view_turn_line_roster_tokens_and_profiles_on_hover() -> None:
    g = new_game(small_scenario(), {"teams": ["ork_boyz", "tactical_squad"]}, seed=2)
    v = RS.view()
    p = g.state.active_player
    assert v.turn_line(g) == f"Turn 1 \u00b7 Player {p} \u00b7 Movement"  # short: it fits the top bar
    groups = v.roster(g, {}, {f for f in g.state.squad_of(p).models})
    assert groups[0].acting and groups[0].title.startswith(f"Player {p}")  # the squad's name is in the roster
    assert g.state.squad_of(p).name in groups[0].title
    fid = g.state.squad_of(p).models[0]
    tip = v.tooltip(g, fid, v.look(g, fid))
    assert any(line.startswith("WS") for line in tip)
    assert v.token(g, "boss", v.look(g, "boss")).sprite == "tokens.zombie_boss"
    assert v.selectable(g, "h1-1").startswith("The zombies are moved by the game")
    acts = {a.key: a for a in v.actions(g, fid)}
    assert acts["move"].available and not acts["shoot"].available and "movement phase" in acts["shoot"].reason


def test_aiming_makes_commands_and_previews_draw() -> None:
    g = rigged_game({1: [(10, 30), (12, 30)]}, hordes=[[(10, 20), (12, 20)]], teams=[GUARDS], phase=Phase.SHOOTING)
    v = RS.view()
    cmd = v.command(g, "p1-1", "shoot", Aim(targets=("h1-2",)))
    assert cmd == Shoot("p1", "h1")
    marks = v.drawing(g, cmd, g.preview(cmd))
    assert any(isinstance(m, Sight) for m in marks) and any(
        isinstance(m, Plate) and "killed" in m.text for m in marks
    )
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    move = v.command(g, "p1-1", "move", Aim(path=((10, 26),)))
    assert move == Move("p1-1", ((10, 26),), None)
    assert any(isinstance(m, Path) for m in v.drawing(g, move, g.preview(move)))
    assert v.reach(g, "p1-1", v.look(g, "p1-1"), v.actions(g, "p1-1"))


def test_a_blast_shows_how_far_it_may_scatter_then_where_it_landed() -> None:
    """Rules: Zombie 40,000, "The 40k core needed", Blast: the preview draws the 3" marker on the aim and
    how far 2D6 minus BS can scatter it; once fired, the marker is drawn where it came down, with the scatter."""
    horde = [(20 + dx, 16 + dy) for dx in (-1.1, 0, 1.1) for dy in (-1.1, 0, 1.1)]
    team = {"unit": "infantry_squad", "models": 1, "weapons": ["grenade_launcher"]}
    # scatter die 5 (an arrow), pointing at 90 degrees (down the table), 2D6 = 3 + 4: 7 - BS 3 = 4"
    g = rigged_game({1: [(20, 30)]}, hordes=[horde], teams=[team], phase=Phase.SHOOTING, dice=[5, 91, 3, 4])
    v = RS.view()
    cmd = Shoot("p1", "h1", aim=(20, 16))
    areas = [m for m in v.drawing(g, cmd, g.preview(cmd)) if isinstance(m, Area)]
    assert [(a.kind, a.radius, a.label) for a in areas] == [
        ("scatter", 9 + 1.5, 'may scatter up to 9"'),  # 2D6 (12) minus BS 3, beyond the marker's 1.5"
        ("blast", 1.5, "blast"),
    ]
    g.apply(cmd)
    landed = next(e for e in g.log if type(e).__name__ == "BlastPlaced")
    marks = landed_blasts(g)
    assert all(m in v.reach(g, "p1-1", v.look(g, "p1-1"), v.actions(g, "p1-1")) for m in marks)
    assert landed.scatter == 4 and landed.centre == pytest.approx((20, 20))
    assert marks == [
        Path(((20.0, 16.0), landed.centre), "route", 'scattered 4"'),
        Area(landed.centre, "blast", 1.5, label=f"landed: {len(landed.hits)} under it"),
    ]


def test_events_have_words_sounds_and_animations_and_the_report() -> None:
    g = new_game(small_scenario(), {"teams": ["infantry_squad", "ork_boyz"]}, seed=5)
    v = RS.view()
    bot = bot_for("zombie40k")
    while not g.over:
        g.apply(bot(g))
        assert RS.invariants(g) == []
    lines = v.log_lines(g, g.log)
    assert any("Turn 1" in x for x in lines) and any("shoots at" in x or "Overwatch" in x for x in lines)
    kinds = {type(e).__name__ for e in g.log}
    assert "Moved" in kinds and v.animation(next(e for e in g.log if type(e).__name__ == "Moved")).kind == "move"
    assert v.sound(g, g.log[-1]) in ("victory", "defeat")
    r = RS.report(g)
    assert r.headline in ("VICTORY", "DEFEAT") and r.series and len(r.series_turns) == len(r.series[0].values)
    o = RS.outcome(g)
    assert o.winner == g.winner and o.seat == (int(g.winner.split()[1]) if g.winner.startswith("player") else 0)
    sections = RS.reference(g.scenario, g.options)
    assert any(s.title == "Universal Special Rules" for s in sections)


def test_a_click_where_a_zombie_stands_over_ones_own_model_picks_up_ones_own_model() -> None:
    """On screen a zombie's base can lie over a soldier's (contact, or a horde shambling in): with nothing
    selected the click means "this model of mine", even nearer the zombie's middle than the soldier's."""
    from game.controller import Click, Controller, Mode

    g = rigged_game({1: [(10, 30), (14, 30)]}, hordes=[[(10.8, 30)]], teams=[GUARDS], phase=Phase.MOVEMENT)
    mine, other = g.state.squad_of(1).models[:2]
    zombie = next(f for f in g.state.models if f.startswith("h1"))
    ctl = Controller(g, RS.view())
    point = (10.6, 30.0)  # nearer the zombie's middle than the soldier's
    assert ctl.figure_at(point) == zombie  # what the pointer is over
    fb = ctl.handle(Click(point))
    assert fb.accepted and ctl.mode == Mode.SELECTED and ctl.selected == mine
    # selected: a click there that would do nothing to the zombie (no moving onto it) picks him up again
    ctl.handle(Click(g.figure(other).position))
    assert ctl.selected == other
    ctl.handle(Click(point))
    assert ctl.selected in (mine, other)


def test_a_roll_is_named_once_in_the_log() -> None:
    """Feel No Pain and saves (rules: "Zombie 40,000", shooting): the log names each roll once, the tray
    keeps its own words."""
    from game.rules.core import DiceRolled

    g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=2)
    v = RS.view()
    fnp = DiceRolled("h1 Feel No Pain", "D6", (5, 2), 1, "Feel No Pain: 1 of 2 ignored")
    saves = DiceRolled("h1 saves (lasgun)", "D6", (6, 1), 1, "saves: 1 of 2 made")
    lines = " ".join(v.log_lines(g, [fnp, saves]))
    assert "Horde 1 Feel No Pain: 1 of 2 ignored" in lines and lines.count("Feel No Pain") == 1
    assert "Horde 1 saves (lasgun): 1 of 2 made" in lines


def test_the_selection_ends_with_the_turn() -> None:
    """A model selected in turn 1 is not still selected when turn 2 starts after the zombies (Esc then
    clears nothing and opens the menu)."""
    from game.controller import AnimationDone, Click, Controller, Mode

    g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
    ctl = Controller(g, RS.view())
    fid = g.state.squad_of(g.state.active_player).models[0]
    ctl.handle(Click(g.figure(fid).position))
    assert ctl.selected == fid
    end_turn_of(ctl)  # movement -> shooting: the same player's turn, he stays selected
    while ctl.mode == Mode.RESOLVING:
        ctl.handle(AnimationDone())
    assert ctl.mode == Mode.SELECTED and ctl.selected == fid
    end_turn_of(ctl)  # shooting -> the zombies' turn -> turn 2
    while ctl.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
        ctl.handle(AnimationDone())
    assert g.state.turn == 2 and ctl.mode == Mode.IDLE and ctl.selected is None


def test_a_click_moves_a_model_round_his_squad_and_asks_before_a_short_move() -> None:
    """Movement (rules: "Zombie 40,000", movement: no model moves through another; 6"): a destination
    behind a squad-mate is reached round him, and a point beyond 6" of route asks for a second click."""
    from game.controller import AnimationDone, Click, Controller, Hover

    # (a fourth Guardsman, still to move, by the far point: the squad can close up there: coherency)
    g = rigged_game({1: [(10, 30), (12, 30), (20, 30), (22, 24)]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    ctl = Controller(g, RS.view())
    ctl.handle(Click((10, 30)))
    ctl.handle(Hover((14, 30)))  # straight through p1-2: routed round the squad instead
    assert ctl.preview is not None and ctl.preview.legal and len(ctl.preview_command.path) > 1
    fb = ctl.handle(Click((14, 30)))
    assert fb.accepted and g.figure("p1-1").position == pytest.approx((14, 30))
    ctl.handle(AnimationDone())
    ctl.handle(Click(g.figure("p1-3").position))
    first = ctl.handle(Click((20, 22)))  # 8" away: only 6" of it this phase
    assert 'Only 6.0" reachable' in first.message and g.figure("p1-3").position == (20, 30)
    second = ctl.handle(Click((20, 22)))
    assert second.accepted and g.figure("p1-3").position == pytest.approx((20, 24))


def test_the_end_screen_says_who_won_in_words() -> None:
    """The win (rules: "Zombie 40,000": first aboard wins; the zombies win when no team can): "the zombies
    win", not "zombies wins"."""
    from game.rules.zombie40k.report import who_won

    assert who_won("zombies") == "the zombies win"
    assert who_won("player 2") == "Player 2 wins" and who_won(None) == "nobody wins"


def test_the_report_credits_the_teams_kills_and_the_boss_s_apart() -> None:
    """Blast (rules: "Zombie 40,000": everything under the marker is hit): the Boss's Blight grenade may kill
    zombies; the end screen counts them apart, so "Zombies killed" agrees with the players' own tallies."""
    g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=2)
    zombies = [m for m in g.state.models.values() if m.id.startswith("h")]
    g.world.kill(zombies[0], "p1 shooting")
    g.world.kill(zombies[1], "boss Blight grenade")
    stats = dict(RS.report(g).stats)
    assert stats["Zombies killed"] == "1 (+1 by the Boss)"


def test_a_move_through_waypoints_goes_as_far_as_allowed_instead_of_being_refused() -> None:
    """Movement (rules: "Zombie 40,000", movement: 6"): a shift-clicked way that is a hair over 6"
    (a click lands on a pixel, not on the exact 6") moves the model its 6" along it, and a way well over
    6" asks first, then moves 6" along the pointed way, never refused with 'at most 6", not 6.0"'."""
    from game.controller import AnimationDone, Click, Controller

    # (Guardsmen still to move by each way's end: each move ends where the squad can close up: coherency)
    g = rigged_game({1: [(10, 30), (30, 30), (34, 24), (18, 33)]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    ctl = Controller(g, RS.view())
    ctl.handle(Click((10, 30)))
    ctl.handle(Click((13, 30), shift=True))
    fb = ctl.handle(Click((16.004, 30)))  # 6.004" of way
    assert fb.accepted and g.figure("p1-1").position == pytest.approx((16, 30))
    ctl.handle(AnimationDone())
    ctl.handle(Click((30, 30)))
    ctl.handle(Click((30, 26), shift=True))
    first = ctl.handle(Click((34, 26)))  # 8" of way
    assert 'Only 6.0" reachable' in first.message and g.figure("p1-2").position == (30, 30)
    second = ctl.handle(Click((34, 26)))
    assert second.accepted and g.figure("p1-2").position == pytest.approx((32, 26))


def test_the_end_chart_keeps_an_embarked_model_and_the_team_row_fits() -> None:
    """The win (rules: "Zombie 40,000": the first player to embark wins): on the end screen the model that
    embarked is still his team's, so the chart's last point agrees with "8 of 8 models" and the roll row,
    and the roll's mark is short enough for its column (it read "reached the escap" under Xvfb)."""
    from game.assets import assets_dir
    from game.scenario.loader import load_scenario

    sc = load_scenario(str(assets_dir("maps") / "hive_street.tmx"))
    g = new_game(sc, {"teams": ["guardian_defenders"]}, seed=13)
    bot = bot_for("zombie40k")
    while not g.over:
        g.apply(bot(g))
    assert (
        g.winner == "player 1"
    )  # seed 13: the squad bot's Guardians get there on turn 6 (a solo bot wins 2 of 20)
    r = RS.report(g)
    left = {row.name: row.after for row in r.roll}["Player 1: Guardian Defenders"]
    chart = {s.label: s.values for s in r.series}["Player 1"]
    assert chart[-1] == left and r.roll_mark == "escaped"


def test_the_end_report_counts_one_zombie_as_a_zombie_and_gives_no_medal_for_none() -> None:
    """Seen on the end screen of a four-player game under Xvfb: "Player 1: 1 zombies" and "1 zombies killed";
    and with no zombie destroyed at all there is no "most zombies destroyed" medal to give."""
    from game.rules.zombie40k.testing import rigged_game

    g = rigged_game({1: [(10, 30)], 2: [(30, 30)]}, hordes=[[(10, 20)]])
    r = RS.report(g)
    assert r.citation == "" and "0 zombies killed" in r.groups[0]
    g.state.kills["p2"] = 1
    r = RS.report(g)
    assert r.citation == "Player 2: 1 zombie" and "1 zombie killed" in r.groups[1]


def test_the_end_report_counts_the_models_a_respawned_team_lost() -> None:
    """Rules: Zombie 40,000, Player turn, Respawning: a wiped-out team comes back; its dead still count in
    the report's "Player models lost" (the end screen under Xvfb said 1 after two teams had been wiped out)."""
    from game.rules.zombie40k import turn
    from game.rules.zombie40k.state import Phase
    from game.rules.zombie40k.testing import rigged_game

    g = rigged_game({1: [(10, 30), (11.5, 30)], 2: [(30, 20)]}, dice=[1, 2], phase=Phase.ASSAULT, player=1)
    for fid in list(g.state.squad_of(1).models):
        g.world.kill(g.state.models[fid], "h1 test")
    g.log.extend(g.world.events)
    g.state.order, g.state.order_index = [2, 1], 1
    turn.begin_player(g.world)  # player 1's team respawns (and rolls 1+2 for a power-up)
    assert len(g.world.alive(g.state.squad_of(1))) == 2
    assert dict(RS.report(g).stats)["Player models lost"] == "2"


def test_the_top_bar_says_the_coop_goal() -> None:
    """Rules: Mods, Coop Mode: the players win together once the Boss is dead and every team has a model
    aboard; the top bar said "first aboard the vehicle wins" on Last Evac under Xvfb."""
    from game.rules.zombie40k.testing import rigged_game

    g = rigged_game({1: [(10, 30)], 2: [(30, 30)]}, boss=(24, 8), mods=["coop"])
    view = Z40View()
    assert "kill the Boss, then every team aboard" in view.objective_line(g)
    g.world.kill(g.figure("boss"), "p1 test")
    assert "Boss dead: every team aboard" in view.objective_line(g)
    assert "first aboard the vehicle wins" in view.objective_line(rigged_game({1: [(10, 30)]}))


def test_a_weapon_of_the_users_strength_reads_s_user_on_hover() -> None:
    """An Ork's choppa and a close combat weapon are "S user": the hover profile said "Suser"."""
    g = new_game(small_scenario(), {"teams": ["ork_boyz", "tactical_squad"]}, seed=2)
    v = RS.view()
    tips = [line for fid in g.state.models for line in v.tooltip(g, fid, v.look(g, fid))]
    assert any(" S user AP" in line for line in tips)
    assert not any("Suser" in line for line in tips)


def test_a_heavy_blast_weapon_after_a_move_is_not_drawn_on_the_aim_and_the_plate_says_why() -> None:
    """A newcomer's missile launcher: the preview drew the blast marker and its scatter on the aim, four times,
    and each time only the bolt pistols fired (his squad had moved: a heavy weapon then fires only Snap Shots,
    and a blast never does). The marker is drawn only when a blast will come down; else the plate says why."""
    horde = [(20 + dx, 16 + dy) for dx in (-1.1, 0, 1.1) for dy in (-1.1, 0, 1.1)]
    team = {"unit": "infantry_squad", "models": 2}
    g = rigged_game({1: [(20, 30), (22, 30)]}, hordes=[horde], teams=[team], phase=Phase.SHOOTING, dice=[4] * 40)
    launcher = g.state.models["p1-2"]
    launcher.weapons = type(launcher.weapons)(["missile_launcher"])  # a Tactical Squad's heavy weapon
    v = RS.view()
    cmd = Shoot("p1", "h1", aim=(20, 16))
    drawn = v.drawing(g, cmd, g.preview(cmd))
    assert any(isinstance(m, Area) and m.kind == "blast" for m in drawn)  # standing still: it fires
    g.state.units["p1"].moved_turn = g.state.turn  # the squad moved this turn
    preview = g.preview(cmd)
    drawn = v.drawing(g, cmd, preview)
    assert preview.legal and not any(isinstance(m, Area) and m.kind in ("blast", "scatter") for m in drawn)
    plate = next(m for m in drawn if isinstance(m, Plate)).text
    assert "No Missile launcher (frag): the squad moved" in plate and "Snap Shots" in plate, plate
    g.apply(cmd)
    assert not any(type(e).__name__ == "BlastPlaced" for e in g.log)  # as said: no marker came down
