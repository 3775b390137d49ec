"""The turn controller: every mode's transitions and refusals, headless (issue: on screen, item 1)."""

from __future__ import annotations

import math

import pytest
from ui_driver import END_ASKED, end_turn_of

from game.controller import AnimationDone, Button, Click, Controller, Hover, Mode
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView

SGT = "us1-sgt"


def pos(ctl: Controller, fid: str) -> tuple[float, float]:
    return ctl.game.figure(fid).position


@pytest.fixture
def ctl() -> Controller:
    # Sergeant at (12, 20) facing up the table (270 degrees), a rifleman beside him, a zombie 8" ahead.
    g = rigged_game(
        soldiers={SGT: (12, 20, 270), "us1-r1": (14, 20, 270)},
        zombies=[(12, 11)],
        guts={SGT: 9, "us1-r1": 7},
        dice=[3, 4, 1, 2, 2, 3, 6, 6, 5, 5, 1, 1] * 4,
    )
    return Controller(g, ZombiekriegView())


def test_starts_idle_and_selects_a_soldier_by_clicking_his_base(ctl: Controller) -> None:
    assert ctl.mode == Mode.IDLE
    fb = ctl.handle(Click((12.2, 20.1)))
    assert fb.accepted and ctl.mode == Mode.SELECTED and ctl.selected == SGT
    assert "MOVE" in fb.message and "FIRE" in fb.message and "ORDER" in fb.message


def test_clicking_a_zombie_with_nothing_selected_is_explained(ctl: Controller) -> None:
    fb = ctl.handle(Click((12, 11)))
    assert not fb.accepted and "zombies are moved by the game" in fb.message
    assert ctl.mode == Mode.IDLE


def test_clicking_empty_table_while_idle_does_nothing(ctl: Controller) -> None:
    fb = ctl.handle(Click((3, 3)))
    assert ctl.mode == Mode.IDLE and ctl.selected is None and not fb.events


def test_hover_in_selected_previews_the_obvious_action(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Hover((12, 11)))  # over the zombie: a fire preview from the rules
    assert ctl.preview is not None and ctl.preview.details["sight"] == "clear"
    assert set(ctl.preview.chances) >= {"success", "failure"}
    ctl.handle(Hover((6, 16)))  # over open ground: a move preview
    assert ctl.preview is not None and "points" in ctl.preview.details
    ctl.handle(Hover(pos(ctl, "us1-r1")))  # over another soldier: no ORDER by surprise, a click selects him
    assert ctl.preview is None
    ctl.handle(Button("order"))  # in ORDER mode the same hover previews the order
    ctl.handle(Hover(pos(ctl, "us1-r1")))
    assert ctl.preview is not None and "range" in ctl.preview.details


def test_clicking_another_soldier_selects_him_and_spends_nothing(ctl: Controller) -> None:
    """Issue "Club-night play", item 4: with the Sergeant selected, a click on a soldier in his command
    range selects that soldier; an ORDER is the O key, the button, or a click in ORDER mode."""
    ctl.handle(Click(pos(ctl, SGT)))
    fb = ctl.handle(Click(pos(ctl, "us1-r1")))
    assert fb.accepted and not fb.events and ctl.selected == "us1-r1" and not ctl.game.commands


def test_shift_click_waypoints_work_straight_after_selecting(ctl: Controller) -> None:
    """Issue "Club-night play", item 4: the README's shift-click waypoints, without pressing M first."""
    ctl.handle(Click(pos(ctl, SGT)))
    fb = ctl.handle(Click((10, 19), shift=True))
    assert fb.accepted and ctl.mode == Mode.AIMING and ctl.action == "move" and ctl.waypoints == [(10, 19)]
    fb = ctl.handle(Click((8, 19)))
    assert fb.accepted and type(ctl.game.commands[-1]).__name__ == "Move"
    assert ctl.game.commands[-1].path == ((10, 19), (8, 19))


def test_move_mode_waypoints_then_destination_sends_one_move(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    assert ctl.handle(Button("move")).accepted and ctl.mode == Mode.AIMING and ctl.action == "move"
    ctl.handle(Click((10, 19), shift=True))
    assert ctl.waypoints == [(10, 19)]
    ctl.handle(Button("undo"))  # a waypoint rolled no dice: it can be taken back
    assert ctl.waypoints == []
    ctl.handle(Click((10, 19), shift=True))
    fb = ctl.handle(Click((8, 19)))
    assert fb.accepted and ctl.mode == Mode.RESOLVING
    names = [type(e).__name__ for e in fb.events]
    assert "GutsTested" in names and "DiceRolled" in names
    assert type(ctl.game.commands[-1]).__name__ == "Move"
    assert ctl.game.commands[-1].path == ((10, 19), (8, 19))


def test_clicks_are_refused_while_the_dice_are_shown_until_animation_done(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Button("move"))
    ctl.handle(Click((12, 18)))
    fb = ctl.handle(Click((3, 3)))  # the ground: no order while the move is shown
    assert not fb.accepted and "Wait" in fb.message
    ctl.handle(AnimationDone())
    assert ctl.mode in (Mode.IDLE, Mode.SELECTED) and ctl.selected in (None, SGT)


def test_a_click_on_another_of_ones_own_while_shown_picks_him_up_once_shown(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Button("move"))
    ctl.handle(Click((12, 18)))
    fb = ctl.handle(Click(pos(ctl, "us1-r1")))
    assert fb.accepted and "once this is shown" in fb.message
    fb = ctl.handle(AnimationDone())
    assert (ctl.selected, ctl.mode) == ("us1-r1", Mode.SELECTED) and "selected" in fb.message


def test_fire_mode_refuses_ground_and_fires_at_a_zombie(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Button("fire"))
    assert ctl.mode == Mode.AIMING and ctl.action == "fire"
    fb = ctl.handle(Click((3, 3)))
    assert not fb.accepted and "zombie" in fb.message
    fb = ctl.handle(Click((12, 11)))
    assert fb.accepted and any(type(e).__name__ == "Fired" for e in fb.events)


def test_order_button_refused_for_a_rifleman_with_a_reason(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, "us1-r1")))
    fb = ctl.handle(Button("order"))
    assert not fb.accepted and "ORDER" in fb.message
    assert ctl.mode == Mode.SELECTED


def test_order_mode_orders_a_soldier(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Button("order"))
    fb = ctl.handle(Click(pos(ctl, "us1-r1")))
    assert fb.accepted and any(type(e).__name__ == "Ordered" for e in fb.events)


def test_a_figure_that_has_acted_is_refused_with_the_reason(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, "us1-r1")))
    ctl.handle(Button("move"))
    ctl.handle(Click((15, 19)))
    ctl.handle(AnimationDone())
    ctl.handle(Click((3, 3)))  # deselect
    fb = ctl.handle(Click(pos(ctl, "us1-r1")))
    assert not fb.accepted and "already acted" in fb.message


def test_illegal_command_is_refused_with_the_rules_reason_and_nothing_changes(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Button("fire"))
    before = ctl.game.state_data()
    fb = ctl.handle(Click(pos(ctl, "us1-r1")))  # a friend is no target
    assert not fb.accepted and fb.message
    assert ctl.game.state_data() == before


def test_cancel_steps_back_mode_by_mode(ctl: Controller) -> None:
    ctl.handle(Click(pos(ctl, SGT)))
    ctl.handle(Button("fire"))
    ctl.handle(Button("cancel"))
    assert ctl.mode == Mode.SELECTED
    ctl.handle(Button("cancel"))
    assert ctl.mode == Mode.IDLE and ctl.selected is None
    fb = ctl.handle(Button("undo"))
    assert not fb.accepted and "dice" in fb.message


def test_end_turn_plays_the_zombie_turn_then_returns_to_idle(ctl: Controller) -> None:
    fb = end_turn_of(ctl)  # (E again: the game asks first while soldiers are still ready)
    assert fb.accepted and ctl.mode in (Mode.ZOMBIE_TURN, Mode.RESOLVING)
    assert any(type(e).__name__ == "ReactionRolled" for e in fb.events)
    ctl.handle(AnimationDone())
    assert ctl.mode in (Mode.IDLE, Mode.GAME_OVER)


def test_buttons_need_a_selection(ctl: Controller) -> None:
    for name in ("move", "fire", "order"):
        fb = ctl.handle(Button(name))
        assert not fb.accepted and "Select" in fb.message


def test_hot_seat_only_the_active_players_figures_act() -> None:
    g = rigged_game(
        soldiers={"us1-sgt": (6, 20, 270), "gb2-sgt": (18, 20, 270)},
        zombies=[(12, 4)],
        options={"sections": ["american", "british"]},
        dice=[3, 3] * 20,
    )
    ctl = Controller(g, ZombiekriegView())
    fb = ctl.handle(Click((18, 20)))
    assert ctl.active_player == 1
    assert not fb.accepted and "player 2" in fb.message.lower()
    fb = ctl.handle(Button("move"))
    assert not fb.accepted


def test_next_button_cycles_soldiers_who_can_act(ctl: Controller) -> None:
    ctl.handle(Button("next"))
    first = ctl.selected
    ctl.handle(Button("next"))
    assert {first, ctl.selected} == {SGT, "us1-r1"}


def clicks_for(ctl: Controller, cmd) -> list:
    """The clicks a player makes for ``cmd``: select, action button, target or waypoints."""
    kind = type(cmd).__name__
    if kind == "EndTurn":
        return [Button("end_turn")]
    out = [Click(pos(ctl, cmd.figure)), Button(kind.lower())]
    if kind == "Move" and not cmd.path:  # a turn where he stands: drag from his own base the way to face
        x, y = pos(ctl, cmd.figure)
        a = math.radians(cmd.facing)
        out.append(Click((x, y), face_toward=(x + math.cos(a), y + math.sin(a))))
    elif kind == "Move":
        out += [Click(p, shift=True) for p in cmd.path[:-1]]
        out.append(Click(cmd.path[-1]))
    else:
        out.append(Click(pos(ctl, cmd.target)))
    return out


def test_a_whole_game_played_through_the_controller_with_clicks() -> None:
    """Issue 4, item 1: a whole game through the controller with synthetic clicks. The bot picks what
    to do; every command reaches the rules only as clicks and buttons."""
    from pathlib import Path

    from game.ai.zombiekrieg_bot import choose_command
    from game.rules.zombiekrieg import new_game
    from game.scenario import load_scenario

    scenario = load_scenario(Path(__file__).parent.parent / "maps" / "normandy_village.tmx")
    ctl = Controller(
        new_game(scenario, {"sections": ["american"]}, seed=16), ZombiekriegView()
    )  # a game with shots (with the issue-5 bot, seed 11 ends before any zombie is in reach)
    steps = 0
    while ctl.mode != Mode.GAME_OVER and steps < 3000:
        steps += 1
        cmd = choose_command(ctl.game)
        before = len(ctl.game.commands)
        for intent in clicks_for(ctl, cmd):
            ctl.handle(Hover(intent.point) if isinstance(intent, Click) else intent)
            fb = ctl.handle(intent)
        if END_ASKED in fb.message:  # E with soldiers still ready: the game asks first, E again ends
            fb = ctl.handle(Button("end_turn"))
        if len(ctl.game.commands) == before:  # the click path refused it (e.g. the path hits a base)
            ctl.handle(Button("cancel"))
            ctl.handle(Button("cancel"))
            fb = end_turn_of(ctl)
            assert fb.accepted, fb.message
        while ctl.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
            ctl.handle(AnimationDone())
    assert ctl.game.over and ctl.mode == Mode.GAME_OVER
    assert ctl.game.winner in ("allies", "zombies")
    assert any(type(c).__name__ == "Fire" for c in ctl.game.commands)
    assert any(type(c).__name__ == "Move" for c in ctl.game.commands)


def test_an_lmg_picks_its_second_target_with_shift_then_click() -> None:
    """Rules: Zombiekrieg 848, Weapons: an LMG's second shot may go at the same zombie or one within 3"
    of it. Shift-click a zombie for the first shot, click another for the second; Esc drops the first."""
    g = rigged_game(
        soldiers={"us1-lmg": (12, 20, 270), "us1-r1": (16, 20, 270)},
        zombies=[(12, 12), (14, 12)],
        guts={"us1-lmg": 8},
        dice=[3, 3, 2, 4],
    )
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(pos(ctl, "us1-lmg")))
    fb = ctl.handle(Click((12, 12), shift=True))
    assert fb.accepted and ctl.picked == ["z1"] and ctl.mode == Mode.AIMING and ctl.action == "fire"
    ctl.handle(Hover((14, 12)))
    assert ctl.preview_command.second_target == "z2"  # the preview is of both shots
    assert [s["target"] for s in ctl.preview.details["shots"]] == ["z1", "z2"]
    assert ctl.handle(Button("cancel")).message == "First target dropped." and not ctl.picked
    ctl.handle(Click((12, 12), shift=True))
    fb = ctl.handle(Click((14, 12)))
    assert fb.accepted
    assert g.commands[-1].target == "z1" and g.commands[-1].second_target == "z2"
    assert [e.target for e in fb.events if type(e).__name__ == "Fired"] == ["z1", "z2"]


def test_a_rifleman_cannot_pick_a_second_target() -> None:
    g = rigged_game(soldiers={"us1-r1": (12, 20, 270)}, zombies=[(12, 12)], dice=[3, 3])
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(pos(ctl, "us1-r1")))
    fb = ctl.handle(Click((12, 12), shift=True))
    assert not fb.accepted and "LMG" in fb.message and not ctl.picked


def test_a_bots_command_that_names_nobody_or_a_dead_model_selects_no_one() -> None:
    """Hand-over to a bot: a Zombie 40,000 bot's Speed Pack names no model (figure ""), a Defibrillator names a
    dead one. The controller selected "" and the screen's next look at the selection crashed (KeyError); it
    selects no one and the game goes on."""
    from game.rules.zombie40k.commands import UsePowerUp
    from game.rules.zombie40k.testing import rigged_game as z40k_game
    from game.rules.zombie40k.view import Z40View

    g = z40k_game({1: [(10, 30), (12, 30)]}, hordes=[[(10, 10)]])
    g.figure("p1-2").state = "dead"
    for cmd in (UsePowerUp("p1", "speed_pack"), UsePowerUp("p1", "defibrillator", figure="p1-2", near="p1-1")):
        ctl = Controller(g, Z40View(), bots={1: lambda game, cmd=cmd: cmd})
        ctl.play_bots()  # refused here (the squad carries neither): the selection is what matters
        assert ctl.selected is None
