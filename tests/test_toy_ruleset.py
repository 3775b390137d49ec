"""The rule-set contract proved by a toy: Duel (tests/toy_rules, two figures, one command, one die) is
registered from tests/ alone and served by everything above game/rules without an edit there: the
controller, the real game scene driven with the mouse, saves and replays, the simulator, the demo
and the menus. Issue "One game screen for every rule set", item 4."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import toy_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from toy_rules import MAP, Strike, duel_scenario, new_game
from ui_driver import click, play_out, screen_of

from game.controller import AnimationDone, Button, Click, Controller, Hover, Mode
from game.dice import ScriptedDice
from game.rules.core import get_ruleset, known_rulesets, replay
from game.ui.app import App

RULES = toy_rules.RULESET


def test_the_toy_is_registered_and_plays_headless() -> None:
    assert "toy" in known_rulesets() and get_ruleset("toy") is RULES
    game = RULES.new_game(duel_scenario(), RULES.setup.options(duel_scenario(), {}), 4)
    while not game.over:
        game.apply(Strike("hero", "zombie"))
    assert game.winner in ("humans", "zombies")
    assert (
        replay(RULES, duel_scenario(), dict(game.options), 4, list(game.commands)).state_data()
        == game.state_data()
    )


def test_the_controller_plays_it_through_its_view() -> None:
    game = new_game(duel_scenario(), {"hero": "Ash"}, 1, dice=ScriptedDice([6]))
    ctl = Controller(game, RULES.view())
    hero, zombie = game.figure("hero").position, game.figure("zombie").position
    assert ctl.handle(Click(zombie)).accepted is False  # the zombie is the game's
    assert ctl.handle(Click(hero)).accepted and ctl.mode == Mode.SELECTED
    ctl.handle(Hover(zombie))
    assert ctl.preview is not None and ctl.preview.chances["kill"] == 2 / 6
    fb = ctl.handle(Click(zombie))
    assert fb.accepted and [type(e).__name__ for e in fb.events] == ["DiceRolled", "Killed", "GameOver"]
    ctl.handle(AnimationDone())
    assert ctl.mode == Mode.GAME_OVER and game.winner == "humans"


point = st.tuples(st.floats(-3, 15, allow_nan=False), st.floats(-3, 15, allow_nan=False))
intent = st.one_of(
    st.builds(Hover, point),
    st.builds(Click, point, st.booleans(), st.one_of(st.none(), point)),
    st.builds(Button, st.sampled_from(["strike", "end_turn", "cancel", "next", "skip", "move", "bogus"])),
    st.just(AnimationDone()),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(intent, max_size=30))
def test_random_intents_never_crash_the_toy(intents) -> None:
    game = new_game(duel_scenario(), {"hero": "Ash"}, 3)
    ctl = Controller(game, RULES.view())
    for i in intents:
        assert isinstance(ctl.handle(i).message, str)


def _start(app: App, tmp_path: Path):
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    setup = GameSetup(load_entry(MAP))
    assert setup.options == {"hero": "Ash"}  # the set-up screen's defaults, from the toy's spec
    app.start_game(setup)
    app.run_frames(3)
    assert app.scene.name == "game" and app.scene.match is not None
    return app.scene


def test_the_real_game_scene_plays_a_duel_with_the_mouse_to_the_end_screen(app: App, tmp_path: Path) -> None:
    scene = _start(app, tmp_path)
    game = scene.match.game
    assert "Strike" in scene.buttons["strike"].text and "Turn 1" in scene.banner_label.text
    for _ in range(20):
        if game.over:
            break
        click(app, screen_of(scene, game.figure("hero").position))
        click(app, screen_of(scene, game.figure("zombie").position))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        play_out(app, scene)
    assert game.over and len(game.commands) >= 1
    assert any("Dice, strike" in line for line in scene.log_lines)
    for _ in range(200):
        if app.scene.name == "end":
            break
        app.run_frames(1)
    assert app.scene.name == "end"


def test_random_mouse_and_keys_on_the_toy_screen_never_crash(app: App, tmp_path: Path) -> None:
    scene = _start(app, tmp_path)
    rng = random.Random(9)
    w, h = app.screen.get_size()
    keys = [pygame.K_k, pygame.K_e, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_HOME, pygame.K_t]
    for _ in range(150):
        if rng.random() < 0.6:
            pos = (rng.randrange(w), rng.randrange(h))
            button = rng.choice((1, 1, 3, 4, 5))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0))
        app.run_frames(1)
        if app.scene is not scene:  # the end screen or the menu came up: fine, and the test is done
            break


def test_a_toy_game_saves_and_replays(tmp_path: Path) -> None:
    from game.replay import verify
    from game.saves import read_save, restore
    from game.session import Session

    game = new_game(duel_scenario(), {"hero": "Ash"}, 8)
    session = Session(game)
    while not game.over:
        session.apply(Strike("hero", "zombie"))
    path = session.save(tmp_path / "duel.json")
    again = restore(read_save(path))
    assert again.state_data() == game.state_data() and again.options == {"hero": "Ash"}
    ok, why = verify(path)
    assert ok, why


def test_the_simulator_plays_the_toy_and_reports_a_win_rate() -> None:
    from game.simulate import run

    results = run(MAP, games=30, seed=1, jobs=1)
    assert len(results) == 30 and not any(r.error for r in results)
    wins = sum(r.human_win for r in results)
    assert 0 < wins < 30  # one die decides: both sides win some


def test_the_demo_plays_the_toy_and_the_menus_list_it(app: App) -> None:
    """The demo deals the toy's scenario with its own force picker and bot; the New game menu lists the toy
    (its duel map is not in maps/: "no scenario yet"), and the title's Rules help offers it."""
    from game.demo import play_demo_games
    from game.ui.scenes.new_game import NO_SCENARIO_MARK, NewGameScene
    from game.ui.scenes.rules import RulesScene

    loop = play_demo_games(2, maps=[MAP], seed=4)
    assert loop.games_finished == 2 and not loop.errors
    scene = NewGameScene(app)
    app.push(scene)
    app.run_frames(2)
    assert any(r.key == "toy" for r in scene.bare)
    assert f"{RULES.name}{NO_SCENARIO_MARK}" in [item["text"] for item in scene.list.item_list]
    rules = RulesScene(app)
    app.push(rules)
    app.run_frames(2)
    assert "toy" in [r.key for r in rules.choices]


def test_the_kit_words_reports_and_explains_the_duel_for_it() -> None:
    """The toy writes no log lines, report, outcome or rules help: the kit's defaults say them (a 6 fells the
    zombie)."""
    game = new_game(duel_scenario(), {"hero": "Ash"}, 1, dice=ScriptedDice([6]))
    view = RULES.view()
    events = game.apply(Strike("hero", "zombie"))
    lines = view.log_lines(game, events)
    assert lines[0].endswith("Dice, strike: D6 = 6</font>")
    assert "<b>Zombie falls</b> (struck down by Ash)." in lines[1]
    assert lines[2] == "<b>The humans win.</b> The zombie is down."
    assert [view.sound(game, e) for e in events] == ["dice", "hit", None]
    assert view.result(game) == ("The humans win: The zombie is down.", False)
    report = RULES.report(game)
    assert (report.headline, report.reason, [r.name for r in report.roll]) == (
        "VICTORY",
        "The zombie is down.",
        ["Ash"],
    )
    outcome = RULES.outcome(game)
    assert outcome.human_win and outcome.figures == {"standing": 1.0}
    (section,) = RULES.reference(duel_scenario(), {})
    assert section.title == "The duel" and "on 5-6 the zombie falls" in section.body[0].text


def test_the_kit_words_the_zombies_shamble_as_the_enemys_move() -> None:
    game = new_game(duel_scenario(), {"hero": "Ash"}, 1, dice=ScriptedDice([3]))
    view = RULES.view()
    lines = view.log_lines(game, game.apply(Strike("hero", "zombie")))
    assert lines[1] == '<font color="#D98C8C">Zombie moves 1".</font>'
    assert view.roster(game, {}, {"hero"})[0].rows[0].name == "Ash"
